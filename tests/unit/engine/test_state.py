"""HandState as an API: errors, copies, replays and per-seat views."""

import random
from decimal import Decimal

import pytest

from holdem import parse_cards
from holdem.cards import Deck
from holdem.engine import (
    HandState,
    LegalActions,
    Phase,
    Street,
    next_dealer_steps,
    run_dealer,
)
from holdem.errors import (
    BetSizeError,
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.rules import DEALER as DEALER_TO_ACT
from holdem.rules import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    ForcedBets,
    GameConfig,
    Muck,
    Raise,
    Show,
)

CONFIG = GameConfig(small_blind=5, big_blind=10)


def snapshot(state: HandState) -> tuple[object, ...]:
    return (
        list(state.events),
        list(state.stacks),
        list(state.committed),
        list(state.contributed),
        state.to_act,
        state.phase,
        state.current_bet,
        list(state.folded),
    )


def dealt_hand(seats: int = 4, seed: int = 1) -> HandState:
    state = HandState(CONFIG, [1000] * seats)
    run_dealer(state, Deck.shuffled(random.Random(seed)))
    return state


def test_R_BLIND_4_blinds_are_posted_as_live_bets() -> None:
    state = HandState(CONFIG, [1000] * 4)
    assert state.committed == [5, 10, 0, 0]
    assert state.stacks == [995, 990, 1000, 1000]
    assert state.to_act == DEALER_TO_ACT and state.phase is Phase.DEALING


def test_R_NL_2_refusal_names_rule_legal_options_and_changes_nothing() -> None:
    state = dealt_hand()
    before = snapshot(state)
    with pytest.raises(BetSizeError) as info:
        state.apply(Raise(2, 15))
    message = str(info.value)
    assert "minimum is 20" in message and "[R-NL-2]" in message
    assert "call 10" in message and "raise to 20..1000" in message
    assert info.value.rule == "R-NL-2"
    assert info.value.legal == state.legal_actions()
    assert snapshot(state) == before


def test_R_BET_2_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = dealt_hand()
    before = snapshot(state)
    with pytest.raises(NotYourTurnError, match="seat 2's turn"):
        state.apply(Call(3))
    assert snapshot(state) == before


def test_player_action_while_dealer_is_to_act_is_refused() -> None:
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(IllegalActionError, match="deal hole cards to seat 0"):
        state.apply(Fold(2))


def test_R_DEAL_1_hole_cards_go_in_seat_order() -> None:
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(NotYourTurnError, match="seat 0 next"):
        state.apply(DealHole(1, parse_cards("AsKs")))
    state.apply(DealHole(0, parse_cards("AsKs")))
    with pytest.raises(IllegalActionError, match="As was already dealt"):
        state.apply(DealHole(1, parse_cards("AsQd")))


def test_complete_hand_refuses_everything() -> None:
    state = dealt_hand(seats=2)
    state.apply(Fold(1))  # heads-up: the button (seat 1) acts first pre-flop
    assert state.is_complete and state.payoffs == (5, -5)
    with pytest.raises(StateError):
        state.apply(DealBoard(parse_cards("2c3c4c")))


def test_copy_is_independent() -> None:
    state = dealt_hand()
    other = state.copy()
    other.apply(Call(2))
    assert state.to_act == 2 and other.to_act == 3
    assert state.stacks[2] == 1000 and other.stacks[2] == 990
    assert len(other.events) == len(state.events) + 1


def test_replay_of_event_log_gives_the_same_log() -> None:
    state = dealt_hand(seats=3, seed=4)
    state.apply(Raise(2, 30))
    state.apply(Call(0))
    state.apply(Fold(1))
    again = HandState.replay(CONFIG, [1000] * 3, state.events)
    assert again.events == state.events
    assert again.street is Street.PREFLOP and again.to_act == DEALER_TO_ACT


