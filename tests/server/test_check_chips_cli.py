"""``holdem check-chips`` and ``serve``'s database argument: a mistyped or
broken database is a usage error (exit 2), never an empty database that
counts as "ok" and never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli

pytestmark = pytest.mark.server


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_a_missing_sqlite_file_is_not_counted_as_ok(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent.db"
    code, output = run("check-chips", "--database-url", f"sqlite:///{missing}")
    assert code == 2
    assert "no database file" in output and "Traceback" not in output
    assert not missing.exists()  # the check made no database


def test_a_url_of_no_known_kind_is_refused(tmp_path: Path) -> None:
    code, output = run("check-chips", "--database-url", "garbage")
    assert code == 2
    assert "neither sqlite:///FILE nor postgresql://" in output


def test_a_file_that_is_no_database_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(bytes(range(256)) * 4)
    code, output = run("check-chips", "--database-url", f"sqlite:///{junk}")
    assert code == 2
    assert "cannot open the database" in output and "Traceback" not in output


def test_a_fresh_room_database_checks_ok(tmp_path: Path) -> None:
    from holdem.server import open_store
    from holdem.server.config import utc_now

    url = f"sqlite:///{tmp_path / 'room.db'}"
    open_store(url, now=utc_now)  # migrated, no chips granted yet
    code, output = run("check-chips", "--database-url", url)
    assert code == 0, output
    assert output.startswith("chips ok")


def test_an_empty_sqlite_file_is_no_room_and_stays_empty(tmp_path: Path) -> None:
    # The issue: on an empty SQLite file check-chips made 9 tables and said ok.
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    code, output = run("check-chips", "--database-url", f"sqlite:///{empty}")
    assert code == 2, output
    assert "holds no holdem room (no accounts, ledger, seats tables)" in output
    assert empty.read_bytes() == b""  # nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]  # no journal


def _at_an_older_revision(database_url: str) -> None:
    """A fresh room's database, set to a revision a migration would fail on."""
    import sqlalchemy as sa

    from holdem.server import open_store
    from holdem.server.config import utc_now
    from holdem.server.database import engine_url

    store = open_store(database_url, now=utc_now)
    store.engine.dispose()
    engine = sa.create_engine(engine_url(database_url))
    with engine.begin() as db:  # a migration would fail on this revision
        db.execute(sa.text("UPDATE alembic_version SET version_num = 'older'"))
    engine.dispose()


def _check_both_ways(database_url: str) -> None:
    """``check-chips`` and ``serve --check`` both say "chips ok"."""
    for command in (["check-chips"], ["serve", "--check"]):
        code, output = run(*command, "--database-url", database_url)
        assert code == 0, output
        assert output.startswith("chips ok")


def test_the_check_reads_only(database_url: str) -> None:
    import sqlalchemy as sa

    from holdem.server.database import engine_url

    _at_an_older_revision(database_url)
    _check_both_ways(database_url)
    engine = sa.create_engine(engine_url(database_url))
    with engine.connect() as db:  # no migration ran
        version = db.execute(sa.text("SELECT version_num FROM alembic_version"))
        assert version.scalar_one() == "older"
    engine.dispose()


def test_the_check_leaves_a_sqlite_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "room.db"
    database_url = f"sqlite:///{path}"
    _at_an_older_revision(database_url)
    before = path.read_bytes()
    _check_both_ways(database_url)
    assert path.read_bytes() == before
