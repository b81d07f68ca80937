"""The deck and the ranking of hands (R-DECK-1..2, R-HAND-1..5), through the
engine's showdown and through ``holdem.eval``, with the cases of
../shared/cases about them.

Showdown cases that give only the cards and the pot are played as a check-down
with blinds of half the stake: every player calls the big blind and checks to
the river, so each puts exactly the case's stake into one pot.
"""

import random
from collections import Counter

import pytest
from rules_helpers import Hand, awards, by_seat, new_hand, nl, refuse

from holdem.cards import JOKER_TEXT, Card, Deck, Rank, Suit, parse_cards
from holdem.engine import AwardPot, HandState
from holdem.errors import IllegalActionError
from holdem.eval import HandCategory, evaluate, rank_codes, rank_digits
from holdem.rules import Bet, Call, Check, DealBoard, DealHole, Fold, Raise


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n. Heads-up that
# puts S1 (button, small blind) at seat 1 and S2 (big blind) at seat 0.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


def value(hole: str, board: str):
    """The evaluator's value of hole cards plus board (R-SHOW-4)."""
    return evaluate(parse_cards(hole + board))


def rank(hole: str, board: str) -> int:
    return rank_codes([c.code for c in parse_cards(hole + board)])


def check_down_case(holes: dict[int, str], board: str, stake: int, **options) -> Hand:
    """Play a case whose players each put ``stake`` into a single pot: the
    case's ``holes`` are keyed by case seat (S1 = 1, ...)."""
    n = len(holes)
    engine_holes = {seat(k, n): cards for k, cards in holes.items()}
    config = nl(stake // 2, stake, **options)
    hand = new_hand(config, [10 * stake] * n, engine_holes, board)
    hand.check_down()
    assert hand.state.is_complete
    return hand


# ------------------------------------------------------------------ R-DECK-1


def test_R_DECK_1_card_text_rank_then_suit():
    """R-DECK-1: text form ``Ah``, ``Td``, ``2c``: rank then suit letter."""
    expected = (
        ("Ah", Rank.ACE, Suit.HEARTS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
    )
    for text, r, s in expected:
        card = Card.parse(text)
        assert (card.rank, card.suit, str(card)) == (r, s, text)


def test_R_DECK_1_case_042_standard_52_card_deck_full_hand_ten_players():
    """Case 042: ten players, no jokers; a full hand to the river uses 28
    distinct cards and leaves 24 in the stub."""
    fresh = Deck.shuffled(random.Random(42)).deal(52)
    assert len(set(fresh)) == 52
    assert not any(c.is_joker for c in fresh)
    assert Counter(c.suit for c in fresh) == dict.fromkeys(Suit, 13)
    assert Counter(c.rank for c in fresh) == dict.fromkeys(Rank, 4)

    n = 10
    deck = Deck.shuffled(random.Random(42))
    hand = Hand(HandState(nl(1, 2), [100] * n), deck)
    hand.deal()
    hand.check_down()
    state = hand.state
    used = [c for hole in state.hole_cards for c in hole] + state.burns + state.board
    assert (len(state.burns), len(state.board)) == (3, 5)
    assert len(used) == 28
    assert len(set(used)) == 28
    assert len(deck) == 24
    stub = deck.deal(24)
    assert not set(stub) & set(used)
    assert set(stub) | set(used) == set(fresh)


def test_R_DECK_1_a_card_cannot_be_dealt_twice():
    """R-DECK-1: every card dealt in a hand is different."""
    state = HandState(nl(1, 2), [100] * 3)
    state.apply(DealHole(0, parse_cards("AsKd")))
    refuse(state, DealHole(1, parse_cards("QhAs")), IllegalActionError, "R-DECK-1")
    state.apply(DealHole(1, parse_cards("QhJh")))
    state.apply(DealHole(2, parse_cards("2c3c")))
    state.apply(Call(2))
    state.apply(Call(0))
    state.apply(Check(1))
    refuse(state, DealBoard(parse_cards("Kd9s8s")), IllegalActionError, "R-DECK-1")
    refuse(
        state,
        DealBoard(parse_cards("9s8s7s"), burn=Card.parse("Qh")),
        IllegalActionError,
        "R-DECK-1",
    )


# ------------------------------------------------------------------ R-DECK-2


def test_R_DECK_2_case_043_joker_five_of_a_kind_beats_royal_flush():
    """Case 043: one wild joker; heads-up, pot 200 (100 each)."""
    board = "AsAdAhKhQh"
    s1 = value(f"Ac{JOKER_TEXT}", board)
    s2 = value("JhTh", board)
    assert s1.category is HandCategory.FIVE_OF_A_KIND
    assert rank_digits(s1.rank)[0] == 14
    assert s2.category is HandCategory.STRAIGHT_FLUSH
    assert rank_digits(s2.rank) == (14,)
    assert s1.rank > s2.rank
    hand = check_down_case({1: f"Ac{JOKER_TEXT}", 2: "JhTh"}, board, 100, jokers=1)
    n = 2
    assert awards(hand.state) == [AwardPot(0, 200, ((seat(1, n), 200),))]
    assert hand.state.payoffs == tuple(by_seat({1: 100, 2: -100}, lambda k: seat(k, n)))


@pytest.mark.parametrize(
    ("joker_rule", "winner"),
    [("wild", 1), ("bug", 2)],
)
def test_R_DECK_2_showdown_follows_the_joker_rule(joker_rule: str, winner: int):
    """R-DECK-2 at the showdown: S1 holds a joker and a King with two Kings
    on the board. Wild, the joker is the fourth King: four Kings beat S2's
    Sevens full of Kings. Under the bug rule it can only be an Ace (no
    straight or flush to complete): three Kings with an Ace lose to the full
    house. Pot 200 (100 each), heads-up."""
    board = "KdKs7c4d2h"
    hand = check_down_case(
        {1: f"{JOKER_TEXT}Kh", 2: "7h7d"},
        board,
        100,
        jokers=1,
        joker_rule=joker_rule,
    )
    n = 2
    assert awards(hand.state) == [AwardPot(0, 200, ((seat(winner, n), 200),))]


def test_R_DECK_2_no_jokers_by_default():
    """R-DECK-2 (case 043, option off): jokers are 0 by default; a joker is
    never dealt in a game without them."""
    assert nl(1, 2).jokers == 0
    state = HandState(nl(1, 2), [100, 100])
    joker = parse_cards(JOKER_TEXT)[0]
    refuse(
        state, DealHole(0, (joker, Card.parse("As"))), IllegalActionError, "R-DECK-2"
    )
    with_joker = Deck.shuffled(random.Random(1), jokers=1).deal(53)
    assert sum(c.is_joker for c in with_joker) == 1
    assert len(set(with_joker)) == 53


# ------------------------------------------------------------------ R-HAND-1


def test_R_HAND_1_case_017_board_straight_split_hole_cards_irrelevant():
    """Case 017: blinds 1/2, three players with 200; S1 and S3 both play the
    board's straight 5-6-7-8-9 and split 61: S3 gets 31, S1 gets 30."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    holes = {s1: "AhKd", s3: "2c3d"}
    board = "5c6d7h8s9c"
    assert value("AhKd", board).rank == value("2c3d", board).rank
    assert value("AhKd", board).best_five == value("2c3d", board).best_five
    hand = new_hand(nl(1, 2), [200] * n, holes, board)
    state = hand.state
    hand.act(Raise(s1, 6), Fold(s2), Call(s3))
    assert state.total_pot == 13
    hand.deal()
    hand.act(Check(s3), Bet(s1, 8), Call(s3))
    assert state.total_pot == 29
    hand.deal()
    hand.act(Check(s3), Check(s1))
    hand.deal()
    hand.act(Bet(s3, 16), Call(s1))
    assert state.total_pot == 61
    # S3 made the last river bet and shows first (R-SHOW-2).
    assert hand.showdown() == [s3, s1]
    assert awards(state) == [AwardPot(0, 61, tuple(sorted(((s3, 31), (s1, 30)))))]
    final = {1: 200, 2: 199, 3: 201}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


# ------------------------------------------------------------ R-HAND-2, -3


def test_R_HAND_3_case_014_wheel_is_the_lowest_straight():
    """Case 014: three players, pot 300; board 2c 3d 4h 9s Kd."""
    board = "2c3d4h9sKd"
    s1, s2, s3 = value("Ac5s", board), value("5h6c", board), value("KsKh", board)
    assert (s1.category, rank_digits(s1.rank)) == (HandCategory.STRAIGHT, (5,))
    assert (s2.category, rank_digits(s2.rank)) == (HandCategory.STRAIGHT, (6,))
    assert (s3.category, rank_digits(s3.rank)[0]) == (HandCategory.THREE_OF_A_KIND, 13)
    assert s2.rank > s1.rank > s3.rank
    hand = check_down_case({1: "Ac5s", 2: "5h6c", 3: "KsKh"}, board, 100)
    n = 3
    assert awards(hand.state) == [AwardPot(0, 300, ((seat(2, n), 300),))]
    payoffs = by_seat({1: -100, 2: 200, 3: -100}, lambda k: seat(k, n))
    assert hand.state.payoffs == tuple(payoffs)


def test_R_HAND_3_case_015_steel_wheel_straight_flush_beats_quads():
    """Case 015: three players, pot 300; board 2d 3d 4d 5d 5c."""
    board = "2d3d4d5d5c"
    s1, s2, s3 = value("AdKc", board), value("2c2h", board), value("5h5s", board)
    assert (s1.category, rank_digits(s1.rank)) == (HandCategory.STRAIGHT_FLUSH, (5,))
    assert (s3.category, rank_digits(s3.rank)) == (HandCategory.FOUR_OF_A_KIND, (5, 4))
    assert (s2.category, rank_digits(s2.rank)) == (HandCategory.FULL_HOUSE, (2, 5))
    assert s1.rank > s3.rank > s2.rank
    hand = check_down_case({1: "AdKc", 2: "2c2h", 3: "5h5s"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 300, ((seat(1, 3), 300),))]


def test_R_HAND_3_no_wrap_around_straight():
    """R-HAND-3: Q-K-A-2-3 is no straight; ace-high loses to a pair."""
    board = "QcKd2s3h8c"
    a, b = value("As7d", board), value("8d4c", board)
    assert a.category is HandCategory.HIGH_CARD
    assert b.category is HandCategory.ONE_PAIR
    hand = check_down_case({1: "As7d", 2: "8d4c"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 200, ((seat(2, 2), 200),))]


CASE_064 = [
    # (line, board, A, B, A's category, B's category, winner "A" or "tie")
    (1, "9hThJh9c9d", "QhKh", "9s2c", "STRAIGHT_FLUSH", "FOUR_OF_A_KIND", "A"),
    (2, "5c5d5hKcKd", "5s2c", "Kh2d", "FOUR_OF_A_KIND", "FULL_HOUSE", "A"),
    (3, "8s8d3sJsQc", "8cQd", "As2s", "FULL_HOUSE", "FLUSH", "A"),
    (4, "4c6c7d8cQh", "Ac2c", "5d9s", "FLUSH", "STRAIGHT", "A"),
    (5, "2d3c4hQsQd", "5s6s", "Qh9c", "STRAIGHT", "THREE_OF_A_KIND", "A"),
    (6, "JcJd4s7h2c", "Jh3d", "7c4d", "THREE_OF_A_KIND", "TWO_PAIR", "A"),
    (7, "Kc8d5s3h2c", "8s5d", "KsQd", "TWO_PAIR", "ONE_PAIR", "A"),
    (8, "AcJd8s6h3c", "2d2h", "KdQh", "ONE_PAIR", "HIGH_CARD", "A"),
    (9, "Ks9d7c4h2s", "KdJc", "KhTc", "ONE_PAIR", "ONE_PAIR", "A"),
    (10, "AcTc7d5h3s", "9c2d", "8c2h", "HIGH_CARD", "HIGH_CARD", "A"),
    (11, "QsJh7d4c2s", "AsKd", "AhKc", "HIGH_CARD", "HIGH_CARD", "tie"),
]


@pytest.mark.parametrize(
    ("line", "board", "a", "b", "a_category", "b_category", "winner"),
    [pytest.param(*row, id=f"line-{row[0]}") for row in CASE_064],
)
def test_R_HAND_2_case_064_category_ladder_kickers_suits(
    line, board, a, b, a_category, b_category, winner
):
    """Case 064: each line is a board with hands A and B; A sits in the big
    blind (engine seat 0) and B on the button (seat 1), pot 200."""
    va, vb = value(a, board), value(b, board)
    assert va.category is HandCategory[a_category]
    assert vb.category is HandCategory[b_category]
    if winner == "A":
        assert va.rank > vb.rank
    else:
        assert va.rank == vb.rank
    hand = new_hand(nl(50, 100), [1000, 1000], {0: a, 1: b}, board)
    hand.check_down()
    expected = ((0, 200),) if winner == "A" else ((0, 100), (1, 100))
    assert awards(hand.state) == [AwardPot(0, 200, expected)]


def test_R_HAND_2_case_064_line_1_king_high_straight_flush():
    """Case 064, line 1: A's straight flush is king-high."""
    assert rank_digits(value("QhKh", "9hThJh9c9d").rank) == (13,)


# ------------------------------------------------------------------ R-HAND-4


def test_R_HAND_4_case_016_flushes_compared_five_deep():
    """Case 016: heads-up, pot 200; board Kd Td 8d Qc 4d."""
    board = "KdTd8dQc4d"
    s1, s2 = value("3dAc", board), value("5dKc", board)
    assert (s1.category, rank_digits(s1.rank)) == (
        HandCategory.FLUSH,
        (13, 10, 8, 4, 3),
    )
    assert (s2.category, rank_digits(s2.rank)) == (
        HandCategory.FLUSH,
        (13, 10, 8, 5, 4),
    )
    assert Card.parse("Ac") not in s1.best_five
    hand = check_down_case({1: "3dAc", 2: "5dKc"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 200, ((seat(2, 2), 200),))]


def test_R_HAND_4_case_019_board_two_pair_one_kicker_plays():
    """Case 019: heads-up, pot 100; board Qh Qd 8c 8s 3h; both play
    Q-Q-8-8-A and split 50 each (S2's king does not play)."""
    board = "QhQd8c8s3h"
    s1, s2 = value("Ad9h", board), value("AsKc", board)
    assert (s1.category, rank_digits(s1.rank)) == (HandCategory.TWO_PAIR, (12, 8, 14))
    assert s1.rank == s2.rank
    hand = check_down_case({1: "Ad9h", 2: "AsKc"}, board, 50)
    assert awards(hand.state) == [AwardPot(0, 100, ((0, 50), (1, 50)))]
    assert hand.state.payoffs == (0, 0)


def test_R_HAND_4_case_019_variant_pocket_pair_replaces_lower_board_pair():
    """Case 019, variant: S1 holds 9d 9h: Q-Q-9-9 with an 8 beats Q-Q-8-8-A."""
    board = "QhQd8c8s3h"
    s1, s2 = value("9d9h", board), value("AsKc", board)
    assert (s1.category, rank_digits(s1.rank)) == (HandCategory.TWO_PAIR, (12, 9, 8))
    assert s1.rank > s2.rank
    hand = check_down_case({1: "9d9h", 2: "AsKc"}, board, 50)
    assert awards(hand.state) == [AwardPot(0, 100, ((seat(1, 2), 100),))]


def test_R_HAND_4_case_020_quads_on_board_fifth_card_decides():
    """Case 020: three players, pot 300; board 7c 7d 7h 7s 2c."""
    board = "7c7d7h7s2c"
    s1, s2, s3 = value("Ad3c", board), value("KcQs", board), value("2d2h", board)
    assert rank_digits(s1.rank) == (7, 14)
    assert rank_digits(s2.rank) == (7, 13)
    assert rank_digits(s3.rank) == (7, 2)
    assert {s1.category, s2.category, s3.category} == {HandCategory.FOUR_OF_A_KIND}
    hand = check_down_case({1: "Ad3c", 2: "KcQs", 3: "2d2h"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 300, ((seat(1, 3), 300),))]


def test_R_HAND_4_case_022_pair_kickers_three_deep():
    """Case 022: heads-up, pot 200; board 3h 5d 5c 6h Ac."""
    board = "3h5d5c6hAc"
    s1, s2 = value("Kc8c", board), value("Tc8s", board)
    assert rank_digits(s1.rank) == (5, 14, 13, 8)
    assert rank_digits(s2.rank) == (5, 14, 10, 8)
    hand = check_down_case({1: "Kc8c", 2: "Tc8s"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 200, ((seat(1, 2), 200),))]


# ------------------------------------------------------------------ R-HAND-5


def test_R_HAND_5_suits_never_break_a_tie():
    """R-HAND-5 (case 064 line 11 and a flush-free royal board): identical
    five-card hands in different suits tie and split."""
    assert rank("AsKd", "QsJh7d4c2s") == rank("AhKc", "QsJh7d4c2s")
    assert rank("AcKc", "QdJd9h4s2s") == rank("AdKd", "QhJh9c4c2c")


# ------------------------------------------------ cases 080, 081 (R-HAND-1..4)


def test_R_HAND_2_case_080_straight_and_flush_of_different_cards_is_a_flush():
    """Case 080: board 8d 9d Td Jd 4h. S1's 7c makes a straight and his 2d a
    flush, but no five cards are both: a flush, jack high. S2 has a straight,
    king high; S3's 7d makes a jack-high straight flush. S3 > S1 > S2, and in
    a three-way showdown S3 takes the whole pot."""
    board = "8d9dTdJd4h"
    s1, s2, s3 = value("7c2d", board), value("QcKc", board), value("7d3c", board)
    assert s1.category is HandCategory.FLUSH
    assert set(s1.best_five) == set(parse_cards("JdTd9d8d2d"))
    assert s2.category is HandCategory.STRAIGHT
    assert rank_digits(s2.rank) == (13,)
    assert s3.category is HandCategory.STRAIGHT_FLUSH
    assert set(s3.best_five) == set(parse_cards("7d8d9dTdJd"))
    assert rank_digits(s3.rank) == (11,)
    assert s3.rank > s1.rank > s2.rank
    hand = check_down_case({1: "7c2d", 2: "QcKc", 3: "7d3c"}, board, 100)
    assert awards(hand.state) == [AwardPot(0, 300, ((seat(3, 3), 300),))]


def test_R_HAND_4_case_081_pocket_pair_above_the_board_two_pair_plays():
    """Case 081: board 9s 9h 5c 5d 2s. S1's kings make kings and nines (5
    kicker); S3's sevens nines and sevens; S2 and S5 play the board's two
    pair with an ace and tie; S4's threes are only a kicker. S1 > S3 > S2 =
    S5 > S4, and S1 wins the pot alone."""
    board = "9s9h5c5d2s"
    holes = {1: "KcKd", 2: "Ah7s", 3: "7c7d", 4: "3c3d", 5: "Ac4h"}
    hands = {k: value(cards, board) for k, cards in holes.items()}
    assert all(h.category is HandCategory.TWO_PAIR for h in hands.values())
    assert rank_digits(hands[1].rank) == (13, 9, 5)
    assert rank_digits(hands[3].rank) == (9, 7, 5)
    assert rank_digits(hands[2].rank) == (9, 5, 14)
    assert rank_digits(hands[5].rank) == (9, 5, 14)
    assert rank_digits(hands[4].rank) == (9, 5, 3)
    assert hands[1].rank > hands[3].rank > hands[2].rank == hands[5].rank
    assert hands[5].rank > hands[4].rank
    n = 5
    hand = check_down_case(holes, board, 100)
    assert awards(hand.state) == [AwardPot(0, 500, ((seat(1, n), 500),))]
