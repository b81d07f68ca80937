"""Forced bets: blinds, antes, straddles (R-BLIND-1..4, R-ALLIN-BLIND, R-ANTE-1,
R-STRADDLE-1), with the cases of ../shared/cases that are about them."""

import pytest
from rules_helpers import (
    awards,
    by_seat,
    facing_bet,
    new_hand,
    nl,
    option,
    put_in,
    refuse,
)

from holdem.betting.pots import Pot
from holdem.engine import AwardPot, PostAnte, PostBlind, PostDead, ReturnUncalled
from holdem.errors import BetSizeError, InvalidInputError
from holdem.rules import (
    DEALER,
    Call,
    Check,
    DealHole,
    Fold,
    ForcedBets,
    GameConfig,
    Raise,
    Structure,
)


def posts(hand, kind=PostBlind):
    return {e for e in hand.state.events if isinstance(e, kind)}


# Cases number seats S1..Sn clockwise with S1 on the button (unless the case
# says otherwise); the engine numbers them from the button's left, so Sk is
# engine seat (k - 2) % n.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


# ---------------------------------------------------------------- R-BLIND-1


def test_R_BLIND_1_case_044_blinds_left_of_button_and_order_of_action():
    """Case 044: six players, button S3: small blind S4, big blind S5."""

    # Button S3: Sk is engine seat (k - 4) % 6.
    def s(k: int) -> int:
        return (k - 4) % 6

    hand = new_hand(nl(1, 2), [200] * 6)
    state = hand.state
    assert posts(hand) == {PostBlind(s(4), 1), PostBlind(s(5), 2)}
    # Cards are dealt from S4 round to S3, the button (R-DEAL-1).
    dealt = [e.seat for e in state.events if isinstance(e, DealHole)]
    assert dealt == [s(k) for k in (4, 5, 6, 1, 2, 3)]
    preflop = [s(k) for k in (6, 1, 2, 3, 4, 5)]
    actions = [Call(x) for x in preflop[:-1]] + [Check(preflop[-1])]
    assert hand.order_of_play(*actions) == preflop
    assert state.total_pot == 12
    postflop = [s(k) for k in (4, 5, 6, 1, 2, 3)]
    for _street in ("flop", "turn", "river"):
        hand.deal()
        assert hand.order_of_play(*[Check(x) for x in postflop]) == postflop


def test_R_BLIND_1_case_044_hand_2_button_s4_blinds_s5_s6():
    """Case 044, hand 2 (the button moved to S4; moving it is the table's job,
    R-TABLE-1): small blind S5, big blind S6, pre-flop order S1..S6. Each
    player brings a different stack (S1 201 .. S6 206), so the test fails
    unless the blinds come from S5 and S6 themselves."""

    # Button S4: Sk is engine seat (k - 5) % 6.
    def s(k: int) -> int:
        return (k - 5) % 6

    stacks = by_seat({k: 200 + k for k in range(1, 7)}, s)
    hand = new_hand(nl(1, 2), stacks)
    assert posts(hand) == {PostBlind(s(5), 1), PostBlind(s(6), 2)}
    assert hand.state.stacks == by_seat(
        {1: 201, 2: 202, 3: 203, 4: 204, 5: 204, 6: 204}, s
    )
    preflop = [s(k) for k in (1, 2, 3, 4, 5, 6)]
    actions = [Call(x) for x in preflop[:-1]] + [Check(preflop[-1])]
    assert hand.order_of_play(*actions) == preflop
    assert hand.state.stacks == by_seat({k: 198 + k for k in range(1, 7)}, s)


def test_R_BLIND_1_heads_up_button_posts_small_blind():
    """R-BLIND-1 with R-TABLE-2: heads-up the button posts the small blind."""
    hand = new_hand(nl(1, 2), [100, 100])
    # Heads-up, S1 (button) is engine seat 1 and S2 (big blind) seat 0.
    assert posts(hand) == {PostBlind(seat(1, 2), 1), PostBlind(seat(2, 2), 2)}
    assert hand.state.committed == [2, 1]
    assert hand.state.to_act == seat(1, 2)


# ---------------------------------------------------------------- R-BLIND-2


