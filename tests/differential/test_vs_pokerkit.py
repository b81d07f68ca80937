"""Differential test: our dealer against pokerkit on random no-limit hands.

pokerkit (a dev-only peer, never imported by ``src/``) is dealt the same cards
from our deck, and both engines take the same random actions. At every
decision we compare who acts, whether they may fold, the call amount, whether
a raise is allowed and the smallest and largest raise-to; at the end, every
seat's stack.

Where RULES.md knowingly differs from pokerkit the differing point is not
compared; each such skip is named in ``KNOWN`` by its rule id and counted.
Disagreements that RULES.md does not explain are in ``SUSPECTED``: they are
skipped too, so that the rest keeps being compared, and each has a strict
``xfail`` reproduction below that fails loudly once the engine changes.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("pokerkit")

from pokerkit import Automation, Mode, NoLimitTexasHoldem

from holdem.cards import Deck, format_cards, parse_cards
from holdem.engine import (
    HandState,
    LegalActions,
    Phase,
    next_dealer_steps,
)
from holdem.errors import IllegalActionError
from holdem.rules import (
    DEALER,
    Action,
    DealBoard,
    DealHole,
    ForcedBets,
    GameConfig,
    Raise,
    Show,
)
from pokerkit_model import pokerkit_merged_award

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

KNOWN = {
    "R-STRADDLE-1": (
        "the straddler acts as the big blind: pre-flop the smallest raise is a"
        " straddle more (pokerkit: min_bet more), and a raise below that does"
        " not re-open; in straddled hands pre-flop raise sizes are compared"
        " only once someone has raised by a straddle or more"
    ),
    "R-NL-3": (
        "short all-ins: one of less than a big blind does not re-open the"
        " betting (pokerkit counts the first raise of a street from 0, so it"
        " re-opens), and a seat that faces a full raise in total since it"
        " acted may raise even if a short all-in came last (pokerkit forgets"
        " the earlier ones); the raise sizes of that decision are not compared"
    ),
    "R-BET-5": (
        "no more betting once at most one player is not all-in and bets are"
        " matched (pokerkit still asks that player to check); we check for it"
    ),
    "R-POT-3": (
        "each pot keeps its own odd chips (case 074): pokerkit kills the hands"
        " that win nothing and makes the pots again without them, which can"
        " merge two pots into one with a different odd chip (pokerkit issue"
        " #46); final stacks are then compared with that merge done exactly"
    ),
    "R-POT-1": (
        "a seat all-in for less than its ante is eligible only for what it"
        " matched (pokerkit puts every ante in the main pot); payoffs skipped"
        " when such a seat won chips in either engine"
    ),
    "R-TABLE-2": (
        "heads-up the button acts first pre-flop even when the blinds are"
        " equal (pokerkit then starts with the other seat); such hands are not"
        " dealt, see the test of that name"
    ),
    "R-ALLIN-BLIND": (
        "a short blind or straddle still sets the call (pokerkit: what was"
        " posted); such hands are not dealt, see the test of that name"
    ),
}

SUSPECTED: dict[str, str] = {}


@dataclass(frozen=True)
class Setup:
    config: GameConfig
    stacks: tuple[int, ...]
    seed: int

    @property
    def forced(self) -> ForcedBets:
        return self.config.forced_bets(len(self.stacks))

    def describe(self) -> str:
        c = self.config
        return (
            f"GameConfig(small_blind={c.small_blind}, big_blind={c.big_blind},"
            f" ante={c.ante}, big_blind_ante={c.big_blind_ante},"
            f" straddles={c.straddles}), stacks={list(self.stacks)},"
            f" Deck.shuffled(random.Random({self.seed}))"
        )


@dataclass
class Tally:
    hands: int = 0
    decisions: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    disagreements: list[str] = field(default_factory=list)

    def report(self) -> str:
        lines = [f"{self.hands} hands, {self.decisions} decisions compared"]
        for rule, count in sorted(self.skipped.items()):
            why = KNOWN.get(rule) or SUSPECTED[rule]
            lines.append(f"skipped {count} x {rule}: {why}")
        lines += self.disagreements[:10]
        return "\n".join(lines)


def random_setup(rng: random.Random) -> Setup:
    """A no-limit hand: 2 to 10 seats, antes, straddles, equal or unequal stacks."""
    seats = rng.randint(2, 10)
    big_blind = rng.choice((2, 2, 10, 100))
    small_blind = big_blind // 2 if rng.random() < 0.8 else rng.randint(0, big_blind)
    if seats == 2 and small_blind == big_blind:
        small_blind -= 1  # R-TABLE-2 is a known difference: see its test
    ante = 0 if rng.random() < 0.6 else rng.randint(1, big_blind)
    big_blind_ante = bool(ante) and rng.random() < 0.3
    room = min(2, seats - 2)  # straddles left of the big blind (none heads-up)
    straddles = rng.randint(1, room) if room and rng.random() < 0.25 else 0
    config = GameConfig(
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddles=straddles,
        # pokerkit refuses a fold when a check is possible: the R-BET-1 house
        # option (our default allows it; see the rule tests)
        fold_when_check=False,
    )
    if rng.random() < 0.3:
        stacks = [200 * big_blind] * seats
    else:
        stacks = [
            rng.randint(1, 4 * big_blind)
            if rng.random() < 0.15
            else rng.randint(1, 400 * big_blind)
            for _ in range(seats)
        ]
    forced = config.forced_bets(seats)
    for seat, blind in enumerate(forced.blinds_or_straddles):
        # R-ALLIN-BLIND is a known difference: every poster covers its blind.
        need = blind + forced.antes[seat]
        if blind and stacks[seat] < need:
            stacks[seat] = need + rng.randint(0, 3 * big_blind)
    return Setup(config, tuple(stacks), rng.getrandbits(32))


def new_pokerkit(setup: Setup) -> Any:
    """pokerkit's state for the same seats (its heads-up blinds are reversed)."""
    forced = setup.forced
    blinds, antes = forced.blinds_or_straddles, forced.antes
    if len(blinds) == 2:
        blinds, antes = blinds[::-1], antes[::-1]
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        False,  # antes are dead money, never trimmed (R-ANTE-1)
        antes,
        blinds,
        setup.config.min_bet,
        setup.stacks,
        len(setup.stacks),
        mode=Mode.TOURNAMENT,
    )


