"""Showdown: winning unseen, show order, mucking, all-in hands face up, cards
speak (R-SHOW-1..4), with the cases of ../shared/cases about them."""

import pytest
from rules_helpers import awards, by_seat, new_hand, nl, refuse

from holdem.betting.pots import Pot
from holdem.cards import parse_cards
from holdem.engine import AwardPot, HandState, Phase, ReturnUncalled, ShowAllIn
from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.rules import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    ForcedBets,
    Muck,
    Raise,
    Show,
)


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


def eligible(*seats: int) -> tuple[int, ...]:
    return tuple(sorted(seats))


# ----------------------------------------------------------------- R-SHOW-1


def test_R_SHOW_1_case_073_win_by_fold_no_show_uncalled_returned():
    """Case 073: blinds 1/2, four players with 200; S4 raises to 6 and
    everyone folds."""
    n = 4
    s4 = seat(4, n)
    hand = new_hand(nl(1, 2), [200] * n, {s4: "AsKs"})
    state = hand.state
    hand.act(Raise(s4, 6), Fold(seat(1, n)), Fold(seat(2, n)), Fold(seat(3, n)))
    assert state.is_complete
    assert ReturnUncalled(s4, 4) in state.events
    assert awards(state) == [AwardPot(0, 5, ((s4, 5),))]
    # S4 is not asked to show, and no opponent sees S4's cards.
    assert not any(state.shown)
    assert not any(isinstance(e, ShowAllIn) for e in state.events)
    for other in (seat(k, n) for k in (1, 2, 3)):
        view = state.view(other)
        assert view.hole_cards[s4] is None
        assert DealHole(s4, None) in view.events
        assert DealHole(s4, parse_cards("AsKs")) not in view.events
    assert state.view(None).hole_cards[s4] is None
    final = {1: 200, 2: 199, 3: 198, 4: 203}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_SHOW_1_case_038_folded_hand_never_wins_no_show():
    """Case 038: blinds 1/2, three players with 200; S2's aces fold on the
    flop and S1's uncalled river bet wins the pot without a showdown."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    holes = {s1: "7c2d", s2: "AhAd", s3: "KhQh"}
    hand = new_hand(nl(1, 2), [200] * n, holes, "AsKd4c9h3s")
    state = hand.state
    hand.act(Raise(s1, 6), Call(s2), Call(s3))
    assert state.total_pot == 18
    hand.deal()
    hand.act(Check(s2), Check(s3), Bet(s1, 10), Fold(s2), Call(s3))
    assert state.total_pot == 38
    hand.deal()
    hand.act(Check(s3), Check(s1))
    hand.deal()
    hand.act(Check(s3), Bet(s1, 30), Fold(s3))
    assert state.is_complete
    assert ReturnUncalled(s1, 30) in state.events
    assert awards(state) == [AwardPot(0, 38, ((s1, 38),))]
    assert not any(state.shown)
    for viewer in (s2, s3, None):
        assert state.view(viewer).hole_cards[s1] is None
    assert state.view(s2).hole_cards[s3] is None
    final = {1: 222, 2: 194, 3: 184}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


# ----------------------------------------------------------------- R-SHOW-2


def _case_061_to_river(river_reraise: bool):
    """Case 061: blinds 1/2, three players reach the river checked through;
    river: S2 checks, S3 bets 20, S1 raises to 60, S2 folds, S3 calls (or,
    in the variant, S3 re-raises and S1 calls)."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    holes = {s1: "AsAh", s2: "QcJc", s3: "7c2d"}
    hand = new_hand(nl(1, 2), [200] * n, holes, "Kd9s5c4h3d")
    hand.act(Call(s1), Call(s2), Check(s3))
    for _street in ("flop", "turn"):
        hand.deal()
        hand.act(Check(s2), Check(s3), Check(s1))
    hand.deal()
    assert hand.state.total_pot == 6
    hand.act(Check(s2), Bet(s3, 20), Raise(s1, 60), Fold(s2))
    if river_reraise:
        hand.act(Raise(s3, 100), Call(s1))
    else:
        hand.act(Call(s3))
    return hand, s1, s2, s3


