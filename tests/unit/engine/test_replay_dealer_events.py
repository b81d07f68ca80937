"""``HandState.replay`` skips the dealer's own events, of their type or a subtype.

Its docstring: "The dealer's own events in ``actions`` (posts, returns,
awards) are skipped: the engine makes them again". A log may hold them as
instances of a subclass (a record's own event types); they are still the
dealer's events, and skipping them by exact type only would send them to
``apply``, which refuses them (found by the mutation job: issue 22).
"""

from __future__ import annotations

import random
from dataclasses import fields

from holdem.cards import Deck
from holdem.engine import (
    AwardPot,
    HandState,
    Phase,
    PostAnte,
    PostBlind,
    ReturnUncalled,
    run_dealer,
)
from holdem.rules import Bet, Call, Fold, ForcedBets, GameConfig, Raise

CONFIG = GameConfig(small_blind=5, big_blind=10)
_DEALER_EVENTS = (PostAnte, PostBlind, ReturnUncalled, AwardPot)


def _as_subclass(event: object) -> object:
    """The same event as an instance of a subclass of its type."""
    kind = type(event)
    sub = type("Recorded" + kind.__name__, (kind,), {"__slots__": ()})
    return sub(**{f.name: getattr(event, f.name) for f in fields(kind)})  # type: ignore[arg-type]


def _played() -> tuple[HandState, ForcedBets, list[int]]:
    """A hand with antes, blinds, a raise, an uncalled bet returned and an award."""
    stacks = [1000, 1000, 1000]
    forced = ForcedBets((5, 10, 0), (1, 1, 1))
    state = HandState(CONFIG, stacks, forced)
    deck = Deck.shuffled(random.Random(7))
    run_dealer(state, deck)
    state.apply(Raise(2, 30))
    state.apply(Call(0))
    state.apply(Fold(1))
    run_dealer(state, deck)
    state.apply(Bet(0, 50))
    state.apply(Fold(2))
    run_dealer(state, deck)
    return state, forced, stacks


def test_replay_skips_the_dealers_events_given_as_subclasses() -> None:
    state, forced, stacks = _played()
    assert state.phase is Phase.COMPLETE
    kinds = {type(e) for e in state.events}
    assert set(_DEALER_EVENTS) <= kinds  # the log holds each kind tested
    log = [
        _as_subclass(e) if isinstance(e, _DEALER_EVENTS) else e for e in state.events
    ]
    assert any(type(e) not in kinds for e in log)
    again = HandState.replay(CONFIG, stacks, log, forced)  # type: ignore[arg-type]
    assert again.events == state.events
    assert again.stacks == state.stacks
    assert again.phase is Phase.COMPLETE
