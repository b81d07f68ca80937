"""The ACPC protocol: the published examples, dealer-client round trips, errors.

The examples (data/acpc_protocol_examples.txt) are the ACPC protocol
specification's own message transcripts, version 2.0.0. Their payoffs below
were worked out by hand from the cards and the betting (an independent
oracle), not read from our output.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from holdem.cards import Card, Deck, parse_cards
from holdem.errors import InvalidInputError
from holdem.rl.acpc import (
    AcpcClient,
    AcpcDealer,
    AcpcMatchError,
    acpc_action,
    engine_action,
    format_match_state,
    parse_match_state,
    replay_match_state,
)
from holdem.rl.acpc.protocol import parse_response
from holdem.rules import Bet, Call, Check, Fold, GameConfig, Raise
from holdem.table import RandomBot

DATA = Path(__file__).parent / "data" / "acpc_protocol_examples.txt"
BIG = 10**6  # ACPC's limit games: stacks no hand can spend
GAMES = {
    # ACPC's holdem.limit.2p.reverse_blinds: blinds 10/5, raises 10/10/20/20
    "limit 2p": (
        GameConfig(
            structure="fixed-limit",
            small_blind=5,
            big_blind=10,
            fold_when_check=False,
            heads_up_uncapped=False,
        ),
        (BIG, BIG),
    ),
    # holdem.nolimit.2p.reverse_blinds: blinds 100/50, stacks 20000
    "nolimit 2p": (
        GameConfig(small_blind=50, big_blind=100, fold_when_check=False),
        (20000, 20000),
    ),
    # holdem.limit.3p: blinds 5/10 from position 0
    "limit 3p": (
        GameConfig(
            structure="fixed-limit", small_blind=5, big_blind=10, fold_when_check=False
        ),
        (BIG, BIG, BIG),
    ),
}
# final payoffs per position, by hand from the cards (see the module docstring)
PAYOFFS = {
    0: (-80, 80),  # 8hTc pairs the board's 8 against TdAs's ace high
    1: (40, -40),  # position 1 folds the turn after 30 pre-flop + 10
    2: (-20, 20),  # position 0 folds the turn after 20 pre-flop
    30: (1250, -1250),  # 9s8h trips eights against 9c6h's eights and sixes
    31: (-20000, 20000),  # JdTc's straight (9 to K) beats KsJs's two pair
    55: (70, -20, -50),  # 0 wins 20 from 1 (folds the flop), 50 from 2
    90: (-70, -10, 80),  # 1 folds its big blind; Td2h's kings and tens win
}


def examples():
    """(game, [(who, line)]) per game section of the transcript."""
    sections: dict[str, list[tuple[str, str]]] = {}
    name = ""
    for raw in DATA.read_text().splitlines():
        if raw.startswith("#") or not raw.strip():
            continue
        if raw.startswith("["):
            name = raw[1:-1]
            sections[name] = []
            continue
        who, line = raw.split(" ", 1)
        sections[name].append((who, line.strip()))
    return sections


SECTIONS = examples()


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_published_examples_parse_format_and_replay_by_our_rules(game):
    config, stacks = GAMES[game]
    for who, line in SECTIONS[game]:
        text, action = parse_response(line) if who == "<-C" else (line, None)
        match = parse_match_state(text)
        assert format_match_state(match) == text
        state = replay_match_state(config, stacks, match)
        if action is not None:
            # the player answers only in its turn, and the action round-trips
            assert state.to_act == match.position
            assert acpc_action(state, engine_action(state, action)) == action
        elif state.is_complete:
            assert state.payoffs == PAYOFFS[match.hand_number]


def test_no_limit_raise_sizes_count_the_whole_hand():
    config, stacks = GAMES["nolimit 2p"]
    match = parse_match_state("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c")
    state = replay_match_state(config, stacks, match)
    # r250 on the flop after 100 each pre-flop: a bet of 150 (street total)
    assert engine_action(state, "r250") == Bet(0, 150)
    assert acpc_action(state, Bet(0, 150)) == "r250"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("MATCHSTATE:0:0::TdAs", "fewer than 2 positions"),
        ("MATCHSTATE:0:x::TdAs|", "whole numbers"),
        ("MATCHSTATE:0:0:rz:TdAs|", "bad betting"),
        ("MATCHSTATE:0:0:rrc/:TdAs|", "board cards"),
        ("MATCHSTATE:0:0::TdXs|", "bad hole cards"),
        ("MATCH:0:0::TdAs|", "5 fields"),
    ],
)
def test_malformed_match_states_are_refused_with_the_reason(line, why):
    with pytest.raises(InvalidInputError, match=why):
        parse_match_state(line)


def test_an_illegal_betting_string_is_refused_by_our_rules_R_NL_2():
    config, stacks = GAMES["nolimit 2p"]
    match = parse_match_state("MATCHSTATE:1:0:r300r350:|JdTc")
    with pytest.raises(InvalidInputError, match="R-NL-2"):
        replay_match_state(config, stacks, match)


# ------------------------------------------------------------- round trips


class Scripted:
    """A bot that plays the example's actions, hand after hand."""

    def __init__(self, hands):
        self.hands = hands  # per match hand (1-based), the ACPC tokens in order

    def decide(self, view):
        legal = view.decision.legal
        tokens = self.hands[view.hand_number]
        done = sum(type(e) in (Fold, Check, Call, Bet, Raise) for e in view.hand.events)
        token = tokens[done]
        if token == "f":
            return legal.fold()
        if token == "c":
            return legal.check_or_call()
        if token == "r":
            return legal.raise_to(legal.min_raise_to)
        # heads-up with every earlier street called: each put in half the pots
        before = sum(p.amount for p in view.hand.pots) // 2
        return legal.raise_to(int(token[1:]) - before)