@pytest.mark.parametrize(
    ("small_blind", "big_blind", "complete", "raise_to", "collected", "net"),
    [
        pytest.param(7, 15, 8, 30, 22, 7, id="a-15-30-blinds-7-15"),
        pytest.param(2, 5, 3, 10, 7, 2, id="b-5-10-blinds-2-5"),
    ],
)
def test_R_BLIND_2_case_046_odd_small_blind(
    small_blind, big_blind, complete, raise_to, collected, net
):
    """Case 046: fixed-limit with a small blind that is not half the big blind.

    Everyone folds to S2 (small blind); S3 is the big blind. Three players,
    S1 on the button, who folds.
    """
    n = 3
    config = GameConfig(
        structure=Structure.FIXED_LIMIT, small_blind=small_blind, big_blind=big_blind
    )
    # In a limit game the big blind equals the small bet (R-BLIND-2).
    assert config.small_bet == big_blind
    assert config.big_bet == 2 * big_blind

    def start():
        hand = new_hand(config, [1000] * n)
        assert posts(hand) == {
            PostBlind(seat(2, n), small_blind),
            PostBlind(seat(3, n), big_blind),
        }
        hand.act(Fold(seat(1, n)))
        return hand

    # S2: fold; complete by adding `complete`; raise to `raise_to` only.
    hand = start()
    state = hand.state
    legal = state.legal_actions()
    assert legal == facing_bet(seat(2, n), complete, (raise_to, raise_to))
    assert raise_to - small_blind == raise_to - state.committed[seat(2, n)]
    refuse(state, Raise(seat(2, n), raise_to + 1), BetSizeError, "R-FL-1")

    # Branch 1: S2 completes; S3 may check or raise to `raise_to`; flop pot.
    hand.act(Call(seat(2, n)))
    assert state.committed[seat(2, n)] == big_blind
    assert state.legal_actions() == option(seat(3, n), (raise_to, raise_to))
    hand.act(Check(seat(3, n)))
    assert state.to_act == DEALER
    assert state.total_pot == 2 * big_blind

    # Branch 2: S2 folds; S3 collects `collected` chips (own blind back and
    # the small blind), a net gain of the small blind.
    hand = start()
    state = hand.state
    hand.act(Fold(seat(2, n)))
    assert state.is_complete
    s3 = seat(3, n)
    returned = sum(
        e.chips for e in state.events if isinstance(e, ReturnUncalled) and e.seat == s3
    )
    won = sum(chips for a in awards(state) for (w, chips) in a.shares if w == s3)
    assert returned + won == collected
    assert state.payoffs[s3] == net
    assert state.payoffs[seat(2, n)] == -small_blind
    assert state.stacks[s3] == 1000 - big_blind + collected


def test_R_BLIND_2_small_blind_up_to_big_blind():
    """R-BLIND-2: the small blind may be any amount up to the big blind."""
    assert GameConfig(small_blind=2, big_blind=2).forced_bets(
        3
    ).blinds_or_straddles == (
        2,
        2,
        0,
    )
    with pytest.raises(InvalidInputError, match="R-BLIND-2"):
        GameConfig(small_blind=3, big_blind=2)


# ---------------------------------------------------------------- R-BLIND-3


def test_R_BLIND_3_limit_game_named_by_its_bets():
    """R-BLIND-3: a "$2/$4" limit game has blinds $1/$2, bets of 2 and 4."""
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    assert (config.small_bet, config.big_bet) == (2, 4)
    assert config.forced_bets(3).blinds_or_straddles == (1, 2, 0)


def test_R_BLIND_3_no_limit_game_named_by_its_blinds():
    """R-BLIND-3: a "$1/$2" no-limit game posts 1 and 2."""
    config = nl(1, 2)
    assert config.forced_bets(4).blinds_or_straddles == (1, 2, 0, 0)
    assert config.min_bet == 2


# ---------------------------------------------------------------- R-BLIND-4


