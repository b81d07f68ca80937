# ruff: noqa: T201
"""Score the mutation job's results (run from the repository root after mutmut).

Reads mutmut's results in mutants/ and sorts every mutant into one of:

- killed: a test failed (or timed out) with the mutant in place;
- excluded: a mutant of code that mutmut cannot exercise (UNREACHABLE below);
- equivalent: no observable behaviour changes (EQUIVALENT below, or a
  change of message wording only, see ``is_wording_only``);
- survived: everything else, to be killed by a new test.

Score = killed / (total - excluded - equivalent). Prints the counts, the
score and the survivors with their diffs; ``--equivalent`` also lists the
equivalent mutants. Uses mutmut's own modules (mutmut 3.8).
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files

# Functions mutmut cannot exercise: it forks each worker from the process
# that ran the whole suite once, so code that runs only at import (building
# the evaluator's tables and closures) or only on a process's first
# evaluation (before the tables are loaded) never runs under a mutant.
# The exhaustive oracle tests of tests/unit/eval pin what they compute.
UNREACHABLE = {
    "holdem.eval.single.x__fast_paths": "runs once at import: builds the fast closures",
    "holdem.eval.tables.x__build_key": "runs once at import: the card keys",
    "holdem.eval.tables.x__build_straight_top": "runs once at import",
    "holdem.eval.tables.x__build_flush_suit": "runs once at import",
    "holdem.eval.single.x__table_rank": "first evaluation of a process only",
    "holdem.eval.single.x__flush": "first evaluation of a process only",
}

# (function, text of a removed or added diff line, reason). A surviving
# mutant is equivalent when its function matches and one of its changed
# lines contains the text ("" matches any change of the function). Written
# by reading each survivor (mutmut show NAME).
EQUIVALENT: list[tuple[str, str, str]] = [
    (
        "holdem.engine.state.xǁHandStateǁ_deal_all_holes",
        "",
        "run_dealer's all-seats fast path: a mutant either declines it (the"
        " full check then deals the same cards) or lets through steps that"
        " run_dealer never builds (it always deals every seat, in order, from"
        " a Deck); the one that reports a declined deal as done is killed by"
        " test_R_DEAL_1_run_dealer_finishes_a_deal_begun_by_hand",
    ),
    (
        "holdem.engine.dealing.x_run_dealer",
        "if len(steps) > 1 and state._deal_all_holes(steps)",
        "only decides whether a one-seat or heads-up deal tries the fast path,"
        " which declines or deals the same cards",
    ),
    (
        "holdem.eval.wild.x__ranks_of",
        "HandCategory.TWO_PAIR:",
        "only stand_ins reads it, for hands with a joker, and a joker never"
        " makes two pair (it makes trips of the higher pair)",
    ),
    (
        "holdem.eval.wild.x__ranks_of",
        "HandCategory.FOUR_OF_A_KIND: (4, 2)",
        "an extra kicker rank is one stand-in too many; the caller takes one"
        " per joker, highest first, so the extra one is never used",
    ),
    (
        "holdem.eval.wild.x__ranks_of",
        "zip(digits, shape, ",
        "strict=False is zip's default (strict=None and no argument alike)",
    ),
    (
        "holdem.eval.single.x__pick_five",
        "zip(digits, counts, strict=True)",
        "rank_digits gives one digit per group, as many as counts has",
    ),
    (
        "holdem.eval.single.x__pick_five",
        "zip(digits, counts, strict=None)",
        "strict=False is zip's default",
    ),
    (
        "holdem.eval.single.x__pick_five",
        "zip(digits, counts, )",
        "strict=False is zip's default",
    ),
    (
        "holdem.engine.state.xǁHandStateǁ_do_replace",
        "self.burns.insert(1,",
        "the burns are empty at the replacement (R-MISDEAL-2: before the flop),"
        " so insert(1) puts the card first as insert(0) does",
    ),
    (
        "holdem.engine.state.xǁHandStateǁ_do_deal_hole",
        "self.needs_new_deck = None",
        "needs_new_deck is only tested for truth; None and False are both false",
    ),
    (
        "holdem.eval.value.xǁHandValueǁ__init__",
        "self._cards = None",
        "_five is set from the same cards, so _cards is never read for a value"
        " built this way",
    ),
    (
        "holdem.eval.value.xǁHandValueǁ__hash__",
        "return hash(None)",
        "a constant hash is still consistent with ==; only hashing speed changes",
    ),
    (
        "holdem.eval.single.x__pick_five",
        "suit = max(range(5)",
        "suits holds 0..3 only, so the extra candidate 4 counts 0 and never wins",
    ),
]

EQUIVALENT += (
    [
        (
            "holdem.eval.wild.x_stand_ins",
            text,
            "the tuple differs only after its first entry, which matters only when"
            " every real card is a spade: the stand-ins then take hearts or"
            " diamonds, below spades either way, so the display order is the same",
        )
        for text in ("(3, 3, 1, 0)", "(3, 2, 2, 0)", "(3, 2, 1, 1)")
    ]
    + [
        (
            "holdem.eval.single.x__natural_order",
            text,
            reason,
        )
        for text, reason in (
            ("counts = [1] * 13", "adding 1 to every count keeps their order"),
            ("counts[code >> 2] += 2", "doubling every count keeps their order"),
            ("counts = [0] * 14", "a rank index is 0..12; entry 13 is never read"),
            ("return (-2 if wheel", "-2 and -1 are both below every rank 0..12"),
            (
                "r, item[1] | 3, -item[0])",
                "in a straight the ranks differ, so the suit never decides",
            ),
            (
                "r, item[1] & 4, -item[0])",
                "in a straight the ranks differ, so the suit never decides",
            ),
            (
                "(item[1] >> 2, item[1] | 3, -item[0])",
                "the cards of a flush share a suit, so the suit never decides",
            ),
            (
                "(item[1] >> 2, item[1] & 4, -item[0])",
                "the cards of a flush share a suit, so the suit never decides",
            ),
            (
                "r == 12 else r, item[1] & 3, +item[0])",
                "in a straight the ranks differ, so position never decides",
            ),
            (
                "-item[1])",
                "cards tied on rank and suit are the same card (a joker doubling a"
                " held one): equal keys, and sorted is stable, which keeps the"
                " hand's order as -position does",
            ),
            (
                "return (item[1] << 2,",
                "code << 2 orders as code does: by rank, then suit",
            ),
        )
    ]
    + [
        (
            "holdem.eval.single.x_best_five",
            "subs = iter(stand_ins(real,",
            "stand_ins does not read its jokers argument (the rank says what is"
            " missing)",
        ),
        (
            "holdem.eval.batch.x__bad_row_error",
            "return InvalidInputError(None)  # pragma: no cover",
            "unreachable: it is called only for a row with a bad or repeated code",
        ),
        (
            "holdem.eval.tables.x__top_ranks",
            "for r in range(15, 1, -1):",
            "a rank mask has 13 bits (ranks 2..14); bit 13 for rank 15 is never set",
        ),
    ]
)

EQUIVALENT += [
    (
        "holdem.engine.refusals.x_check_new_cards",
        text,
        "defensive branch: the actions' own constructors (holdem.rules.actions)"
        " refuse cards that are not a tuple of Cards, so through apply the"
        " cards here are always a tuple of Cards",
    )
    for text in (
        "isinstance(cards, tuple | list) or all(",
        'kind = "a tuple" if (isinstance(cards, tuple)) or True',
        "shown = type(cards).__name__",
        'raise InvalidInputError(f"{what}: {short_repr(card)} is not a Card")',
    )
]

EQUIVALENT += [
    (
        "holdem.eval.tables.x_nonflush_value",
        "for r in range(15)",
        "counts[0] and counts[1] are always 0 (ranks are 2..14), so the extra"
        " ranks add nothing",
    ),
    (
        "holdem.engine.refusals.x__check_size",
        'f" {short_repr(None)}"',
        "defensive branch: Bet and Raise refuse a size that is not an int in"
        " their constructors, so through apply it is never reached",
    ),
]

EQUIVALENT.append(
    (
        "holdem.engine.refusals.x__check_size",
        "if legal.min_raise_to is None and legal.max_raise_to is None:",
        "LegalActions gives min_raise_to and max_raise_to as both None or both"
        " ints, so 'or' and 'and' agree",
    )
)

EQUIVALENT += [
    (
        "holdem.betting.pots.x_side_pots",
        text,
        "the one-pot shortcut: when it is not taken, the general path makes the"
        " same single pot of every chip for the same live seats",
    )
    for text in ('level: int | None = ""', "single = ", "if level is not None:")
] + [
    (
        "holdem.betting.pots.x_side_pots",
        "if c >= previous:",
        "a contribution equal to the level below adds 0 chips either way",
    ),
    (
        "holdem.betting.pots.x_side_pots",
        "amount += (c if c <= top else top) - previous",
        "c == top gives the same chips either way",
    ),
    (
        "holdem.betting.pots.x_side_pots",
        "] = Pot(pots[",
        "unreachable: every level is a live seat's reach, so each level drops"
        " that seat and the eligible seats never equal the previous pot's",
    ),
    (
        "holdem.betting.pots.x_side_pots",
        "pots[-1] = None",
        "unreachable: every level is a live seat's reach, so each level drops"
        " that seat and the eligible seats never equal the previous pot's",
    ),
    (
        "holdem.betting.pots.x_uncalled_bet",
        "top_seat = ",
        "the seat only matters with chips to return; with nothing committed"
        " the amount is 0 and nothing is returned, whichever seat is named",
    ),
    (
        "holdem.betting.pots.x_uncalled_bet",
        "elif chips >= second:",
        "chips equal to second set second to the same value",
    ),
]

_RULE_ID = re.compile(r"\[R-[A-Z0-9-]+\]")


def _changed(diff: str) -> tuple[list[str], list[str]]:
    lines = diff.splitlines()
    removed = [x[1:] for x in lines if x.startswith("-") and not x.startswith("---")]
    added = [x[1:] for x in lines if x.startswith("+") and not x.startswith("+++")]
    return removed, added


def is_wording_only(diff: str) -> bool:
    """Whether the mutant only rewords a message.

    That is: "XX" added around a string literal, or the literal's case
    changed, with every rule id kept as is.

    Values and rule ids in messages are what tests pin (and what a program
    reads, with ``.rule``); the prose around them is for people.
    """
    removed, added = _changed(diff)
    if len(removed) != len(added) or not removed:
        return False
    for old, new in zip(removed, added, strict=True):
        if old == new:
            continue
        if new.replace("XX", "") != old and new.lower() != old.lower():
            return False
        if _RULE_ID.findall(old) != _RULE_ID.findall(new):
            return False
        if '"' not in old and "'" not in old:
            return False
    return True


def equivalent_reason(name: str, diff: str) -> str | None:
    """Why the mutant ``name`` with this diff is equivalent, or None."""
    function = name.rsplit("__mutmut_", 1)[0]
    removed, added = _changed(diff)
    for where, text, reason in EQUIVALENT:
        if function == where and any(text in line for line in removed + added):
            return reason
    if is_wording_only(diff):
        return "message wording only"
    return None


def main(argv: list[str]) -> int:
    """Print the counts, the score and the survivors."""
    show_equivalent = "--equivalent" in argv
    counts: Counter[str] = Counter()
    survivors: list[tuple[str, str, str]] = []
    equivalents: list[tuple[str, str, str]] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        for name, code in data.exit_code_by_key.items():
            status = status_by_exit_code[code]
            function = name.rsplit("__mutmut_", 1)[0]
            if status in ("killed", "timeout"):
                counts["killed"] += 1
            elif function in UNREACHABLE:
                counts["excluded"] += 1
            elif status == "not checked":
                counts["not checked"] += 1
            else:
                diff = get_diff_for_mutant(name, path=path)
                reason = equivalent_reason(name, diff)
                if reason is None:
                    counts["survived"] += 1
                    survivors.append((name, status, diff))
                else:
                    counts["equivalent"] += 1
                    equivalents.append((name, reason, diff))
    total = sum(counts.values())
    scored = total - counts["excluded"] - counts["equivalent"] - counts["not checked"]
    print(f"{total} mutants: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
    if scored:
        print(
            f"score: killed {counts['killed']} / {scored} non-equivalent"
            f" = {counts['killed'] / scored:.1%}"
        )
    for name, status, diff in survivors:
        print(f"\n# {name}: {status}\n{diff}")
    if show_equivalent:
        for name, reason, diff in equivalents:
            print(f"\n# {name}: equivalent ({reason})\n{diff}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
