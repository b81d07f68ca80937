"""``holdem serve``: run the room on localhost; ``holdem check-chips``: count chips.

The default database is the SQLite file ``holdem.db`` in the working folder;
``--database-url postgresql://user@host/db`` uses PostgreSQL with the same
schema. The schema's migrations are applied at start, a hand a crash left
unfinished is void (its chips never left the seats), and a demo table with
bots is made when the room has no table yet. ``check-chips`` (and ``serve
--check``) only read: no migration, nothing written.
"""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING, Any

import click

from holdem.cli.options import WholeNumberRange

if TYPE_CHECKING:
    from sqlalchemy import Engine

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


def _open_store(url: str) -> Store:
    """The room's store, or a one-line error (exit 2) if the database fails.

    A SQLite file is locked for this process: a second ``holdem serve`` on
    it is refused (SQLite is the one-process room).
    """
    from sqlalchemy.exc import SQLAlchemyError

    from holdem.errors import InvalidInputError
    from holdem.server import open_store
    from holdem.server.config import utc_now

    try:
        return open_store(url, now=utc_now, exclusive=True)
    except InvalidInputError as error:
        raise click.UsageError(str(error)) from None
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise click.UsageError(f"cannot open the database {url}: {reason}") from None


# the tables the chip count reads; a database without them holds no room
_ROOM_TABLES = ("accounts", "ledger", "seats")


