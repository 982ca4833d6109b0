"""A seat the computer keeps after two missed turns is said once in the thread; from then on its
moves show on the live table like any computer's, never as messages of their own."""

from __future__ import annotations

from pathlib import Path

import simcord

from .conftest import drive_clock, live_table, make_bot


async def test_kept_seat_is_said_once_and_its_moves_stay_on_the_table(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", 14, bot_delay=1)
    async with simcord.run(bot) as env:
        drive_clock(bot, env)
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        alice = guild.add_member(env.create_user("alice"))
        await alice.slash(channel, "table new", game="more3", timer=10)
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        live = live_table(bot, guild.id)

        async def wait_for_alice() -> None:
            for _ in range(60):  # a computer moves each second
                if live.engine.turn == 0 or live.engine.round_over:
                    return
                await env.advance_time(1)

        for _ in range(2):  # two missed turns in a row
            await wait_for_alice()
            assert live.engine.turn == 0
            await env.advance_time(11)
        assert live.taken_over(0)

        def said(words: str) -> int:
            return sum(words in m.content for m in thread.history())

        assert said("keeps alice's seat") == 1
        timed_out = said("ran out of time")
        # The first miss is told; the second is the taking over, said once, not twice.
        assert timed_out == 1
        seen = {m.id for m in thread.history()}
        kept_moves = 0
        for _ in range(120):  # the computer plays on for her, one move a second
            before = sum(1 for m in live.engine.record["moves"] if m.get("seat") == 0)
            await env.advance_time(1)
            kept_moves += sum(1 for m in live.engine.record["moves"] if m.get("seat") == 0) - before
            if live.engine.round_over or kept_moves >= 6:
                break
        assert kept_moves >= 4
        # Nothing new in the thread for those moves: the table message is edited instead.
        new = [m for m in thread.history() if m.id not in seen]
        assert not [
            m.content for m in new if "alice" in m.content and "Round over" not in m.content
        ]
        assert said("keeps alice's seat") == 1 and said("ran out of time") == timed_out
        table = next(m for m in thread.history() if m.id == live.table.message_id)
        if not live.engine.round_over:
            assert "alice (the computer keeps the seat):" in table.content
        await bot.close()
