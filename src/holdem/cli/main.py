"""Entry point of the ``holdem`` command; each subcommand lives in its own module.

The group imports a subcommand's module only when that subcommand runs, so
``holdem --help`` and bare ``holdem`` load neither the hand-history layer,
rich, numpy nor numba; the command list is drawn from the one-line summaries
below, which keeps every line whole at 80 columns.
"""

from __future__ import annotations

import importlib

import click

__all__ = ["cli", "main"]

_COMMANDS: dict[str, tuple[str, str]] = {
    "acpc-client": ("holdem.cli.acpc", "Play a bot against an ACPC dealer."),
    "acpc-dealer": ("holdem.cli.acpc", "Deal an ACPC match on 127.0.0.1 by our rules."),
    "check-chips": (
        "holdem.cli.serve",
        "Count the room's chips: wallets, tables, rake.",
    ),
    "convert": (
        "holdem.cli.convert",
        "Convert PHH or online hands to PHH or PokerStars text.",
    ),
    "equity": ("holdem.cli.equity", "Equity of 2 to 10 hands or ranges."),
    "evaluate": ("holdem.cli.equity", "Evaluate one hand of 5, 6 or 7 cards."),
    "play": ("holdem.cli.play", "Play at a table against bots in the terminal."),
    "replay": ("holdem.cli.replay", "Replay PHH hand histories and compare."),
    "show": ("holdem.cli.show", "Print one hand street by street, pots, winners."),
    "simulate": ("holdem.cli.simulate", "Simulate bots at full speed; bb/100 per bot."),
    "serve": ("holdem.cli.serve", "Run the poker room on localhost (web, API)."),
    "verify": ("holdem.cli.verify", "Check a hand's cards against its shuffle seed."),
    "stats": ("holdem.cli.stats", "Player statistics (VPIP, PFR, bb/100) and a graph."),
}
"""Subcommand name -> (module defining a click command of that name, summary)."""


class _LazyGroup(click.Group):
    """A group that imports each subcommand's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module = importlib.import_module(_COMMANDS[cmd_name][0])
        command = getattr(module, cmd_name.replace("-", "_"))
        if not isinstance(command, click.Command):  # pragma: no cover - a typo
            raise TypeError(f"{module.__name__}.{cmd_name} is not a click command")
        return command

    def format_commands(
        self, ctx: click.Context, formatter: click.HelpFormatter
    ) -> None:
        rows = [(name, _COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=_LazyGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="holdem")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """holdem: a Texas Hold'em dealer that follows the rules of a real card room.

    Run "holdem COMMAND --help" for the arguments of one command.
    """
    if ctx.invoked_subcommand is None:  # bare ``holdem``: help, exit status 0
        click.echo(ctx.get_help())


def main() -> None:
    """Run the command line; exit status 2 on bad input (click's usage errors)."""
    cli(prog_name="holdem")
