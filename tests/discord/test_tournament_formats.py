"""A knockout of eight members in Mor 2 vs 2 and a Swiss of six in Hand over three rounds,
through the real discord.py offline, each to its final standings, each with the bot restarted
on the same SQLite file in the middle of a round, losing nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.store.tournaments import TournamentStatus
from bot.tournament.pairing import Bracket

from .conftest import make_bot, reply
from .tournament_helpers import (
    message_of,
    organisers,
    play_tables,
    stand_in_pictures,
    tournament_of,
)


async def sign_up(bot: Any, env: Any, names: list[str]) -> tuple[Any, Any, list[Any]]:
    """A server whose first member organises; every member signs up with the Join button."""
    guild = env.create_guild(name="Diwaniya")
    channel = guild.create_text_channel("cards")
    role = organisers(guild)
    members = [
        guild.add_member(env.create_user(n), roles=[role] if i == 0 else [])
        for i, n in enumerate(names)
    ]
    return guild, channel, members


async def join_all(bot: Any, channel: Any, guild: Any, members: list[Any], number: int) -> None:
    for who in members:
        r = await who.click(await message_of(bot, channel, guild.id, number), label="Join")
        assert r.ephemeral and f"signed up for tournament {number}" in reply(r).content


async def restart_mid_round(bot: Any, env: Any, db: Path, guild: Any, number: int) -> Any:
    """Stop the bot with a tournament table part-played and start another on the same file:
    the table, its moves, the tournament's tables and results are all as they were."""
    live = next(lt for lt in bot.service.tables(guild.id) if not lt.engine.game_over)
    before = list(live.engine.record["moves"])
    assert before, "the restart is to come in the middle of a game"
    results = await bot.store.tournament_results(number)
    slots = await bot.store.tournament_slots(number)
    again = make_bot(db)
    await bot.close()
    await env.restart_bot(again)
    assert list(again.service.get(guild.id, live.id).engine.record["moves"]) == before
    assert await again.store.tournament_results(number) == results
    assert await again.store.tournament_slots(number) == slots
    return again


def some_moves(n: int) -> Any:
    count = {"n": 0}

    async def enough() -> bool:
        count["n"] += 1
        return count["n"] > n

    return enough


async def test_a_knockout_of_eight_in_mor_two_vs_two_to_its_champions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = stand_in_pictures(monkeypatch)
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        names = ["alice", "bob", "carol", "dan", "erin", "fay", "gus", "hana"]
        guild, channel, members = await sign_up(bot, env, names)
        alice = members[0]
        r = await alice.slash(
            channel,
            "tournament new",
            game="mor",
            players=4,
            length="quick",
            format="knockout",
            start_in=30,
        )
        assert "Tournament 1 is open" in reply(r).content
        text = (await message_of(bot, channel, guild.id, 1)).content
        assert "Mor, Knockout" in text and "winning pair" in text and "At least 4 players" in text
        assert "2 for each player of the winning team" in text
        await join_all(bot, channel, guild, members, 1)
        # Its start time comes (the members' own clocks show it): the bracket is drawn.
        await env.advance_time(30 * 60)
        t = await tournament_of(bot, guild.id, 1)
        assert t.status == TournamentStatus.RUNNING
        slots = await bot.store.tournament_slots(1)
        assert len(slots) == 2 and all(len(s.seats) == 4 and None not in s.seats for s in slots)
        assert len(channel.threads) == 2

        await play_tables(env, bot, guild.id, some_moves(6))
        bot = await restart_mid_round(bot, env, db, guild, 1)
        await play_tables(env, bot, guild.id)
        await play_tables(env, bot, guild.id)

        t = await tournament_of(bot, guild.id, 1)
        assert t.status == TournamentStatus.FINISHED
        slots = await bot.store.tournament_slots(1)
        results = await bot.store.tournament_results(1)
        assert [s.round for s in slots] == [1, 1, 2]
        assert len(results) == 3 and len({r.table_id for r in results}) == 3
        bracket = Bracket.from_json(t.state["bracket"])
        champions = set(bracket.champion or ())
        assert len(champions) == 2 and champions <= set(slots[-1].seats)
        # Each first-round table's winning pair sat at the final.
        finalists = set(slots[-1].seats)
        for r in results[:2]:
            won = {m for m, p in r.points.items() if p > 0}
            assert won <= finalists and len(won) == 2
        view = await bot.tournaments.overview(guild.id, 1)
        assert {s.member for s in view.standings[:2]} == champions
        over = [m for m in channel.history() if "Tournament 1 is over" in m.content]
        assert len(over) == 1 and len(over[0].attachments) == 2  # the podium and the bracket
        winners = over[0].content.split("Winners: ")[1]
        assert all(names[[m.id for m in members].index(c)] in winners for c in champions)
        bracket_calls = [c for c in drawn.calls if c[0] == "bracket"]
        assert bracket_calls and len(bracket_calls[-1][2]) == 2  # two rounds: the tree
        assert all(table.winner is not None for rnd in bracket_calls[-1][2] for table in rnd)
        # The tournament message carried the bracket as it went: drawn once the first round was
        # decided and the final not yet.
        assert any(
            all(table.winner is not None for table in c[2][0]) and c[2][1][0].winner is None
            for c in bracket_calls
        )
        message = next(m for m in channel.history() if m.id == t.message_id)
        assert [a.filename for a in message.attachments] == ["bracket.png"]
        await bot.close()


