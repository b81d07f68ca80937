"""Placeholder: ``holdem evaluate`` and ``holdem equity`` (being written)."""

import click

__all__ = ["equity", "evaluate"]


@click.command()
def evaluate() -> None:
    """Evaluate a hand (not yet written)."""
    raise click.UsageError("not yet written")


@click.command()
def equity() -> None:
    """Compute equity (not yet written)."""
    raise click.UsageError("not yet written")