def test_R_SHOW_2_case_061_last_river_aggressor_shows_first():
    """Case 061: S1 made the last aggressive action on the river and shows
    first; S3 then shows or mucks."""
    hand, s1, s2, s3 = _case_061_to_river(river_reraise=False)
    state = hand.state
    assert state.total_pot == 6 + 120
    assert state.phase is Phase.SHOWDOWN
    assert state.to_act == s1
    refuse(state, Show(s3), NotYourTurnError, "R-SHOW-2")
    refuse(state, Muck(s3), NotYourTurnError, "R-SHOW-2")
    hand.act(Show(s1))
    assert state.to_act == s3
    # S3 cannot win and may muck instead of showing.
    assert state.is_legal(Show(s3))
    hand.act(Muck(s3))
    assert state.is_complete
    assert awards(state) == [AwardPot(0, 126, ((s1, 126),))]
    assert state.view(s2).hole_cards[s1] == parse_cards("AsAh")
    assert state.view(s2).hole_cards[s3] is None
    # The mucked cards stay in the full hand history (R-HISTORY-1).
    assert DealHole(s3, parse_cards("7c2d")) in state.events


def test_R_SHOW_2_case_061_variant_reraiser_shows_first():
    """Case 061, variant: S3 re-raised on the river and S1 called, so S3
    shows first."""
    hand, _s1, _s2, s3 = _case_061_to_river(river_reraise=True)
    assert hand.state.phase is Phase.SHOWDOWN
    assert hand.state.to_act == s3


def test_R_SHOW_2_case_062a_river_checked_first_left_of_button_shows_first():
    """Case 062 (a): four players; S4 folds pre-flop; on the turn S3 bets and
    S1 and S2 call; the river is checked: S2, then S3, then S1 show."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(nl(1, 2), [200] * n)
    hand.act(Fold(s4), Call(s1), Call(s2), Check(s3))
    hand.deal()
    hand.act(Check(s2), Check(s3), Check(s1))
    hand.deal()
    hand.act(Check(s2), Bet(s3, 4), Call(s1), Call(s2))
    hand.deal()
    hand.act(Check(s2), Check(s3), Check(s1))
    assert hand.showdown() == [s2, s3, s1]


def test_R_SHOW_2_case_062b_river_checked_two_players():
    """Case 062 (b): as (a), but S2 folds on the turn: S3, then S1 show."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(nl(1, 2), [200] * n)
    hand.act(Fold(s4), Call(s1), Call(s2), Check(s3))
    hand.deal()
    hand.act(Check(s2), Check(s3), Check(s1))
    hand.deal()
    hand.act(Check(s2), Bet(s3, 4), Call(s1), Fold(s2))
    hand.deal()
    hand.act(Check(s3), Check(s1))
    assert hand.showdown() == [s3, s1]


