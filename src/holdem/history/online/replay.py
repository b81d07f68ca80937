"""Deal an online room's hand through the engine and compare with what it printed.

The hand's players (those who posted, acted or collected) become the engine's
seats clockwise from the button's left, the button last; heads-up the small
blind's poster is the button (R-TABLE-2). Posts become ``ForcedBets``: small
and big blinds and straddles are live blinds (R-BLIND-4, R-STRADDLE-1), antes
and the dead part of "small & big blinds" are dead money (R-ANTE-1,
R-TABLE-6). A blind posted all-in for less counts as the full blind, which the
engine caps at the stack (R-ALLIN-BLIND). Every known hand (the hero's,
shown, mucked face up) is dealt with its cards, the others unknown; boards are
dealt as the text reaches each street; at the showdown every known hand is
shown and every unknown one mucked (cards speak, R-SHOW-4), except an unknown
hand the engine makes show first (R-SHOW-2) that the site pays nothing: it
turns up the weakest cards nobody holds.

A fold printed out of turn (PokerStars records a player who folds before his
turn) is applied when the player's turn comes.

Then the engine's results are checked against the text:

- every "uncalled bet returned" line against the engine's returns (R-BET-7),
  same player and chips;
- each call's chips against the engine's call amount;
- the pot: what the engine awards in all equals the printed total pot (less
  any chips the site added, such as PokerStars' STP);
- the rake: the site takes it from the pot before paying, and does not say
  from which pot, so the check is per winner ``collected <= awarded`` and in
  all ``awarded + added - collected == rake``; with no rake and nothing
  added, each player's collected chips must equal the engine's award exactly.

Outcomes: ``agrees``, ``differs`` (with the reason: our rules refuse or
decide otherwise; the site's printed result is inconsistent with itself; the
record is malformed; or the hand needs a feature the engine does not deal,
such as running the board twice), ``unreadable`` (cannot be parsed) and
``not hold'em`` (another game, counted and skipped).
"""

from __future__ import annotations

import re
from collections import Counter

from holdem.cards import Card
from holdem.engine.events import AwardPot, Phase, ReturnUncalled
from holdem.engine.state import MAX_SEATS, HandState
from holdem.errors import IllegalActionError, InvalidInputError, StateError
from holdem.history.online.compare import Mismatch, compare, site_inconsistency
from holdem.history.online.forfeits import extreme_cards, forfeits_of
from holdem.history.online.model import (
    ActionKind,
    OnlineAction,
    OnlineHand,
    PostKind,
)
from holdem.history.online.outcome import OnlineReplay, Outcome, Reason
from holdem.rules.actions import (
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    Show,
)
from holdem.rules.config import ForcedBets, GameConfig, Structure

__all__ = ["OnlineReplay", "Outcome", "Reason", "replay_online_hand"]

_SEAT = re.compile(r"\bseat (\d+)")


class _Differ(Exception):
    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def replay_online_hand(hand: OnlineHand) -> OnlineReplay:
    """Deal ``hand`` through the engine and compare with the printed results.

    Args:
        hand: a hand read by a site parser.

    Returns:
        The outcome, with the reason and a one-line message when it differs.
    """
    if not hand.is_holdem:
        return _result(hand, Outcome.NOT_HOLDEM, None, hand.game)
    if hand.structure is None:
        return _result(
            hand,
            Outcome.DIFFERS,
            Reason.NOT_SUPPORTED,
            f"{hand.game}: our engine deals no-limit, pot-limit or fixed-limit",
        )
    if hand.unsupported:
        return _result(
            hand,
            Outcome.DIFFERS,
            Reason.NOT_SUPPORTED,
            ", ".join(hand.unsupported),
        )
    replayer: _Replayer | None = None
    try:
        replayer = _Replayer(hand)
        replayer.run()
    except _Differ as differ:
        reason, message = differ.reason, str(differ)
        inconsistent = site_inconsistency(hand) if reason is Reason.OUR_RULES else ""
        if inconsistent:
            reason, message = Reason.SITE_RESULT, f"{message} ({inconsistent})"
        final: tuple[tuple[str, int], ...] = ()
        if replayer is not None and replayer.state.is_complete:
            final = tuple(zip(replayer.names, replayer.state.stacks, strict=True))
        return OnlineReplay(
            hand.site,
            hand.source,
            hand.hand_id,
            hand.line,
            Outcome.DIFFERS,
            reason,
            message,
            hand,
            final,
        )
    return _result(hand, Outcome.AGREES, None, "")