def test_R_HISTORY_1_view_hides_other_hole_cards() -> None:
    state = dealt_hand(seats=3)
    view = state.view(1)
    assert view.hole_cards[1] == state.hole_cards[1]
    assert view.hole_cards[0] is None and view.hole_cards[2] is None
    hidden = [e for e in view.events if isinstance(e, DealHole) and e.seat != 1]
    assert all(e.cards is None for e in hidden) and len(hidden) == 2
    assert view.legal is None  # seat 2 is to act, not seat 1
    assert state.view(2).legal == state.legal_actions()


def test_bad_stacks_are_refused() -> None:
    from holdem.errors import InvalidInputError

    for stacks in ([100], [100, 0], [100, -5], [100, 50.0], [100] * 23):
        with pytest.raises(InvalidInputError):
            HandState(CONFIG, stacks)  # type: ignore[arg-type]


def test_R_STRADDLE_1_button_straddle_acts_last_preflop() -> None:
    from holdem.rules import Check, ForcedBets

    # blinds 1/2 and a button straddle of 4 (PHH allows it): action starts at
    # the small blind and the straddler keeps the last word (R-STRADDLE-1).
    forced = ForcedBets((1, 2, 0, 4), (0, 0, 0, 0))
    state = HandState(GameConfig(small_blind=1, big_blind=2), [100] * 4, forced)
    run_dealer(state, Deck.shuffled(random.Random(3)))
    order = []
    for _ in range(3):
        order.append(state.to_act)
        state.apply(state.legal_actions().check_or_call())
    assert order == [0, 1, 2]
    legal = state.legal_actions()
    assert (legal.seat, legal.can_check, legal.min_raise_to) == (3, True, 8)
    state.apply(Check(3))
    assert state.to_act == DEALER_TO_ACT and state.total_pot == 16  # round over


def test_R_ALLIN_BLIND_short_big_blind_pays_blind_before_big_blind_ante() -> None:
    # TDA big-blind ante: a short big blind's chips go to the blind first.
    config = GameConfig(small_blind=5, big_blind=10, ante=10, big_blind_ante=True)
    state = HandState(config, [100, 15, 100])
    assert state.committed == [5, 10, 0]
    assert state.stacks == [95, 0, 100]
    assert state.dead == 5  # the ante gets what is left
    assert state.all_in[1]


def test_pots_are_gone_once_awarded() -> None:
    state = dealt_hand(seats=2)
    state.apply(Fold(1))
    assert state.total_pot == 0 and state.pots == ()
    assert sum(state.stacks) == 2000


def test_view_of_a_seat_not_at_the_hand_is_refused() -> None:
    from holdem.errors import InvalidInputError

    state = dealt_hand(seats=3)
    with pytest.raises(InvalidInputError, match=r"seats are 0\.\.2"):
        state.view(5)


def test_refusals_out_of_phase_name_a_rule() -> None:
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(NotYourTurnError) as during_deal:
        state.apply(Fold(0))
    assert during_deal.value.rule == "R-DEAL-1"
    run_dealer(state, Deck.shuffled(random.Random(5)))
    with pytest.raises(NotYourTurnError) as while_betting:
        state.apply(DealBoard(parse_cards("2c3c4c")))
    assert while_betting.value.rule == "R-BET-4"
    state.apply(Fold(2))
    state.apply(Fold(0))
    with pytest.raises(StateError) as after:
        state.apply(Call(1))
    assert after.value.rule == "R-SHOW-1" and "[R-SHOW-1]" in str(after.value)


@pytest.mark.parametrize("kind", [Show, Muck])
def test_R_SHOW_2_show_or_muck_while_betting_carries_the_legal_actions(kind) -> None:
    # like the round's other refusals, the error says and carries what is
    # legal: seat 2 (first after the blinds, R-BET-2) faces the big blind of
    # 10 and may raise to 20 (R-NL-2) up to its stack of 1000 (R-NL-1)
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(NotYourTurnError) as dealing:
        state.apply(kind(0))
    assert dealing.value.legal is None  # the dealer's turn: nothing for a seat
    run_dealer(state, Deck.shuffled(random.Random(5)))
    before = snapshot(state)
    with pytest.raises(NotYourTurnError) as betting:
        state.apply(kind(2))
    assert betting.value.rule == "R-SHOW-2"
    assert betting.value.legal == LegalActions(2, True, False, 10, 20, 1000, False)
    assert "fold, call 10, raise to 20..1000" in str(betting.value)
    assert snapshot(state) == before


