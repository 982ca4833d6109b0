"""/history, the ladders, /stats and replays as members find them after a restart: the other
players named as the game kept them (never "member 1579…" or a bare mention), a replay drawn
from one point of view at every step, its file keeping the seats' names for the terminal,
/stats with a chart of the member's rating, a ladder of one game that says that game has no
rated games, and a member Discord did not resolve answered in one sentence."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import simcord
from PIL import Image

import render
from bot.console.replay import run_replay

from .conftest import TINY_PNG, club, make_bot, play_runfast_out, reply
from .test_history_replay import labels, three_at_runfast
from .test_option_limits import Unresolved, tampered  # noqa: F401 (a fixture)

SEED = 2024


@pytest.fixture
def bottoms(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The seat each table picture is drawn from, as the replay asks for it (the picture itself
    is the stand-in the other tests here draw; tests/render draws the real one)."""
    asked: list[int | None] = []

    def draw(*args: Any, bottom: int | None = None, **kwargs: Any) -> bytes:
        asked.append(bottom)
        return TINY_PNG

    monkeypatch.setattr(render, "render_table", draw)
    return asked


async def test_names_and_point_of_view_after_a_restart(
    tmp_path: Path, bottoms: list[int | None]
) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db, SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob, carol) = club(env, "alice", "bob", "carol")
        dave = guild.add_member(env.create_user("dave"))
        thread = await three_at_runfast(channel, alice, bob, carol)
        live = await play_runfast_out(bot, guild, thread, {a.id: a for a in (alice, bob, carol)})
        table_id = live.id
        bob_seat = next(i for i, s in enumerate(live.seats) if s.user_id == bob.id)

        bot2 = make_bot(db, SEED)
        await bot.close()
        await env.restart_bot(bot2)

        # Each part is checked and every one that fails is told (the parts are independent).
        wrong: list[str] = []

        # Only alice has been seen since the restart: the others are named as the game kept
        # them, in /history and on both ladders.
        r = await alice.slash(channel, "history")
        listed = reply(r)
        line = next(ln for ln in listed.content.splitlines() if f"#{table_id}" in ln)
        if not ("bob" in line and "carol" in line) or "member " in listed.content:
            wrong.append(f"/history: {line}")
        for options in ({"game": "runfast"}, {"game": "runfast", "by": "rating"}, {}):
            r = await alice.slash(channel, "leaderboard", **options)
            ladder = reply(r).content
            if "<@" in ladder or "bob" not in ladder or "carol" not in ladder:
                wrong.append(f"/leaderboard {options}: {ladder}")

        # /stats draws bob's rating over his rated games (one here) beside the numbers.
        r = await bob.slash(channel, "stats")
        stats = reply(r)
        charts = [a for a in stats.message.attachments if a.filename == f"rating-{bob.id}.png"]
        if not charts or Image.open(io.BytesIO(await charts[0].read())).width != 1200:
            wrong.append(f"/stats has no rating chart: {stats.message.attachments}")

        # Mor has no rated game, Run Fast has: the Mor ladder says so of Mor.
        r = await alice.slash(channel, "leaderboard", game="mor", by="rating")
        empty = reply(r).content
        if "No Mor game on this server has been rated yet" not in empty:
            wrong.append(f"/leaderboard game:mor by:rating: {empty}")

        # A replay keeps one point of view: bob's own seat at every step for bob, who played;
        # seat 1 for dave, who did not.
        r = await bob.slash(channel, "history")
        bottoms.clear()  # the pictures drawn so far were the game's own
        r = await bob.click(reply(r).message, label=f"Replay #{table_id}")
        screen = reply(r)
        for go in ("▶", "▶", "▶", "⏭", "◀"):
            r = await bob.click(screen.message, label=go)
            screen = r.response or reply(r)
        if bottoms != [bob_seat] * 6:
            wrong.append(f"bob's replay, seat {bob_seat}, drawn from {bottoms}")
        # Its file keeps the seats' names, which the terminal replay shows, seats from 1.
        r = await bob.click(screen.message, label="Download")
        attached = reply(r).message.attachments[0]
        data = json.loads(await attached.read())
        members = {alice.id: "alice", bob.id: "bob", carol.id: "carol"}
        names = [members[s.user_id] for s in live.seats]
        if data.get("names") != names:
            wrong.append(f"the file's names: {data.get('names')}, not {names}")
        path = tmp_path / "game.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        out = io.StringIO()
        assert run_replay(str(path), io.StringIO("\nq\n"), out, False) == 0
        mover = names[data["moves"][0]["seat"]]
        if f"bob (seat {bob_seat + 1})" not in out.getvalue() or f"{mover} played" not in (
            out.getvalue()
        ):
            wrong.append(f"the terminal replay: {out.getvalue()[:600]}")
        bottoms.clear()
        r = await dave.slash(channel, "history", member=alice)
        r = await dave.click(reply(r).message, label=labels(reply(r).message)[0])
        screen = reply(r)
        for go in ("▶", "▶"):
            r = await dave.click(screen.message, label=go)
            screen = r.response or reply(r)
        if bottoms != [0, 0, 0]:
            wrong.append(f"dave's replay drawn from {bottoms}")
        await bot2.close()
        assert not wrong, "\n".join(wrong)


async def test_history_of_a_member_discord_did_not_resolve(
    tmp_path: Path,
    tampered: None,  # noqa: F811 (the fixture imported above)
) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        for command in ("history", "stats"):
            r = await alice.slash(channel, command, member=Unresolved(12345))
            answer = reply(r)
            assert r.ephemeral and "can't be found" in answer.content, (command, answer.content)
        await bot.close()
