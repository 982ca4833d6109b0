"""The table messages belong to the bot, not to a cog: unloading, loading and reloading the play
cog leaves one presenter listening to the table service, each command and each control known
once, and a table that was open before the reload played on to its end through the reloaded
cog; without the play cog at all, a table still opens and a practice hand still plays. A listed
cog that fails to load stops the start, and every kind of control builds on one base."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.client.diwaniya import EXTENSIONS, CogFailed, Diwaniya
from cogs.utils.buttons import ActionButton, Control
from cogs.utils.presenter import Presenter

from .conftest import closed_channel, club, live_table, make_bot, reply
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

        presenter = bot.presenter
        await bot.unload_extension("cogs.play")
        # Only the move commands go: the table message, its controls and the hands' are the
        # bot's, still shown by the one presenter, which still hears the service's notices.
        assert bot.presenter is presenter and service.listener == presenter.handle
        assert commands_of(bot) == [c for c in loaded if c not in MOVE_COMMANDS]
        assert all(handlers(bot, cid) == 1 for cid in controls)

        await bot.load_extension("cogs.play")
        assert commands_of(bot) == loaded
        assert all(handlers(bot, cid) == 1 for cid in controls)
        assert bot.presenter is presenter and service.listener == presenter.handle

        # A reload in one step, as an operator would: still one of each.
        await bot.reload_extension("cogs.play")
        assert commands_of(bot) == loaded
        assert all(handlers(bot, cid) == 1 for cid in controls)
        assert bot.presenter is presenter and service.listener == presenter.handle
        assert len(bot.controls) == len(set(bot.controls))

        # The table opened before the reloads plays to its end: its buttons and the move
        # commands reach the reloaded cog, and the table message follows every move.
        hands: dict[int, Any] = {}
        for _ in range(300):
            if not await member_move(bot, guild, thread, {alice.id: alice, bob.id: bob}, hands):
                break
        assert live.engine is not None and live.engine.game_over
        assert isinstance(presenter, Presenter)
        assert table_message(thread, live).content == presenter.final_text(live)
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


async def test_tables_open_and_practice_hands_play_without_the_play_cog(tmp_path: Path) -> None:
    """No cog needs another loaded: without the play cog (its move commands), /table new posts
    the lobby and its buttons answer, and a practice table's private hand plays from its own
    controls, since the table messages and their controls are the bot's."""
    without_play = tuple(e for e in EXTENSIONS if e != "cogs.play")
    bot = make_bot(tmp_path / "bot.db", seed=7, extensions=without_play)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        assert "discard" not in commands_of(bot)
        r = await alice.slash(channel, "table new", game="runfast")
        assert r.acknowledged
        thread = channel.threads[0]
        lobby = live_table(bot, guild.id)
        message = table_message(thread, lobby)
        assert f"Table #{lobby.id}" in message.content or str(lobby.id) in message.content
        r = await bob.click(message, label="Join")
        assert lobby.seat_of(bob.id) is not None
        assert "bob" in table_message(thread, lobby).content

        # A practice table in a channel without threads: its hand is the whole table.
        closed = closed_channel(guild)
        r = await alice.slash(closed, "practice", game="runfast", level="simple")
        practice = live_table(bot, guild.id)
        hand = reply(r).message
        menu = next(
            c
            for row in hand.components
            for c in getattr(row, "children", ())
            if (getattr(c, "custom_id", None) or "").startswith("dwm:")
        )
        before = practice.version
        r = await alice.select(hand, [menu.options[0].value])
        assert practice.version > before  # the move was played, and the computers after it
        assert reply(r).message.content.startswith("Done: played ")
        await bot.close()


async def test_every_control_builds_on_the_one_base(tmp_path: Path) -> None:
    """Every kind of control the cogs register is a ``Control``: parsing its custom_id,
    remembering the member and answering refusals and failures are the base's, and no kind
    answers a press by its own callback."""
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot):
        kinds = bot.controls
        assert len(kinds) >= 13
        assert [k.__name__ for k in kinds if not issubclass(k, Control)] == []
        assert [k.__name__ for k in kinds if k.callback is not Control.callback] == []
        # discord.py's own registry holds the same kinds, and no other.
        registered = set(bot._connection._view_store._dynamic_items.values())
        assert registered == set(kinds)
        await bot.close()


def test_two_kinds_of_button_never_read_one_action() -> None:
    """The table's buttons and the hand's share the ``dw`` prefix: a new kind of button that
    would read an action another already reads (a second ``dw:join``) is refused as it is
    defined, so no press can reach the wrong one."""
    with pytest.raises(TypeError, match=r"dw:join is read by cogs\.utils\.buttons\.TableButton"):

        class Clash(ActionButton, prefix="dw", actions=("join",)):
            pass
