"""The room's tables in the database (SQLAlchemy Core); Alembic makes them.

Chips live in three places only: account wallets (``accounts.balance``,
with every change a row of the append-only ``ledger``), table seats
(``seats.stack``) and the house's wallet, where the rake goes. A running
hand changes no row until it settles in one transaction; a hand left
``running`` by a crash is void.
"""

from __future__ import annotations

import sqlalchemy as sa

__all__ = [
    "accounts",
    "hand_events",
    "hands",
    "leases",
    "ledger",
    "metadata",
    "processes",
    "room_tables",
    "seats",
    "sessions",
    "tournament_entries",
    "tournaments",
]

metadata = sa.MetaData()

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40), nullable=False, unique=True),
    sa.Column("kind", sa.String(10), nullable=False),  # person, bot, house
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("balance", sa.BigInteger, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # NFKC + casefold of the name: two accounts never share it (0002).
    sa.Column("name_key", sa.String(80), nullable=False, unique=True),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

ledger = sa.Table(
    "ledger",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("delta", sa.BigInteger, nullable=False),
    sa.Column("balance", sa.BigInteger, nullable=False),
    sa.Column("reason", sa.String(20), nullable=False),  # grant, buy-in, ...
    sa.Column("table_id", sa.Integer, nullable=True),
    sa.Column("hand_id", sa.Integer, nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("tournament_id", sa.Integer, nullable=True),  # (0003)
    sa.Column("place", sa.Integer, nullable=True),  # a tournament's place (0003)
    sa.Index("ix_ledger_account", "account_id", "id"),
)

room_tables = sa.Table(
    "room_tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("spec", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("closed", sa.Boolean, nullable=False, default=False),
    sa.Column("created_by", sa.Integer, nullable=True),  # account id (0002)
    # a tournament's table: the tournament and its number there (0003)
    sa.Column("tournament_id", sa.Integer, nullable=True),
    sa.Column("tournament_table", sa.Integer, nullable=True),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "table_id", sa.Integer, sa.ForeignKey("room_tables.id"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("stack", sa.BigInteger, nullable=False),
    # seconds left in the seat's time bank; NULL: the table's start (0004)
    sa.Column("time_bank", sa.Float, nullable=True),
    sa.UniqueConstraint("table_id", "account_id", name="uq_seats_table_account"),
)

hands = sa.Table(
    "hands",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("room_tables.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("status", sa.String(10), nullable=False),  # running, complete, void
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("starting", sa.JSON, nullable=False),  # {seat: [account_id, stack]}
    sa.Column("pot", sa.BigInteger, nullable=False, default=0),
    sa.Column("rake", sa.BigInteger, nullable=False, default=0),
    sa.Column("summary", sa.JSON, nullable=True),
    sa.Column("button", sa.Integer, nullable=True),  # the button's seat (0002)
    sa.Index("ix_hands_table", "table_id", "id"),
)

hand_events = sa.Table(
    "hand_events",
    metadata,
    sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("event", sa.JSON, nullable=False),
)

hand_players = sa.Table(
    "hand_players",
    metadata,
    sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Index("ix_hand_players_account", "account_id", "hand_id"),
)

# A tournament (0003): its announced spec, where it is, and its whole state
# (``holdem.tournament.stored``: seats, stacks, placings, moves), written in
# the transaction of every change, so that any process can take it over.
tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("spec", sa.JSON, nullable=False),
    sa.Column("status", sa.String(12), nullable=False),  # registering, running...
    sa.Column("state", sa.JSON, nullable=True),  # None before the start
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("created_by", sa.Integer, nullable=True),
    # the level clock's last sign of life: a restart resumes the clock from it
    sa.Column("clock_at", sa.DateTime(timezone=True), nullable=True),
)

# One row per entry: the buy-in the house holds until the prizes are paid.
tournament_entries = sa.Table(
    "tournament_entries",
    metadata,
    sa.Column(
        "tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True
    ),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("entry", sa.String(60), nullable=False),  # the name it plays under
    sa.Column("seq", sa.Integer, nullable=False),  # registration order
    sa.Column("buy_in", sa.BigInteger, nullable=False),
    sa.Column("fee", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(12), nullable=False),  # registered, refunded...
    sa.Column("place", sa.Integer, nullable=True),  # best place covered
    sa.Column("last_place", sa.Integer, nullable=True),
    sa.Column("prize", sa.BigInteger, nullable=True),  # paid with the place
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

# The room on many processes (0005): each live process and its heartbeat,
# and who deals each table (kind "table") and runs each tournament (kind
# "tournament"): the owner process, until when, and the generation that every
# settlement write checks (``server.leases``). ``summary``: the table's lobby
# line as its owner last wrote it, for every process's lobby.
processes = sa.Table(
    "processes",
    metadata,
    sa.Column("id", sa.String(80), primary_key=True),
    sa.Column("address", sa.String(200), nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
)

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("kind", sa.String(12), primary_key=True),
    sa.Column("ref_id", sa.Integer, primary_key=True),
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("generation", sa.BigInteger, nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("summary", sa.JSON, nullable=True),
    sa.Index("ix_leases_owner", "owner"),
)