def test_R_BLIND_4_case_030_blinds_face_same_bet_and_min_raise():
    """Case 030: both blinds face a bet of 2 and a minimum raise-to of 4."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    hand.act(Fold(seat(1, n)))
    # Decision A (S2): call adds 1 (to 2); raise to 4 (adds 3) .. 100.
    assert state.legal_actions() == facing_bet(seat(2, n), 1, (4, 100))
    refuse(state, Raise(seat(2, n), 3), BetSizeError, "R-NL-2")
    hand.act(Call(seat(2, n)))
    # Decision B (S3): check, or raise to 4 (adds 2) .. 100.
    assert state.legal_actions() == option(seat(3, n), (4, 100))
    refuse(state, Raise(seat(3, n), 3), BetSizeError, "R-NL-2")
    hand.act(Check(seat(3, n)))
    assert state.to_act == DEALER
    assert state.total_pot == 4
    assert state.stacks == [98, 98, 100]
    hand.deal()
    assert state.to_act == seat(2, n)


# ------------------------------------------------------------ R-ALLIN-BLIND


def test_R_ALLIN_BLIND_short_big_blind_others_face_full_blind():
    """R-ALLIN-BLIND: the big blind has 15 of 20; the others face 20 and a
    minimum raise to 40, and the big blind is all-in for a main pot."""
    n = 3
    stacks = [0] * n
    stacks[seat(1, n)], stacks[seat(2, n)], stacks[seat(3, n)] = 1000, 1000, 15
    hand = new_hand(nl(10, 20), stacks)
    state = hand.state
    assert posts(hand) == {PostBlind(seat(2, n), 10), PostBlind(seat(3, n), 15)}
    assert state.stacks[seat(3, n)] == 0
    assert state.legal_actions() == facing_bet(seat(1, n), 20, (40, 1000))
    hand.act(Call(seat(1, n)))
    assert state.legal_actions() == facing_bet(seat(2, n), 10, (40, 1000))
    hand.act(Call(seat(2, n)))
    # The all-in big blind is not asked; the round is over.
    assert state.to_act == DEALER
    assert state.pots[0].amount == 45
    assert set(state.pots[0].eligible) == {0, 1, 2}
    assert state.pots[1].amount == 10
    assert set(state.pots[1].eligible) == {seat(1, n), seat(2, n)}
    hand.deal()
    # Betting goes on between the two players with chips.
    assert state.to_act == seat(2, n)
    assert state.legal_actions().can_raise


def test_R_ALLIN_BLIND_short_small_blind():
    """R-ALLIN-BLIND: a small blind with 4 chips posts 4 and is all-in."""
    n = 3
    stacks = [100] * n
    stacks[seat(2, n)] = 4
    hand = new_hand(nl(10, 20), stacks)
    assert posts(hand) == {PostBlind(seat(2, n), 4), PostBlind(seat(3, n), 20)}
    assert hand.state.legal_actions() == facing_bet(seat(1, n), 20, (40, 100))


def test_R_ALLIN_BLIND_short_ante():
    """R-ALLIN-BLIND with R-ANTE-1: the button has 3 chips for an ante of 5,
    posts 3 and is all-in; the main pot is 3 from each player."""
    n = 3
    stacks = [1000] * n
    stacks[seat(1, n)] = 3
    hand = new_hand(nl(10, 20, ante=5), stacks)
    state = hand.state
    assert posts(hand, PostAnte) == {
        PostAnte(seat(1, n), 3),
        PostAnte(seat(2, n), 5),
        PostAnte(seat(3, n), 5),
    }
    # The button, first to act three-handed, is all-in and is skipped.
    assert state.legal_actions() == facing_bet(seat(2, n), 10, (40, 995))
    hand.act(Call(seat(2, n)), Check(seat(3, n)))
    assert state.to_act == DEALER
    assert [p.amount for p in state.pots] == [9, 44]
    assert set(state.pots[0].eligible) == {0, 1, 2}
    assert set(state.pots[1].eligible) == {seat(2, n), seat(3, n)}


# ---------------------------------------------------------------- R-ANTE-1


def test_R_ANTE_1_case_024_ante_is_dead_raise_to_excludes_ante():
    """Case 024: blinds 5/10, ante 2, four players with 500; S4 raises to 30."""
    n = 4
    hand = new_hand(nl(5, 10, ante=2), [500] * n)
    state = hand.state
    assert posts(hand, PostAnte) == {PostAnte(s, 2) for s in range(n)}
    assert posts(hand) == {PostBlind(seat(2, n), 5), PostBlind(seat(3, n), 10)}
    assert state.to_act == seat(4, n)
    hand.act(Raise(seat(4, n), 30))
    assert put_in(state)[seat(4, n)] == 32
    assert state.total_pot == 53
    # S1: fold; call 30; raise to at least 50 (30 + 20), at most 498.
    assert state.legal_actions() == facing_bet(seat(1, n), 30, (50, 498))
    refuse(state, Raise(seat(1, n), 49), BetSizeError, "R-NL-2")
    hand.act(Fold(seat(1, n)), Fold(seat(2, n)), Fold(seat(3, n)))
    assert state.is_complete
    assert ReturnUncalled(seat(4, n), 20) in state.events
    assert awards(state) == [AwardPot(0, 33, ((seat(4, n), 33),))]
    final = {1: 498, 2: 493, 3: 488, 4: 521}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_ANTE_1_case_047_ante_for_all_uncalled_returned():
    """Case 047: blinds 10/20, ante 5, three players with 500."""
    n = 3
    hand = new_hand(nl(10, 20, ante=5), [500] * n)
    state = hand.state
    assert posts(hand, PostAnte) == {PostAnte(s, 5) for s in range(n)}
    assert posts(hand) == {PostBlind(seat(2, n), 10), PostBlind(seat(3, n), 20)}
    assert state.total_pot == 45
    # S1 faces a call of 20 (not 25) and a minimum raise-to of 40.
    assert state.legal_actions() == facing_bet(seat(1, n), 20, (40, 495))
    hand.act(Raise(seat(1, n), 60))
    assert state.stacks[seat(1, n)] == 500 - 5 - 60
    hand.act(Fold(seat(2, n)), Fold(seat(3, n)))
    assert ReturnUncalled(seat(1, n), 40) in state.events
    assert awards(state) == [AwardPot(0, 65, ((seat(1, n), 65),))]
    final = {1: 540, 2: 485, 3: 475}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_ANTE_1_big_blind_ante():
    """R-ANTE-1: a big-blind ante of 20 is posted by the big blind alone for
    the whole table; it is dead, so the others still face a call of 20."""
    n = 3
    config = nl(10, 20, ante=20, big_blind_ante=True)
    hand = new_hand(config, [1000] * n)
    state = hand.state
    assert posts(hand, PostAnte) == {PostAnte(seat(3, n), 20)}
    assert state.total_pot == 10 + 20 + 20
    assert state.legal_actions() == facing_bet(seat(1, n), 20, (40, 1000))
    hand.act(Fold(seat(1, n)), Fold(seat(2, n)))
    # The big blind's 10 unmatched by the small blind comes back (R-BET-7);
    # it wins the ante, its matched 10 and the small blind.
    assert ReturnUncalled(seat(3, n), 10) in state.events
    assert awards(state) == [AwardPot(0, 40, ((seat(3, n), 40),))]
    assert state.payoffs[seat(3, n)] == 10
    assert state.payoffs[seat(2, n)] == -10
    assert state.payoffs[seat(1, n)] == 0


def test_R_ANTE_1_big_blind_ante_is_dead_money_in_the_pot():
    """R-ANTE-1: the big blind's ante (20, for the whole table) is dead money:
    it is not part of the big blind's bet, so when S1 calls 20 and wins, S1
    takes the whole pot (10 + 20 + 20 + the ante 20 = 70); none of the ante
    comes back to the big blind as a pot only it could win."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    config = nl(10, 20, ante=20, big_blind_ante=True)
    holes = {s1: "AsAh", s2: "7c2d", s3: "KcQd"}
    hand = new_hand(config, [1000] * n, holes, "Ad9s5c4h3d")
    state = hand.state
    hand.act(Call(s1), Fold(s2), Check(s3))
    assert state.total_pot == 70
    hand.check_down()
    won = sum(chips for a in awards(state) for (w, chips) in a.shares if w == s1)
    assert won == 70
    assert state.payoffs == tuple(
        by_seat({1: 50, 2: -10, 3: -40}, lambda k: seat(k, n))
    )


