"""An Arena of five members in Run Fast through the real discord.py offline: created with
/tournament new, signed up with the message's Join button, started early, tables in their own
threads, the bot restarted in the middle of a game, the end of the Arena, the podium."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.store.tournaments import TournamentStatus

from .conftest import club, make_bot, reply
from .tournament_helpers import (
    message_of,
    organisers,
    play_tables,
    stand_in_pictures,
    tournament_of,
)

# The Arena's timer is long, so the test's own steps of time (five minutes) never run out a
# member's turn: every member plays every game, none is absent.
TIMER = 600


async def test_an_arena_of_five_in_run_fast_survives_a_restart_to_its_podium(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = stand_in_pictures(monkeypatch)
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        guild, channel, members = club(env, "bob", "carol", "dan", "erin")
        alice = guild.add_member(env.create_user("alice"), roles=[organisers(guild)])
        everyone = [alice, *members]

        r = await alice.slash(
            channel,
            "tournament new",
            game="runfast",
            format="arena",
            start_in=5,
            minutes=10,
            timer=TIMER,
        )
        assert r.ephemeral and "Tournament 1 is open" in reply(r).content
        message = await message_of(bot, channel, guild.id, 1)
        text = message.content
        assert "Tournament 1: Run Fast, Arena" in text
        assert "<t:" in text and ":F>" in text and ":R>" in text  # each member's own time
        assert "2 for first, 1 for second, 0 for last" in text
        assert "counts double" in text and "At least 3 players" in text
        for who in everyone:
            r = await who.click(await message_of(bot, channel, guild.id, 1), label="Join")
            assert r.ephemeral and "signed up for tournament 1" in reply(r).content
        text = (await message_of(bot, channel, guild.id, 1)).content
        assert "Signed up (5)" in text and all(n in text for n in ("alice", "erin"))

        r = await alice.slash(channel, "tournament start")
        assert r.ephemeral and "starts now" in reply(r).content
        assert any("has started with 5 players" in m.content for m in channel.history())
        # The first table: three members, in a thread of its own, called there by name.
        assert len(channel.threads) == 1
        thread = channel.threads[0]
        ping = thread.history()[0]
        assert ping.content.count("<@") == 3 and "tournament 1, round 1" in ping.content

        async def games(n: int) -> bool:
            return len(await bot.store.tournament_results(1)) >= n

        await play_tables(env, bot, guild.id, lambda: games(2))
        # Halfway through a game: a few more moves at the table in play, then a restart.
        live = next(lt for lt in bot.service.tables(guild.id) if not lt.engine.game_over)
        moves = {"n": 0}

        async def some_moves() -> bool:
            moves["n"] += 1
            return moves["n"] > 4

        await play_tables(env, bot, guild.id, some_moves)
        before = list(live.engine.record["moves"])
        assert before and not live.engine.game_over
        results = await bot.store.tournament_results(1)
        slots = await bot.store.tournament_slots(1)

        bot2 = make_bot(db)
        await bot.close()
        await env.restart_bot(bot2)
        again = bot2.service.get(guild.id, live.id)
        assert list(again.engine.record["moves"]) == before  # the game goes on where it was
        assert await bot2.store.tournament_results(1) == results
        assert await bot2.store.tournament_slots(1) == slots

        async def games2(n: int) -> bool:
            return len(await bot2.store.tournament_results(1)) >= n

        await play_tables(env, bot2, guild.id, lambda: games2(4))
        # The Arena's ten minutes run out in two steps, a move between them.
        await env.advance_time(300)
        step = {"n": 0}

        async def one_move() -> bool:
            step["n"] += 1
            return step["n"] > 1

        await play_tables(env, bot2, guild.id, one_move)
        await env.advance_time(301)
        seated = len(await bot2.store.tournament_slots(1))
        await play_tables(env, bot2, guild.id)  # the tables still in play finish; nothing new
        t = await tournament_of(bot2, guild.id, 1)
        assert t.status == TournamentStatus.FINISHED
        final_slots = await bot2.store.tournament_slots(1)
        final = await bot2.store.tournament_results(1)
        assert len(final_slots) == seated  # nobody seated after the end
        assert len(final) == len(final_slots) == len({r.table_id for r in final})
        view = await bot2.tournaments.overview(guild.id, 1)
        assert {s.member for s in view.standings} == {w.id for w in everyone}
        assert sum(s.games for s in view.standings) == 3 * len(final)

        # The podium: one message with the picture, the tournament message says who won.
        over = [m for m in channel.history() if "Tournament 1 is over" in m.content]
        assert len(over) == 1 and over[0].attachments
        podium = [c for c in drawn.calls if c[0] == "standings" and c[3]]
        assert len(podium) == 1
        rows = podium[0][2]
        assert [row.place for row in rows] == sorted(row.place for row in rows)
        assert {row.name for row in rows} == {"alice", "bob", "carol", "dan", "erin"}
        text = (await message_of(bot2, channel, guild.id, 1)).content
        assert "Finished. Winner:" in text and "Standings:" in text
        assert not (await message_of(bot2, channel, guild.id, 1)).components  # no more Join

        # /tournament results: the standings and the server's last tournaments.
        r = await alice.slash(channel, "tournament results")
        said = reply(r).content
        assert r.ephemeral and "Tournament 1: standings" in said and "1. Run Fast" in said
        assert "finished" in said
        await bot2.close()


async def test_a_scheduled_event_where_the_bot_may_manage_events_cancelled_with_it(
    tmp_path: Path,
) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, _ = club(env)
        alice = guild.add_member(env.create_user("alice"), roles=[organisers(guild)])
        stored = env.backend.get_guild(guild.id)
        assert guild.me.guild_permissions.manage_events
        await alice.slash(
            channel, "tournament new", game="hand", format="swiss", rounds=2, start_in=10
        )
        t = await tournament_of(bot, guild.id, 1)
        event = stored.scheduled_events[t.event_id]
        assert event.entity_type == 3 and event.name == "Tournament 1: Hand, Swiss"
        assert event.entity_metadata["location"].endswith(f"/{guild.id}/{channel.id}")
        assert event.scheduled_start_time.startswith(t.starts_at.strftime("%Y-%m-%dT%H:%M"))
        r = await alice.slash(channel, "tournament cancel")
        assert "Tournament 1 is cancelled" in reply(r).content
        assert stored.scheduled_events[t.event_id].status == 4  # cancelled with it
        assert any("cancelled by its creator" in m.content for m in channel.history())

        await bot.close()
