"""Storage of the game service: tables, sessions, the repository and schema migrations."""
