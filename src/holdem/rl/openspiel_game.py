"""An OpenSpiel game, ``python_holdem``: our rules as a ``pyspiel`` Python game.

Needs the optional extra ``holdem[rl]`` (open-spiel). Importing this module
registers the game; load it with ``pyspiel.load_game("python_holdem")`` or
with parameters, e.g. ``pyspiel.load_game("python_holdem(num_players=3,
structure=pot-limit,stack=40)")``.

- Chance nodes deal one card at a time (outcome = card code 0..51, each
  remaining card equally likely): hole cards round by round from seat 0
  (R-DEAL-1), then the flop, turn and river (R-DEAL-3). Burn cards are not
  drawn: unseen, they change no probability.
- Player actions are ``ExactActions`` ids: 0 fold, 1 check or call,
  ``2 + k`` bet or raise to ``k`` chips in total on this street.
- Every seat starts with ``stack`` chips; returns are net chips (zero-sum).
- Information states and observations come from ``HandState.view(player)``
  (R-HISTORY-1): the player's own hole cards, the board and the public
  actions, never another seat's unshown cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from holdem.cards import Card
from holdem.engine import HandState, Phase
from holdem.rl.actions import ExactActions
from holdem.rl.hands import check_table
from holdem.rl.observe import ObservationEncoder
from holdem.rules.actions import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Raise,
    Show,
)
from holdem.rules.config import GameConfig, Structure

__all__ = ["GAME_NAME", "HoldemGame", "HoldemState", "game_config"]

GAME_NAME = "python_holdem"
_DEFAULTS: dict[str, Any] = {
    "num_players": 2,
    "structure": "no-limit",
    "stack": 200,
    "small_blind": 1,
    "big_blind": 2,
    "ante": 0,
    "straddles": 0,
}
_SLOT = 4  # per action in the information-state tensor: fold, call, raise, size

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Texas Hold'em (holdem's reference engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def game_config(params: dict[str, Any]) -> tuple[GameConfig, tuple[int, ...]]:
    """The ``GameConfig`` and stacks of the game parameters.

    Raises:
        InvalidInputError: for parameters ``GameConfig`` or ``check_table``
            refuse.
    """
    merged = {**_DEFAULTS, **params}
    config = GameConfig(
        structure=Structure(str(merged["structure"])),
        small_blind=int(merged["small_blind"]),
        big_blind=int(merged["big_blind"]),
        ante=int(merged["ante"]),
        straddles=int(merged["straddles"]),
    )
    stacks = check_table(config, (int(merged["stack"]),) * int(merged["num_players"]))
    return config, stacks


def _max_player_actions(config: GameConfig, stacks: tuple[int, ...]) -> int:
    """A bound on the betting actions of one hand.

    Every full raise lifts the bet by at least the smallest bet, and each
    seat goes all-in for less at most once (R-NL-2, R-FL-1); each raise is
    answered by at most n - 1 actions, and each street opens with at most n.
    """
    n = len(stacks)
    step = max(1, min(config.min_bet, config.small_bet))
    raises = max(stacks) // step + n
    return (raises + 4) * n


class HoldemGame(pyspiel.Game):  # type: ignore[misc]
    """The game: rules and stacks fixed by its parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config, stacks = game_config(params or {})
        n = len(stacks)
        exact = ExactActions(max(stacks))
        max_player_actions = _max_player_actions(config, stacks)
        info = pyspiel.GameInfo(
            num_distinct_actions=exact.size,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-float(max(stacks)),
            max_utility=float(sum(stacks) - min(stacks)),
            utility_sum=0.0,
            max_game_length=max_player_actions + 2 * n + 5,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        # set after the base class is made (pybind keeps them from then on)
        self.config, self.stacks = config, stacks
        self.exact = exact
        self.max_player_actions = max_player_actions

    def new_initial_state(self) -> HoldemState:
        """A hand with the forced bets posted, before the deal."""
        return HoldemState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> HoldemObserver:
        """An observer: information state (perfect recall) or observation."""
        return HoldemObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class HoldemState(pyspiel.State):  # type: ignore[misc]
    """One hand: chance deals, the seats bet through ``HandState.apply``."""

    def __init__(self, game: HoldemGame) -> None:
        super().__init__(game)
        # kept on the state itself: pyspiel's clone copies the state's
        # attributes, not the game object's
        self.exact = game.exact
        self.hand = HandState(game.config, list(game.stacks))
        self._drawn: list[Card] = []  # cards dealt by chance, in order
        self._pending: list[Card] = []  # drawn, not yet on the table

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, or ``TERMINAL``."""
        if self.hand.is_complete:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.hand.to_act == DEALER:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.hand.to_act)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        mask = self.exact.mask(self.hand.legal_actions())
        return [i for i, ok in enumerate(mask) if ok]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt, equally likely."""
        used = {c.code for c in self._drawn}
        left = [code for code in range(52) if code not in used]
        p = 1.0 / len(left)
        return [(code, p) for code in left]

    def _apply_action(self, action: int) -> None:
        hand = self.hand
        if hand.to_act == DEALER:
            card = Card.from_code(action)
            self._drawn.append(card)
            self._pending.append(card)
            self._deal_pending()
        else:
            hand.apply(self.exact.resolve(hand.legal_actions(), action).action)
        self._show_down()

    def _deal_pending(self) -> None:
        hand, pending, n = self.hand, self._pending, self.hand.seats
        if hand.hole_cards[0] is None:
            if len(pending) == 2 * n:  # round by round from seat 0 (R-DEAL-1)
                for seat in range(n):
                    hand.apply(DealHole(seat, (pending[seat], pending[n + seat])))
                pending.clear()
        elif len(pending) == (1 if hand.board else 3):
            hand.apply(DealBoard(tuple(pending)))
            pending.clear()

    def _show_down(self) -> None:
        # every hand still in shows (R-SHOW-2 lets them; the engine awards)
        hand = self.hand
        while hand.phase is Phase.SHOWDOWN and hand.to_act not in (None, DEALER):
            hand.apply(Show(hand.to_act))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_code(action)}"
        return self.exact.describe(action)

    def is_terminal(self) -> bool:
        """The pots have been awarded."""
        return bool(self.hand.is_complete)

    def returns(self) -> list[float]:
        """Net chips per seat once the hand is complete (0 before)."""
        if not self.hand.is_complete:
            return [0.0] * self.hand.seats
        return [float(p) for p in self.hand.payoffs]

    def __str__(self) -> str:
        hand = self.hand
        holes = " ".join("".join(map(str, c)) if c else "--" for c in hand.hole_cards)
        board = "".join(map(str, hand.board)) or "-"
        return f"holes {holes} board {board} stacks {hand.stacks} {hand.phase}"


