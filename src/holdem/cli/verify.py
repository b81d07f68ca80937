"""``holdem verify HAND_FILE``: check a hand's cards against its revealed seed.

HAND_FILE is a hand as the room gives it (the JSON of ``GET /api/hands/{id}``,
whose ``phh`` holds the shuffle fields) or a PHH file (``.phh``, one hand)
with the ``_shuffle_*`` fields (``holdem.history.shuffle_check``, docs/fairness.md).
The seed must hash to the commitment published before the deal, and every
card the history shows (hole cards, board, burns) must be the card the deck
ordered by the seed and the players' entropy deals (R-FAIR-1).

Exit status: 0 when the hand verifies, 1 when it does not (a card, the seed
or the commitment differs) or cannot be checked (no seed, a misdeal), with
one line saying why; 2 for a file that cannot be read.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from holdem.errors import HoldemError, InvalidInputError
from holdem.history.model import HandHistory
from holdem.history.phh import loads
from holdem.history.shuffle_check import verify_history

__all__ = ["verify"]


def read_hand(path: Path) -> HandHistory:
    """The hand of ``path``: the room's JSON (its ``phh``) or PHH text.

    Raises:
        InvalidInputError: for JSON without a ``phh`` text, or PHH that
            cannot be read.
        OSError: when the file cannot be read.
    """
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidInputError(f"{path}: not JSON: {error}") from None
        phh = data.get("phh") if isinstance(data, dict) else None
        if not isinstance(phh, str):
            raise InvalidInputError(
                f"{path}: a hand from the room has a 'phh' text (GET /api/hands/ID)"
            )
        text = phh
    return loads(text)


@click.command()
@click.argument(
    "hand_file", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
def verify(hand_file: Path) -> None:
    """Check a hand's cards against its revealed shuffle seed (R-FAIR-1)."""
    try:
        history = read_hand(hand_file)
    except (HoldemError, OSError) as error:
        click.echo(f"Error: {error}", err=True)
        raise SystemExit(2) from None
    try:
        result = verify_history(history)
    except HoldemError as error:
        click.echo(f"not verified: {error}")
        raise SystemExit(1) from None
    click.echo(("verified: " if result.ok else "NOT verified: ") + result.message)
    raise SystemExit(0 if result.ok else 1)
