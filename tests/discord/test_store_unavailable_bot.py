"""Through SimCord: while another program holds the database's write lock (a real second SQLite
connection in ``BEGIN IMMEDIATE``), /preferences, /settings and /table new each answer one
sentence in the member's language, save nothing, and work again once the lock is let go."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord
import simcord

from bot.i18n import t
from bot.store import Store

from .conftest import make_bot, reply


async def test_a_locked_database_gets_one_sentence_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await Store.open(path, busy_timeout=0.05)
    bot = make_bot(path, store=store)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Diwaniya")
            channel = guild.create_text_channel("cards")
            admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
            ada = guild.add_member(env.create_user("ada"), roles=[admins])
            r = await ada.slash(channel, "preferences", language="nl")
            assert r.ephemeral

            other.execute("BEGIN IMMEDIATE")  # the sqlite3 shell, a backup: holds the lock
            for command, options in (
                ("preferences", {"sort": "rank"}),
                ("settings", {"timer": 45}),
                ("table new", {"game": "runfast"}),
            ):
                r = await ada.slash(channel, command, **options)
                # (/table new answers in public, as it does every refusal: it thinks aloud)
                assert r.ephemeral or command == "table new", command
                assert reply(r).content == t("store_unavailable", "nl"), command
            other.execute("ROLLBACK")

            assert (await store.member_settings(ada.id)).sort_order == "suit"
            assert (await store.guild_settings(guild.id)).turn_timer != 45
            assert bot.service is not None and bot.service.tables(guild.id) == []
            assert not channel.threads  # no table's thread was left behind
            r = await ada.slash(channel, "preferences", sort="rank")
            assert (await store.member_settings(ada.id)).sort_order == "rank"
            await bot.close()
    finally:
        other.close()
        await store.close()