def test_R_SHOW_2_case_063_river_bettor_shows_first():
    """Case 063: S4 bet last on the river, so S4 shows first."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    holes = {s4: "QsJd", s1: "QdJc"}
    hand = new_hand(nl(1, 2), [100] * n, holes, "AhKh9c5d2s")
    hand.act(Call(s4), Call(s1), Fold(s2), Check(s3))
    hand.deal()
    hand.act(Bet(s3, 4), Call(s4), Call(s1))
    hand.deal()
    hand.act(Check(s3), Check(s4), Check(s1))
    hand.deal()
    hand.act(Check(s3), Bet(s4, 10), Call(s1), Fold(s3))
    assert hand.showdown() == [s4, s1]


def _case_102(river_bet: bool):
    """Case 102: blinds 1/2; S1 small blind (60), S2 big blind (300), S3
    button (300), engine seats 0, 1, 2. S1 is all-in on the flop for the
    main pot (180); S2 and S3 build a side pot of 80 on the turn; on the
    river both check (variant A) or S2 bets 50 and S3 calls (variant B)."""
    s1, s2, s3 = 0, 1, 2
    holes = {s1: "AsKs", s2: "QsQd", s3: "JcJd"}
    hand = new_hand(nl(1, 2), [60, 300, 300], holes, "9c6d2hKd4s")
    hand.act(Raise(s3, 6), Call(s1), Call(s2))
    hand.deal()
    hand.act(Bet(s1, 54), Call(s2), Call(s3))
    hand.deal()
    hand.act(Bet(s2, 40), Call(s3))
    hand.deal()
    if river_bet:
        hand.act(Bet(s2, 50), Call(s3))
    else:
        hand.act(Check(s2), Check(s3))
    return hand, s1, s2, s3


def test_R_SHOW_2_case_102_river_checked_side_pot_players_show_before_main_pot_allin():
    """Case 102, variant A: S1 is all-in for the main pot only and so not
    active; with the river checked S2, the first active seat left of the
    button, shows first and may not muck; then S3 (who may muck), then S1."""
    hand, s1, s2, s3 = _case_102(river_bet=False)
    state = hand.state
    assert state.pots == (Pot(180, (s1, s2, s3)), Pot(80, (s2, s3)))
    assert state.to_act == s2
    refuse(state, Muck(s2), IllegalActionError, "R-SHOW-2")
    assert not state.is_legal(Muck(s1))  # not its turn
    hand.act(Show(s2))
    assert state.to_act == s3 and state.is_legal(Muck(s3))
    hand.act(Show(s3))
    assert state.to_act == s1
    hand.act(Show(s1))
    # kings with an ace win the main pot; queens beat jacks for the side pot
    assert awards(state) == [
        AwardPot(0, 180, ((s1, 180),)),
        AwardPot(1, 80, ((s2, 80),)),
    ]
    assert state.stacks == [180, 280, 200]


def test_R_SHOW_2_case_102_river_bettor_shows_first_then_side_pot_then_main_pot():
    """Case 102, variant B (control): S2 bet the river, shows first; order
    S2, S3, S1; stacks 180 / 330 / 150."""
    hand, s1, s2, s3 = _case_102(river_bet=True)
    assert hand.showdown() == [s2, s3, s1]
    assert awards(hand.state) == [
        AwardPot(0, 180, ((s1, 180),)),
        AwardPot(1, 180, ((s2, 180),)),
    ]
    assert hand.state.stacks == [180, 330, 150]


def test_R_SHOW_2_R_SHOW_3_after_a_run_out_first_seat_left_of_button_shows():
    """R-BET-5, R-SHOW-3: seat 0 bets all-in 98 on the flop and seat 1
    (with chips behind) calls; nobody can act any more, so nobody is active
    and the board is run out. The hole cards are unknown (a replayed record,
    nothing turned up), so the engine asks: seat 0, the first seat left of
    the button, shows first and may not muck; seat 1 may then muck (the
    shape of a real Boss Media hand)."""
    state = HandState(nl(1, 2), [100, 300, 300])
    for s in range(3):
        state.apply(DealHole(s, None))
    state.apply(Call(2))
    state.apply(Call(0))
    state.apply(Check(1))
    state.apply(DealBoard(parse_cards("2c7d9h")))
    state.apply(Bet(0, 98))
    state.apply(Call(1))
    state.apply(Fold(2))
    assert state.runout and state.all_in == [True, False, False]
    state.apply(DealBoard(parse_cards("Ts")))
    state.apply(DealBoard(parse_cards("3d")))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 0
    refuse(state, Muck(0), IllegalActionError, "R-SHOW-2")
    state.apply(Show(0, parse_cards("AsAh")))
    assert state.to_act == 1 and state.is_legal(Muck(1))
    state.apply(Muck(1))
    assert state.is_complete
    assert state.stacks == [100 + 100 + 2, 200, 298]


def test_R_SHOW_2_river_aggressor_shows_first_and_cannot_muck():
    """R-SHOW-2: the last river raiser (S1, case 061) shows first and may not
    muck; the refusal names the rule and changes nothing."""
    hand, s1, _s2, _s3 = _case_061_to_river(river_reraise=False)
    state = hand.state
    assert state.to_act == s1
    err = refuse(state, Muck(s1), IllegalActionError, "R-SHOW-2")
    assert "must show" in str(err)
    hand.act(Show(s1))
    assert state.shown[s1]


def test_R_SHOW_2_no_river_bet_first_seat_left_of_button_cannot_muck():
    """R-SHOW-2 (case 062a): with the river checked, S2 (first live seat left
    of the button) shows first and cannot muck; S3, who follows, may muck."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(nl(1, 2), [200] * n, {s2: "AsAh", s3: "7c2d"}, "Kd9s5c4h3d")
    state = hand.state
    hand.act(Fold(s4), Call(s1), Call(s2), Check(s3))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(s2), Check(s3), Check(s1))
    assert state.to_act == s2
    refuse(state, Muck(s2), IllegalActionError, "R-SHOW-2")
    hand.act(Show(s2))
    assert state.is_legal(Muck(s3))  # S3 may muck: it does not show first
    assert not state.is_legal(Muck(s1))  # not its turn
    hand.act(Muck(s3), Show(s1))
    assert state.mucked[s3] and not state.mucked[s2]