# ------------------------------------------------------------ R-STRADDLE-1


def test_R_STRADDLE_1_case_048_single_straddle_acts_as_big_blind():
    """Case 048: blinds 1/2, six players with 200, S4 straddles 4."""
    n = 6
    config = nl(1, 2, straddles=1)
    assert config.forced_bets(n).blinds_or_straddles == (1, 2, 4, 0, 0, 0)
    hand = new_hand(config, [200] * n)
    state = hand.state
    assert posts(hand) == {
        PostBlind(seat(2, n), 1),
        PostBlind(seat(3, n), 2),
        PostBlind(seat(4, n), 4),
    }
    # S5 first: fold; call 4; raise to at least 8.
    assert state.legal_actions() == facing_bet(seat(5, n), 4, (8, 200))
    order = hand.order_of_play(
        Call(seat(5, n)), Fold(seat(6, n)), Call(seat(1, n)), Fold(seat(2, n))
    )
    assert state.legal_actions() == facing_bet(seat(3, n), 2, (8, 200))
    order += hand.order_of_play(Call(seat(3, n)))
    # Decision A (S4): the round does not end before the straddler acts.
    assert state.to_act == seat(4, n)
    assert state.legal_actions() == option(seat(4, n), (8, 200))
    order += hand.order_of_play(Check(seat(4, n)))
    assert order == [seat(k, n) for k in (5, 6, 1, 2, 3, 4)]
    assert state.to_act == DEALER
    assert state.total_pot == 17
    final = {1: 196, 2: 199, 3: 196, 4: 196, 5: 196, 6: 200}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))
    hand.deal()
    flop = [seat(k, n) for k in (3, 4, 5, 1)]
    assert hand.order_of_play(*[Check(x) for x in flop]) == flop


