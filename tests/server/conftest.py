"""Fixtures of the room's tests: a fake clock, a seeded room on SQLite."""

from __future__ import annotations

import datetime
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from room_helpers import FakeClock

from holdem.server import ServerConfig, Store, create_app, open_store
from holdem.table import CallingStationBot

pytestmark = pytest.mark.server


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_config(
    clock: Callable[[], datetime.datetime], **changes: object
) -> ServerConfig:
    base = {
        "now": clock,
        "rng": lambda: random.Random(7),
        "bot_seconds": 0.0,
        "hand_pause_seconds": 0.0,
        "tick_seconds": None,
        "make_bot": CallingStationBot,
        "starting_chips": 1000,
        "bot_chips": 100_000,
        "tune_gc": False,
    }
    base.update(changes)
    return ServerConfig(**base)  # type: ignore[arg-type]


def fresh_postgres_url() -> str:
    """The test PostgreSQL database, emptied (its public schema made anew).

    Skips (fails under CI=true, tests/conftest.py) when
    ``HOLDEM_TEST_POSTGRES_URL`` is not set.
    """
    url = os.environ.get("HOLDEM_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("HOLDEM_TEST_POSTGRES_URL is not set: no PostgreSQL to test")
    import sqlalchemy as sa

    from holdem.server.database import engine_url

    engine = sa.create_engine(engine_url(url), isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(sa.text("DROP SCHEMA public CASCADE"))
        db.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file, or PostgreSQL when configured."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.db'}"
    return fresh_postgres_url()


@pytest.fixture
def store(database_url: str, clock: FakeClock) -> Iterator[Store]:
    opened = open_store(database_url, now=clock)
    yield opened
    # hand the pool's connections back: a PostgreSQL server takes 100 at most
    opened.engine.dispose()


@pytest.fixture
def make_client(store: Store, clock: FakeClock) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(**changes: object) -> TestClient:
        client = TestClient(create_app(test_config(clock, **changes), store))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
