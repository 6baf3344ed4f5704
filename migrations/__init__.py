"""Alembic migrations of the dipgm database (run them with `dipgm db upgrade`)."""