def _deck(holes, board):
    """A deck dealing ``holes`` (per position) and ``board`` with fresh burns."""
    n = len(holes)
    hole = [parse_cards(h) for h in holes]
    board_cards = parse_cards(board)
    used = {c.code for h in hole for c in h} | {c.code for c in board_cards}
    spare = [Card.from_code(i) for i in range(52) if i not in used]
    order = [hole[s][0] for s in range(n)] + [hole[s][1] for s in range(n)]
    order += [spare.pop(), *board_cards[:3], spare.pop(), board_cards[3]]
    order += [spare.pop(), board_cards[4]]
    return Deck(order)


async def _match(dealer, clients):
    port = await dealer.start()
    match = asyncio.create_task(dealer.run())
    tasks = []
    for client in clients:  # one at a time: connection order is player order
        tasks.append(asyncio.create_task(client.play("127.0.0.1", port)))
        for _ in range(500):
            if dealer.joined >= len(tasks) or match.done():
                break
            await asyncio.sleep(0.01)
    result = await asyncio.wait_for(match, 120)
    return result, [await asyncio.wait_for(t, 120) for t in tasks]


def _tokens(betting):
    return re.findall(r"f|c|r\d*", betting)


def test_our_dealer_and_client_replay_the_published_no_limit_example():
    config, stacks = GAMES["nolimit 2p"]
    lines = SECTIONS["nolimit 2p"]
    script = {
        1: _tokens("cc/r250c/r500c/r1250c"),
        2: _tokens("r300r900c/r1800r3600r9000c/r20000c/"),
    }
    decks = [
        _deck(["9s8h", "9c6h"], "8c8d5c6s2d"),
        _deck(["KsJs", "JdTc"], "6dJc9cKhQc"),
    ]
    dealer = AcpcDealer(config, stacks, hands=2, decks=decks, action_timeout=60)
    ours = AcpcClient(config, stacks, Scripted(script))
    other = AcpcClient(config, stacks, Scripted(script))
    result, (mine, _) = asyncio.run(_match(dealer, [ours, other]))
    renumber = {"30": "0", "31": "1"}

    def ours_(line):
        parts = line.split(":")
        parts[2] = renumber[parts[2]]
        return ":".join(parts)

    assert mine.received == [ours_(x) for who, x in lines if who == "S->"]
    assert mine.sent == ["VERSION:2.0.0"] + [
        ours_(x) for who, x in lines if who == "<-C"
    ]
    # player 0 sat at position 0, then 1 (R-TABLE-1: the button moves)
    assert result.totals == [1250 + 20000, -1250 - 20000]
    assert mine.payoffs == [1250, 20000]