def deal_both(ours: HandState, pk: Any, deck: Deck) -> None:
    """Apply the dealer's due steps to our hand and the same cards to pokerkit."""
    for step in next_dealer_steps(ours, deck):
        ours.apply(step)
        mirror_dealer_step(pk, step)


def mirror_dealer_step(pk: Any, step: Action) -> None:
    if type(step) is DealHole:
        assert step.cards is not None
        pk.deal_hole(format_cards(step.cards))
    elif type(step) is DealBoard:
        assert step.burn is not None
        pk.burn_card(str(step.burn))
        pk.deal_board(format_cards(step.cards))
    else:  # pragma: no cover - the random deal never exposes a card
        raise AssertionError(step)


def pokerkit_legal(pk: Any) -> dict[str, Any]:
    return {
        "seat": pk.actor_index,
        "can_fold": pk.can_fold(),
        "call_amount": pk.checking_or_calling_amount,
        "can_raise": pk.can_complete_bet_or_raise_to(),
        "min_raise_to": pk.min_completion_betting_or_raising_to_amount,
        "max_raise_to": pk.max_completion_betting_or_raising_to_amount,
    }


def our_legal(legal: LegalActions) -> dict[str, Any]:
    return {
        "seat": legal.seat,
        "can_fold": legal.can_fold,
        "call_amount": legal.call_amount,
        "can_raise": legal.can_raise,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
    }


RAISE_FIELDS = frozenset({"can_raise", "min_raise_to", "max_raise_to"})


