"""SimCord world for the bot: the real discord.py against an in-memory Discord, on a real DB."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import discord

from bot.client import Diwaniya
from bot.computers import ComputerPool
from bot.tables import LiveTable, choose_computer_move


def make_bot(db: Path | str, seed: int = 2024, **kwargs: Any) -> Diwaniya:
    # Computers move at once (no pacing) unless a test paces them, a fixed seed fixes the deal
    # (tests pick deals whose first round is short), and the table service reads the time from
    # SimCord's virtual clock (discord.utils.utcnow), the one its sleeps run on, so a turn
    # timer lasts exactly the seconds a test advances. Computers decide inline: no worker
    # processes to start in every test (tests/tables_service/test_computers.py tries those).
    kwargs.setdefault("bot_delay", 0)
    if "shards" not in kwargs:
        # The bot is an AutoShardedBot; offline there is no Discord to recommend a count.
        kwargs.setdefault("shard_count", 1)
    service = {
        "clock": lambda: discord.utils.utcnow().timestamp(),
        "sleep": VirtualSleep(),
        "computers": ComputerPool(0),
    }
    return Diwaniya(database=db, seeds=lambda: seed, service_options=service, **kwargs)


class VirtualSleep:
    """The table service's sleeps (turn timers, computers' pauses, retries, the pause before a
    round), once ``drive_clock`` binds it to a SimCord env, as that env's external waits: they
    are virtual from birth, so they end only when the test advances time, never by the wall
    clock, and a settle does not wait for them. Unbound, it is ``asyncio.sleep``."""

    def __init__(self) -> None:
        self.env: Any = None

    async def __call__(self, delay: float) -> None:
        if self.env is None or delay <= 0:
            await asyncio.sleep(delay)
            return
        await self.env.external_wait(asyncio.sleep(delay), reason=f"a table's {delay:g} s wait")


def drive_clock(bot: Diwaniya, env: Any) -> None:
    """From now on the bot's table waits end only when the test calls ``env.advance_time``."""
    bot.service_options["sleep"].env = env


def club(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A server "Diwaniya" with a #cards channel and a member for each of ``names``."""
    guild = env.create_guild(name="Diwaniya")
    channel = guild.create_text_channel("cards")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in names]


def live_table(bot: Diwaniya, guild_id: int) -> LiveTable:
    assert bot.service is not None
    tables = bot.service.tables(guild_id)
    assert tables, "no live table"
    return tables[-1]


def pick_move(live: LiveTable, seat: int) -> tuple[int, Any]:
    """The move a member makes in these tests: what a computer would, from the same list the
    hand's controls offer (index into the engine's legal moves)."""
    engine = live.engine
    legal = engine.legal_moves(seat)
    move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
    return legal.index(move), move


def reply(result: Any) -> Any:
    """The bot's answer: after a deferred "thinking" response Discord puts the first follow-up
    in the original response, so it is either there or the last follow-up."""
    if result.followups:
        return result.followups[-1]
    assert result.response is not None, "the bot did not answer"
    return result.response


def hand_message(result: Any) -> discord.Message:
    """The ephemeral hand a Show my hand click (or /hand) answered with."""
    answer = reply(result)
    assert answer.ephemeral
    return answer.message


def drawn_at(message: discord.Message) -> int | None:
    """The move number a hand's controls were drawn at (from their custom_id), or None."""
    for row in message.components:
        for c in getattr(row, "children", ()):
            cid = getattr(c, "custom_id", None) or ""
            if cid.startswith("dw:hand:"):
                return int(cid.rsplit(":", 1)[1])
    return None
