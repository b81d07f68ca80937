"""Entry point of the ``holdem`` command; each subcommand lives in its own module."""

from __future__ import annotations

import click

from holdem.cli.equity import equity, evaluate
from holdem.cli.replay import replay

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="holdem")
def cli() -> None:
    """holdem: a Texas Hold'em dealer that follows the rules of a real card room."""


cli.add_command(replay)
cli.add_command(evaluate)
cli.add_command(equity)


def main() -> None:
    """Run the command line; exit status 2 on bad input (click's usage errors)."""
    cli()