def why_raise_sizes_differ(
    ours: HandState, pk: Any, mine: dict[str, Any], theirs: dict[str, Any]
) -> str | None:
    """The rule (or suspected bug) that explains a difference in raise sizes."""
    if ours.config.straddles and ours.street == 0:
        straddle = max(ours.forced.blinds_or_straddles)
        if pk.completion_betting_or_raising_amount < straddle:
            return "R-STRADDLE-1"  # pokerkit counts raises from min_bet
    seat = mine["seat"]
    if not mine["can_raise"] and theirs["can_raise"]:
        try:
            ours.check_action(Raise(seat, ours.current_bet + ours.stacks[seat]))
        except IllegalActionError as error:
            rule = error.rule
        else:  # pragma: no cover - can_raise said no
            return None
        short = pk.completion_betting_or_raising_amount < ours.config.min_bet
        return "R-NL-3" if rule == "R-NL-3" and short else None
    if mine["can_raise"] and not theirs["can_raise"]:
        current = ours.current_bet
        can_call_more = any(
            not ours.folded[s]
            and not ours.all_in[s]
            and ours.stacks[s] + ours.committed[s] > current
            for s in range(ours.seats)
            if s != seat
        )
        assert can_call_more, "R-BET-5: a raise nobody can call is offered"
        if pk.consecutive_short_all_in_amounts and seat in pk.acted_player_indices:
            return "R-NL-3"  # pokerkit: a short all-in came last
    return None


def choose(
    rng: random.Random, legal: LegalActions, low: int | None, high: int | None
) -> tuple[str, int | None]:
    """Fold, check/call, min raise, all-in or a random size, by a seeded RNG."""
    roll = rng.random()
    if legal.can_fold and roll < 0.2:
        return ("fold", None)
    if low is not None and high is not None and roll >= 0.6:
        if roll < 0.8:
            return ("raise", low)
        if roll < 0.88:
            return ("raise", high)
        return ("raise", rng.randint(low, high))
    return ("call", None)


def why_stacks_differ(setup: Setup, ours: HandState, theirs: list[int]) -> str | None:
    """The rule (or suspected bug) that explains different final stacks."""
    forced = setup.forced
    short = [
        seat
        for seat, (s, a) in enumerate(zip(setup.stacks, forced.antes, strict=True))
        if 0 < s <= a
    ]
    # Only a short seat that won chips (in either engine) can move them.
    if any(ours.stacks[seat] or theirs[seat] for seat in short):
        return "R-POT-1"
    if theirs == pokerkit_merged_award(ours):
        return "R-POT-3"
    return None


