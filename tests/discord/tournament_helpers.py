"""What the tournament tests through SimCord share: a server with an organiser, the stand-in
tournament pictures, the tournament message, and members playing every tournament table."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.client.diwaniya import Diwaniya
from bot.computers.pool import choose_computer_move

from .conftest import TINY_PNG


@dataclass
class Drawn:
    """The tournament pictures the bot asked for: (kind, title, rows or rounds, podium)."""

    calls: list[tuple[str, str, Any, bool]] = field(default_factory=list)


def stand_in_pictures(monkeypatch: Any) -> Drawn:
    """``render.tournament``'s two drawings as the tiny stand-in PNG, recording what they were
    asked to draw."""
    drawn = Drawn()

    def render_standings(title: str, rows: Any, lang: str, *, podium: bool) -> bytes:
        drawn.calls.append(("standings", title, list(rows), podium))
        return TINY_PNG

    def render_bracket(title: str, rounds: Any, lang: str) -> bytes:
        drawn.calls.append(("bracket", title, [list(r) for r in rounds], False))
        return TINY_PNG

    import render.tournament as module

    monkeypatch.setattr(module, "render_standings", render_standings, raising=False)
    monkeypatch.setattr(module, "render_bracket", render_bracket, raising=False)
    return drawn


def organisers(guild: Any) -> Any:
    """A role with Manage Events: the /tournament group's default permission."""
    return guild.create_role("organisers", permissions=discord.Permissions(manage_events=True))


async def tournament_of(bot: Diwaniya, guild_id: int, number: int) -> Any:
    assert bot.store is not None
    found = await bot.store.get_tournament(guild_id, number)
    assert found is not None
    return found


async def message_of(bot: Diwaniya, channel: Any, guild_id: int, number: int) -> discord.Message:
    """The tournament message as the channel shows it now."""
    t = await tournament_of(bot, guild_id, number)
    found = [m for m in channel.history() if m.id == t.message_id]
    assert found, "the tournament message is not in its channel"
    return found[0]


async def settle(bot: Diwaniya, guild_id: int) -> None:
    """Wait for every table's own work (computers' moves) to be done."""
    assert bot.service is not None
    for live in bot.service.tables(guild_id):
        await bot.service.idle(guild_id, live.id)


async def play_tables(
    env: Any,
    bot: Diwaniya,
    guild_id: int,
    stop: Callable[[], Awaitable[bool]] | None = None,
    limit: int = 50_000,
) -> int:
    """Every member at every tournament table plays their turn (as the computer would, from
    the legal moves), and says ready when a round is over, until no table waits for a member
    or ``stop`` says so; the moves played. The moves are made as the bot's own work in
    SimCord (``_bot_scope``), as an interaction's would be, so the timers they start (the
    next turn's) run on SimCord's clock like every other timer of the bot."""
    service = bot.service
    assert service is not None
    played = 0
    for _ in range(limit):
        await settle(bot, guild_id)
        if stop is not None and await stop():
            return played
        moved = False
        for live in list(service.tables(guild_id)):
            engine = live.engine
            if engine is None or engine.game_over:
                continue
            if engine.round_over:
                for seat, s in enumerate(live.seats):
                    if s is None or s.user_id is None or live.automated(seat):
                        continue
                    if seat not in live.ready:
                        with env._bot_scope():
                            await service.ready(guild_id, live.id, s.user_id)
                        moved = True
                continue
            seat = engine.turn
            if seat is None:
                seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
            user = live.seats[seat].user_id
            if user is None or live.automated(seat):
                continue
            move = choose_computer_move(engine, seat, "simple", random.Random(live.version))
            with env._bot_scope():
                await service.play(guild_id, live.id, user, move, expected_version=live.version)
            played += 1
            moved = True
        if not moved:
            return played
    raise AssertionError("the tables never settled")
