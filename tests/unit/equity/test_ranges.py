"""Range notation: ``QQ+, AKs, AJo-ATo, 76s:0.5``."""

from fractions import Fraction

import pytest

from holdem.cards import format_cards, parse_cards
from holdem.equity import Range, parse_range
from holdem.errors import InvalidInputError


def names(text: str) -> set[str]:
    return {format_cards(c) for c in parse_range(text).combos}


def test_the_example_of_the_issue():
    r = parse_range("QQ+, AKs, AJo-ATo, 76s")
    assert len(r) == 18 + 4 + 24 + 4
    assert len(set(r.combos)) == len(r)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6), ("QQ+", 18), ("22+", 78), ("QQ-99", 24), ("99-QQ", 24),
        ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("A9s+", 20),
        ("K9o+", 48), ("AJo-ATo", 24), ("KTs-K8s", 12), ("random", 1326),
        ("any", 1326), ("AsKh", 1), ("akS", 4), ("QQ+ AKs", 22), ("AA,AA", 6),
    ],
)  # fmt: skip
def test_term_sizes(text, count):
    assert len(parse_range(text)) == count


def test_terms_name_the_right_combos():
    assert names("AKs") == {"AsKs", "AhKh", "AdKd", "AcKc"}
    assert names("QQ+") == names("QQ, KK, AA") == names("AA-QQ")
    assert names("A9s+") == names("A9s, ATs, AJs, AQs, AKs")
    assert names("AJo-ATo") == names("AJo, ATo")
    assert names("AK") == names("AKs, AKo")
    assert all(a.rank != b.rank for a, b in parse_range("AKo").combos)
    assert all(a.suit != b.suit for a, b in parse_range("AKo").combos)
    assert all(a.code > b.code for a, b in parse_range("random").combos)


def test_weights_are_exact_and_the_last_one_wins():
    r = parse_range("QQ+, 76s:0.5, AKs:1/3")
    weights = dict(zip(r.combos, r.weights, strict=True))
    assert weights[tuple(parse_cards("7s6s"))] == Fraction(1, 2)
    assert weights[tuple(parse_cards("AhKh"))] == Fraction(1, 3)
    assert weights[tuple(parse_cards("AsAh"))] == 1
    assert r.total_weight() == 18 + 2 + Fraction(4, 3)
    again = parse_range("AA:0.25, AsAh")
    assert (
        dict(zip(again.combos, again.weights, strict=True))[tuple(parse_cards("AsAh"))]
        == 1
    )


def test_without_removes_blocked_combos():
    r = parse_range("AA, KK").without(parse_cards("As"))
    assert len(r) == 3 + 6


def test_of_hand():
    r = Range.of_hand(parse_cards("KhAs"))
    assert r.text == "KhAs" and format_cards(r.combos[0]) == "AsKh"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one hand"),
        ("QQ+, AKx", "'AKx'.*'s' \\(suited\\) or 'o'"),
        ("ZZ", "'Z' is not a rank"),
        ("AQss", "expected a hand like"),
        ("QQs", "a pair is neither suited nor offsuit"),
        ("AJo-KTo", "a dash joins"),
        ("AJo-ATs", "a dash joins"),
        ("76s:1.5", "weight '1.5' must be a number in \\(0, 1\\]"),
        ("76s:0", "weight"),
        ("76s:abc", "weight"),
        ("76s:", "weight"),
        ("AsAs", "appears twice"),
        ("AsXx", "cannot read range term 'AsXx'"),
    ],
)
def test_malformed_ranges_are_refused_naming_the_term(text, message):
    with pytest.raises(InvalidInputError, match=message):
        parse_range(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XxAh", "bad card 'Xx' in 'XxAh'"),
        ("QQ+, AhXx", "bad card 'Xx' in 'AhXx'"),
        ("QQ++", "'QQ\\+\\+'.*doubled plus"),
        ("AKs, A9s++", "'A9s\\+\\+'.*doubled plus"),
    ],
)
def test_errors_name_the_bad_token(text, message):
    with pytest.raises(InvalidInputError, match=message):
        parse_range(text)


@pytest.mark.parametrize(
    "weight",
    ["1e-5000", "1e-3", "nan", "inf", "-0.5", "0.12345", "1/0", "0/5", "12345/9"],
)
def test_weights_outside_the_bounded_form_are_refused(weight):
    with pytest.raises(InvalidInputError, match=r"at most 4\s+digits"):
        parse_range(f"AKs:{weight}")


def test_a_huge_weight_is_refused_with_a_short_message():
    with pytest.raises(InvalidInputError) as info:
        parse_range("AKs:0." + "1" * 100_000)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize(
    ("weight", "value"),
    [
        (".5", Fraction(1, 2)),
        ("0.0001", Fraction(1, 10_000)),
        ("1.", 1),
        ("2/3", Fraction(2, 3)),
    ],
)
def test_bounded_weights_are_exact(weight, value):
    assert parse_range(f"AKs:{weight}").weights == (value,) * 4


# ------------------------------------------------ cases 097, 098 (R-DECK-1)


def test_case_097_plus_climbs_the_kicker_up_to_one_below_the_top_card():
    # ../shared/cases/097: "AJo+" is AJo, AQo, AKo (3 x 12); "KTs+" KTs, KJs,
    # KQs (3 x 4); "A2s+" A2s .. AKs (12 x 4); AhQs is in "AJo+".
    assert len(parse_range("AJo+")) == 36
    assert names("AJo+") == names("AJo, AQo, AKo")
    assert "AhQs" in names("AJo+")
    assert len(parse_range("KTs+")) == 12
    assert names("KTs+") == names("KTs, KJs, KQs")
    assert len(parse_range("A2s+")) == 48


@pytest.mark.parametrize(
    ("text", "count"),
    [("22", 6), ("22+", 78), ("JJ-44", 48), ("44-JJ", 48), ("22,33", 12)],
)
def test_case_098_a_pair_is_six_combos_of_two_different_cards(text, count):
    # ../shared/cases/098: C(4,2) = 6 combos per pair; no combo holds one
    # card twice and none is repeated (R-DECK-1).
    combos = parse_range(text).combos
    assert len(combos) == count
    assert all(a != b and a.rank == b.rank for a, b in combos)
    assert len({frozenset(c) for c in combos}) == count


def test_case_098_the_lone_pair_22_is_the_six_pairs_of_deuces():
    deuces = {frozenset(c) for c in parse_range("22").combos}
    pairs = ("2s2h", "2s2d", "2s2c", "2h2d", "2h2c", "2d2c")
    assert deuces == {frozenset(parse_cards(text)) for text in pairs}
