"""The engine's hand for a recorded online hand: its config and forced bets.

Posts become ``ForcedBets``: small and big blinds and straddles are live
blinds (R-BLIND-4, R-STRADDLE-1), antes and the dead part of "small & big
blinds" are dead money (R-ANTE-1, R-TABLE-6). A blind posted all-in for
less counts as the full blind, which the engine caps at the stack
(R-ALLIN-BLIND). The blinds as posted win over the header's stakes.
"""

from __future__ import annotations

from dataclasses import replace

from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.history.online.model import OnlineHand, PostKind
from holdem.history.online.outcome import Reason
from holdem.rules.config import ForcedBets, GameConfig, Structure

__all__ = ["NotDealt", "build_hand"]


class NotDealt(Exception):
    """The engine cannot deal a recorded hand; ``reason`` says why."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def build_hand(
    hand: OnlineHand, index: dict[str, int], stacks: tuple[int, ...]
) -> tuple[HandState, tuple[GameConfig, ForcedBets] | None]:
    """The engine's hand for ``hand``, its seats and stacks given, posted.

    Args:
        hand: the recorded hand.
        index: each player's engine seat (clockwise from the button's left).
        stacks: each engine seat's starting stack.

    Returns:
        The hand with its forced bets posted, and for a hand whose structure
        changes at the flop the config and forced bets to replay it under
        then (``OnlineHand.preflop_structure``), else ``None``.

    Raises:
        NotDealt: when the engine cannot deal the hand (malformed, or not
            supported), with the reason.
    """
    n = len(stacks)
    after_preflop: tuple[GameConfig, ForcedBets] | None = None
    # the blinds as posted win over the header's stakes (GGPoker prints
    # some levels' blinds wrong); a short all-in post says nothing
    small_blind, big_blind = hand.small_blind, hand.big_blind
    # each post as (engine seat, kind, chips, is all-in): all-in when
    # flagged so, or when it puts in all the player's chips (some sites
    # print a blind of the whole stack without saying all-in; it is short
    # then, and the others still face the full blind, R-ALLIN-BLIND)
    posts: list[tuple[int, PostKind, int, bool]] = []
    left = list(stacks)
    full_ante = 0
    big_blind_seats: list[int] = []  # seats posting a live big blind
    posted_big = 0
    for post in hand.posts:
        seat = index[post.player]
        kind, chips = post.kind, post.chips
        rest = left[seat] = left[seat] - chips
        is_all_in = post.is_all_in or rest <= 0
        posts.append((seat, kind, chips, is_all_in))
        if kind is _ANTE:
            if chips > full_ante:
                full_ante = chips
        elif kind is _BIG_BLIND or kind is _SMALL_AND_BIG_BLINDS:
            big_blind_seats.append(seat)
            if not is_all_in and kind is _BIG_BLIND and chips > posted_big:
                # the largest live big blind post: a smaller one is a live
                # blind a player posts to come in (R-TABLE-5), not the stakes
                big_blind = posted_big = chips
        elif not is_all_in and kind is _SMALL_BLIND:
            small_blind = min(chips, big_blind)
    blinds, antes, dead = [0] * n, [0] * n, [0] * n
    for seat, kind, chips, is_all_in in posts:
        if kind is _ANTE:
            antes[seat] += full_ante if is_all_in else chips
        elif kind is _SMALL_BLIND:
            short = is_all_in and chips < small_blind
            blinds[seat] += small_blind if short else chips
        elif kind is _BIG_BLIND:
            short = is_all_in and chips < big_blind
            blinds[seat] += big_blind if short else chips
        elif kind is _SMALL_AND_BIG_BLINDS:
            live = min(chips, big_blind)
            blinds[seat] += live
            dead[seat] += chips - live
        elif kind is _DEAD_SMALL_BLIND:
            dead[seat] += chips
        elif kind is _STRADDLE:
            blinds[seat] += chips
    if not big_blind_seats:
        small = [index[p.player] for p in hand.posts if p.kind is PostKind.SMALL_BLIND]
        after = (small[0] + 1) % n if small else -1
        if after >= 0 and not blinds[after] and antes[after] >= stacks[after]:
            # the big blind's seat went all-in on the ante: the others still
            # face the full big blind (R-ALLIN-BLIND), as the site deals it
            blinds[after] = big_blind
    if big_blind <= 0 and not any(blinds) and any(antes):
        if any(a < s for a, s in zip(antes, stacks, strict=True)):
            raise NotDealt(
                Reason.NOT_SUPPORTED,
                "antes only, no blinds: our engine's minimum bet is the big"
                " blind (R-NL-1)",
            )
        # all-in on the antes: nobody bets, the big blind is never used
        small_blind = big_blind = max(antes)
    structure = hand.structure
    assert structure is not None  # checked by replay_online_hand
    try:
        config = _config(structure, small_blind, big_blind, hand.big_bet)
        forced = _forced_bets(
            (
                tuple(blinds),
                tuple(antes),
                tuple(dead),
                # more than one live big blind (a new or returning player's,
                # R-TABLE-5, R-TABLE-6): the big blind is the poster nearest
                # the button's left, who acts last pre-flop (R-BET-2); with
                # one, the amounts say it all and the engine reads them
                min(big_blind_seats)
                if len(big_blind_seats) > 1 and len(index) > 2
                else None,
            )
        )
        if hand.preflop_structure is not None:
            # dealt pre-flop under its own structure; at the flop the log
            # is replayed under ``structure`` (see the replay)
            after_preflop = (config, forced)
            config = replace(config, structure=hand.preflop_structure)
        elif forced is _default_forced_bets(config, n):
            return HandState(config, stacks), None  # the engine's quick way
        return HandState(config, stacks, forced), after_preflop
    except InvalidInputError as error:
        raise NotDealt(Reason.MALFORMED, f"cannot build the hand: {error}") from None


# GameConfig (immutable) by its fields: the hands of a file share stakes.
_CONFIGS: dict[tuple[Structure, int, int, int | None], GameConfig] = {}
_CONFIGS_MAX = 1024


def _config(
    structure: Structure, small_blind: int, big_blind: int, big_bet: int | None
) -> GameConfig:
    """The hand's rules; fixed-limit bets the big blind, then ``big_bet``.

    Raises:
        InvalidInputError: as ``GameConfig``, for bad chip amounts.
    """
    # Only plain ints are kept: 2.0 == 2 would share another's config.
    plain = type(small_blind) is int and type(big_blind) is int
    plain = plain and (big_bet is None or type(big_bet) is int)
    key = (structure, small_blind, big_blind, big_bet)
    config = _CONFIGS.get(key) if plain else None
    if config is not None:
        return config
    if structure is Structure.FIXED_LIMIT:
        config = GameConfig(
            structure=structure,
            small_blind=min(small_blind, big_blind),
            big_blind=big_blind,
            small_bet=big_blind,
            big_bet=big_bet or 2 * big_blind,
        )
    else:
        config = GameConfig(
            structure=structure,
            small_blind=min(small_blind, big_blind),
            big_blind=big_blind,
        )
    if plain:
        if len(_CONFIGS) >= _CONFIGS_MAX:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    return config


# ForcedBets (immutable) by its fields: one value per distinct posting, so
# the engine's hand finds what it worked out for it (``HandState``'s cache
# by identity) and the config's own forced bets compare by identity.
_FORCED_BETS: dict[
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None], ForcedBets
] = {}
_FORCED_BETS_MAX = 4096
# The config's forced bets by (id(config), seats), the config kept alive
_DEFAULTS: dict[tuple[int, int], tuple[GameConfig, ForcedBets]] = {}


def _forced_bets(
    key: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None],
) -> ForcedBets:
    """The one ``ForcedBets`` of these fields, made once.

    Raises:
        InvalidInputError: as ``ForcedBets``, for bad chip amounts.
    """
    forced = _FORCED_BETS.get(key)
    if forced is None:
        forced = ForcedBets(*key)
        # only plain ints are kept, as in ``_config``
        if all(type(c) is int for part in key[:3] for c in part):
            if len(_FORCED_BETS) >= _FORCED_BETS_MAX:
                _FORCED_BETS.clear()
                _DEFAULTS.clear()
            _FORCED_BETS[key] = forced
    return forced


def _default_forced_bets(config: GameConfig, seats: int) -> ForcedBets:
    """``config.forced_bets(seats)``, as the one value ``_forced_bets`` gives."""
    known = _DEFAULTS.get((id(config), seats))
    if known is not None and known[0] is config:
        return known[1]
    own = config.forced_bets(seats)
    forced = _forced_bets(
        (own.blinds_or_straddles, own.antes, own.dead_blinds, own.big_blind)
    )
    if len(_DEFAULTS) >= _FORCED_BETS_MAX:
        _DEFAULTS.clear()
    _DEFAULTS[id(config), seats] = (config, forced)
    return forced


_ANTE, _SMALL_BLIND = PostKind.ANTE, PostKind.SMALL_BLIND
_BIG_BLIND, _SMALL_AND_BIG_BLINDS = PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLINDS
_DEAD_SMALL_BLIND, _STRADDLE = PostKind.DEAD_SMALL_BLIND, PostKind.STRADDLE