def all_in_runout_with_unknown_cards() -> HandState:
    # three seats, hole cards unknown to the engine (as in a replayed record)
    state = HandState(GameConfig(small_blind=1, big_blind=2), [100, 100, 50])
    for seat in range(3):
        state.apply(DealHole(seat, None))
    state.apply(Raise(2, 50))
    state.apply(Fold(0))
    state.apply(Call(1))
    return state


def test_show_by_a_seat_not_at_the_hand_is_refused_cleanly() -> None:
    from holdem.errors import InvalidInputError
    from holdem.rules import Show

    state = all_in_runout_with_unknown_cards()
    assert not state.is_legal(Show(3)) and not state.is_legal(Show(-1))
    with pytest.raises(InvalidInputError, match="no seat 3"):
        state.apply(Show(3, parse_cards("AsAh")))


def test_R_DECK_1_cards_shown_from_unknown_hands_cannot_repeat() -> None:
    from holdem.rules import Show

    state = all_in_runout_with_unknown_cards()
    state.apply(Show(1, parse_cards("AsAh")))
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Show(2, parse_cards("AsKs")))
    assert info.value.rule == "R-DECK-1" and snapshot(state) == before


def test_R_DEAL_3_wrong_card_count_names_the_rule() -> None:
    from holdem.errors import InvalidInputError

    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(InvalidInputError) as info:
        state.apply(DealHole(0, list(parse_cards("AsAh"))))  # type: ignore[arg-type]
    assert info.value.rule == "R-DEAL-3"
    assert "Card.parse" not in str(info.value) and "AsAh" in str(info.value)


def test_events_print_in_one_form() -> None:
    """Every event of a hand (posts, deals, bets, the uncalled bet, shows and
    awards) prints as a sentence naming the seat, the dealer or the pot,
    never as a dataclass repr."""
    config = GameConfig(small_blind=5, big_blind=10, ante=1)
    state = HandState(config, [1000, 1000, 300])
    deck = Deck.shuffled(random.Random(4))
    run_dealer(state, deck)
    state.apply(Raise(2, 299))
    state.apply(Call(0))
    state.apply(Raise(1, 999))
    state.apply(Call(0))
    while not state.is_complete:
        run_dealer(state, deck)
    texts = [str(e) for e in state.events]
    assert len({type(e) for e in state.events}) >= 7
    for event, text in zip(state.events, texts, strict=True):
        assert not text.startswith(type(event).__name__ + "("), text
        assert text.split()[0] in {"seat", "dealer", "main", "side"}, text


@pytest.mark.parametrize(
    "make",
    [
        lambda: Call(True),
        lambda: Call(2.0),
        lambda: Fold(Decimal(2)),
        lambda: Raise(1, 20.0),
        lambda: Bet(False, 20),
        lambda: DealBoard(None),  # type: ignore[arg-type]
        lambda: DealBoard(list(parse_cards("AsKsQs"))),  # type: ignore[arg-type]
        lambda: DealHole(0, ("As", "Ks")),  # type: ignore[arg-type]
        lambda: Show(2, "AsKs"),  # type: ignore[arg-type]
        lambda: DealBoard(parse_cards("AsKsQs"), "2c"),  # type: ignore[arg-type]
    ],
)
def test_constructors_refuse_wrong_types(make) -> None:
    """Seats and chips are ints that are not bools; cards are tuples of Card
    values (issue 7 item 12): refused with InvalidInputError when built."""
    with pytest.raises(InvalidInputError):
        make()