def test_our_dealer_replays_the_published_limit_example():
    config, stacks = GAMES["limit 2p"]
    lines = SECTIONS["limit 2p"]
    script = {
        1: _tokens("rrc/rc/crc/crc"),
        2: _tokens("rrc/rc/rf"),
        3: _tokens("rc/cc/crf"),
    }
    decks = [
        _deck(["TdAs", "8hTc"], "2c8c3h9cKh"),
        _deck(["5s5d", "Qd7c"], "2h8h5cThAc"),
        _deck(["9d7s", "4h4d"], "5d2cJc3dAh"),
    ]
    dealer = AcpcDealer(config, stacks, hands=3, decks=decks, action_timeout=60)
    clients = [AcpcClient(config, stacks, Scripted(script)) for _ in range(2)]
    result, (mine, _) = asyncio.run(_match(dealer, clients))
    renumber = {"0": "0", "1": "1", "2": "2"}
    assert mine.received == [
        x for who, x in lines if who == "S->" and x.split(":")[2] in renumber
    ]
    assert mine.sent[1:] == [x for who, x in lines if who == "<-C"]
    assert result.totals == [-80 - 40 - 20, 80 + 40 + 20]


@pytest.mark.parametrize(
    ("config", "stacks"),
    [
        (GameConfig(small_blind=50, big_blind=100, fold_when_check=False), (2000,) * 2),
        (GameConfig(structure="pot-limit", straddles=1), (200, 300, 400)),
        (GameConfig(structure="fixed-limit"), (100,) * 6),
    ],
)
def test_round_trip_random_bots_conserve_chips_R_POT_4(config, stacks):
    n = len(stacks)
    dealer = AcpcDealer(config, stacks, hands=12, seed=5, action_timeout=60)
    clients = [
        AcpcClient(config, stacks, RandomBot(random.Random(i))) for i in range(n)
    ]
    result, played = asyncio.run(_match(dealer, clients))
    assert result.hands == 12 and len(result.log) == 12
    assert sum(result.totals) == 0
    # every client settled every hand and agrees with the dealer
    assert [p.total for p in played] == result.totals
    assert all(p.hands == 12 and None not in p.payoffs for p in played)


def test_bad_answers_get_an_error_comment_and_change_nothing():
    config, stacks = GAMES["nolimit 2p"]

    async def main():
        dealer = AcpcDealer(config, stacks, hands=1, seed=1, action_timeout=30)
        port = await dealer.start()
        match = asyncio.create_task(dealer.run())
        other = AcpcClient(config, stacks, RandomBot(random.Random(3)))
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"VERSION:2.0.0\r\n")
        await writer.drain()
        while dealer.joined < 1:
            await asyncio.sleep(0.01)
        other_task = asyncio.create_task(other.play("127.0.0.1", port))
        first = (await reader.readline()).decode().strip()
        # player 0 sits at position 0, the big blind: position 1 acts first
        assert first.startswith("MATCHSTATE:0:0::")
        line = (await reader.readline()).decode().strip()
        replies = []
        for bad in ("nonsense", f"{line}:x", f"{line}:r10", "MATCHSTATE:0:0::AsKs|:c"):
            writer.write(bad.encode() + b"\r\n")
            await writer.drain()
            replies.append((await reader.readline()).decode().strip())
        writer.write(f"{line}:f\r\n".encode())
        await writer.drain()
        final = (await reader.readline()).decode().strip()
        writer.close()
        result = await asyncio.wait_for(match, 60)
        await other_task
        return line, replies, final, result

    line, replies, final, result = asyncio.run(main())
    assert all(r.startswith("# error:") for r in replies)
    assert "an answer is the match state received, ':' and an action" in replies[0]
    assert "unknown action 'x'" in replies[1]
    assert "R-NL-2" in replies[2]  # r10 is below the smallest raise
    assert "must echo" in replies[3]
    # the bad answers changed nothing: the fold is applied to the same state
    parts = line.split(":")
    parts[3] += "f"
    assert final == ":".join(parts)
    assert result.hands == 1 and result.totals[0] == -100


def test_a_silent_player_ends_the_match():
    config, stacks = GAMES["nolimit 2p"]

    async def main():
        dealer = AcpcDealer(config, stacks, hands=3, seed=1, action_timeout=0.5)
        port = await dealer.start()
        match = asyncio.create_task(dealer.run())
        silent = []
        for _ in range(2):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"VERSION:2.0.0\r\n")
            await writer.drain()
            silent.append(writer)
        with pytest.raises(AcpcMatchError, match="did not answer"):
            await asyncio.wait_for(match, 60)
        for writer in silent:
            writer.close()

    asyncio.run(main())


def test_games_acpc_cannot_describe_are_refused():
    with pytest.raises(InvalidInputError, match="antes"):
        AcpcDealer(GameConfig(ante=1), (100, 100), hands=1)
    with pytest.raises(InvalidInputError, match="hands"):
        AcpcDealer(GameConfig(), (100, 100), hands=0)
