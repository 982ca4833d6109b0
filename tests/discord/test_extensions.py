"""Loading, unloading and reloading the play cog leaves the bot as it found it: the table
service's listener and the bot's presenter put back, each command and each control known once,
and a table that was open before the reload played on to its end through the reloaded cog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.client.diwaniya import CogFailed, Diwaniya

from .conftest import club, live_table, make_bot
from .test_games_bot import member_move, open_and_start, table_message

# The play cog's own commands: gone while it is unloaded, back once each when it is loaded.
MOVE_COMMANDS = {
    "hand",
    "draw",
    "take",
    "return",
    "pass",
    "discard",
    "meld",
    "lay",
    "add",
    "swap",
    "play",
    "bid",
}


def commands_of(bot: Diwaniya) -> list[str]:
    """Every slash command the bot would sync, duplicates kept."""
    return sorted(c.qualified_name for c in bot.tree.walk_commands())


def handlers(bot: Diwaniya, custom_id: str) -> int:
    """How many of the bot's controls would answer a press of ``custom_id``. discord.py keeps
    the controls that outlive a process (DynamicItems) by their custom_id's pattern, with no
    public list of them: its view store is read directly."""
    patterns = bot._connection._view_store._dynamic_items
    return sum(1 for p in patterns if p.fullmatch(custom_id))


def custom_ids(message: discord.Message) -> list[str]:
    return [
        c.custom_id
        for row in message.components
        for c in getattr(row, "children", ())
        if getattr(c, "custom_id", None)
    ]


async def test_the_play_cog_unloads_and_reloads_to_the_bot_it_was(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        thread, _ = await open_and_start(channel, alice, bob, "runfast")
        live = live_table(bot, guild.id)
        service = bot.service
        assert service is not None
        loaded = commands_of(bot)
        assert set(loaded) >= MOVE_COMMANDS and len(loaded) == len(set(loaded))
        controls = custom_ids(table_message(thread, live))
        assert controls and all(handlers(bot, cid) == 1 for cid in controls)
        assert bot.presenter is not None and service.listener == bot.presenter.handle

        await bot.unload_extension("cogs.play")
        # As before the cog was loaded: nobody hears the service's notices, the bot has no
        # presenter, and neither the move commands nor the table's controls are known; the
        # other cogs' commands stay as they were.
        assert bot.presenter is None and service.listener is None
        assert commands_of(bot) == [c for c in loaded if c not in MOVE_COMMANDS]
        assert all(handlers(bot, cid) == 0 for cid in controls)

        await bot.load_extension("cogs.play")
        assert commands_of(bot) == loaded
        assert all(handlers(bot, cid) == 1 for cid in controls)
        assert bot.presenter is not None and service.listener == bot.presenter.handle

        # A reload in one step, as an operator would: still one of each.
        before = bot.presenter
        await bot.reload_extension("cogs.play")
        assert commands_of(bot) == loaded
        assert all(handlers(bot, cid) == 1 for cid in controls)
        assert bot.presenter is not before and service.listener == bot.presenter.handle

        # The table opened before the reloads plays to its end: its buttons and the move
        # commands reach the reloaded cog, and the table message follows every move.
        hands: dict[int, Any] = {}
        for _ in range(300):
            if not await member_move(bot, guild, thread, {alice.id: alice, bob.id: bob}, hands):
                break
        assert live.engine is not None and live.engine.game_over
        assert table_message(thread, live).content == bot.presenter.final_text(live)
        await bot.close()


async def test_a_listed_cog_that_fails_to_load_stops_the_start(tmp_path: Path) -> None:
    """A listed cog that raises as it loads stops the bot's start (``CogFailed``, one sentence
    naming it), rather than a bot running without its commands and controls."""
    bot = make_bot(tmp_path / "bot.db", extensions=("cogs.help", "tests.client.broken_cog"))
    with pytest.raises(CogFailed) as failed:
        async with simcord.run(bot):
            pass
    assert failed.value.name == "tests.client.broken_cog"
    assert str(failed.value).startswith("The cog tests.client.broken_cog could not be loaded")
    await bot.close()
