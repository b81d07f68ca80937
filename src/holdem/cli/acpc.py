"""``holdem acpc-dealer`` and ``holdem acpc-client``: the ACPC protocol.

``acpc-dealer`` deals a match by our rules to ACPC players on 127.0.0.1 and
prints the port, one ``STATE:`` line per hand and each player's total.
``acpc-client`` plays one of our bots against any ACPC dealer. Both take the
game as ACPC's no-limit heads-up default: blinds 50/100, stacks 20000 (every
hand starts from them, as ACPC's stack reset does), and ACPC's rules where
ours differ (no fold when a check is free, the fixed-limit cap kept
heads-up). Bad options exit with status 2; a match that cannot go on, 1.
"""

from __future__ import annotations

import asyncio
import random
import sys

import click

from holdem.cli.options import WholeNumberRange
from holdem.cli.simulate import blinds_option
from holdem.errors import HoldemError
from holdem.rl.acpc import AcpcClient, AcpcDealer
from holdem.rl.acpc.dealer import MAX_HANDS
from holdem.rules import GameConfig, Structure
from holdem.sim.bots import BOT_KINDS, make_bot

__all__ = ["acpc_client", "acpc_dealer"]


def _game(structure: str, blinds: tuple[int, int], straddles: int) -> GameConfig:
    try:
        return GameConfig(
            structure=Structure(structure),
            small_blind=blinds[0],
            big_blind=blinds[1],
            straddles=straddles,
            fold_when_check=False,  # ACPC's rule
            heads_up_uncapped=False,  # ACPC's rule
        )
    except HoldemError as error:
        raise click.BadParameter(str(error)) from None


_STRUCTURES = click.Choice([s.value for s in Structure])


@click.command("acpc-dealer")
@click.option("--players", type=WholeNumberRange(2, 10), default=2, show_default=True)
@click.option(
    "--hands", type=WholeNumberRange(1, MAX_HANDS), default=100, show_default=True
)
@click.option("--structure", type=_STRUCTURES, default="no-limit", show_default=True)
@click.option("--blinds", default="50/100", show_default=True, callback=blinds_option)
@click.option("--straddles", type=WholeNumberRange(0, 8), default=0, show_default=True)
@click.option("--stack", type=WholeNumberRange(1), default=20000, show_default=True)
@click.option("--port", type=WholeNumberRange(0, 65535), default=0, show_default=True)
@click.option("--seed", type=int, default=None, help="Seed of the deal (R-DEAL-4).")
@click.option(
    "--timeout", type=float, default=30.0, show_default=True, help="Seconds per answer."
)
def acpc_dealer(
    players: int,
    hands: int,
    structure: str,
    blinds: tuple[int, int],
    straddles: int,
    stack: int,
    port: int,
    seed: int | None,
    timeout: float,
) -> None:
    """Deal an ACPC match on 127.0.0.1 by our rules."""
    config = _game(structure, blinds, straddles)
    try:
        dealer = AcpcDealer(
            config, (stack,) * players, hands=hands, seed=seed, port=port,
            action_timeout=timeout, join_timeout=max(60.0, timeout),
        )  # fmt: skip
    except HoldemError as error:
        raise click.BadParameter(str(error)) from None

    async def run() -> None:
        chosen = await dealer.start()
        print(f"listening on 127.0.0.1:{chosen} for {players} players", flush=True)
        result = await dealer.run()
        for line in result.log:
            print(line)
        for player, total in enumerate(result.totals):
            print(f"player {player}: {total:+d}")

    try:
        asyncio.run(run())
    except HoldemError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)


@click.command("acpc-client")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=WholeNumberRange(1, 65535), required=True)
@click.option(
    "--bot",
    type=click.Choice(sorted(BOT_KINDS)),
    default="tight-aggressive",
    show_default=True,
)
@click.option("--players", type=WholeNumberRange(2, 10), default=2, show_default=True)
@click.option("--structure", type=_STRUCTURES, default="no-limit", show_default=True)
@click.option("--blinds", default="50/100", show_default=True, callback=blinds_option)
@click.option("--straddles", type=WholeNumberRange(0, 8), default=0, show_default=True)
@click.option("--stack", type=WholeNumberRange(1), default=20000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
def acpc_client(
    host: str,
    port: int,
    bot: str,
    players: int,
    structure: str,
    blinds: tuple[int, int],
    straddles: int,
    stack: int,
    seed: int,
) -> None:
    """Play one of our bots against an ACPC dealer."""
    config = _game(structure, blinds, straddles)
    client = AcpcClient(config, (stack,) * players, make_bot(bot, random.Random(seed)))
    try:
        result = asyncio.run(client.play(host, port))
    except (HoldemError, OSError, TimeoutError) as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
    print(f"{result.hands} hands, {result.total:+d} chips")
