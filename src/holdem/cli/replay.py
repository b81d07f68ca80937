"""Placeholder: ``holdem replay`` (being written)."""

import click

__all__ = ["replay"]


@click.command()
def replay() -> None:
    """Replay hands (not yet written)."""
    raise click.UsageError("not yet written")

