"""``holdem serve``: run the room on localhost; ``holdem check-chips``: count chips.

The default database is the SQLite file ``holdem.db`` in the working folder;
``--database-url postgresql://user@host/db`` uses PostgreSQL with the same
schema. The schema's migrations are applied at start, a hand a crash left
unfinished is void (its chips never left the seats), and a demo table with
bots is made when the room has no table yet.
"""

from __future__ import annotations

import click

__all__ = ["check_chips", "serve"]

DEFAULT_DATABASE = "sqlite:///holdem.db"


def _report(url: str) -> bool:
    from holdem.server import open_store
    from holdem.server.config import utc_now

    report = open_store(url, now=utc_now).check_chips()
    click.echo(report.line())
    for problem in report.problems:
        click.echo(f"  {problem}")
    return report.ok


@click.command()
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
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
def serve(
    port: int,
    host: str,
    database_url: str,
    check: bool,
    action_seconds: float,
    bot_seconds: float,
    hand_pause_seconds: float,
    no_demo: bool,
) -> None:
    """Run the poker room (web page and API) on http://HOST:PORT."""
    if check:
        raise SystemExit(0 if _report(database_url) else 1)
    import uvicorn

    from holdem.server import ServerConfig, create_app, open_store
    from holdem.server.config import utc_now

    store = open_store(database_url, now=utc_now)
    config = ServerConfig(
        action_seconds=action_seconds,
        bot_seconds=bot_seconds,
        hand_pause_seconds=hand_pause_seconds,
        demo_table=None if no_demo else ServerConfig().demo_table,
    )
    click.echo(f"holdem room on http://{host}:{port}/ (database {database_url})")
    uvicorn.run(create_app(config, store), host=host, port=port, log_level="warning")


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
