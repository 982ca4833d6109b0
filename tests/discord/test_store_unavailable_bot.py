"""Through SimCord: while another program holds the database's write lock (a real second SQLite
connection in ``BEGIN IMMEDIATE``), a move, /preferences, /settings and /table new each answer one
sentence in the member's language, save nothing, and work again once the lock is let go."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.i18n import t
from bot.store import SQLiteStore

from .conftest import club, hand_message, live_table, make_bot, reply
from .test_games_bot import due_member, member_move, open_and_start, table_message


async def test_a_locked_database_gets_one_sentence_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await SQLiteStore.open(path, busy_timeout=0.05)
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


async def test_a_move_while_the_database_is_locked_is_refused_in_one_sentence(
    tmp_path: Path,
) -> None:
    """A member plays (the hand's Draw button) while another program holds the write lock: one
    private sentence in the member's language, the move not made, and the same press works once
    the lock is let go."""
    path = tmp_path / "bot.db"
    store = await SQLiteStore.open(path, busy_timeout=0.05)
    bot = make_bot(path, 14, store=store)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        async with simcord.run(bot) as env:
            guild, channel, (noor, bob) = club(env, "noor", "bob")
            await noor.slash(channel, "preferences", language="nl")
            actors = {noor.id: noor, bob.id: bob}
            thread, _ = await open_and_start(channel, noor, bob, "more3")
            live = live_table(bot, guild.id)
            hands: dict[int, Any] = {}
            for _ in range(200):  # play on until Noor is to draw
                seat = due_member(live)
                mine = seat is not None and live.seats[seat].user_id == noor.id
                if mine and any(m.do == "draw" for m in live.engine.legal_moves(seat)):
                    break
                assert await member_move(bot, guild, thread, actors, hands)
            else:
                raise AssertionError("Noor never came to draw")
            show = t("btn_hand", "en")
            hand = hand_message(await noor.click(table_message(thread, live), label=show))
            before, state = live.version, live.engine.to_json()

            other.execute("BEGIN IMMEDIATE")
            r = await noor.click(hand, label=t("btn_draw", "nl"))
            assert reply(r).ephemeral
            assert t("store_unavailable", "nl") in reply(r).content
            assert live.version == before and live.engine.to_json() == state
            other.execute("ROLLBACK")
            stored = await store.get_table(guild.id, live.id)
            assert stored is not None and stored.version == before

            r = await noor.click(hand, label=t("btn_draw", "nl"))
            assert live.version > before
            await bot.close()
    finally:
        other.close()
        await store.close()