def _result(
    hand: OnlineHand, outcome: Outcome, reason: Reason | None, message: str
) -> OnlineReplay:
    return OnlineReplay(
        hand.site, hand.source, hand.hand_id, hand.line, outcome, reason, message, hand
    )


class _Replayer:
    def __init__(self, hand: OnlineHand) -> None:
        self.hand = hand
        players = {p.player for p in hand.posts}
        players.update(a.player for a in hand.actions)
        players.update(c.player for c in hand.collected)
        players.update(p for p, _ in hand.uncalled)
        button = hand.button
        seats = sorted(
            (s for s in hand.seats if s.player in players),
            key=lambda s: (s.seat - button - 1) % 1000,
        )
        if len(seats) < 2:
            raise _Differ(Reason.MALFORMED, f"{len(seats)} player(s) in the hand")
        if len(seats) == 2:
            small = [p.player for p in hand.posts if p.kind is PostKind.SMALL_BLIND]
            if small and small[0] == seats[0].player:
                seats.reverse()  # heads-up the button posts the small blind
        self.names = tuple(s.player for s in seats)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.stacks = tuple(s.stack for s in seats)
        self.state = self._build()
        # engine returns the site shows as a shorter call instead (not printed)
        self.hidden: Counter[tuple[str, int]] = Counter()
        # returns the site prints for raises our engine takes as calls (R-BET-5)
        self.virtual: Counter[tuple[str, int]] = Counter()

    def _build(self) -> HandState:
        hand = self.hand
        n = len(self.names)
        blinds, antes, dead = [0] * n, [0] * n, [0] * n
        full_ante = max(
            (p.chips for p in hand.posts if p.kind is PostKind.ANTE), default=0
        )
        # the blinds as posted win over the header's stakes (GGPoker prints
        # some levels' blinds wrong); a short all-in post says nothing
        small_blind, big_blind = hand.small_blind, hand.big_blind
        for post in hand.posts:
            if not post.is_all_in and post.kind is PostKind.BIG_BLIND:
                big_blind = post.chips
            elif not post.is_all_in and post.kind is PostKind.SMALL_BLIND:
                small_blind = min(post.chips, big_blind)
        for post in hand.posts:
            seat = self.index[post.player]
            chips = post.chips
            match post.kind:
                case PostKind.SMALL_BLIND:
                    short = post.is_all_in and chips < small_blind
                    blinds[seat] += small_blind if short else chips
                case PostKind.BIG_BLIND:
                    short = post.is_all_in and chips < big_blind
                    blinds[seat] += big_blind if short else chips
                case PostKind.SMALL_AND_BIG_BLINDS:
                    live = min(chips, big_blind)
                    blinds[seat] += live
                    dead[seat] += chips - live
                case PostKind.DEAD_SMALL_BLIND:
                    dead[seat] += chips
                case PostKind.ANTE:
                    antes[seat] += full_ante if post.is_all_in else chips
                case PostKind.STRADDLE:
                    blinds[seat] += chips
        big_blinds = (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLINDS)
        if not any(p.kind in big_blinds for p in hand.posts):
            small = [
                self.index[p.player]
                for p in hand.posts
                if p.kind is PostKind.SMALL_BLIND
            ]
            after = (small[0] + 1) % n if small else -1
            if after >= 0 and not blinds[after] and antes[after] >= self.stacks[after]:
                # the big blind's seat went all-in on the ante: the others still
                # face the full big blind (R-ALLIN-BLIND), as the site deals it
                blinds[after] = big_blind
        structure = hand.structure
        assert structure is not None  # checked by replay_online_hand
        try:
            config = _config(structure, small_blind, big_blind, hand.big_bet)
            forced = ForcedBets(tuple(blinds), tuple(antes), tuple(dead))
            if forced == config.forced_bets(n):
                return HandState(config, self.stacks)  # the engine's quick way
            return HandState(config, self.stacks, forced)
        except InvalidInputError as error:
            raise _Differ(Reason.MALFORMED, f"cannot build the hand: {error}") from None

    # ------------------------------------------------------------ dealing

    def run(self) -> None:
        hand = self.hand
        known = dict(hand.hole_cards)
        forfeits = forfeits_of(hand)
        for seat, name in enumerate(self.names):
            # a forfeiting hand is dealt face down: it never shows (R-SHOW-3)
            cards = None if name in forfeits else known.get(name)
            self._apply(
                DealHole(seat, cards), "dealing the hole cards", Reason.MALFORMED
            )
        pending: list[int] = []
        state, index, fold = self.state, self.index, ActionKind.FOLD
        for action in hand.actions:
            if action.street != state.street:
                self._deal_to(action.street, action)
            if pending:
                self._fold_pending(pending)
            seat = index[action.player]
            if action.kind is fold:
                if state.all_in[seat] or state.folded[seat]:
                    # an all-in player cannot fold: he mucks at showdown; a
                    # second fold of a folded player changes nothing
                    continue
                if state.to_act != seat and state.phase is Phase.BETTING:
                    pending.append(seat)  # a fold out of turn waits its turn
                    continue
            self._act(seat, action)
            if pending:
                self._fold_pending(pending)
        if pending:
            names = ", ".join(self.names[s] for s in pending)
            raise _Differ(Reason.OUR_RULES, f"the fold of {names} never came to act")
        while state.phase is Phase.DEALING and len(state.board) < len(hand.board):
            self._deal_next()
        live = [self.names[s] for s in state.in_hand()]
        if state.phase is Phase.DEALING and sum(p not in forfeits for p in live) == 1:
            # the others folded while all-in: the site ends the hand there; we
            # run the board out with cards nobody holds and they muck
            self._deal_filler()
        while state.phase is Phase.SHOWDOWN:
            shows = state.to_act
            assert shows is not None  # a seat is to show in this phase
            is_known = state.hole_cards[shows] is not None
            step: Action = Show(shows) if is_known else Muck(shows)
            if not is_known and forfeits:
                step = self._against_forfeits(shows, forfeits, step)
            elif not is_known and not state.is_legal(step):
                step = self._unknown_must_show(shows, step)
            self._apply(step, f"showdown of {self.names[shows]}", Reason.SITE_RESULT)
        if not state.is_complete:
            raise _Differ(
                Reason.MALFORMED,
                f"the record ends before the hand is complete ({state.phase} phase)",
            )
        self._compare()

    def _fold_pending(self, pending: list[int]) -> None:
        state = self.state
        while pending and state.phase is Phase.BETTING and state.to_act in pending:
            seat = state.to_act
            pending.remove(seat)
            self._apply(Fold(seat), f"{self.names[seat]} folds (out of turn)")

    def _deal_to(self, street: int, action: OnlineAction) -> None:
        state = self.state
        while state.street < street:
            if state.phase is not Phase.DEALING:
                raise _Differ(
                    Reason.OUR_RULES,
                    f"line {action.line}: the site deals street {street} while our"
                    f" engine waits for {self._to_act()}",
                )
            self._deal_next()

    def _against_forfeits(
        self, seat: int, forfeits: frozenset[str], step: Action
    ) -> Action:
        """The showdown step of an unknown hand when some hands forfeit.

        A forfeit that must show first (R-SHOW-2) shows the weakest cards
        nobody holds; the one player left against forfeits shows the
        strongest, so the forfeits cannot win.
        """
        state, names = self.state, self.names
        if names[seat] in forfeits:
            if state.is_legal(step):
                return step
            return Show(seat, extreme_cards(state, strongest=False))
        others = [s for s in state.in_hand() if s != seat]
        if all(names[s] in forfeits for s in others):
            return Show(seat, extreme_cards(state, strongest=True))
        return step

    def _unknown_must_show(self, seat: int, step: Action) -> Action:
        """The showdown step of an unknown hand the engine makes show (R-SHOW-2).

        Sites let the first to show muck, or print no cards for him; when the
        site pays him nothing the record says he lost, so he turns up the
        weakest cards nobody holds. Otherwise the muck stays (and differs).
        """
        name = self.names[seat]
        if any(c.player == name and c.chips for c in self.hand.collected):
            return step
        return Show(seat, extreme_cards(self.state, strongest=False))

    def _deal_filler(self) -> None:
        state = self.state
        seen = {card.code for card in state.board}
        for cards in state.hole_cards:
            seen.update(card.code for card in cards or ())
        spare = [Card.from_code(code) for code in range(52) if code not in seen]
        while state.phase is Phase.DEALING:
            count = 3 if not state.board else 1
            cards, spare = tuple(spare[:count]), spare[count:]
            self._apply(DealBoard(cards), "running out the board", Reason.MALFORMED)

    def _deal_next(self) -> None:
        state = self.state
        have = len(state.board)
        want = 3 if have == 0 else have + 1
        if len(self.hand.board) < want:
            raise _Differ(Reason.MALFORMED, "the board is missing cards")
        cards: tuple[Card, ...] = self.hand.board[have:want]
        self._apply(DealBoard(cards), "dealing the board", Reason.MALFORMED)

    def _to_act(self) -> str:
        seat = self.state.to_act
        if seat is None:
            return "nobody (the hand is complete)"
        if seat < 0:
            return "the dealer"
        return self.names[seat]

    def _act(self, seat: int, action: OnlineAction) -> None:
        state = self.state
        step: Action
        shared = seat < MAX_SEATS  # the seat's values, shared by every hand
        match action.kind:
            case ActionKind.FOLD:
                step = _FOLDS[seat] if shared else Fold(seat)
            case ActionKind.CHECK:
                step = _CHECKS[seat] if shared else Check(seat)
            case ActionKind.CALL:
                step = _CALLS[seat] if shared else Call(seat)
                if state.phase is Phase.BETTING and state.to_act == seat:
                    owed = state.legal_actions().call_amount
                    if owed != action.chips:
                        self._short_call(seat, action, owed)
            case ActionKind.BET | ActionKind.RAISE:
                to = action.chips
                if action.kind is ActionKind.BET:
                    to += state.committed[seat]
                step = Raise(seat, to) if state.current_bet else Bet(seat, to)
                if (
                    state.phase is Phase.BETTING
                    and state.to_act == seat
                    and state.current_bet
                    and to > state.current_bet
                ):
                    legal = state.legal_actions()
                    owed = state.current_bet - state.committed[seat]
                    if legal.min_raise_to is None and legal.call_amount == owed:
                        # R-BET-5: nobody could call a raise; the site takes it
                        # and returns all above the current bet at once
                        self.virtual[action.player, to - state.current_bet] += 1
                        step = Call(seat)
        self._apply(step, action)

    def _short_call(self, seat: int, action: OnlineAction, owed: int) -> None:
        """Take a call printed short of ours if it matches all the others can.

        The rest of our call then comes back as an uncalled bet the site does
        not print (a short all-in big blind, say; R-ALLIN-BLIND).
        """
        state = self.state
        reach = max(
            (
                state.committed[s] + state.stacks[s]
                for s in range(state.seats)
                if s != seat and not state.folded[s]
            ),
            default=0,
        )
        if action.chips < owed and state.committed[seat] + action.chips == reach:
            self.hidden[action.player, owed - action.chips] += 1
            return
        what = _describe(action)
        raise _Differ(Reason.OUR_RULES, f"{what}: our engine's call is {owed}")

    def _apply(
        self, step: Action, what: str | OnlineAction, reason: Reason = Reason.OUR_RULES
    ) -> None:
        try:
            self.state.apply(step)
        except InvalidInputError as error:
            message = f"{_describe(what)}: {self._named(error)}"
            raise _Differ(Reason.MALFORMED, message) from None
        except (IllegalActionError, StateError) as error:
            raise _Differ(reason, f"{_describe(what)}: {self._named(error)}") from None

    def _named(self, error: Exception) -> str:
        names = self.names

        def name(found: re.Match[str]) -> str:
            seat = int(found[1])
            return names[seat] if seat < len(names) else found[0]

        return _SEAT.sub(name, str(error))

    # ------------------------------------------------------------ comparing

    def _compare(self) -> None:
        names = self.names
        returned: Counter[tuple[str, int]] = Counter()
        awarded: Counter[str] = Counter()
        for event in self.state.events:
            if type(event) is ReturnUncalled:
                returned[names[event.seat], event.chips] += 1
            elif type(event) is AwardPot:
                for seat, chips in event.shares:
                    awarded[names[seat]] += chips
        if self.hidden:
            if returned & self.hidden != self.hidden:
                raise _Differ(
                    Reason.OUR_RULES,
                    "a call the site prints short of our engine's was not"
                    " returned as an uncalled bet",
                )
            returned -= self.hidden
        if self.virtual:
            returned += self.virtual
        try:
            compare(self.hand, returned, awarded)
        except Mismatch as mismatch:
            raise _Differ(Reason.OUR_RULES, str(mismatch)) from None


_FOLDS = tuple(map(Fold, range(MAX_SEATS)))
_CHECKS = tuple(map(Check, range(MAX_SEATS)))
_CALLS = tuple(map(Call, range(MAX_SEATS)))
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


def _describe(what: str | OnlineAction) -> str:
    """A printed action as ``line N: player kind chips`` for messages."""
    if isinstance(what, str):
        return what
    chips = f" {what.chips}" if what.chips else ""
    return f"line {what.line}: {what.player} {what.kind}{chips}"