class HoldemObserver:
    """OpenSpiel's observer protocol over ``HandState.view(player)``.

    With perfect recall (information states): player one-hot, own hole
    cards, board, and one slot per betting action so far (fold, check/call,
    bet/raise, street total over the stack). Without: ``ObservationEncoder``.
    """

    def __init__(self, game: HoldemGame, iig_obs_type: Any) -> None:
        n = len(game.stacks)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.encoder = ObservationEncoder(n, game.config.big_blind)
        self.stack = max(game.stacks)
        self.slots = game.max_player_actions
        if self.perfect_recall:
            size = n + 52 + 52 + self.slots * _SLOT
        else:
            size = self.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HoldemState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        view = state.hand.view(player)
        self.tensor.fill(0)
        if not self.perfect_recall:
            vector = self.encoder.encode(view)
            if not self.private:
                vector[self.encoder.fields["hole_cards"]] = 0
            self.tensor[:] = vector
            return
        n = len(view.stacks)
        self.tensor[player] = 1
        own = view.hole_cards[player]
        if self.private and own is not None:
            for card in own:
                self.tensor[n + card.code] = 1
        for card in view.board:
            self.tensor[n + 52 + card.code] = 1
        base = n + 104
        for index, event in enumerate(_betting(view.events)[: self.slots]):
            slot = base + index * _SLOT
            if type(event) is Fold:
                self.tensor[slot] = 1
            elif type(event) is Check or type(event) is Call:
                self.tensor[slot + 1] = 1
            else:
                self.tensor[slot + 2] = 1
                self.tensor[slot + 3] = event.to / self.stack

    def string_from(self, state: HoldemState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        view = state.hand.view(player)
        own = view.hole_cards[player]
        cards = "".join(map(str, own)) if (own and self.private) else "--"
        board = "".join(map(str, view.board)) or "-"
        if self.perfect_recall:
            actions = " ".join(_short(e) for e in _betting(view.events))
            return f"p{player} hole {cards} board {board} actions [{actions}]"
        return (
            f"p{player} hole {cards} board {board} stacks {list(view.stacks)}"
            f" bets {list(view.committed)} street {view.street.name.lower()}"
        )


def _betting(events: Any) -> list[Any]:
    return [e for e in events if type(e) in (Fold, Check, Call, Bet, Raise)]


def _short(event: Any) -> str:
    if type(event) is Fold:
        return f"s{event.seat}:f"
    if type(event) is Check or type(event) is Call:
        return f"s{event.seat}:c"
    return f"s{event.seat}:r{event.to}"


pyspiel.register_game(_GAME_TYPE, HoldemGame)
