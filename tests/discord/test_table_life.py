"""Around the game through SimCord: the leaderboard after a game, two servers kept apart, and the
turn timer (the computer plays a missed turn, then keeps the seat until /table back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from .conftest import drive_clock, live_table, make_bot, reply
from .test_games_bot import member_move, open_and_start


async def test_leaderboard_after_a_game_and_two_guilds_isolated(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        a = env.create_guild(name="A")
        b = env.create_guild(name="B")
        cards_a = a.create_text_channel("cards")
        cards_b = b.create_text_channel("cards")
        alice_user = env.create_user("alice")
        alice = a.add_member(alice_user)
        bob = a.add_member(env.create_user("bob"))
        carol = b.add_member(env.create_user("carol"))
        # Alice is in both servers; her table in A must not be reachable from B.
        alice_b = b.add_member(alice_user)

        # Run Fast is one deal, so the game finishes within one round.
        thread, _ = await open_and_start(cards_a, alice, bob, "runfast")
        live = live_table(bot, a.id)
        hands: dict[int, Any] = {}

        # From B, while A's game runs: no table, no moves, nothing listed.
        for who in (carol, alice_b):
            r = await who.slash(cards_b, "hand")
            assert r.ephemeral and "no table" in reply(r).content
            r = await who.slash(cards_b, "table join")
            assert r.ephemeral and "no table" in reply(r).content
        assert bot.service.tables(b.id) == []

        for _ in range(300):
            if not await member_move(bot, a, thread, {alice.id: alice, bob.id: bob}, hands):
                break
        assert live.engine.game_over

        r = await bob.slash(cards_a, "leaderboard")
        board = reply(r).content
        assert "alice" in board and "bob" in board and "pearls" in board
        r = await alice.slash(cards_a, "stats")
        assert r.ephemeral and "Run Fast" in reply(r).content
        r = await bob.slash(cards_a, "leaderboard", game="runfast")
        assert "Run Fast" in reply(r).content and "alice" in reply(r).content

        # B's rankings are its own: empty, and nobody from A has results there.
        r = await carol.slash(cards_b, "leaderboard")
        assert "No finished games" in reply(r).content
        r = await alice_b.slash(cards_b, "stats")
        assert "no finished games" in reply(r).content
        await bot.close()


async def test_turn_timer_computer_plays_then_keeps_the_seat(tmp_path: Path) -> None:
    # The test drives the table's clock: computers take a second a move and the turn timer
    # ten, and both end only when the test advances time, so each advance holds only the
    # moves due within it (never a whole round played out by the computers in one settle,
    # which took 3 s alone and timed out on a busy machine), and a slash command's settle
    # never waits for them. What happens depends on the seconds advanced, not on this machine.
    bot = make_bot(tmp_path / "bot.db", 14, bot_delay=1)
    async with simcord.run(bot) as env:
        drive_clock(bot, env)
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        alice = guild.add_member(env.create_user("alice"))
        r = await alice.slash(channel, "table new", game="more3", timer=10)
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        live = live_table(bot, guild.id)
        assert live.table.turn_timer == 10

        async def wait_for_alice() -> None:
            for _ in range(60):  # a computer moves each second
                if live.engine.turn == 0 or live.engine.round_over:
                    return
                await env.advance_time(1)

        await wait_for_alice()
        assert live.engine.turn == 0 and not live.automated(0)
        moves = len(live.engine.record["moves"])
        await env.advance_time(9.5)  # her 10 s are not up: nothing moves
        assert len(live.engine.record["moves"]) == moves
        await env.advance_time(1)  # now they are: the computer plays for her
        assert len(live.engine.record["moves"]) > moves
        said = [m.content for m in thread.history()]
        assert any("ran out of time" in c for c in said)
        assert not live.taken_over(0)

        await wait_for_alice()
        await env.advance_time(11)  # a second miss in a row: the computer keeps the seat
        assert live.taken_over(0)
        assert any("keeps alice's seat" in m.content for m in thread.history())
        r = await alice.slash(thread, "draw")
        assert r.ephemeral and "/table back" in reply(r).content

        r = await alice.slash(thread, "table back")
        assert r.ephemeral and "Your hand" in reply(r).content
        assert not live.taken_over(0)
        await bot.close()
