# ruff: noqa: T201
"""Score the mutation job's results (run from the repository root after mutmut).

Reads mutmut's results in mutants/ and sorts every mutant into one of:

- killed: a test failed (or timed out) with the mutant in place;
- killed by a new test: a survivor that a test written since was shown to
  kill (listed in mutants/confirmed.txt by ``mutation.sh --confirm``);
- excluded: a mutant of code that mutmut cannot exercise (UNREACHABLE below);
- equivalent: no observable behaviour changes (EQUIVALENT below, or a
  change of message text only, see ``is_message_text_only``);
- survived: everything else, to be killed by a new test.

Score = killed / (total - excluded - equivalent). Prints the counts, the
score and the survivors with their diffs; ``--equivalent`` also lists the
equivalent mutants. Uses mutmut's own modules (mutmut 3.8).
"""

from __future__ import annotations

import ast
import os
import re
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path

import libcst as cst
from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import (
    get_diff_for_mutant,
    read_functions_from_index,
    read_mutant_function,
    read_mutants_module,
    read_original_function,
)
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
    "holdem.eval.batch.x__dense": "once per process: _nonflush_array caches it",
    "holdem.eval.tables.x__anonymous_map": "once per process: seven_card_array"
    " (its one caller) caches the map",
}

# (function, text of a removed or added diff line, reason). A surviving
# mutant is equivalent when its function matches and one of its changed
# lines contains the text ("" matches any change of the function); a text
# of several lines must appear in the diff as it is. Written
# by reading each survivor (mutmut show NAME).
EQUIVALENT: list[tuple[str, str, str]] = [
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

# Found by the full run of 2026-11-30 (docs/mutation.md).
EQUIVALENT += [
    (
        "holdem.eval.tables.x_nonflush_value",
        text,
        "by this line the top count is at most 3 and the total at least five"
        " (the docstring's precondition; five of a kind and quads returned"
        " above), so at least two ranks are present and the else is never taken",
    )
    for text in (
        "if (len(by_count) > 1) or True else",
        "if len(by_count) >= 1 else",
        "else (1, 0)",
        "else (0, 1)",
    )
] + [
    (
        "holdem.eval.tables.x_build_flush_table",
        "for mask in range(8193):",
        "mask 8192 has one bit set (fewer than five), so it is skipped",
    ),
    (
        "holdem.eval.tables.x_build_flush_table",
        "for r in range(2, 16)",
        "masks are below 8192: bit 13 (rank 15) is never set",
    ),
    (
        "holdem.eval.tables.x__grow",
        "run = ",
        "the first rank of a combination never equals last (-1, or 0..12 only"
        " after it), so run is set to 1 whatever it started at",
    ),
    (
        "holdem.eval.tables.x__grow",
        "last = ",
        "run starts at 0, so the first card sets run to 1 whether or not it"
        " equals the starting last (run + 1 == 1)",
    ),
    (
        "holdem.eval.tables.x_build_nonflush_tables",
        "counts = [",
        "nonflush_value reads counts[2..14] only, which the loop resets to 0"
        " for every combination",
    ),
    (
        "holdem.eval.tables.x_build_nonflush_tables",
        "for r in range(15):",
        "also zeroes counts[0] and counts[1], which are never set or read",
    ),
]

# SeatViews (engine/view.py) is a cache of view_of: these mutants only make
# it recompute (or skip a reset it never needs), and the views stay equal.
_SEAT_VIEWS = "holdem.engine.view.xǁSeatViewsǁ"
EQUIVALENT += [
    (
        _SEAT_VIEWS + function,
        text,
        "a cache of view_of: " + reason,
    )
    for function, text, reason in (
        (
            "__init__",
            "self._events = None",
            "the first view then resets empty caches and builds them as usual",
        ),
        (
            "__init__",
            'self._pots_key: object = ""',
            "the key is a tuple, never equal to '' or None: the first view asks"
            " the pots either way",
        ),
        (
            "__init__",
            "self._pots: tuple[Pot, ...] = None",
            "the first view always asks the pots (the key differs), replacing it",
        ),
        (
            "view",
            "if events is not self._events and len(hidden)",
            "the hand's log is one list, only ever appended to (HandState never"
            " replaces or shortens it; the documented precondition), so the reset"
            " never runs after the first view in either version",
        ),
        (
            "view",
            "if events is self._events or",
            "resets and rebuilds the caches on every view: same views, slower",
        ),
        (
            "view",
            "len(hidden) >= len(events):",
            "also resets when nothing was appended: same views, slower",
        ),
        (
            "view",
            "self._events = None  # a new log",
            "resets on every later view: same views, slower",
        ),
        (
            "view",
            "if len(hidden) <= len(events):",
            "_hide_new over an empty range appends nothing",
        ),
        (
            "view",
            "seer = None",
            "builds the viewer's cards and patches afresh: same views, slower",
        ),
        (
            "view",
            "deals.get(s, ",
            "a seat's hole cards are set only by its DealHole event (or a Show"
            " after a DealHole of unknown cards), so every seat seen holding"
            " cards has deals: the default is never used",
        ),
        (
            "view",
            "self._pots_key = None",
            "asks the pots on every view (state.pots is a pure query): same"
            " views, slower",
        ),
    )
]

EQUIVALENT.append(
    (
        "holdem.engine.refusals.x__no_raise_rule",
        "if state._able < 1 or",
        "with _able == 1 the one seat able to bet is the seat acting, so every"
        " opponent in the hand is all-in with an empty stack (all_in is set"
        " only when a stack reaches 0, and cleared with the chips returned)"
        " and has_caller is False: R-BET-5 is cited either way",
    )
)

EQUIVALENT += [
    (
        "holdem.engine.view.xǁSeatViewsǁ_hide_new",
        "if type(None) not in _SHOW_NO_CARD:",
        "a cache of view_of: forgets the viewers' cards after every event, so"
        " they are built afresh: same views, slower",
    ),
    (
        "holdem.eval.wild.x_bug_rank",
        "for suit in range(5):",
        "suits are 0..3: a fifth suit holds no card, and at most four jokers"
        " never make five",
    ),
    (
        "holdem.eval.wild.x_bug_rank",
        "for r in range(14, 2, -1)",
        "a deuce is the joker's flush card only when the suit already holds"
        " every rank from 3 to ace, twelve cards",
    ),
    (
        "holdem.eval.wild.x_bug_rank",
        "reverse=True)[:6]",
        "flush_value keeps the five highest ranks; a straight flush among six"
        " was already found by _straight_top above with the same jokers",
    ),
    (
        "holdem.eval.single.x_bug_rank_codes",
        "if len(real) <= len(hand):",
        "with no joker the bug rule is the plain ranking: bug_rank(hand, 0)"
        " equals rank_codes(hand) (the bug-rule tests pin bug_rank; checked"
        " on 100,000 random hands); only speed changes",
    ),
] + [
    (
        "holdem.eval.batch.x__numpy_engine",
        text,
        reason,
    )
    for text, reason in (
        (
            "arr.astype(np.intp, copy=",
            "c is only read, so whether astype copies changes nothing",
        ),
        (
            "arr.astype(np.intp, )",
            "c is only read, so whether astype copies changes nothing",
        ),
        ("np.sort(c, )", "axis=-1 is axis 1 of a 2-D array"),
        (
            ".astype(None)",
            "the suit numbers 0..4 are exact as floats: the same rows are"
            " nonzero and compare equal",
        ),
    )
]

EQUIVALENT += [
    (
        "holdem.engine.refusals.x__check_size",
        "small if to <= legal.min_raise_to else",
        "this branch runs only for a size outside [min, max], so to is never"
        " equal to min_raise_to here",
    ),
    (
        "holdem.engine.refusals.x__check_size",
        'if rule == "R-NL-2" or not legal.is_bet:',
        "reached only for a size below a minimum that differs from the"
        " maximum (no limit or pot limit), where the rule is R-NL-2 exactly"
        " when it is a raise (not legal.is_bet)",
    ),
]

EQUIVALENT += [
    (
        "holdem.engine.refusals.x__check_size",
        'right = "XXbetXX" if',
        "right is only compared with 'raise'",
    ),
]

EQUIVALENT.append(
    (
        "holdem.engine.legal.x_can_raise",
        "if hand._able < 1:",
        "as for _no_raise_rule: with _able == 1 the seat asking is the one able"
        " to bet and has_caller is False, so no raise either way",
    )
)

EQUIVALENT += [
    (
        "holdem.engine.events.xǁLegalActionsǁ" + method,
        text,
        "only skips the shared instance for a seat: actions are frozen values,"
        " and the new one equals it",
    )
    for method in ("fold", "check_or_call")
    for text in (
        "if type(None) is int and 0 <= seat",
        "if type(seat) is not int and 0 <= seat",
        "and 1 <= seat < _SHARED",
        "and 0 < seat < _SHARED",
    )
]

EQUIVALENT += [
    (
        "holdem.eval.wild.x_wild_rank",
        "for suit in range(5):",
        "suits are 0..3: a fifth suit holds no card, and at most four jokers"
        " never make five",
    )
]

# Found by the full run of 2026-11-30, 20:20 UTC (docs/mutation.md).
EQUIVALENT += [
    (
        "holdem.engine.refusals.x__check_size",
        '"a bet or raise is a whole number of chips (int, not bool), got"',
        "defensive branch: Bet and Raise refuse a size that is not an int in"
        " their constructors, so through apply it is never reached",
    ),
    (
        "holdem.engine.refusals.x__check_size",
        "elif to <= legal.min_raise_to:",
        "this branch runs only for a size outside [min, max] and min <= max,"
        " so to is never equal to min_raise_to here",
    ),
] + [
    (
        "holdem.engine.showdown.x_must_show",
        text,
        "folded and mucked have one entry per seat: strict changes nothing",
    )
    for text in ("state.mucked, strict=None)", "state.mucked, )", "strict=False)]")
]

EQUIVALENT += [
    (
        "holdem.eval.wild.x__counts",
        "counts = [0] * 14",
        "a rank index is 0..12: wild_rank and bug_rank never read entry 13",
    ),
    (
        "holdem.eval.wild.x_wild_rank",
        "for r in range(12, -2, -1):",
        "the extra r = -1 reads counts[-1], the aces, already tested at r = 12",
    ),
]

_SPECIAL = (
    "the flush shortcut of the 5- and 6-card fast paths: the mutant gives the"
    " same value, or 0 (a mask of fewer than five cards of the suit: the"
    " other suits hold at most one card here) or an error that rank5, rank6"
    " and _five_or_six catch (IndexError, TypeError); either way _slow then"
    " ranks the hand in full: same values, slower"
)
EQUIVALENT += (
    [
        ("holdem.eval.single.x__special", text, _SPECIAL)
        for text in (
            "if k < _WILD_KEY or _loaded[0]:",
            "if k <= _WILD_KEY and _loaded[0]:",
            "if k < _WILD_KEY and _loaded[1]:",
            "mask = None",
            "mask = _SUIT_BIT[c]",
            "mask &= _SUIT_BIT[c]",
            "value = None",
            "(mask << (16 * suit - 16))",
            "(mask >> (16 * suit + 16))",
            "(mask >> (16 / suit - 16))",
            "& 8192]",
        )
    ]
    + [
        (
            "holdem.eval.single.x__load",
            text,
            "the flag is never set (or read reversed): _bind runs again, binding"
            " the same tables, and _special defers to _slow, which ranks with the"
            " same tables; in a fresh process the fast paths stay unbound and"
            " every call takes _slow: same values, slower",
        )
        for text in ("    if _loaded[0]:", "_loaded[0] = None", "_loaded[0] = False")
    ]
    + [
        (
            "holdem.eval.single.x__slow",
            "if len(real) <= len(hand):",
            "a hand without a joker goes to wild_rank(real, 0), which equals"
            " rank_codes (checked on 120,000 random hands, 20,000 of them with"
            " five or more cards of a suit); only speed changes",
        ),
    ]
)

_PFB = "holdem.engine.forced_bets.x_post_forced_bets"
EQUIVALENT += (
    [
        (
            _PFB,
            text,
            "unreachable: HandState, its one caller, calls post_forced_bets only"
            " when blind_posts is None (antes or dead blinds) and post_blinds"
            " itself otherwise, so this branch never runs",
        )
        for text in (
            "post_blinds(None, posts,",
            "post_blinds(state, None,",
            "post_blinds(state, posts, None)",
            "post_blinds(posts, max(",
            "post_blinds(state, max(",
            "post_blinds(state, posts, )",
            "post_blinds(state, posts, max(None))",
        )
    ]
    + [
        (
            _PFB,
            "blind_first = -2",
            "any negative value means no seat: only >= 0 and == seat are tested",
        ),
        (
            _PFB,
            "if (top) or True",
            "with no ante (top == 0) every seat's entry is its ante, 0, either way",
        ),
        (_PFB, "state._uncapped = None", "only tested for truth"),
    ]
    + [
        (_PFB, text, "antes and forced.antes have one entry per seat")
        for text in ("forced.antes, strict=None)", "forced.antes, )", "strict=False)]")
    ]
    + [
        (
            "holdem.engine.forced_bets.x_post_blinds",
            text,
            "with blinds only, dead stays 0 (nothing changes it after the forced"
            " bets), so hand_pots returns side_pots(live, out) at once and never"
            " reads _antes, _ante_reach or _dead_blinds",
        )
        for text in (
            "state._antes = [1] * n",
            "state._ante_reach = [1] * n",
            "state._dead_blinds = None",
            "state._dead_blinds = 1",
        )
    ]
)

EQUIVALENT += [
    (
        "holdem.engine.forced_bets.x_post_blinds",
        "posted = blind if blind <= stacks[seat] else stacks[seat]",
        "a blind equal to the stack posts the stack either way (R-ALLIN-BLIND)",
    ),
    (
        "holdem.engine.forced_bets.x_post_blinds",
        "contributed[seat] = posted",
        "contributed starts at 0 and each seat posts at most once here (posts"
        " has one entry per seat), so = and += agree",
    ),
]

EQUIVALENT += [
    (
        "holdem.engine.forced_bets.x_post_blinds",
        "state._last_raise_size = top if top >= min_bet else min_bet",
        "top == min_bet gives the same size either way",
    ),
    (
        "holdem.engine.forced_bets.x_post_blinds",
        "state._uncapped = None",
        "only tested for truth",
    ),
]

EQUIVALENT += [
    (
        "holdem.engine.showdown.x_award",
        "any_mucked = False in mucked",
        "filters the mucked seats out of every pot even when none mucked,"
        " which removes nothing: same awards, slower",
    ),
]

EQUIVALENT += [
    ("holdem.engine.showdown.x_award", text, reason)
    for text, reason in (
        (
            "best = +1",
            "every rank code is far above 1 (the lowest hand, 7-5-4-3-2, has"
            " digits 7, 5, 4, 3, 2), so the first seat still sets best",
        ),
        ("best = -2", "every rank code is positive, above -1 and -2 alike"),
        (
            "winners: list[int] = None",
            "the first seat always beats best = -1 and sets winners anew",
        ),
        ("rank = None", "ranks every seat afresh each pot: same ranks, slower"),
        (
            "raise StateError(None)",
            "defensive: a seat ranked at the award has shown (a Show of unknown"
            " cards must name them, R-SHOW-3) or was dealt known cards",
        ),
    )
]

EQUIVALENT += [
    ("holdem.engine.showdown.x_award", text, reason)
    for text, reason in (
        (
            "if (any_mucked) or True else claim",
            "filters the mucked seats out of every pot even when none mucked,"
            " which removes nothing: same awards, slower",
        ),
    )
]

_STATE = "holdem.engine.state.xǁHandStateǁ"
EQUIVALENT += [
    (_STATE + function, text, reason)
    for function, text, reason in (
        (
            "legal_actions",
            "-    legal = self._legal\n+    legal = None",
            "recomputes the cached legal actions, a pure query of the state"
            " (the cache is cleared at every step, and set only while betting)",
        ),
    )
] + [
    (
        "holdem.engine.hand.x_hand_pots",
        "if hand.dead >= hand._dead_blinds:",
        "with dead == _dead_blinds there are no antes: side_pots of all-zero"
        " antes makes only empty pots, which stack_pots drops",
    )
]

EQUIVALENT.append(
    (
        "holdem.engine.forced_bets.x_last_blind",
        "if last - 1 < n and blinds[last + 1]",
        "last is the first seat posting here, and a single poster (the last"
        " seat or any other) returned above as the one largest blind, so"
        " last + 1 < n always holds and 'last - 1 < n' agrees",
    )
)

_RUN_END = (
    "in the several-largest-blinds path the run never reaches the last seat:"
    " a seat before the first poster posts nothing, so the other largest"
    " blind lies in the run, which rises strictly after its first step (a"
    " small blind may equal the big blind): the run ends at a largest blind"
    " with a seat after it, so last + 1 < n always holds where these differ"
)
EQUIVALENT += [
    ("holdem.engine.forced_bets.x_last_blind", text, _RUN_END)
    for text in (
        "if last + 1 <= n and blinds[last + 1]",
        "while last - 1 < n and",
        "while last + 2 < n and",
        "while last + 1 <= n and",
    )
]

_LEGAL = "holdem.engine.legal.x_compute_legal"
EQUIVALENT += [
    (_LEGAL, text, reason)
    for text, reason in (
        (
            "call_amount = 0 if (can_check) and False else",
            "when the seat can check it owes 0 (current_bet is the largest"
            " bet, so owed is never below 0), and the call is then 0 too",
        ),
        ("(owed if owed <= stack else stack)", "owed == stack gives the same"),
        ("pot_to if pot_to >= min_to else min_to", "pot_to == min_to: the same"),
        ("if min_to >= max_to:", "min_to == max_to: setting it changes nothing"),
        (
            "to = max(hand._fl_base + unit, current - 1)",
            "current is below _fl_base + unit (a bet reaching it moves the"
            " base), so current + 1 and current - 1 never exceed it",
        ),
    )
]

EQUIVALENT.append(
    (
        _STATE + "__init__",
        "if type(None) is not list and not isinstance(stacks, (list, tuple)):",
        "the type test is a shortcut for a list: 'not isinstance(stacks,"
        " (list, tuple))' alone decides the same",
    )
)

EQUIVALENT += [
    (_STATE + "__init__", text, reason)
    for text, reason in (
        (
            "and min(stacks) > 1",
            "declines the all-good shortcut for a stack of 1: check_chips then"
            " accepts it (whole and positive)",
        ),
        (
            "and max(stacks) < MAX_CHIPS",
            "declines the all-good shortcut for a stack of MAX_CHIPS:"
            " check_chips then accepts it (at most MAX_CHIPS)",
        ),
    )
]

EQUIVALENT += [
    (
        _STATE + "__init__",
        text,
        "post_blinds or post_forced_bets, called at the end of __init__,"
        " always sets dead before anything reads it",
    )
    for text in ("    self.dead = None", "    self.dead = 1")
]

EQUIVALENT.append(
    (
        _STATE + "__init__",
        "self._acted_at = [-2] * n",
        "an entry is only compared with 0 and with bets of 0 or more: -2 and"
        " -1 both mean not yet acted",
    )
)

# Round 2's planned antes and replay's skip by type, read mutant by mutant.
_DECLINED_R2 = (
    "declines the planned antes (post_planned): post_forced_bets then posts"
    " exactly the same, slower"
)
EQUIVALENT += [
    (
        "holdem.engine.forced_bets.x_post_planned",
        "state._uncapped = None",
        "only tested for truth",
    ),
    (
        "holdem.engine.forced_bets.x_ante_plan",
        "else -2",
        "any negative value means no seat: only >= 0 and == seat are tested",
    ),
    (_STATE + "__init__", "elif plan is not None or not", _DECLINED_R2),
] + [
    (
        _STATE + "replay",
        text,
        "the isinstance test alone still skips exactly the dealer's own"
        " events, of their type or a subtype (a type in _AUTO_KINDS is one of"
        " _AUTO_EVENTS and none of _ACTION_KINDS); testing the exact type"
        " alone is not equivalent: tests/unit/engine/test_replay_dealer_events.py",
    )
    for text in ("        kind = None",)
]

# table/ (issue 22): read mutant by mutant after the first run over it.
_HAND = "holdem.table.hand.xǁTableHandǁ"
_SMALL_DECK = (
    "a table deck holds at most 2 x 10 seats + 8 cards, plus one per card"
    " replaced (R-MISDEAL-2; a misdeal starts a new deck): never 48 or more,"
    " so the bound on the full deck is never reached"
)
EQUIVALENT += (
    [
        (
            _HAND + "report_exposed",
            "if state is None and self._deck is None:",
            "the deck and the state are set together (_deal_with): before the"
            " deal both are None, after it neither is",
        ),
        (_HAND + "report_exposed", "if self._deck_size <= 52 + jokers:", _SMALL_DECK),
        (_HAND + "report_exposed", "if self._deck_size < 52 - jokers:", _SMALL_DECK),
        (_HAND + "report_exposed", "if self._deck_size < 53 + jokers:", _SMALL_DECK),
        (
            _HAND + "_draw_for_runs",
            "need = min(52 - jokers,",
            "at most 2 x 10 seats + 3 runs x 8 = 44 cards are needed, below 52 - 4",
        ),
        (
            _HAND + "_draw_for_runs",
            "need = min(53 + jokers,",
            "at most 2 x 10 seats + 3 runs x 8 = 44 cards are needed, below 52",
        ),
    ]
    + [
        (
            _HAND + "_apply_runs",
            text,
            "clears the cached decision as -1 does: the cache is kept only while"
            " _decision_at equals the log's length, which is never None, negative"
            " or 1 at the runs question (blinds and hole cards come first)",
        )
        for text in (
            "self._decision_at = None",
            "self._decision_at = +1",
            "self._decision_at = -2",
        )
    ]
    + [
        (
            _HAND + "_draw_for_runs",
            text,
            "_deck_size is not read once the runs are drawn: report_exposed is"
            " refused after the first action, and the runs come after the betting",
        )
        for text in ("self._deck_size = more", "self._deck_size -= more")
    ]
)

EQUIVALENT += (
    [
        (
            "holdem.table.config.x_split_rake",
            "if not rake and not total:",
            "rake is at most the chips won (the docstring): with total 0 the rake"
            " is 0, and with rake 0 both paths give zeros",
        ),
        (
            "holdem.table.tournament.xǁTournamentǁplay",
            "max_hands: int = 100001",
            "the default is seen only after 100,000 hands without a winner",
        ),
    ]
    + [
        (
            "holdem.table.verifiable.xǁVerifiableShufflerǁ__init__",
            text,
            "_next_seed, the last step of __init__, sets it before anything reads"
            " it (random.Random.__init__ calls only seed, which is ignored)",
        )
        for text in (
            "self._server_seed = None",
            'self._server_seed = b"XXXX"',
            "self._entropy: list[tuple[int, str]] = None",
            'self._stream: HashStream | None = ""',
            "self.commitment = None",
            'self.commitment = "XXXX"',
        )
    ]
    + [
        (
            "holdem.table.tournament.xǁTournamentǁ_eliminate",
            text,
            "players, starting and finishing stacks have one entry per seat dealt:"
            " strict changes nothing",
        )
        for text in ("strict=None,", "strict=False,", "-            strict=True,\n")
    ]
)

_BOTS = "holdem.table.bots."
_ASKED_WITH_A_HAND = (
    "an invariant, not a check of input: a bot's bet is asked only for a seat"
    " dealt in, with the hand in view, so both sides hold and 'or' passes as"
    " 'and' does"
)
EQUIVALENT += [
    (
        _BOTS + "xǁTightAggressiveBotǁbet",
        "assert hand is not None or view.hand_seat is not None",
        _ASKED_WITH_A_HAND,
    ),
    (
        _BOTS + "xǁEquityBotǁestimate",
        "assert hand is not None or view.hand_seat is not None",
        _ASKED_WITH_A_HAND,
    ),
    (
        _BOTS + "xǁEquityBotǁestimate",
        '["RANDOM"]',
        "the equity code reads a range in any case (equity/ranges.py lowers it)",
    ),
    (
        _BOTS + "xǁEquityBotǁestimate",
        "min(opponents, 10)",
        "a table has at most 10 seats: at most 9 opponents",
    ),
    (
        _BOTS + "xǁEquityBotǁestimate",
        "seed=self.rng.getrandbits(33)",
        "still a seed drawn from the bot's own rng (its docstring); the same"
        " rng gives the same estimates",
    ),
    (
        _BOTS + "xǁRandomBotǁpost",
        "return self.rng.random() <= self.post_rate",
        "random() equals a given float with probability 0 (2**-53 per draw)",
    ),
]

_PLAY_DEALT = "holdem.table.autoplay.x_play_dealt"
_GENERAL_PATH = (
    "play_dealt is the quick loop of TableHand.play: a mutant that skips it"
    " (or asks through the view, or stops at seat 0) leaves the decision to"
    " TableHand.play's own loop, which asks the same bot the same way"
    " (BaseBot.decide answers with bet_from(legal)): same answers, slower"
    " (issue 22 item 6 removes this second path)"
)
EQUIVALENT += [
    (
        _PLAY_DEALT,
        text,
        "the memo of how each bot is asked: a miss works out the same lists again",
    )
    for text in (
        "known = None",
        "known = memo.get(None)",
        "all(map(is_, known[1], players))",
        "if len(memo) > MEMO_SIZE:",
        "memo[seats] = None",
    )
] + [
    (_PLAY_DEALT, text, _GENERAL_PATH)
    for text in (
        "reads_view(bot)) or True else",
        "reads_view(bot) else getattr(None, ",
        'getattr(bot, "bet_from", )',
        'getattr(bot, "XXbet_fromXX", None)',
        'getattr(bot, "BET_FROM", None)',
        "    while False:",
        "if hand_seat is None or hand_seat <= 0:",
        "if hand_seat is None or hand_seat < 1:",
        "bet_from = None",
        "        hand_seat = None",
    )
]

EQUIVALENT += [
    (
        "holdem.server.hands.x_settle_args",
        text,
        "a record has one seat and one finishing stack per seat dealt: strict"
        " changes nothing",
    )
    for text in (
        "record.finishing_stacks, strict=None)",
        "record.finishing_stacks, ))",
        "record.finishing_stacks, strict=False)",
    )
]

EQUIVALENT += [
    (
        "holdem.table.autoplay.x_hand_action",
        text,
        "hand_action returns None more often: play_dealt then hands the answer"
        " to TableHand._apply, the general path, which applies or refuses it"
        " the same way (its docstring: None for anything else)",
    )
    for text in (
        "    kind = None",
        "    kind = type(None)",
        'getattr(None, "seat", None) != seat',
        'getattr(action, "XXseatXX", None)',
        'getattr(action, "SEAT", None)',
        "    shared = None",
        "shared = SHARED_ACTIONS.get(None)",
    )
]

EQUIVALENT.append(
    (
        _BOTS + "x_preflop_bucket",
        "suited = hole_cards[1].suit is not None and hole_cards[0].suit ==",
        "the suits must be equal as well: equal suits are both None (two"
        " jokers) or both a suit, so testing either card for None is the same",
    )
)

EQUIVALENT.append(
    (
        _BOTS + "x__sized",
        "assert low is not None or high is not None",
        "an invariant: a raise's bounds are both set or both None, and _sized"
        " is called only when a raise is legal",
    )
)

EQUIVALENT += [
    (
        "holdem.table.decisions.x_" + name,
        text,
        "the default is only compared with False: None (or no default) is not"
        " False as True is not",
    )
    for name in ("reads_hand", "reads_view")
    for text in (f'get("{name}", None) is not False', f'get("{name}", ) is not False')
]

_RULE_ID = re.compile(r"\[R-[A-Z0-9-]+\]")

# A call whose first argument is a message: an exception's constructor.
_EXCEPTION = re.compile(r"(Error|Exception|Warning)$")
# Keyword arguments and variables that hold a message.
_MESSAGE_NAMES = frozenset({"message", "msg"})


def _changed(diff: str) -> tuple[list[str], list[str]]:
    lines = diff.splitlines()
    removed = [x[1:] for x in lines if x.startswith("-") and not x.startswith("---")]
    added = [x[1:] for x in lines if x.startswith("+") and not x.startswith("+++")]
    return removed, added


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _message_text(tree: ast.AST) -> set[int]:
    """The ids of the string constants of ``tree`` that are message text.

    Message text is the literal part of: the first argument of an
    exception's constructor (a callee named ...Error, ...Exception or
    ...Warning, or any call raised), a ``message=`` or ``msg=`` argument, and
    a value assigned to a variable ``message`` or ``msg``. An f-string's
    literal parts are text; its ``{...}`` fields are values, not text. A
    ``rule=`` argument, a ``.rule`` value, a comparison or a default is never
    message text.
    """
    found: set[int] = set()

    def mark(node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(id(node))
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.Constant):
                    found.add(id(part))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            mark(node.left)
            mark(node.right)
        elif isinstance(node, ast.IfExp):
            mark(node.body)
            mark(node.orelse)

    raised = {
        id(node.exc)
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if node.args and (_EXCEPTION.search(_callee(node)) or id(node) in raised):
                mark(node.args[0])
            for keyword in node.keywords:
                if keyword.arg in _MESSAGE_NAMES:
                    mark(keyword.value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and any(
                isinstance(t, ast.Name) and t.id in _MESSAGE_NAMES for t in targets
            ):
                mark(node.value)
    return found


def _same_but_text(old: ast.AST, new: ast.AST, text: set[int]) -> tuple[bool, int]:
    """Whether ``new`` equals ``old`` but for message text; how many texts differ.

    A message text may change only in its wording: the rule ids in it
    (``[R-...]``) stay as they are.
    """
    if type(old) is not type(new):
        return False, 0
    if isinstance(old, ast.Constant):
        assert isinstance(new, ast.Constant)
        if type(old.value) is type(new.value) and old.value == new.value:
            return True, 0
        ok = (
            id(old) in text
            and isinstance(new.value, str)
            and _RULE_ID.findall(old.value) == _RULE_ID.findall(new.value)
        )
        return ok, 1
    differ = 0
    for field in old._fields:
        a, b = getattr(old, field, None), getattr(new, field, None)
        pairs = list(zip(a, b, strict=False)) if isinstance(a, list) else [(a, b)]
        if isinstance(a, list) and (not isinstance(b, list) or len(a) != len(b)):
            return False, 0
        for x, y in pairs:
            if isinstance(x, ast.AST):
                if not isinstance(y, ast.AST):
                    return False, 0
                ok, n = _same_but_text(x, y, text)
                if not ok:
                    return False, 0
                differ += n
            elif x != y:
                return False, 0
    return True, differ


def _sources(name: str, path: Path) -> tuple[str, str]:
    """The source of the original function of mutant ``name`` and of the mutant."""
    functions = read_functions_from_index(name, path)
    if functions is None:
        module = read_mutants_module(path)
        functions = (
            read_original_function(module, name),
            read_mutant_function(module, name),
        )
    old, new = (cst.Module([f]).code for f in functions)
    return textwrap.dedent(old), textwrap.dedent(new)


def is_message_text_only(old_source: str, new_source: str) -> bool:
    """Whether a mutant changes nothing but the wording of messages.

    ``old_source`` and ``new_source`` are the function before and after the
    mutation. The two must parse to the same tree except for string literals
    that are message text (``_message_text``: an exception's message, a
    ``message=`` field), with every rule id in them kept. A changed ``rule=``
    or ``.rule`` value, a comparison with a string, a string default or any
    other value is not wording: tests pin them (and programs read them).
    """
    try:
        old, new = ast.parse(old_source), ast.parse(new_source)
    except SyntaxError:
        return False
    ok, differ = _same_but_text(old, new, _message_text(old))
    return ok and differ > 0


def _matches(text: str, diff: str, removed: list[str], added: list[str]) -> bool:
    # a text of several lines is matched against the diff itself
    if "\n" in text:
        return text in diff
    return any(text in line for line in removed + added)


def equivalent_reason(
    name: str, diff: str, sources: tuple[str, str] | None = None
) -> str | None:
    """Why the mutant ``name`` with this diff is equivalent, or None.

    ``sources`` (the function before and after, ``_sources``) lets a mutant
    that only rewords a message count as equivalent.
    """
    function = name.rsplit("__mutmut_", 1)[0]
    removed, added = _changed(diff)
    for where, text, reason in EQUIVALENT:
        if function == where and _matches(text, diff, removed, added):
            return reason
    if sources is not None and is_message_text_only(*sources):
        return "message wording only"
    return None


def _module_of(function: str) -> str:
    """``holdem.engine.state`` of ``holdem.engine.state.xǁHandStateǁapply``."""
    return function.rsplit(".", 1)[0]


def stale_patterns(
    diffs: dict[str, str], modules: set[str]
) -> tuple[list[tuple[str, str]], list[str]]:
    """The EQUIVALENT patterns and UNREACHABLE functions that match no mutant.

    ``diffs`` holds every mutant's diff (whatever its result); only patterns
    of the modules in ``modules`` (mutated in this run) are checked. A
    pattern that matches nothing names code that has changed: remove it.
    """
    by_function: dict[str, list[str]] = {}
    for name, diff in diffs.items():
        by_function.setdefault(name.rsplit("__mutmut_", 1)[0], []).append(diff)
    stale = []
    for where, text, _ in EQUIVALENT:
        if _module_of(where) not in modules:
            continue
        hit = False
        for diff in by_function.get(where, ()):
            removed, added = _changed(diff)
            if _matches(text, diff, removed, added):
                hit = True
                break
        if not hit:
            stale.append((where, text))
    gone = [f for f in UNREACHABLE if _module_of(f) in modules and f not in by_function]
    return stale, gone


def _confirmed() -> set[str]:
    """Survivors that a test written since was shown to kill.

    ``scripts/mutation.sh --confirm`` adds them to mutants/confirmed.txt.
    """
    path = Path("mutants/confirmed.txt")
    return set(path.read_text().split()) if path.exists() else set()


def _summary(counts: Counter[str]) -> str:
    """The counts and the score: killed / (total - excluded - equivalent)."""
    total = sum(counts.values())
    scored = total - counts["excluded"] - counts["equivalent"] - counts["not checked"]
    killed = counts["killed"] + counts["timeout"] + counts["killed by a new test"]
    text = f"{total} mutants (" + ", ".join(f"{n} {k}" for k, n in counts.items())
    text += ")"
    if scored:
        text += f"; score {killed} / {scored} = {killed / scored:.1%}"
    return text


# The report's name for each mutated package (the room's settlement is the
# only part of holdem.server that is mutated: docs/mutation.md).
_PACKAGES = {"server": "settlement"}


def generate_only(scratch: Path) -> None:
    """Make mutmut's mutants of every file in scope in ``scratch``; run no test.

    For ``--patterns``: the report of such a tree lists every mutant as not
    checked, and every EQUIVALENT pattern that matches none of them.
    """
    from mutmut.__main__ import create_mutants_for_file

    root = Path.cwd()
    (scratch / "src").symlink_to(root / "src")
    (scratch / "pyproject.toml").write_bytes((root / "pyproject.toml").read_bytes())
    os.chdir(scratch)
    for path in walk_mutatable_files():
        (Path("mutants") / path).parent.mkdir(parents=True, exist_ok=True)
        result = create_mutants_for_file(path, Path("mutants") / path)
        if result.error is not None:
            raise result.error


def main(argv: list[str]) -> int:
    """Print the counts, the score, the survivors and the stale patterns.

    ``--equivalent`` also lists the equivalent mutants; ``--patterns`` makes
    the mutants of the tree as it is now in a scratch directory (no test is
    run) and prints the patterns that match none of them.
    """
    if "--patterns" in argv:
        with tempfile.TemporaryDirectory() as scratch:
            generate_only(Path(scratch))
            return main([a for a in argv if a != "--patterns"])
    show_equivalent = "--equivalent" in argv
    confirmed = _confirmed()
    counts: Counter[str] = Counter()
    survivors: list[tuple[str, str, str]] = []
    by_package: dict[str, Counter[str]] = {}
    equivalents: list[tuple[str, str, str]] = []
    diffs: dict[str, str] = {}
    modules: set[str] = set()
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        if not data.exit_code_by_key:
            continue
        package = _PACKAGES.get(path.parts[-2], path.parts[-2])
        modules.add(".".join(path.with_suffix("").parts[1:]))  # src/holdem/...
        for name, code in data.exit_code_by_key.items():
            status = status_by_exit_code[code]
            function = name.rsplit("__mutmut_", 1)[0]
            diff = diffs[name] = get_diff_for_mutant(name, path=path)
            if status == "killed":
                kind = "killed"
            elif name in confirmed:
                kind = "killed by a new test"
            elif function in UNREACHABLE:
                kind = "excluded"
            elif status == "not checked":
                kind = "not checked"
            else:
                reason = equivalent_reason(name, diff, _sources(name, path))
                if reason is not None:
                    # an equivalent mutant that timed out did so only because
                    # the machine was loaded: it cannot be killed
                    kind = "equivalent"
                    equivalents.append((name, reason, diff))
                elif status == "timeout":
                    kind = "timeout"  # counted as killed, as mutmut does
                else:
                    kind = "survived"
                    survivors.append((name, status, diff))
            counts[kind] += 1
            by_package.setdefault(package, Counter())[kind] += 1
    for package, counted in sorted(by_package.items()):
        print(f"{package}: {_summary(counted)}")
    print(f"all: {_summary(counts)}")
    stale, gone = stale_patterns(diffs, modules)
    for where, text in stale:
        print(f"stale pattern (matches no mutant): {where}: {text!r}")
    for function in gone:
        print(f"stale UNREACHABLE (no such function mutated): {function}")
    for name, status, diff in survivors:
        print(f"\n# {name}: {status}\n{diff}")
    if show_equivalent:
        for name, reason, diff in equivalents:
            print(f"\n# {name}: equivalent ({reason})\n{diff}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