def compare_hand(setup: Setup, rng: random.Random, tally: Tally) -> None:
    """Play one hand through both engines; record what differs."""
    ours = HandState(setup.config, setup.stacks, setup.forced)
    pk = new_pokerkit(setup)
    deck = Deck.shuffled(random.Random(setup.seed))
    history: list[str] = []
    tally.hands += 1

    def disagree(what: str) -> None:
        tally.disagreements.append(f"{setup.describe()}; actions {history}: {what}")

    while not ours.is_complete:
        if ours.to_act == DEALER:
            while pk.actor_index is not None:
                # R-BET-5: pokerkit asks the only player able to bet to check.
                if pk.checking_or_calling_amount or pk.can_complete_bet_or_raise_to():
                    disagree(f"pokerkit's seat {pk.actor_index} acts, ours deals")
                    return
                pk.check_or_call()
                tally.skipped["R-BET-5"] += 1
            try:
                deal_both(ours, pk, deck)
            except ValueError as error:
                disagree(f"pokerkit refuses our dealer step: {error}")
                return
            continue
        if ours.phase is Phase.SHOWDOWN:
            ours.apply(Show(ours.to_act))  # type: ignore[arg-type]
            continue
        legal = ours.legal_actions()
        tally.decisions += 1
        mine, theirs = our_legal(legal), pokerkit_legal(pk)
        diff = {k for k in mine if mine[k] != theirs[k]}
        if diff and diff <= RAISE_FIELDS:
            reason = why_raise_sizes_differ(ours, pk, mine, theirs)
            if reason is not None:
                tally.skipped[reason] += 1
                diff = set()
        if diff:
            shown = {k: (mine[k], theirs[k]) for k in sorted(diff)}
            disagree(f"seat {legal.seat} (ours, pokerkit): {shown}")
            return
        low = high = None
        if mine["can_raise"] and theirs["can_raise"]:
            low = max(mine["min_raise_to"], theirs["min_raise_to"])
            high = min(mine["max_raise_to"], theirs["max_raise_to"])
        kind, to = choose(rng, legal, low, high)
        history.append(kind if to is None else f"{kind} {to}")
        try:
            if kind == "fold":
                ours.apply(legal.fold())
                pk.fold()
            elif kind == "call":
                ours.apply(legal.check_or_call())
                pk.check_or_call()
            else:
                assert to is not None
                ours.apply(legal.raise_to(to))
                pk.complete_bet_or_raise_to(to)
        except ValueError as error:
            disagree(f"pokerkit refuses {history[-1]}: {error}")
            return
    if pk.status:
        disagree("our hand is complete, pokerkit's is not")
        return
    theirs_stacks = list(pk.stacks)
    if theirs_stacks != ours.stacks:
        reason = why_stacks_differ(setup, ours, theirs_stacks)
        if reason is None:
            disagree(f"final stacks: ours {ours.stacks}, pokerkit {theirs_stacks}")
        else:
            tally.skipped[reason] += 1


def run(hands: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(hands):
        compare_hand(random_setup(rng), rng, tally)
    return tally


PAYOFF_SKIPS = ("R-POT-1", "R-POT-3")


def check_tally(tally: Tally) -> None:
    """No unexplained difference, and payoffs skipped in at most 2% of hands
    for each known reason (a skip that grew would hide a real bug)."""
    print(tally.report())
    assert not tally.disagreements, tally.report()
    for rule in PAYOFF_SKIPS:
        assert tally.skipped[rule] <= tally.hands // 50, tally.report()


def test_same_legal_sizes_and_payoffs_as_pokerkit() -> None:
    check_tally(run(300, seed=2024))


@pytest.mark.slow
def test_same_legal_sizes_and_payoffs_as_pokerkit_many_hands() -> None:
    check_tally(run(3000, seed=7))


# ------------------------------------------- the known differences themselves


def _dealt(setup: Setup, deck: Deck) -> tuple[HandState, Any]:
    ours = HandState(setup.config, setup.stacks, setup.forced)
    pk = new_pokerkit(setup)
    deal_both(ours, pk, deck)
    return ours, pk


def test_R_ALLIN_BLIND_differs_from_pokerkit() -> None:
    """A big blind all-in for 1 of 2: we still call 2 (RRP); pokerkit calls 1."""
    setup = Setup(GameConfig(small_blind=1, big_blind=2), (100, 1, 100), 0)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(0)))
    assert ours.legal_actions().call_amount == 2
    assert pk.checking_or_calling_amount == 1


def test_R_STRADDLE_1_differs_from_pokerkit() -> None:
    """Blinds 1/2 and a 4 straddle: our smallest raise is to 8, pokerkit's to 6."""
    setup = Setup(GameConfig(small_blind=1, big_blind=2, straddles=1), (100,) * 4, 0)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(0)))
    assert ours.legal_actions().min_raise_to == 8
    assert pk.min_completion_betting_or_raising_to_amount == 6


def test_R_NL_3_short_allin_raise_differs_from_pokerkit() -> None:
    """Blinds 1/2: the button calls 2, the small blind goes all-in to 3.

    A raise by 1 is less than a full raise, so the button, who already acted,
    may only call or fold (R-NL-3); pokerkit lets it raise.
    """
    setup = Setup(GameConfig(small_blind=1, big_blind=2), (3, 700, 100), 0)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(0)))
    for _ in range(3):  # button calls, small blind all-in to 3, big blind calls
        legal = ours.legal_actions()
        action = legal.raise_to(3) if legal.seat == 0 else legal.check_or_call()
        ours.apply(action)
        if legal.seat == 0:
            pk.complete_bet_or_raise_to(3)
        else:
            pk.check_or_call()
    assert ours.legal_actions().seat == 2 == pk.actor_index
    assert not ours.legal_actions().can_raise
    assert pk.can_complete_bet_or_raise_to()


