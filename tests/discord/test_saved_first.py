"""Nothing is confirmed to a member before it is saved, and the mover hears first.

The bot is "killed" the instant Discord receives a typed move's answer: at that moment the
database file is copied as another process would find it after a kill -9 (SQLite's committed
transactions, nothing in the bot's memory), and a fresh table service restored from the copy
must hold the move. A move from the hand's controls edits the member's hand before the public
table message is touched.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import simcord

from bot.computers.pool import ComputerPool
from bot.store import SQLiteStore
from bot.tables import TableService

from .conftest import club, hand_message, live_table, make_bot, reply


class Tap(list):
    """SimCord's request log, calling ``hook`` with each request as Discord receives it."""

    def __init__(self, items: list[Any], hook: Any) -> None:
        super().__init__(items)
        self.hook = hook

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.hook(entry)


def says(entry: Any, words: str) -> bool:
    return words in str(entry.json or "")


async def restored_record(snapshot: Path, guild_id: int) -> dict[str, Any]:
    """The game record a fresh table service finds in ``snapshot`` (as after a restart)."""
    store = await SQLiteStore.open(snapshot)
    service = TableService(store, computers=ComputerPool(0))
    try:
        tables = await service.restore()
        live = next(lt for lt in tables if lt.guild_id == guild_id)
        return live.engine.record
    finally:
        await service.close()
        await store.close()


async def test_typed_move_is_saved_before_its_answer(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "table new", game="mor", players=2, length="quick")
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        live = live_table(bot, guild.id)
        snapshots: list[Path] = []

        def kill_at_answer(entry: Any) -> None:
            # The first words to the member: what a kill -9 now leaves on disk is copied.
            if says(entry, "Done:") and not snapshots:
                snapshot = tmp_path / f"killed{len(snapshots)}.db"
                with sqlite3.connect(db) as src, sqlite3.connect(snapshot) as dst:
                    src.backup(dst)
                snapshots.append(snapshot)

        env.backend.http_requests = Tap(env.backend.http_requests, kill_at_answer)
        tried = set()
        for _ in range(6):
            await bot.service.idle(guild.id, live.id)
            assert live.engine.turn == 0
            legal = live.engine.legal_moves(0)
            if any(m.do == "draw" for m in legal):
                command, args = "draw", {}
            else:
                card = next(m for m in legal if m.do == "discard").card
                command, args = "discard", {"card": str(card)}
            snapshots.clear()
            before = len(live.engine.record["moves"])
            r = await alice.slash(thread, command, **args)
            assert r.ephemeral and "Done:" in reply(r).content
            assert snapshots, "the answer never came"
            record = await restored_record(snapshots[0], guild.id)
            assert len(record["moves"]) == before + 1, f"/{command} was answered, not saved"
            last = record["moves"][-1]
            assert last["do"] == command and last.get("seat") == 0, (command, last)
            tried.add(command)
            if tried == {"draw", "discard"}:
                break
        assert tried == {"draw", "discard"}
        await bot.close()


async def test_hand_controls_answer_before_the_table(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "table new", game="mor", players=2, length="quick")
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        live = live_table(bot, guild.id)
        await bot.service.idle(guild.id, live.id)
        table_id = live.table.message_id
        r = await alice.click(
            next(m for m in thread.history() if m.id == table_id), label="Show my hand"
        )
        hand = hand_message(r)
        order: list[str] = []

        def watch(entry: Any) -> None:
            if says(entry, "Done:"):
                order.append("mover")
            elif entry.method == "PATCH" and entry.path.endswith(f"/messages/{table_id}"):
                order.append("table")

        env.backend.http_requests = Tap(env.backend.http_requests, watch)
        legal = live.engine.legal_moves(0)
        if any(m.do == "draw" for m in legal):
            await alice.click(hand, label="Draw")
        else:
            await alice.select(hand, [str(next(i for i, m in enumerate(legal) if m.do != "take"))])
        assert order[:2] == ["mover", "table"], order
        await bot.close()
