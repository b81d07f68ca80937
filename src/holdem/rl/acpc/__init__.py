"""The ACPC match-state protocol: a dealer for ACPC players, a client for ACPC dealers.

Differences between ACPC's rules and ours, which a match across the two
should know:

- Stacks: ACPC resets every stack to the game's stack at each hand and
  scores a match by summing the hands; our tables carry stacks over
  (R-BET-6, R-TABLE-7). ``AcpcDealer`` resets them as ACPC does.
- Heads-up blinds: ACPC's heads-up games use "reverse blinds" (position 0,
  the big blind, is the button's left; the button posts the small blind and
  acts first pre-flop). That is our R-TABLE-2, so positions are our hand
  seats; an ACPC game that lists heads-up blinds the other way round is not
  one we deal.
- Folding: ACPC refuses a fold when the player could check; our default
  lets it stand (R-BET-1). Use ``GameConfig(fold_when_check=False)`` for
  ACPC's rule.
- Fixed-limit caps: ACPC caps the raises of a round in every game; our
  R-FL-2 lifts the cap once the action is heads-up. Use
  ``GameConfig(heads_up_uncapped=False)`` for ACPC's rule.
- Showdown: ACPC shows every hand still in; a beaten hand may muck under
  R-SHOW-2, but our dealer shows them all, as ACPC does.
- Antes: ACPC's games have none; we refuse a game with antes here.
- Bad answers: ACPC advises ending the match; our dealer answers a malformed
  or illegal action with a ``# error:`` comment and waits for another (the
  match state unchanged), and ends the match on a timeout or a disconnect.
"""

from holdem.rl.acpc.client import AcpcClient, ClientResult
from holdem.rl.acpc.dealer import AcpcDealer, AcpcMatchError, MatchResult
from holdem.rl.acpc.protocol import (
    MatchState,
    acpc_action,
    engine_action,
    format_match_state,
    parse_match_state,
    replay_match_state,
)

__all__ = [
    "AcpcClient",
    "AcpcDealer",
    "AcpcMatchError",
    "ClientResult",
    "MatchResult",
    "MatchState",
    "acpc_action",
    "engine_action",
    "format_match_state",
    "parse_match_state",
    "replay_match_state",
]