def test_R_STRADDLE_1_case_049_multiple_straddles_double():
    """Case 049: blinds 1/2, seven players with 300, S4 straddles 4 and S5
    re-straddles 8 (not 6, not 10)."""
    n = 7
    config = nl(1, 2, straddles=2)
    assert config.forced_bets(n).blinds_or_straddles == (1, 2, 4, 8, 0, 0, 0)
    hand = new_hand(config, [300] * n)
    state = hand.state
    assert posts(hand) == {
        PostBlind(seat(2, n), 1),
        PostBlind(seat(3, n), 2),
        PostBlind(seat(4, n), 4),
        PostBlind(seat(5, n), 8),
    }
    assert state.legal_actions() == facing_bet(seat(6, n), 8, (16, 300))
    order = hand.order_of_play(Fold(seat(6, n)))
    assert state.legal_actions() == facing_bet(seat(7, n), 8, (16, 300))
    order += hand.order_of_play(
        Call(seat(7, n)), Fold(seat(1, n)), Fold(seat(2, n)), Fold(seat(3, n))
    )
    # S4 calls by adding 4.
    assert state.legal_actions() == facing_bet(seat(4, n), 4, (16, 300))
    order += hand.order_of_play(Call(seat(4, n)))
    # Decision A (S5): check or raise (minimum raise-to 16).
    assert state.legal_actions() == option(seat(5, n), (16, 300))
    order += hand.order_of_play(Check(seat(5, n)))
    assert order == [seat(k, n) for k in (6, 7, 1, 2, 3, 4, 5)]
    assert state.to_act == DEALER
    assert state.total_pot == 27
    final = {1: 300, 2: 299, 3: 298, 4: 292, 5: 292, 6: 300, 7: 292}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))
    hand.deal()
    flop = [seat(k, n) for k in (4, 5, 7)]
    assert hand.order_of_play(*[Check(x) for x in flop]) == flop


# ------------------------------------------------------ case 078 (R-ALLIN-BLIND)
# Case 078 numbers seats from the button's left: S1 small blind = engine seat
# 0, S2 big blind = seat 1, S3 button = seat 2.