def _read_only_engine(url: str) -> Engine:
    """An engine that cannot write to the database at ``url``.

    SQLite is opened read-only (``mode=ro`` URI: no file, table or journal
    made); PostgreSQL sessions default to read-only transactions.
    """
    from urllib.parse import quote

    import sqlalchemy as sa

    from holdem.server.database import engine_url

    full = engine_url(url)
    if full.startswith(("sqlite:///", "sqlite+pysqlite:///")):
        path = quote(full.split(":///", 1)[1])
        return sa.create_engine(f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true")
    return sa.create_engine(
        full, connect_args={"options": "-c default_transaction_read_only=on"}
    )


def _report(url: str) -> bool:
    """Count the chips of the room at ``url``, reading only (no migration).

    Raises:
        click.UsageError: the database cannot be read or holds no room.
    """
    from sqlalchemy import inspect
    from sqlalchemy.exc import SQLAlchemyError

    from holdem.server.chips import count_chips

    url = _database_url(url, must_exist=True)
    engine = _read_only_engine(url)
    try:
        missing = sorted(set(_ROOM_TABLES) - set(inspect(engine).get_table_names()))
        if missing:
            raise click.UsageError(
                f"{url} holds no holdem room (no {', '.join(missing)} tables):"
                " nothing to check"
            )
        report = count_chips(engine)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise click.UsageError(f"cannot open the database {url}: {reason}") from None
    finally:
        engine.dispose()
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
    "--name",
    "process_name",
    default=None,
    metavar="NAME",
    help="This process's name in a room of several processes (one PostgreSQL):"
    " 1..80 of A-Z a-z 0-9 . _ : -, unique among the live ones; default"
    " HOSTNAME:PORT. Restarted under its name after a crash, a process waits"
    " until its old leases lapse (--lease-seconds), then takes its tables back.",
)
@click.option(
    "--advertise",
    default="",
    metavar="ADDRESS",
    help="Where clients reach this process's table sockets: a path through the"
    " front door (/node/a, see deploy/) or http(s)://host:port; each live"
    " process its own. Default: the page's own origin (one process).",
)
@click.option(
    "--lease-seconds",
    default=8.0,
    show_default=True,
    type=click.FloatRange(0.5, 3600),
    help="A dead process's tables go to the others after this long.",
)
@click.option(
    "--log-format",
    type=click.Choice(["json", "console"]),
    default="json",
    show_default=True,
    help="Log lines on stderr: JSON objects, or key=value for a terminal.",
)
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error", "critical"]),
    default="info",
    show_default=True,
)
@click.option(
    "--metrics-from",
    multiple=True,
    metavar="CIDR",
    help="A network whose clients GET /metrics answers (repeat for more);"
    " loopback only by default.",
)
@click.option(
    "--allowed-origin",
    "allowed_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Another origin (scheme://host[:port]) whose pages may use the room;"
    " repeatable. The room's own origin is always allowed.",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="ADDRESS",
    help="A reverse proxy (IP or network) whose X-Forwarded-For and"
    " X-Forwarded-Proto are believed; repeatable. Default: none.",
)
@click.option(
    "--cookie-secure",
    is_flag=True,
    help="Mark the session cookie Secure (behind TLS; automatic when a trusted"
    " proxy reports https).",
)
@click.option("--api-docs", is_flag=True, help="Serve the API docs at /api/docs.")
@click.option(
    "--register-limit",
    default=10,
    show_default=True,
    type=WholeNumberRange(1, 1_000_000),
    help="Registrations allowed per client address per 10 minutes.",
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
@click.option(
    "--verifiable-shuffle",
    is_flag=True,
    help="Commit to each hand's shuffle seed before the deal and reveal it after"
    " (R-FAIR-1; docs/fairness.md). The seed shows every card of the deck.",
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
    process_name: str | None,
    advertise: str,
    lease_seconds: float,
    log_format: str,
    log_level: str,
    metrics_from: tuple[str, ...],
    allowed_origins: tuple[str, ...],
    trusted_proxies: tuple[str, ...],
    cookie_secure: bool,
    api_docs: bool,
    register_limit: int,
    max_spectators_per_table: int | None,
    max_spectators_per_address: int | None,
    verifiable_shuffle: bool,
) -> None:
    """Run the poker room (web page and API) on http://HOST:PORT.

    Logs go to stderr, one line per event; metrics are at /metrics
    (docs/operations.md).
    """
    if check:
        raise SystemExit(0 if _report(database_url) else 1)
    import uvicorn

    from holdem.errors import InvalidInputError
    from holdem.server import ServerConfig, create_app
    from holdem.server.logs import configure_logging, server_logger

    try:
        config = ServerConfig(
            action_seconds=action_seconds,
            bot_seconds=bot_seconds,
            hand_pause_seconds=hand_pause_seconds,
            demo_table=None if no_demo else ServerConfig().demo_table,
            process_id=(
                f"{socket.gethostname()}:{port}"
                if process_name is None
                else process_name
            ),
            advertise=advertise,
            lease_seconds=lease_seconds,
            metrics_from=metrics_from or ServerConfig().metrics_from,
            allowed_origins=allowed_origins,
            trusted_proxies=trusted_proxies,
            cookie_secure=cookie_secure,
            api_docs=api_docs,
            register_attempts=register_limit,
            max_spectators_per_table=max_spectators_per_table
            or ServerConfig().max_spectators_per_table,
            max_spectators_per_address=max_spectators_per_address
            or ServerConfig().max_spectators_per_address,
            **_shuffler(verifiable_shuffle),
        )
    except InvalidInputError as error:
        raise click.UsageError(str(error)) from None
    configure_logging(log_format, log_level)
    _check_port(host, port)
    store = _open_store(_database_url(database_url, must_exist=False))
    if store.engine.dialect.name == "postgresql":
        _wait_for_twin(store, config)
    click.echo(f"holdem room on http://{host}:{port}/ (database {database_url})")
    server_logger().info("serve", address=f"http://{host}:{port}/", pid=os.getpid())
    # No per-message deflate: it compresses every frame once per socket (the
    # same snapshot again for each spectator) and took a third of the
    # sending time under load.
    uvicorn.run(
        create_app(config, store),
        host=host,
        port=port,
        log_level="warning",
        # log_config=None: uvicorn's own records go through the room's log lines
        log_config=None,
        # the room reads forwarded headers itself, from --trusted-proxy only
        proxy_headers=False,
        ws_max_size=config.max_message_bytes,
        ws_per_message_deflate=False,
    )


def _wait_for_twin(store: Store, config: Any) -> None:
    """Wait for a process of the same name to be gone; exit 2 if it lives.

    A process killed and started again under its name finds its own row
    still fresh: it waits until that row is a lease old (the dead process
    cannot renew it), then takes its tables back. A row that keeps being
    renewed is another live process: refused, plainly.
    """
    import time

    from holdem.server.leases import Leases

    leases = Leases(
        store.engine,
        process=config.process_id,
        address=config.advertise,
        ttl_seconds=config.lease_seconds,
    )
    waited = 0.0
    while (seen := leases.twin_seen()) is not None and seen < config.lease_seconds:
        if waited > 2 * config.lease_seconds:
            raise click.UsageError(
                f"a live process named {config.process_id!r} serves this room"
                f" (its heartbeat {seen:.1f} s ago): give each process its own"
                " --name"
            )
        if waited == 0:
            click.echo(
                f"a process named {config.process_id!r} was alive {seen:.1f} s"
                " ago: waiting for its leases to lapse"
            )
        time.sleep(0.5)
        waited += 0.5
    holder = leases.address_holder()
    if holder is not None:
        shown = config.advertise or '"" (the page\'s own origin)'
        raise click.UsageError(
            f"the live process {holder!r} already advertises {shown}: give each"
            " process its own --advertise (/node/<name> behind the front door)"
        )


def _shuffler(verifiable: bool) -> dict[str, Any]:
    """``ServerConfig`` changes for ``--verifiable-shuffle`` (R-FAIR-1)."""
    if not verifiable:
        return {}
    from holdem.table.verifiable import VerifiableShuffler

    return {"rng": VerifiableShuffler}


def _check_port(host: str, port: int) -> None:
    """Exit 2 with a plain message unless ``host:port`` can be listened on.

    Tried before the room starts, so a port in use is said first, not after
    "holdem room on ...".
    """
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn
            probe.bind(address)
    except OSError as error:
        why = error.strerror or str(error)
        click.echo(
            f"Error: cannot serve on {host}:{port}: {why}. Is another room (or"
            " program) on that port? Choose another with --port.",
            err=True,
        )
        raise SystemExit(2) from None


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
