"""A whole Mor 2 vs 2 Quick game through the real bot and SimCord: two members and two computers
play to 101, the members by slash command, both pressing Ready between rounds; then the winners
are announced, the game is saved and /leaderboard gives the winning member their pearls."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import simcord

from bot import ai
from bot.games.mor import BIG_WIN_BONUS, BIG_WIN_MARGIN, PEARLS, TARGETS
from bot.store.models import Status
from cogs.utils.hand_controls import PAGE

from .conftest import club, hand_message, live_table, make_bot, reply

# Seed 10: two rounds, every member move a typed one (no lay that also adds), bob's team wins
# 125 to 71, so 50 pearls with no big-win bonus (found with an engine-only loop, each seat
# playing as the computer does).
SEED = 10


def member_move(live: Any, seat: int) -> Any:
    """The computer's choice from the member's own view, with the rng computers use."""
    engine = live.engine
    rng = random.Random(f"{live.table.seed}:{live.version}:{seat}")
    return ai.choose_move(engine.view(seat), engine.legal_moves(seat), "normal", rng)


async def send_move(thread: Any, live: Any, actor: Any, seat: int, move: Any) -> None:
    d = move.to_dict()
    if move.do in ("draw", "take"):
        r = await actor.slash(thread, move.do)
    elif move.do == "discard":
        r = await actor.slash(thread, "discard", card=d["card"])
    elif move.do == "meld":
        r = await actor.slash(thread, "meld", cards=" ".join(d["cards"]))
    elif move.do == "add":
        options = {"end": d["end"]} if "end" in d else {}
        r = await actor.slash(thread, "add", meld=d["meld"], cards=" ".join(d["cards"]), **options)
    elif move.do == "lay" and not d["adds"]:
        r = await actor.slash(thread, "lay", melds=" | ".join(" ".join(m) for m in d["melds"]))
    else:
        # /lay takes no additions: such a lay goes through the hand's menu.
        index = live.engine.legal_moves(seat).index(move)
        table_msg = next(m for m in thread.history() if m.id == live.table.message_id)
        hand = hand_message(await actor.click(table_msg, label="Show my hand"))
        for _ in range(index // PAGE):
            r = await actor.click(hand, label="Later ▶")
            hand = r.response.message if r.response else hand
        await actor.select(hand, [str(index)])
        return
    assert r.ephemeral and "Done" in reply(r).content, reply(r).content


async def test_mor_quick_game_to_the_end(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}

        r = await alice.slash(channel, "table new", game="mor", players=4, length="quick")
        assert r.acknowledged
        thread = channel.threads[0]
        r = await bob.slash(thread, "table join")
        assert r.ephemeral and "seat 2" in reply(r).content
        await alice.click(thread.history()[0], label="Add computer")
        r = await alice.slash(thread, "table start")
        assert r.ephemeral
        live = live_table(bot, guild.id)
        engine = live.engine
        assert engine is not None and live.table.seed == SEED
        assert [s.user_id for s in live.seats[:2]] == [alice.id, bob.id]
        assert all(s.is_computer for s in live.seats[2:])

        rounds, readied = 1, 0
        for _ in range(2000):
            if engine.game_over:
                break
            if engine.round_over:
                # Both members press Ready; the second press deals the next round.
                table_msg = next(m for m in thread.history() if m.id == live.table.message_id)
                for member in (alice, bob):
                    await member.click(table_msg, label="Ready for the next round")
                assert not engine.round_over or engine.game_over
                rounds += 1
                readied += 1
                continue
            seat = engine.turn
            assert seat in (0, 1), "a computer's turn was left waiting"
            await send_move(
                thread, live, actors[live.seats[seat].user_id], seat, member_move(live, seat)
            )
        assert engine.game_over
        assert readied == rounds - 1 >= 1

        # The winners' team reached 101; the table is finished and saved.
        target = TARGETS["quick"]
        winners = list(engine.winners)
        assert winners == engine.team_seats(engine.team(winners[0]))
        team = engine.team(winners[0])
        totals = [t / 2 for t in engine.totals]
        assert totals[team] >= target and totals[team] > totals[1 - team]
        margin = totals[team] - totals[1 - team]
        award = PEARLS["quick"] + (BIG_WIN_BONUS if margin >= BIG_WIN_MARGIN else 0)
        assert engine.pearls() == {s: award for s in winners}
        assert bot.service.tables(guild.id) == []
        store = bot.service.store
        saved = await store.get_table(guild.id, live.id)
        assert saved is not None and saved.status == Status.FINISHED
        record = await store.table_game(guild.id, live.id)
        assert record is not None and record.rounds == rounds and record.with_computers
        assert {s.seat for s in record.seats if s.won} == set(winners)
        assert all(s.pearls == (award if s.won else 0) for s in record.seats)

        # Winners announced in the thread.
        names = {0: "alice", 1: "bob"}
        winner = next(names[s] for s in winners if s in names)
        loser = next(names[s] for s in names if s not in winners)
        said = [m.content for m in thread.history()]
        assert any("Game over. Winners:" in c and winner in c and f"{award}" in c for c in said)

        # /leaderboard (Mor): the winning member with the award, the other with none.
        r = await alice.slash(channel, "leaderboard", game="mor")
        board = reply(r).content
        lines = board.splitlines()
        assert any(f"{winner}: {award} pearls, 1 win in 1 game" in line for line in lines), board
        assert not any(f"{loser}: {award} pearls" in line for line in lines), board
        await bot.close()