def test_R_ALLIN_BLIND_case_078a_stack_below_the_ante_is_dealt_in():
    """Case 078 (A): blinds 5/10, ante 20; S3 has 15, posts it as its ante
    and is all-in, dealt in; it can win only the 45 it matched (R-POT-1)."""
    s1, s2, s3 = 0, 1, 2
    holes = {s1: "KcKd", s2: "QcQd", s3: "AcAd"}
    hand = new_hand(nl(5, 10, ante=20), [100, 100, 15], holes, "2s7h9dJs3c")
    state = hand.state
    assert PostAnte(s3, 15) in state.events
    assert state.stacks[s3] == 0 and state.hole_cards[s3] is not None
    assert state.to_act == s1  # S3 is all-in: S1 acts first
    hand.act(Call(s1), Check(s2))
    assert state.pots == (Pot(45, (s1, s2, s3)), Pot(30, (s1, s2)))
    hand.check_down()
    assert awards(state) == [AwardPot(0, 45, ((s3, 45),)), AwardPot(1, 30, ((s1, 30),))]
    assert state.stacks == [100, 70, 45]


def test_R_ALLIN_BLIND_case_078b_short_big_blind_pays_the_ante_first():
    """Case 078 (B): S2 (25) pays the ante 20, then the 5 left as its blind,
    all-in; S3 and S1 still face the full blind of 10."""
    s1, s2, s3 = 0, 1, 2
    holes = {s1: "KcKd", s2: "AcAd", s3: "QcQd"}
    hand = new_hand(nl(5, 10, ante=20), [100, 25, 100], holes, "2s7h9dJs3c")
    state = hand.state
    assert PostAnte(s2, 20) in state.events and PostBlind(s2, 5) in state.events
    assert state.legal_actions() == facing_bet(s3, 10, (20, 80))
    hand.act(Call(s3))
    assert state.legal_actions() == facing_bet(s1, 5, (20, 80))
    hand.act(Call(s1))
    assert state.pots == (Pot(75, (s1, s2, s3)), Pot(10, (s1, s3)))
    hand.check_down()
    assert awards(state) == [AwardPot(0, 75, ((s2, 75),)), AwardPot(1, 10, ((s1, 10),))]
    assert state.stacks == [80, 75, 70]


# -------------------------------------- R-TABLE-4..6: an explicit big blind
# A dead small blind (R-TABLE-4) and a new or returning player directly left
# of the big blind posting a live big blind (R-TABLE-5, R-TABLE-6): the
# blinds read (2, 2, 0, 0) from the button's left, and only
# ``ForcedBets.big_blind`` says which 2 is the big blind.


def test_R_TABLE_5_dead_small_blind_new_player_left_of_big_blind_posts():
    """Seat 0 is the big blind, seat 1 a new player's live 2 (R-TABLE-5),
    the small blind dead. R-BET-2: the seat left of the big blind (the new
    player) acts first, with check or raise like case 028; the big blind
    acts last and has the option."""
    forced = ForcedBets((2, 2, 0, 0), (0,) * 4, big_blind=0)
    hand = new_hand(nl(1, 2), [200] * 4, forced=forced)
    state = hand.state
    assert posts(hand) == {PostBlind(0, 2), PostBlind(1, 2)}
    assert state.legal_actions() == option(1, (4, 200))
    order = hand.order_of_play(Check(1), Call(2), Call(3))
    assert state.legal_actions() == option(0, (4, 200))  # the option
    order += hand.order_of_play(Check(0))
    assert order == [1, 2, 3, 0]
    assert state.to_act == DEALER
    assert state.total_pot == 8
    hand.deal()  # after the flop the order is the usual one
    assert hand.order_of_play(*map(Check, range(4))) == [0, 1, 2, 3]


def test_R_TABLE_5_new_player_faces_a_raise_then_the_big_blind_closes():
    """Case 028's variant with a dead small blind: a raise to 6 before the
    new player's turn comes round makes it add 4; the big blind, last,
    faces the raise too."""
    forced = ForcedBets((2, 2, 0, 0), (0,) * 4, big_blind=0)
    hand = new_hand(nl(1, 2), [200] * 4, forced=forced)
    state = hand.state
    hand.act(Check(1), Raise(2, 6), Fold(3))
    assert state.legal_actions() == facing_bet(0, 4, (10, 200))
    hand.act(Call(0))
    assert state.legal_actions() == facing_bet(1, 4, (10, 200))


