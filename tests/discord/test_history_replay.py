"""Ratings, /history and replays through the real bot and SimCord: three members play a Run Fast
deal to its end; the game-over message shows their rating changes; /leaderboard by:rating lists
them; /history shows the game with a Replay button; the replay steps forward and back (the
picture changes, the caption names the move); Download's file replays through bot.scenario to the
stored result; and an unfinished table is never replayed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.scenario import run as run_table_file
from bot.tables import Refusal

from .conftest import club, live_table, make_bot, play_runfast_out, reply

SEED = 2024


def labels(message: Any) -> list[str]:
    return [getattr(c, "label", None) for row in message.components for c in row.children]


def heading(text: str) -> tuple[int, int]:
    """(position, last) from a replay's caption."""
    found = re.search(r"move (\d+) of (\d+)", text)
    assert found, text
    return int(found[1]), int(found[2])


async def three_at_runfast(channel: Any, host: Any, *others: Any) -> Any:
    """A Run Fast table of three members, started in its own thread: a game that is rated."""
    await host.slash(channel, "table new", game="runfast")
    thread = channel.threads[-1]
    for member in others:
        await member.slash(thread, "table join")
    await host.slash(thread, "table start")
    return thread


@pytest.mark.pictures  # the replay steps are compared picture to picture
async def test_ratings_history_and_replay(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob, carol) = club(env, "alice", "bob", "carol")
        thread = await three_at_runfast(channel, alice, bob, carol)
        actors = {a.id: a for a in (alice, bob, carol)}
        live = await play_runfast_out(bot, guild, thread, actors)
        table_id = live.id

        # Game over: every member's rating, provisional after a first rated game.
        said = [m.content for m in thread.history()]
        over = next(c for c in said if "Game over" in c)
        assert "Ratings: " in over, over
        for name in ("alice", "bob", "carol"):
            assert f"{name} provisional" in over, over
        stored = await bot.store.table_game(guild.id, table_id)
        assert stored is not None and stored.rated and len(stored.changes) == 3

        # The rating ladder lists the three members, the winner first.
        r = await alice.slash(channel, "leaderboard", game="runfast", by="rating")
        ladder = reply(r).content
        assert "Skill ratings: Run Fast" in ladder
        lines = [ln for ln in ladder.splitlines() if ln[:2] in ("1.", "2.", "3.")]
        assert len(lines) == 3 and all("(provisional)" in ln for ln in lines)
        winner = live.seats[live.engine.winners[0]].user_id
        assert lines[0].startswith(f"1. {actors[winner].name}"), ladder
        # Pearls stay the default ladder.
        r = await alice.slash(channel, "leaderboard", game="runfast")
        assert "Skill ratings" not in reply(r).content
        # /stats shows the rating and its place.
        r = await bob.slash(channel, "stats")
        assert "Run Fast: rating " in reply(r).content

        # /history: the game, with a Replay button.
        r = await alice.slash(channel, "history")
        listed = reply(r)
        assert listed.ephemeral
        assert f"#{table_id} Run Fast" in listed.content and "rating: provisional" in listed.content
        assert f"Replay #{table_id}" in labels(listed.message)

        # Replay: the deal, then forward, back, and to the end.
        r = await alice.click(listed.message, label=f"Replay #{table_id}")
        screen = reply(r)
        assert screen.ephemeral
        assert heading(screen.content)[0] == 0 and "Round 1 is dealt." in screen.content
        assert labels(screen.message) == ["⏮", "◀", "▶", "⏭", "Download"]
        first = screen.message.attachments[0]
        assert first.filename == f"replay-{table_id}-0.png"
        r = await alice.click(screen.message, label="▶")
        stepped = r.response or reply(r)
        position, last = heading(stepped.content)
        assert position == 1
        record = (await bot.store.get_table(guild.id, table_id)).record
        move = record["moves"][0]
        mover = actors[live.seats[move["seat"]].user_id].name
        assert f"{mover}: played {' '.join(move['cards'])}" in stepped.content, stepped.content
        picture = stepped.message.attachments[0]
        assert picture.filename == f"replay-{table_id}-1.png"
        assert await picture.read() != await first.read()
        r = await alice.click(stepped.message, label="◀")
        back = r.response or reply(r)
        assert heading(back.content)[0] == 0
        r = await alice.click(back.message, label="⏭")
        end = r.response or reply(r)
        assert heading(end.content) == (last, last) == (len(record["moves"]), len(record["moves"]))

        # Anyone on the server may open it, and Download gives a table file that replays to the
        # stored result.
        r = await bob.slash(channel, "history", member=alice)
        assert f"#{table_id} Run Fast" in reply(r).content
        r = await bob.click(reply(r).message, label=f"Replay #{table_id}")
        assert heading(reply(r).content)[0] == 0
        r = await bob.click(reply(r).message, label="Download")
        sent = reply(r)
        attached = sent.message.attachments[0]
        assert attached.filename == f"diwaniya-table-{table_id}.json"
        data = json.loads(await attached.read())
        code, out = run_table_file(data)
        assert code == 0 and out["state"]["game_over"]
        assert out["state"]["totals"] == [s.score for s in stored.seats]

        # A table still being played is never replayed, whatever button names it.
        await three_at_runfast(channel, alice, bob, carol)
        playing = live_table(bot, guild.id)
        cog: Any = bot.get_cog("History")  # the extension's own module: no isinstance here
        with pytest.raises(Refusal) as refused:
            await cog.finished_table(guild.id, playing.id)
        assert refused.value.key == "replay.not_finished"
        with pytest.raises(Refusal) as refused:
            await cog.finished_table(guild.id + 1, table_id)  # another server's game
        assert refused.value.key == "replay.no_game"
        r = await alice.slash(channel, "history")
        assert f"#{playing.id} " not in reply(r).content
        await bot.close()


async def test_replay_buttons_work_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db, SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob, carol) = club(env, "alice", "bob", "carol")
        thread = await three_at_runfast(channel, alice, bob, carol)
        await play_runfast_out(bot, guild, thread, {a.id: a for a in (alice, bob, carol)})
        r = await alice.slash(channel, "history")
        r = await alice.click(reply(r).message, label=labels(reply(r).message)[0])
        screen = reply(r)
        bot2 = make_bot(db, SEED)
        await bot.close()
        await env.restart_bot(bot2)
        r = await alice.click(screen.message, label="▶")
        assert heading((r.response or reply(r)).content)[0] == 1
        await bot2.close()