def _short_allin_and_a_side_pot():
    """Three seats: S2 (small blind, 20) is all-in pre-flop for 20 and the
    other two build a side pot of 20 on the flop; the river is checked."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 200, 2: 20, 3: 200}, lambda k: seat(k, n))
    holes = {s2: "AsAh", s3: "7c2d", s1: "KcKd"}
    hand = new_hand(nl(1, 2), stacks, holes, "Qs9h8c4d3h")
    state = hand.state
    hand.act(Call(s1), Raise(s2, 20), Call(s3), Call(s1))
    hand.deal()
    hand.act(Bet(s3, 10), Call(s1))
    for _street in ("turn", "river"):
        hand.deal()
        hand.act(Check(s3), Check(s1))
    assert state.pots == (Pot(60, (0, 1, 2)), Pot(20, eligible(s1, s3)))
    return hand, s1, s2, s3


def test_R_SHOW_2_R_POT_1_short_allin_shows_after_the_side_pot_players():
    """R-SHOW-2 (amended), R-POT-1: with the river checked, S3, the first
    active seat left of the button, shows first and may not muck; S2, all-in
    for the main pot only, is not active and shows last, after S1. S1 mucks:
    S3 takes the side pot (20) and S2's aces the main pot (60)."""
    hand, s1, s2, s3 = _short_allin_and_a_side_pot()
    state = hand.state
    assert state.to_act == s3
    refuse(state, Muck(s3), IllegalActionError, "R-SHOW-2")
    hand.act(Show(s3))
    assert state.to_act == s1
    assert state.is_legal(Muck(s1))  # S3 claims both pots
    hand.act(Muck(s1))
    assert state.to_act == s2
    hand.act(Show(s2))
    assert awards(state) == [AwardPot(0, 60, ((s2, 60),)), AwardPot(1, 20, ((s3, 20),))]
    assert state.stacks == by_seat({1: 170, 2: 60, 3: 190}, lambda k: seat(k, 3))


def test_R_SHOW_2_R_ANTE_1_last_claimant_of_a_larger_ante_cannot_muck():
    """R-SHOW-2, R-ANTE-1: antes of 5, 5 and 30 (a record where one seat
    posts more), nobody all-in. The 25 that only the larger poster reaches is
    a pot it alone can win, so it may not muck its way out of it (the muck
    used to be allowed, and awarding that pot then divided by no winner)."""
    forced = ForcedBets((1, 2, 0), (5, 5, 30))
    hand = new_hand(
        nl(1, 2),
        [1000, 1000, 1000],
        {0: "AsAd", 1: "KsKd", 2: "2c7d"},
        "QhJh3s4c9s",
        forced=forced,
    )
    state = hand.state
    hand.act(Call(2), Call(0), Check(1))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(0), Check(1), Check(2))
    hand.act(Show(0))  # the first seat left of the button shows first
    assert state.is_legal(Muck(1))  # seat 1 reaches no pot alone
    hand.act(Muck(1))
    err = refuse(state, Muck(2), IllegalActionError, "R-SHOW-2")
    assert "pot of 25" in str(err)
    hand.act(Show(2))
    # the antes' layer first (hand_pots): 5 x 3 open to all and the 25 of
    # seat 2 alone; then the blinds and calls, 2 x 3, open to all
    assert awards(state) == [
        AwardPot(0, 15, ((0, 15),)),
        AwardPot(1, 25, ((2, 25),)),
        AwardPot(2, 6, ((0, 6),)),
    ]
    assert state.payoffs == (14, -7, -7)


