"""The game's configuration and per-seat forced bets."""

import pytest

from holdem.errors import InvalidInputError
from holdem.rules import ForcedBets, GameConfig, JokerRule, OddChipRule, Structure


def test_R_BLIND_1_small_then_big_blind_left_of_button() -> None:
    forced = GameConfig(small_blind=1, big_blind=2).forced_bets(6)
    assert forced.blinds_or_straddles == (1, 2, 0, 0, 0, 0)


def test_R_TABLE_2_heads_up_button_posts_small_blind() -> None:
    # seat 1 is the button: it posts the small blind; seat 0 the big blind.
    assert GameConfig(small_blind=1, big_blind=2).forced_bets(
        2
    ).blinds_or_straddles == (2, 1)


def test_R_STRADDLE_1_each_straddle_doubles_the_previous() -> None:
    forced = GameConfig(small_blind=1, big_blind=2, straddles=2).forced_bets(7)
    assert forced.blinds_or_straddles == (1, 2, 4, 8, 0, 0, 0)


def test_R_ANTE_1_big_blind_ante_is_posted_by_big_blind_only() -> None:
    forced = GameConfig(
        small_blind=5, big_blind=10, ante=10, big_blind_ante=True
    ).forced_bets(4)
    assert forced.antes == (0, 10, 0, 0)
    every = GameConfig(small_blind=5, big_blind=10, ante=2).forced_bets(4)
    assert every.antes == (2, 2, 2, 2)


def test_R_FL_1_limit_bet_sizes_default_from_big_blind() -> None:
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    assert [config.bet_unit(street) for street in range(4)] == [2, 2, 4, 4]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"big_blind": 2.0},
        {"big_blind": True},
        {"small_blind": -1},
        {"small_blind": 3, "big_blind": 2},
        {"big_blind": 0},
        {"jokers": 5},
        {"big_blind": 10**16},
        {"ante": 10**100},
        {"structure": "nl"},
        {"odd_chips": "random"},
        {"fold_when_check": 1},
        {"raise_cap": 0},
    ],
)
def test_bad_config_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        GameConfig(**kwargs)  # type: ignore[arg-type]


def test_forced_bets_need_one_entry_per_seat() -> None:
    with pytest.raises(InvalidInputError, match="one entry per seat"):
        ForcedBets((1, 2, 0), (0, 0))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"jokers": True},
        {"big_blind_ante": "yes"},
        {"small_bet": 2, "big_bet": 1},
        {"raise_cap": 2.5},
    ],
)
def test_config_refuses_values_of_the_wrong_kind(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        GameConfig(**kwargs)  # type: ignore[arg-type]


def test_R_STRADDLE_1_straddles_that_do_not_fit_are_not_posted() -> None:
    config = GameConfig(small_blind=1, big_blind=2, straddles=3)
    assert config.forced_bets(2).blinds_or_straddles == (2, 1)  # heads-up
    assert config.forced_bets(4).blinds_or_straddles == (1, 2, 4, 8)


def test_config_takes_the_text_of_its_options() -> None:
    config = GameConfig(
        structure="pot-limit",  # type: ignore[arg-type]
        odd_chips="one-at-a-time",  # type: ignore[arg-type]
        joker_rule="bug",  # type: ignore[arg-type]
        jokers=3,
    )
    assert config.structure is Structure.POT_LIMIT
    assert config.odd_chips is OddChipRule.ONE_AT_A_TIME
    assert config.joker_rule is JokerRule.BUG


def test_unknown_option_lists_the_valid_values() -> None:
    with pytest.raises(InvalidInputError, match="'no-limit', 'pot-limit'"):
        GameConfig(structure="nolimit")  # type: ignore[arg-type]


def test_forced_bets_for_no_seats_are_refused_by_the_hand_not_by_min() -> None:
    # ForcedBets((), ()) once raised min()'s bare ValueError; it is an empty
    # posting, and a hand of two seats refuses it with the seat counts
    from holdem.engine import HandState

    empty = ForcedBets((), ())
    assert empty.dead_blinds == ()
    with pytest.raises(
        InvalidInputError, match="forced bets name 0 seats, the hand has 2"
    ):
        HandState(GameConfig(), (100, 100), empty)
