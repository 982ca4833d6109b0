"""/settings (server admins) and /preferences (members) through SimCord, and where they show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from cogs.utils import pictures

from .conftest import live_table, make_bot, reply


async def test_server_settings_for_admins_only(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        admin = guild.add_member(env.create_user("ada"), roles=[admins])
        carol = guild.add_member(env.create_user("carol"))

        r = await admin.slash(channel, "settings", timer=45, rank_computer_games=False)
        assert r.ephemeral
        text = reply(r).content
        assert "saved" in text and "45 s" in text and "rankings: no" in text
        r = await admin.slash(channel, "settings", language="en")
        assert "Language: English." in reply(r).content
        stored = await bot.store.guild_settings(guild.id)
        assert stored.turn_timer == 45 and not stored.rank_computer_games

        # New tables take the server's timer.
        await admin.slash(channel, "table new", game="runfast")
        assert live_table(bot, guild.id).table.turn_timer == 45

        # default_permissions keeps the command from plain members ...
        assert "settings" not in carol.available_commands(channel)
        with pytest.raises(Exception):  # noqa: B017 - SimCord's refusal, whatever its class
            await carol.slash(channel, "settings", timer=0)
        # ... and when a server lets a member see it anyway, the bot checks again.
        command = next(c for c in await bot.tree.fetch_commands() if c.name == "settings")
        guild.set_command_permissions(command, {carol: True})
        r = await carol.slash(channel, "settings", timer=0)
        assert r.ephemeral and "Only server admins" in reply(r).content
        assert (await bot.store.guild_settings(guild.id)).turn_timer == 45
        await bot.close()


@pytest.mark.pictures  # the real hand picture, drawn and sent through Discord
async def test_member_preferences_draw_the_hand(tmp_path: Path, monkeypatch: Any) -> None:
    drawn: list[tuple[bool, str]] = []
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        real = pictures.hand_png

        def spy(
            view: Any, four_colour: bool = False, sort: str = "suit", lang: str = "en"
        ) -> bytes | None:
            drawn.append((four_colour, sort))
            return real(view, four_colour, sort, lang)

        monkeypatch.setattr(pictures, "hand_png", spy)
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        alice = guild.add_member(env.create_user("alice"))
        await alice.slash(channel, "table new", game="runfast")
        thread = channel.threads[0]
        await alice.slash(thread, "table start")

        r = await alice.slash(thread, "hand")
        assert drawn, reply(r).content
        assert drawn[-1] == (False, "suit")
        r = await alice.slash(channel, "preferences", four_colour=True, sort="rank")
        assert r.ephemeral and "Four-colour cards: yes" in reply(r).content
        assert "rank" in reply(r).content
        r = await alice.slash(thread, "hand")
        assert drawn[-1] == (True, "rank")
        assert reply(r).message.attachments  # the picture is there
        await bot.close()


async def test_timer_zero_turns_the_timer_off(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        admin = guild.add_member(env.create_user("ada"), roles=[admins])

        r = await admin.slash(channel, "settings", timer=0)
        assert "saved" in reply(r).content and "Turn timer for new tables: off." in reply(r).content
        assert (await bot.store.guild_settings(guild.id)).turn_timer == 0

        # A server with a timer: the table asked for without one has none.
        await admin.slash(channel, "settings", timer=45)
        r = await admin.slash(channel, "table new", game="runfast", timer=0)
        assert "is open in" in reply(r).content
        live = live_table(bot, guild.id)
        assert live.table.turn_timer == 0
        thread = channel.threads[-1]
        assert "Turn timer: off." in thread.history()[0].content
        await admin.slash(thread, "table start")  # two computers join
        await bot.service.idle(guild.id, live.id)
        assert live.engine.turn == 0  # the member's turn (this deal), with nothing counting down
        assert live.table.turn_deadline is None and live.task_kind != "timer"
        await bot.close()