def test_R_NL_3_full_raise_in_total_differs_from_pokerkit() -> None:
    """Seat 2 raises to 10 (by 8); all-ins to 15, 19 and 20 follow; seat 5 calls.

    Back to seat 2, it faces 10 more since it acted, more than a full raise
    (8), so it may raise (R-NL-3). pokerkit looks only at the short all-ins
    since its running total last reached a full raise (the one to 20).
    """
    config = GameConfig(small_blind=1, big_blind=2)
    setup = Setup(config, (20, 100, 100, 15, 19, 100), 0)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(0)))
    for to in (10, 15, 19, None, 20, 0):  # None: call, 0: fold
        legal = ours.legal_actions()
        if to is None:
            ours.apply(legal.check_or_call())
            pk.check_or_call()
        elif to == 0:
            ours.apply(legal.fold())
            pk.fold()
        else:
            ours.apply(legal.raise_to(to))
            pk.complete_bet_or_raise_to(to)
    assert ours.legal_actions().seat == 2 == pk.actor_index
    assert ours.legal_actions().can_raise
    assert not pk.can_complete_bet_or_raise_to()


def test_R_TABLE_2_equal_blinds_heads_up_differs_from_pokerkit() -> None:
    """Heads-up with blinds 2/2: the button (seat 1) acts first; pokerkit: seat 0."""
    setup = Setup(GameConfig(small_blind=2, big_blind=2), (100, 100), 0)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(0)))
    assert ours.legal_actions().seat == 1
    assert pk.actor_index == 0


# ---------------------------- once suspected, fixed: kept as regression tests


def test_R_BET_5_no_raise_that_nobody_can_call() -> None:
    """Blinds 1/2, stacks 400/600/300: button raises to 250, small blind all-in 400.

    The big blind faces 400; the button (300 in all) can only call all-in for
    less, the small blind is all-in. A raise could never be called.
    """
    setup = Setup(GameConfig(small_blind=1, big_blind=2), (400, 600, 300), 1)
    ours, pk = _dealt(setup, Deck.shuffled(random.Random(1)))
    for to in (250, 400):
        ours.apply(ours.legal_actions().raise_to(to))
        pk.complete_bet_or_raise_to(to)
    assert not pk.can_complete_bet_or_raise_to()
    assert not ours.legal_actions().can_raise  # was: raise to 600 offered


def test_R_ANTE_1_big_blind_ante_is_dead_money_as_in_pokerkit() -> None:
    """Heads-up, blinds 1/2, big-blind ante 2, stacks 100/50.

    The button (seat 1) raises all-in to 50 and the big blind calls; the
    button wins. The 2-chip ante is dead money, so the button wins 102 (an
    engine before 1a6e791 gave the big blind its ante back as a side pot).
    """
    config = GameConfig(small_blind=1, big_blind=2, ante=2, big_blind_ante=True)
    setup = Setup(config, (100, 50), 2)
    # Seat 0 gets 5s4d, seat 1 gets 9d7d; board 3h As 8h, 8c, Th.
    deck = Deck(parse_cards("5s 9d 4d 7d  2c 3h As 8h  2d 8c  2h Th"))
    ours, pk = _dealt(setup, deck)
    ours.apply(ours.legal_actions().raise_to(50))
    pk.complete_bet_or_raise_to(50)
    ours.apply(ours.legal_actions().check_or_call())
    pk.check_or_call()
    while not ours.is_complete:
        assert ours.to_act == DEALER
        deal_both(ours, pk, deck)
    assert pk.stacks == [48, 102]
    assert ours.stacks == [48, 102]
