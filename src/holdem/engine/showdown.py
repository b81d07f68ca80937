"""Showdown and the award of the pots (R-SHOW-1..4, R-POT-1..4).

These functions read a ``Hand`` and return a verdict (they raise) or a value
(the next seat to show, the chips each pot gives to whom); they change
nothing. ``HandState`` calls them and carries out what they return.
"""

from __future__ import annotations

from operator import attrgetter

from holdem.betting.pots import split_pot
from holdem.engine import refusals
from holdem.engine.events import AwardPot, Phase
from holdem.engine.hand import Hand, hand_pots
from holdem.engine.legal import compute_legal
from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.eval import ranker
from holdem.rules.actions import DEALER, Muck, Show

__all__ = [
    "award",
    "check_show_or_muck",
    "is_beaten",
    "must_show",
    "next_to_show",
    "show_order",
]

_code = attrgetter("code")


def show_order(state: Hand) -> list[int]:
    """Seats still in the hand, in the order they show (R-SHOW-2).

    The last player to bet or raise on the river shows first; with no river
    bet, the first active seat left of the button (one that could still act,
    as in R-BET-3: not all-in) does. Then the players contesting the last
    side pot, clockwise from the first, and after them those all-in for
    earlier pots, the pot they reach last shown last (Robert's Rules: players
    in a side pot show before a player all-in for the main pot only; case
    102). After an all-in run-out nobody could act (R-BET-5; the hands are
    face up, R-SHOW-3): the first seat left of the button in the last side
    pot shows first.
    """
    seats = state.seats
    folded, mucked, all_in = state.folded, state.mucked, state.all_in
    contributed = state.contributed
    live = [s for s in range(seats) if not folded[s]]
    if not live:
        return []
    active = [] if state.runout else [s for s in live if not all_in[s]]
    # the last side pot's level: an active seat has matched every bet
    top = max(contributed[s] for s in (active or live))
    first = state.last_aggressor
    if first is None:
        first = (active or [s for s in live if contributed[s] >= top])[0]

    def turn(seat: int) -> tuple[int, int]:
        # the pot a seat reaches last (higher first), then clockwise
        return (-min(contributed[seat], top), (seat - first) % seats)

    return sorted((s for s in live if not mucked[s]), key=turn)


def next_to_show(state: Hand) -> int | None:
    """The next seat to show or muck, or ``None`` when the pots can be awarded.

    ``None`` when every seat still in has shown, or all others mucked (one
    hand left needs no showing). The order is ``show_order``'s (R-SHOW-2).
    """
    order = show_order(state)
    if len(order) <= 1:
        return None
    shown = state.shown
    for seat in order:
        if not shown[seat]:
            return seat
    return None


def check_show_or_muck(state: Hand, action: Show | Muck) -> None:
    """Raise unless ``action`` may be done now (see ``HandState.check_action``).

    A seat shows or mucks in turn at showdown (R-SHOW-2). During an all-in
    run-out, a seat whose cards the engine does not know (a replayed record)
    may show them at any time (R-SHOW-3).
    """
    refusals.check_seat(state, action)
    seat = action.seat
    if state.phase is Phase.COMPLETE:
        raise StateError(
            f"{action} is not possible: the hand is complete [R-POT-2]", rule="R-POT-2"
        )
    in_runout = state.runout and state.to_act == DEALER
    if type(action) is Show and in_runout:
        if state.folded[seat] or state.shown[seat]:
            raise IllegalActionError(
                f"seat {seat} cannot show: it is not in the hand or already"
                " shown [R-SHOW-3]",
                rule="R-SHOW-3",
            )
    elif state.phase is not Phase.SHOWDOWN:
        # during a betting round the refusal carries the round's legal
        # actions, as the round's other refusals do; the dealer's turn has none
        legal = (
            (state._legal or compute_legal(state))
            if state.phase is Phase.BETTING
            else None
        )
        raise NotYourTurnError(
            f"{action} is not possible before the showdown: {refusals.expected(state)}"
            " [R-SHOW-2]",
            legal=legal,
            rule="R-SHOW-2",
        )
    elif seat != state.to_act:
        raise NotYourTurnError(
            f"seat {seat} cannot show or muck now: seat {state.to_act} is next"
            " to show [R-SHOW-2]",
            rule="R-SHOW-2",
        )
    if type(action) is Show:
        _check_shown_cards(state, action)
        return
    claim = must_show(state, seat)
    if claim == _SHOWS_FIRST:
        raise IllegalActionError(
            f"seat {seat} cannot muck: it shows first (the last to bet or raise"
            " on the river, or with no river bet the first active seat left of"
            " the button), so it must show its whole hand [R-SHOW-2]",
            rule="R-SHOW-2",
        )
    if claim:
        raise IllegalActionError(
            f"seat {seat} cannot muck: it is the last hand that can win a"
            f" pot of {claim}; it must show [R-SHOW-2]",
            rule="R-SHOW-2",
        )