async def test_a_swiss_of_six_in_hand_over_three_rounds_to_its_standings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = stand_in_pictures(monkeypatch)
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        names = ["alice", "bob", "carol", "dan", "erin", "fay"]
        guild, channel, members = await sign_up(bot, env, names)
        alice = members[0]
        r = await alice.slash(
            channel, "tournament new", game="hand", format="swiss", rounds=3, start_in=10
        )
        assert "Tournament 1 is open" in reply(r).content
        text = (await message_of(bot, channel, guild.id, 1)).content
        assert "Swiss, rounds: 3" in text and "opponents' points, then head-to-head" in text
        await join_all(bot, channel, guild, members, 1)
        r = await alice.slash(channel, "tournament start")
        assert "starts now" in reply(r).content

        async def round_two_begun() -> bool:
            slots = await bot.store.tournament_slots(1)
            return any(s.round == 2 for s in slots) and any(
                lt.engine is not None and len(lt.engine.record["moves"]) > 5
                for lt in bot.service.tables(guild.id)
                if not lt.engine.game_over
            )

        await play_tables(env, bot, guild.id, round_two_begun)
        text = (await message_of(bot, channel, guild.id, 1)).content
        assert "round 2 of 3" in text and "Standings:" in text
        bot = await restart_mid_round(bot, env, db, guild, 1)
        for _ in range(3):
            await play_tables(env, bot, guild.id)

        t = await tournament_of(bot, guild.id, 1)
        assert t.status == TournamentStatus.FINISHED
        slots = await bot.store.tournament_slots(1)
        results = await bot.store.tournament_results(1)
        assert [s.round for s in slots] == [1, 1, 2, 2, 3, 3]
        assert len(results) == 6 and len({r.table_id for r in results}) == 6
        view = await bot.tournaments.overview(guild.id, 1)
        assert all(s.games == 3 for s in view.standings)
        assert sum(s.points for s in view.standings) == 6 * 6  # 4 + 2 + 0 half-points a table
        # Ties broken by the opponents' points: shown in the words and on the picture.
        podium = [c for c in drawn.calls if c[0] == "standings" and c[3]]
        assert len(podium) == 1 and all(row.tiebreak is not None for row in podium[0][2])
        # A finished tournament's message has no buttons left.
        assert not (await message_of(bot, channel, guild.id, 1)).components
        await bot.close()