# ----------------------------------------------------------------- R-SHOW-3


def test_R_SHOW_3_allin_hands_face_up_before_the_board_is_run_out():
    """R-SHOW-3: once S2 is all-in and called and no betting can follow, both
    hands are turned face up before the rest of the board is dealt; even the
    folded player's view shows them."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    holes = {s1: "KcKd", s2: "QsQh", s3: "7c2d"}
    hand = new_hand(nl(1, 2), [100] * n, holes, "As9d5c4h3d")
    state = hand.state
    hand.act(Raise(s1, 6), Raise(s2, 100), Fold(s3), Call(s1))
    assert state.to_act == DEALER
    assert state.board == []
    assert state.shown[s1] and state.shown[s2]
    assert not state.shown[s3]
    shows = [e for e in state.events if isinstance(e, ShowAllIn)]
    assert {(e.seat, e.cards) for e in shows} == {
        (s1, parse_cards("KcKd")),
        (s2, parse_cards("QsQh")),
    }
    view = state.view(s3)
    assert view.hole_cards[s1] == parse_cards("KcKd")
    assert view.hole_cards[s2] == parse_cards("QsQh")
    hand.deal()
    assert state.is_complete
    assert awards(state) == [AwardPot(0, 202, ((s1, 202),))]


# ----------------------------------------------------------------- R-SHOW-4


def test_R_SHOW_4_cards_speak_shown_cards_must_be_the_real_ones():
    """R-SHOW-4: the dealer reads each hand from the cards; a player cannot
    show (claim) other cards than the ones dealt."""
    hand, s1, _s2, _s3 = _case_061_to_river(river_reraise=False)
    refuse(hand.state, Show(s1, parse_cards("KsKh")), IllegalActionError, "R-SHOW-4")
    hand.act(Show(s1, parse_cards("AhAs")))
    assert hand.state.shown[s1]


def test_R_SHOW_4_cards_speak_best_hand_found_by_the_dealer():
    """R-SHOW-4: S3 holds 6-7 without knowing it makes a straight on a board
    of 3-4-5; the dealer finds it and S3 beats S1's aces."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    holes = {s1: "AsAh", s2: "QcJc", s3: "7c6d"}
    hand = new_hand(nl(1, 2), [200] * n, holes, "Kd9s5c4h3d")
    hand.act(Call(s1), Call(s2), Check(s3))
    hand.check_down()
    assert awards(hand.state) == [AwardPot(0, 6, ((s3, 6),))]


# --------------------------------------------------------------- R-HISTORY-1


def test_R_HISTORY_1_hand_history_shows_mucked_hands_not_folded_ones():
    """R-HISTORY-1 (case 061): after the hand, any player dealt in may ask for
    the hand history: it shows S1's shown hand and S3's mucked hand, but not
    S2's hand folded on the river (to others) nor the burn cards. During the
    hand the history is refused and ``view`` shows only the seat's own cards."""
    hand, s1, s2, s3 = _case_061_to_river(river_reraise=False)
    state = hand.state
    refuse(state, Show(s3), NotYourTurnError)  # still S1's turn: mid-hand
    with pytest.raises(StateError) as info:
        state.hand_history(s2)
    assert info.value.rule == "R-HISTORY-1"
    assert state.view(s3).hole_cards[s1] is None
    hand.act(Show(s1), Muck(s3))
    assert state.is_complete
    for viewer in (s1, s2, s3):
        history = state.hand_history(viewer)
        assert history.hole_cards[s1] == parse_cards("AsAh")
        assert history.hole_cards[s3] == parse_cards("7c2d")
        expected_s2 = parse_cards("QcJc") if viewer == s2 else None
        assert history.hole_cards[s2] == expected_s2
        assert DealHole(s3, parse_cards("7c2d")) in history.events
        assert all(
            not isinstance(e, DealBoard) or e.burn is None for e in history.events
        )
        if viewer != s2:
            assert DealHole(s2, None) in history.events
    # The live view keeps hiding the mucked hand.
    assert state.view(s2).hole_cards[s3] is None


