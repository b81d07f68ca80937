"""The room: ``holdem serve``, an online poker room over HTTP and WebSockets.

The server is the edge where I/O, the clock and the shuffler live: it runs
the table layer's ``Table`` for each table, keeps accounts, wallets and hands
in a database (SQLite or PostgreSQL through SQLAlchemy, the schema made by
Alembic migrations) and speaks the protocol of ``docs/protocol.md``. Nothing
happens at import: ``create_app(config, store)`` builds the application.
"""

from holdem.server.app import create_app
from holdem.server.chips import ChipReport
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.database import open_store
from holdem.server.store import Store

__all__ = [
    "ChipReport",
    "ServerConfig",
    "Store",
    "TableSpec",
    "create_app",
    "open_store",
]