def test_huge_amount_refused_with_a_bounded_message() -> None:
    """A raise to a number of thousands of digits is refused by the size
    rule, and the message stays short (no unbounded number is formatted)."""
    state = dealt_hand()
    seat = state.to_act
    with pytest.raises(BetSizeError) as info:
        state.apply(Raise(seat, 10**5000))
    assert len(str(info.value)) < 300
    assert "R-NL-1" in str(info.value)
    assert not state.is_legal(Raise(seat, 10**5000))


def test_is_legal_answers_for_anything() -> None:
    state = dealt_hand()
    for junk in (None, 3, "fold", object(), Call, [Call(2)]):
        assert state.is_legal(junk) is False  # type: ignore[arg-type]
        with pytest.raises(InvalidInputError):
            state.apply(junk)  # type: ignore[arg-type]


def test_HandState_refuses_wrong_types() -> None:
    with pytest.raises(InvalidInputError):
        HandState("no-limit", [100, 100])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        HandState(CONFIG, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        HandState(CONFIG, [100, True])
    with pytest.raises(InvalidInputError):
        HandState(CONFIG, [100, 100], forced=(1, 2))  # type: ignore[arg-type]


def test_R_MISDEAL_1_no_exposure_once_allin_hands_are_face_up() -> None:
    """Both players are all-in from the blinds: once the hands are turned up
    (R-SHOW-3) an exposed card is refused, so the record still replays."""
    state = HandState(CONFIG, [10, 5])
    deck = Deck.shuffled(random.Random(2))
    for step in next_dealer_steps(state, deck):  # the hole cards only
        state.apply(step)
    assert all(state.shown) and state.to_act == DEALER_TO_ACT
    with pytest.raises(StateError) as info:
        state.apply(ExposeCard(3))
    assert info.value.rule == "R-MISDEAL-1"
    run_dealer(state, deck)
    assert state.is_complete
    again = HandState.replay(CONFIG, [10, 5], state.events)
    assert again.events == state.events


class _ListDeck(Deck):
    """A Deck subclass: run_dealer deals it step by step, through apply."""


@pytest.mark.parametrize("seed", range(40))
def test_R_DEAL_1_run_dealer_deals_as_the_steps_one_by_one(seed: int) -> None:
    # run_dealer deals a Deck in one go; the same cards dealt step by step
    # (a Deck subclass takes the general path) must give the same hand.
    rng = random.Random(seed)
    stacks = [rng.randint(1, 60) for _ in range(rng.randint(2, 9))]
    order = Deck.shuffled(random.Random(seed)).deal(52)
    fast, slow = HandState(CONFIG, stacks), HandState(CONFIG, stacks)
    fast_deck, slow_deck = Deck(order), _ListDeck(order)
    while not fast.is_complete:
        if fast.to_act == DEALER_TO_ACT:
            run_dealer(fast, fast_deck)
            run_dealer(slow, slow_deck)
        elif fast.phase is Phase.SHOWDOWN:
            fast.apply(Show(fast.to_act))  # type: ignore[arg-type]
            slow.apply(Show(slow.to_act))  # type: ignore[arg-type]
        else:
            legal = fast.legal_actions()
            action = legal.check_or_call() if rng.random() < 0.8 else legal.fold()
            if legal.min_raise_to is not None and rng.random() < 0.3:
                action = legal.raise_to(legal.min_raise_to)
            fast.apply(action)
            slow.apply(action)
        assert snapshot(fast) == snapshot(slow)
        assert len(fast_deck) == len(slow_deck)
    assert fast.events == slow.events and fast.board == slow.board


def test_deck_holds_only_cards() -> None:
    with pytest.raises(InvalidInputError, match="Card values, not a str"):
        Deck(["As", "Kd"])  # type: ignore[list-item]


def test_R_BET_2_each_hand_posts_its_own_configs_forced_bets() -> None:
    # Hands of different configs (and sizes) in turn: each posts its own
    # config's blinds, antes and straddle, and the seat left of the last
    # blind or straddle acts first (R-BLIND-1, R-ANTE-1, R-STRADDLE-1).
    plain = GameConfig(small_blind=1, big_blind=2)
    straddle = GameConfig(small_blind=5, big_blind=10, straddles=1)
    antes = GameConfig(small_blind=5, big_blind=10, ante=1)
    for config in (plain, straddle, antes, plain, straddle, antes):
        for seats in (3, 6):
            state = HandState(config, [100] * seats)
            assert state.forced == config.forced_bets(seats)
            run_dealer(state, Deck.shuffled(random.Random(seats)))
            blinds = [config.small_blind, config.big_blind]
            if config is straddle:
                blinds.append(2 * config.big_blind)
                assert state.to_act == 3 % seats
            else:
                assert state.to_act == 2 % seats
            assert state.committed[: len(blinds)] == blinds
            assert state.dead == config.ante * seats


def test_R_BLIND_4_R_BET_2_forced_bets_given_hand_after_hand_are_each_posted():
    # A table passes the same ForcedBets value hand after hand (the engine
    # remembers what it worked out from it); values made and dropped in
    # turn, some the same, some not, must each be posted as they say.
    rng = random.Random(3)
    config = GameConfig(small_blind=1, big_blind=2)
    kept = ForcedBets((1, 2, 0, 0), (0, 0, 0, 0))
    for _ in range(300):
        n = rng.randint(3, 6)
        small, big = sorted(rng.sample(range(1, 9), 2))
        blinds = [0] * n
        blinds[0], blinds[1] = small, big
        forced = kept if rng.random() < 0.3 and n == 4 else None
        if forced is None:
            forced = ForcedBets(tuple(blinds), (0,) * n)
        else:
            blinds = [1, 2, 0, 0]
        state = HandState(config, [100] * n, forced)
        assert state.committed == blinds
        assert state.current_bet == max(blinds)
        run_dealer(state, Deck.shuffled(rng))
        assert state.to_act == 2  # R-BET-2: left of the big blind
        del forced, state


@pytest.mark.parametrize("seat", [0, 31, 32, 40])
def test_R_BET_1_legal_actions_build_the_seat_s_own_fold_check_and_call(seat):
    """R-BET-1: the fold, check or call a LegalActions hands out belongs to
    its seat, whatever the seat number (the first 32 seats share instances,
    the others get new ones)."""
    facing = LegalActions(seat, True, False, 5, 10, 100, False)
    unopened = LegalActions(seat, True, True, 0, 2, 100, True)
    assert facing.fold() == Fold(seat)
    assert facing.check_or_call() == Call(seat)
    assert unopened.check_or_call() == Check(seat)


@pytest.mark.parametrize("seat", [0, 5, 40])
@pytest.mark.parametrize("to", [2, 99, 10**15])
def test_R_BET_1_raise_to_builds_a_bet_when_unopened_and_a_raise_when_facing_one(
    seat, to
):
    # raise_to builds the action without its constructor's checks when seat
    # and size are ints: the same value, type and hash as the constructor's
    facing = LegalActions(seat, True, False, 5, 10, 100, False)
    unopened = LegalActions(seat, True, True, 0, 2, 100, True)
    for legal, kind in ((facing, Raise), (unopened, Bet)):
        built = legal.raise_to(to)
        assert type(built) is kind
        assert built == kind(seat, to) and hash(built) == hash(kind(seat, to))
        assert (built.seat, built.to) == (seat, to)


@pytest.mark.parametrize("to", [True, 2.0, "10", None])
def test_raise_to_refuses_a_size_that_is_not_chips_as_the_constructor_does(to):
    legal = LegalActions(1, True, False, 5, 10, 100, False)
    with pytest.raises(InvalidInputError) as built:
        legal.raise_to(to)
    with pytest.raises(InvalidInputError) as made:
        Raise(1, to)
    assert str(built.value) == str(made.value)
