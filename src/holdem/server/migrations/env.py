"""Alembic's environment: migrate the connection the room hands over."""

from __future__ import annotations

from alembic import context

from holdem.server.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - run by hand with alembic's CLI
    from sqlalchemy import create_engine

    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None
    with create_engine(url).connect() as connection:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