_SHOWS_FIRST = -1


def must_show(state: Hand, seat: int) -> int:
    """Why ``seat``, in the showdown, may not muck: 0 when it may (R-SHOW-2).

    Returns:
        -1 when it shows first (the last to bet or raise on the river, or
        with no river bet the first active seat left of the button); else the
        chips of a pot it is the last hand able to win; else 0.
    """
    if seat == show_order(state)[0]:
        return _SHOWS_FIRST
    if not state.dead:
        # no dead money: the first to show (the river's last aggressor or an
        # active seat, else one in the last side pot) is in every pot of
        # bets and never mucks, so no such pot loses its last claimant. Antes
        # and dead blinds are layers of their own: antes of different sizes
        # make a pot only the larger posters reach (R-ANTE-1), checked below.
        return 0
    mucked = [f or m for f, m in zip(state.folded, state.mucked, strict=True)]
    mucked[seat] = True
    for pot in hand_pots(state, state.contributed, state.folded):
        if seat in pot.eligible and all(mucked[s] for s in pot.eligible):
            return pot.amount
    return 0


def is_beaten(state: Hand, seat: int) -> bool:
    """Whether ``seat``'s hand cannot win: a shown hand beats it in every pot.

    Cards speak (R-SHOW-4): for each pot ``seat`` may win, a hand already
    shown and eligible for that pot must rank strictly above it on every
    run's board; a tie or a pot nobody shown contests means it may still
    win, so it is turned up rather than mucked (R-SHOW-2: only a player who
    cannot win may muck). False for a seat whose cards are unknown.
    """
    cards = state.hole_cards[seat]
    if cards is None:
        return False
    rank_hand = ranker(state.config.joker_rule)
    boards = [state.board, *state.run_boards]
    shown = state.shown
    own = [
        rank_hand([cards[0].code, cards[1].code, *map(_code, board)])
        for board in boards
    ]
    for pot in hand_pots(state, state.contributed, state.folded):
        if seat not in pot.eligible:
            continue
        rivals = [s for s in pot.eligible if s != seat and shown[s]]
        beaten = False
        for s in rivals:
            held = state.hole_cards[s]
            if held is None:
                continue
            if all(
                rank_hand([held[0].code, held[1].code, *map(_code, board)]) > mine
                for board, mine in zip(boards, own, strict=True)
            ):
                beaten = True
                break
        if not beaten:
            return False
    return True


def _check_shown_cards(state: Hand, action: Show) -> None:
    seat, cards = action.seat, action.cards
    held = state.hole_cards[seat]
    if held is None:
        if cards is None:
            raise InvalidInputError(
                f"seat {seat}'s hole cards are unknown: Show must name them"
            )
        refusals.check_new_cards(state, cards, 2, f"cards shown by seat {seat}")
    elif cards is not None and set(cards) != set(held):
        shown = "".join(map(str, cards))
        real = "".join(map(str, held))
        raise IllegalActionError(
            f"seat {seat} cannot show {shown}: it holds {real} [R-SHOW-4]",
            rule="R-SHOW-4",
        )