def test_R_TABLE_6_post_all_left_of_big_blind_with_dead_small_blind():
    """A returning player left of the big blind posts all (R-TABLE-6): 2
    live, 1 dead. It acts first; the big blind (seat 0) keeps the option."""
    forced = ForcedBets((2, 2, 0, 0), (0,) * 4, (0, 1, 0, 0), big_blind=0)
    hand = new_hand(nl(1, 2), [200] * 4, forced=forced)
    state = hand.state
    assert PostDead(1, 1) in state.events
    assert state.total_pot == 2 + 2 + 1
    assert state.stacks[1] == 200 - 3
    # all it has left is 197 behind its live 2: it may raise to 199 at most
    assert state.legal_actions() == option(1, (4, 199))
    order = hand.order_of_play(Check(1), Call(2), Call(3))
    assert state.legal_actions() == option(0, (4, 200))
    order += hand.order_of_play(Check(0))
    assert order == [1, 2, 3, 0]
    assert state.total_pot == 9


def test_R_STRADDLE_1_explicit_big_blind_straddle_run_excludes_live_posts():
    """With the big blind given, the straddles are the strictly rising run
    right after it: the straddler of 4 acts last; a new player's live 2
    further round is not a straddle, and acts first, facing the 4."""
    forced = ForcedBets((1, 2, 4, 2, 0), (0,) * 5, big_blind=1)
    hand = new_hand(nl(1, 2), [200] * 5, forced=forced)
    state = hand.state
    assert state.legal_actions() == facing_bet(3, 2, (8, 200))
    order = hand.order_of_play(Call(3), Call(4), Call(0), Call(1))
    assert state.legal_actions() == option(2, (8, 200))
    order += hand.order_of_play(Check(2))
    assert order == [3, 4, 0, 1, 2]


def test_R_STRADDLE_1_dead_small_blind_then_straddle_with_explicit_big_blind():
    forced = ForcedBets((2, 4, 0, 0), (0,) * 4, big_blind=0)
    hand = new_hand(nl(1, 2), [200] * 4, forced=forced)
    order = hand.order_of_play(Call(2), Call(3), Call(0))
    assert hand.state.legal_actions() == option(1, (8, 200))
    assert order == [2, 3, 0]


def test_R_BET_2_without_the_big_blind_the_amounts_decide_as_before():
    """No ``big_blind`` (PHH from elsewhere): (2, 2, 0, 0) reads as a small
    blind as large as the big blind (R-BLIND-2), so seat 1 is the big blind
    and seat 2 acts first."""
    forced = ForcedBets((2, 2, 0, 0), (0,) * 4)
    assert forced.big_blind is None
    hand = new_hand(nl(1, 2), [200] * 4, forced=forced)
    order = hand.order_of_play(Call(2), Call(3), Check(0))
    assert hand.state.legal_actions() == option(1, (4, 200))
    assert order == [2, 3, 0]


def test_R_TABLE_2_heads_up_explicit_big_blind_matches_the_config():
    config = nl(1, 2)
    forced = ForcedBets((2, 1), (0, 0), big_blind=0)
    hand = new_hand(config, [200, 200], forced=forced)
    plain = new_hand(config, [200, 200])
    assert hand.state.legal_actions() == plain.state.legal_actions()
    assert hand.order_of_play(Call(1)) == [1]
    assert hand.state.legal_actions() == option(0, (4, 200))


@pytest.mark.parametrize(
    ("big_blind", "shown"),
    [(4, "got 4"), (-1, "got -1"), (2, "got 2"), (True, "got True"), ("0", "'0'")],
)
def test_R_BLIND_1_big_blind_must_be_a_seat_posting_a_blind(
    big_blind: object, shown: str
) -> None:
    with pytest.raises(InvalidInputError, match="big_blind must be") as error:
        ForcedBets((1, 2, 0, 0), (0,) * 4, big_blind=big_blind)  # type: ignore[arg-type]
    assert shown in str(error.value)
    assert "seats posting a blind are [0, 1]" in str(error.value)
