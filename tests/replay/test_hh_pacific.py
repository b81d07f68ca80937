"""888poker (Pacific) files read in place from ../shared/data/hh/PacificPoker.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, replay_online_file

FREEROLL = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
FREEROLL = FREEROLL / "PacificPoker" / "tour" / "NLHE-FREE-MTT-$75Freeroll20120217.txt"

pytestmark = pytest.mark.skipif(
    not FREEROLL.is_file(), reason=f"the 888poker freeroll is not at {FREEROLL}"
)


def test_R_ALLIN_BLIND_big_blind_of_the_whole_stack_is_short() -> None:
    # $100/$200: Player18 ($145) antes 20 and "posts big blind [$125]", his
    # whole stack, without saying all-in; Hero, the small blind, "calls
    # [$100]" to the full 200; "Player18 collected [ $80 ]" (the antes and
    # what he matched)
    results = replay_online_file(FREEROLL)
    (result,) = [r for r in results if r.hand_id == "190625798"]
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    (call,) = [a for a in hand.actions if a.player == "Hero"]
    assert call.chips == 100
    assert ("Player18", 80) in [(c.player, c.chips) for c in hand.collected]


def test_R_BET_7_blast_antes_above_the_short_stack_come_back_unprinted() -> None:
    # BLAST: "Player1 posts ante [3.530 $]", "Player2 posts ante [2.470 $]",
    # both all-in; "Player2 collected [ 4.940 $ ]"; Player1's 1,060 that
    # nobody matched comes back without a line
    path = FREEROLL.parent / "NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = replay_online_file(path)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    unit = hand.chip_unit
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 4940 * unit)]


COMMAS = FREEROLL.parents[1] / "cash"
COMMAS = COMMAS / "888-NLHE-USD-0.02-0.04-201107.russian.cards.txt"


@pytest.mark.parametrize("euro", [False, True])
def test_R_POT_4_a_point_groups_thousands_where_cents_follow_a_comma(
    tmp_path: Path, euro: bool
) -> None:
    # Cassava writes this hand the European way ("( 7,17$ )", "[0,02$]").
    # Built from it: Player0 sits with "2.000$" (two thousand dollars, was
    # read as $2), and the same in euros ("2.000 €") with every "$" as " €".
    raw = COMMAS.read_bytes()
    raw = raw.replace(b"( 7,17$ )", b"( 2.000$ )", 1)
    if euro:
        raw = raw.replace(b"$", " €".encode("cp1252"))  # the file's encoding
    built = tmp_path / "two-thousand.txt"
    built.write_bytes(raw)
    (result,) = replay_online_file(built)
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    stacks = {seat.player: seat.stack for seat in result.hand.seats}
    assert stacks["Player0"] == 2000_00  # cents
    assert stacks["Hero"] == 4_08  # "4,08$": a comma is still the cents
    assert (result.hand.small_blind, result.hand.big_blind) == (2, 4)
