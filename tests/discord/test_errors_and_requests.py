"""A failing control answers a private apology; a typed move costs at most three requests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from .conftest import club, live_table, make_bot, pick_move, reply
from .test_games_bot import open_and_start, table_message


async def test_failing_control_apologises(tmp_path: Path, monkeypatch: Any) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        thread, _ = await open_and_start(channel, alice, bob, "runfast")
        live = live_table(bot, guild.id)

        def broken(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the store fell over")

        monkeypatch.setattr(bot.service, "hand", broken)
        r = await alice.click(table_message(thread, live), label="Show my hand")
        answer = reply(r)
        assert answer.ephemeral and "Sorry, something went wrong" in answer.content
        await bot.close()


async def test_a_typed_move_takes_three_requests(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "runfast")
        live = live_table(bot, guild.id)
        counted = 0
        for _ in range(50):
            seat = live.engine.turn
            nxt = live.seats[(seat + 1) % 3]
            if live.automated(seat) or nxt.user_id is None:
                break  # only member-to-member moves: no computer's requests in the count
            _, move = pick_move(live, seat)
            d = move.to_dict()
            before = len(env.http_requests)
            if move.do == "play":
                r = await actors[live.seats[seat].user_id].slash(
                    thread, "play", cards=" ".join(d["cards"])
                )
            else:
                r = await actors[live.seats[seat].user_id].slash(thread, "pass")
            assert r.ephemeral and "Done" in reply(r).content
            made = [f"{e.method} {e.path}" for e in env.http_requests[before:]]
            assert len(made) <= 3, made
            assert any("callback" in m for m in made), made  # the answer itself is counted
            counted += 1
        assert counted
        await bot.close()
