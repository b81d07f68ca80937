"""``holdem serve``: run the room on localhost; ``holdem check-chips``: count chips.

The default database is the SQLite file ``holdem.db`` in the working folder;
``--database-url postgresql://user@host/db`` uses PostgreSQL with the same
schema. The schema's migrations are applied at start, a hand a crash left
unfinished is void (its chips never left the seats), and a demo table with
bots is made when the room has no table yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from holdem.cli.options import WholeNumberRange

if TYPE_CHECKING:
    from holdem.server.store import Store

__all__ = ["check_chips", "serve"]

DEFAULT_DATABASE = "sqlite:///holdem.db"


def _database_url(url: str, *, must_exist: bool) -> str:
    """``url`` if it names a database holdem can use, else a usage error.

    Raises:
        click.UsageError: not ``sqlite:///FILE`` or ``postgresql://...``; or,
            with ``must_exist``, a SQLite file that is not there (a check of a
            mistyped path must not make an empty database and call it ok).
    """
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if must_exist and path != ":memory:":
            from pathlib import Path

            if not Path(path).is_file():
                raise click.UsageError(f"no database file {path!r} ({url})")
        return url
    if url.startswith(("postgresql://", "postgresql+psycopg://")):
        return url
    raise click.UsageError(
        f"--database-url {url[:80]!r} is neither sqlite:///FILE nor"
        " postgresql://USER@HOST/DB"
    )


def _tables(text: str) -> tuple[int, int]:
    """``(k, K)`` from ``--tables k/K``, else a usage error (exit 2)."""
    k, slash, count = text.partition("/")
    if not (slash and k.isascii() and k.isdigit() and count.isascii()):
        raise click.UsageError(f"--tables {text[:40]!r} is not k/K (e.g. 0/2)")
    if not count.isdigit() or not 0 <= int(k) < int(count):
        raise click.UsageError(f"--tables {text[:40]!r}: need 0 <= k < K, K >= 1")
    return int(k), int(count)


def _open_store(url: str) -> Store:
    """The room's store, or a one-line error (exit 2) if the database fails."""
    from sqlalchemy.exc import SQLAlchemyError

    from holdem.server import open_store
    from holdem.server.config import utc_now

    try:
        return open_store(url, now=utc_now)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise click.UsageError(f"cannot open the database {url}: {reason}") from None


def _report(url: str) -> bool:
    store = _open_store(_database_url(url, must_exist=True))
    report = store.check_chips()
    click.echo(report.line())
    for problem in report.problems:
        click.echo(f"  {problem}")
    return report.ok


@click.command()
@click.option(
    "--port", default=8000, show_default=True, type=WholeNumberRange(1, 65535)
)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option(
    "--database-url",
    default=DEFAULT_DATABASE,
    show_default=True,
    envvar="HOLDEM_DATABASE_URL",
    help="sqlite:///FILE or postgresql://USER@HOST/DB",
)
@click.option(
    "--check", is_flag=True, help="Count every chip, then exit (1 on a mismatch)."
)
@click.option(
    "--action-seconds", default=20.0, show_default=True, type=click.FloatRange(0.1)
)
@click.option("--bot-seconds", default=0.8, show_default=True, type=click.FloatRange(0))
@click.option(
    "--hand-pause-seconds", default=3.0, show_default=True, type=click.FloatRange(0)
)
@click.option("--no-demo", is_flag=True, help="Make no demo table.")
@click.option(
    "--tables",
    "tables_text",
    default=None,
    metavar="k/K",
    help="Deal only the tables whose id % K == k (several processes, one database).",
)
@click.option(
    "--max-spectators-per-table",
    default=None,
    type=click.IntRange(1),
    help="Sockets at one table whose viewer holds no seat there (200).",
)
@click.option(
    "--max-spectators-per-address",
    default=None,
    type=click.IntRange(1),
    help="Sockets without a session from one address (50).",
)
def serve(
    port: int,
    host: str,
    database_url: str,
    check: bool,
    action_seconds: float,
    bot_seconds: float,
    hand_pause_seconds: float,
    no_demo: bool,
    tables_text: str | None,
    max_spectators_per_table: int | None,
    max_spectators_per_address: int | None,
) -> None:
    """Run the poker room (web page and API) on http://HOST:PORT."""
    tables = None if tables_text is None else _tables(tables_text)
    if check:
        raise SystemExit(0 if _report(database_url) else 1)
    import uvicorn

    from holdem.server import ServerConfig, create_app

    store = _open_store(_database_url(database_url, must_exist=False))
    defaults = ServerConfig()
    config = ServerConfig(
        action_seconds=action_seconds,
        bot_seconds=bot_seconds,
        hand_pause_seconds=hand_pause_seconds,
        demo_table=None if no_demo else defaults.demo_table,
        tables=tables,
        max_spectators_per_table=max_spectators_per_table
        or defaults.max_spectators_per_table,
        max_spectators_per_address=max_spectators_per_address
        or defaults.max_spectators_per_address,
    )
    click.echo(f"holdem room on http://{host}:{port}/ (database {database_url})")
    # No per-message deflate: it compresses every frame once per socket (the
    # same snapshot again for each spectator) and took a third of the
    # sending time under load.
    uvicorn.run(
        create_app(config, store),
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
    )


@click.command(name="check-chips")
@click.option(
    "--database-url",
    default=DEFAULT_DATABASE,
    show_default=True,
    envvar="HOLDEM_DATABASE_URL",
)
def check_chips(database_url: str) -> None:
    """Check that wallets + table chips + rake equal the chips granted."""
    raise SystemExit(0 if _report(database_url) else 1)