def award(state: Hand) -> list[AwardPot]:
    """The award of every pot to the best hand that still claims it (R-SHOW-4).

    The pots are made by the all-ins and the folds only (R-POT-1): a seat
    that mucked gives up its claim to each pot it could win, but the pots
    stay as they were, and each is split on its own with its own odd chips
    (R-POT-2, R-POT-3, case 074). A player who won by everyone folding shows
    nothing (R-SHOW-1). Changes nothing: the caller moves the chips.

    A board run more than once (R-RIT-1) splits each pot into one equal
    share per run, the odd chips of that split to the first run, and awards
    each share on its own run's board: the awards of run 1 come first.

    Returns:
        One ``AwardPot`` per pot and run, main pot first, with the chips per
        winner.
    """
    folded = state.folded
    mucked = state.mucked
    any_mucked = True in mucked
    odd_chips = state.config.odd_chips
    # R-DECK-2: what a joker may stand for (the wild rule's ranker is
    # rank_codes itself, so a game without the bug rule pays nothing).
    rank_hand = ranker(state.config.joker_rule)
    ranks = [-1] * len(folded)  # each seat's hand rank, once it is needed
    hole_cards = state.hole_cards
    # the pots of the all-ins and the folds, dead money first (R-POT-1); the
    # last player left in wins them all unseen (R-SHOW-1): one pot, its alone
    # (and none when the only chips in were an uncalled bet)
    pots = hand_pots(state, state.contributed, folded)
    # R-RIT-1: a board run more than once splits each pot into equal
    # shares, one per run, the odd chips of that split to the first run;
    # each share goes to the best hand on its own run's board
    boards = [state.board, *state.run_boards] if state.runs > 1 else [state.board]
    runs = len(boards)
    awards: list[AwardPot] = []
    for run, run_board in enumerate(boards, 1):
        board = [*map(_code, run_board)]
        if run > 1:
            ranks = [-1] * len(folded)  # each run ranks the hands afresh
        for index, pot in enumerate(pots):
            amount = whole = pot.amount
            if runs > 1:
                amount, odd = divmod(whole, runs)
                if run == 1:
                    amount += odd
                if not amount:
                    continue  # a pot smaller than the runs: nothing for this one
            claim = pot.eligible
            eligible = [s for s in claim if not mucked[s]] if any_mucked else claim
            if len(eligible) == 1:
                shares: tuple[tuple[int, int], ...] = ((eligible[0], amount),)
            else:
                best = -1
                winners: list[int] = []
                for seat in eligible:
                    rank = ranks[seat]
                    if rank < 0:  # not ranked yet
                        cards = hole_cards[seat]
                        if cards is None:
                            raise StateError(_UNKNOWN_CARDS)
                        rank = ranks[seat] = rank_hand(
                            [cards[0].code, cards[1].code, *board]
                        )
                    if rank > best:
                        best, winners = rank, [seat]
                    elif rank == best:
                        winners.append(seat)
                if len(winners) == 1:
                    shares = ((winners[0], amount),)
                else:
                    shares = tuple(
                        sorted(split_pot(amount, winners, odd_chips).items())
                    )
            step = _new_object(AwardPot)  # the fields are made right here
            _set_pot(step, index)
            _set_amount(step, amount)
            _set_shares(step, shares)
            _set_run(step, run)
            awards.append(step)
    return awards


_UNKNOWN_CARDS = "a hand in the showdown has unknown hole cards"
_new_object = object.__new__
# an AwardPot's slots, set straight (frozen dataclasses refuse setattr)
_set_pot = vars(AwardPot)["pot"].__set__
_set_amount = vars(AwardPot)["amount"].__set__
_set_shares = vars(AwardPot)["shares"].__set__
_set_run = vars(AwardPot)["run"].__set__
