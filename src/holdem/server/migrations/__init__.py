"""Alembic migrations of the room's database; applied when the room starts."""
