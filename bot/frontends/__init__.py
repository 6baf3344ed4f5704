"""Front ends: each turns its platform's events into service requests and delivers the
service's replies and outbox. They import the service and their own SDK, never the store."""