def test_R_HISTORY_1_hand_history_is_for_players_dealt_in():
    hand, s1, _s2, s3 = _case_061_to_river(river_reraise=False)
    hand.act(Show(s1), Muck(s3))
    for who in (None, 3, -1, True, 1.0):
        with pytest.raises(InvalidInputError):
            hand.state.hand_history(who)  # type: ignore[arg-type]


def test_R_SHOW_3_a_hand_is_shown_once_in_a_run_out():
    """R-SHOW-3 (a replayed record): both players are all-in; the engine
    turns up the hand it knows, and the seat whose cards it did not know may
    show them once during the run-out, never twice."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, parse_cards("AsAh")))
    state.apply(DealHole(1, None))
    state.apply(Raise(1, 100))
    state.apply(Call(0))
    assert state.to_act == DEALER and state.shown == [True, False]
    refuse(state, Show(0), IllegalActionError, "R-SHOW-3")
    state.apply(Show(1, parse_cards("KdKc")))
    refuse(state, Show(1, parse_cards("KdKc")), IllegalActionError, "R-SHOW-3")
    refuse(state, Show(1), IllegalActionError, "R-SHOW-3")


def test_R_SHOW_1_no_empty_pot_when_the_only_chips_were_uncalled():
    """R-SHOW-1, R-BET-7: heads-up, the big blind of 1 is all the money in;
    the other player folds, the blind comes back as uncalled, and there is
    no pot to award (no AwardPot of 0 chips)."""
    forced = ForcedBets((1, 0), (0, 0))
    state = HandState(nl(0, 1), [1, 1], forced)
    state.apply(DealHole(0, parse_cards("AsAh")))
    state.apply(DealHole(1, parse_cards("KsKh")))
    state.apply(Fold(1))
    assert state.is_complete
    assert ReturnUncalled(0, 1) in state.events
    assert awards(state) == []
    assert state.stacks == [1, 1]


def test_R_POT_1_no_pot_at_a_showdown_nobody_put_a_chip_in():
    """R-POT-1, R-POT-4: with no forced bets and checks on every street, the
    showdown has no chips to award: no AwardPot of 0 chips, stacks as dealt."""
    forced = ForcedBets((0, 0), (0, 0))
    hand = new_hand(
        nl(0, 1), [5, 5], {0: "AsAh", 1: "KsKh"}, "2c7d9hJc3s", forced=forced
    )
    hand.act(Check(1), Check(0))  # heads-up the button (seat 1) acts first
    for _ in range(3):
        hand.deal()
        hand.act(Check(0), Check(1))
    hand.act(Show(0), Show(1))
    assert hand.state.is_complete
    assert awards(hand.state) == []
    assert hand.state.stacks == [5, 5]


# ------------------------------------------------------------------ case 041


def test_R_DEAL_3_case_041_no_run_it_twice_the_board_is_dealt_once():
    """Case 041: heads-up 1/2, stacks 200; S1 (button) Kc Kd, S2 Qh Jh. S1
    raises to 6, S2 calls; on Qs 8h 3h S2 bets 10, S1 raises all-in (194 on
    the flop), S2 calls all-in: pot 400. The engine offers no running it
    twice by default (R-RIT-1 is a house option, ``max_runs`` 1), so the
    board is dealt once as usual (the case's run 1, 2c 5d): S1's kings beat
    S2's queens and S1 wins the 400."""
    assert nl(1, 2).max_runs == 1
    s1, s2 = 1, 0  # heads-up: the button is seat 1, the big blind seat 0
    holes = {s1: "KcKd", s2: "QhJh"}
    hand = new_hand(nl(1, 2), [200, 200], holes, "Qs8h3h2c5d")
    state = hand.state
    hand.act(Raise(s1, 6), Call(s2))
    hand.deal()
    assert state.board == list(parse_cards("Qs8h3h"))
    assert state.total_pot == 12
    hand.act(Bet(s2, 10), Raise(s1, 194), Call(s2))
    assert state.total_pot == 400
    while state.to_act == DEALER:
        hand.deal()
    hand.showdown()
    assert state.board == list(parse_cards("Qs8h3h2c5d"))  # one board, five cards
    assert awards(state) == [AwardPot(0, 400, ((s1, 400),))]
    assert state.stacks == [0, 400]  # S2 0, S1 400
