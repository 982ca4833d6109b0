"""What members hit in the lobby and in replies (issue 18): a second table in a table's thread,
refusals too long for Discord, and the computer levels members may seat."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.client.limits import MESSAGE as MESSAGE_LIMIT
from bot.client.limits import fit

from .conftest import club, live_table, make_bot, reply


def test_fit_cuts_long_text_at_a_word_within_the_limit() -> None:
    assert fit("short") == "short"
    cut = fit("seven " * 1000)
    assert len(cut) <= MESSAGE_LIMIT and cut.endswith("seven…")


async def test_new_table_inside_a_tables_thread_is_refused(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        await alice.slash(channel, "table new", game="hand")
        thread = channel.threads[0]
        first = live_table(bot, guild.id)
        r = await bob.slash(thread, "table new", game="runfast")
        answer = reply(r)
        assert answer.ephemeral
        assert answer.content == (
            f"This thread is table #{first.id}'s: open a new table from <#{channel.id}>."
        )
        assert bot.service.tables(guild.id) == [first]
        assert len(channel.threads) == 1
        # From the channel itself a second table opens in a thread of its own.
        await bob.slash(channel, "table new", game="runfast")
        assert len(bot.service.tables(guild.id)) == 2 and len(channel.threads) == 2
        await bot.close()


async def test_long_typed_cards_get_a_short_refusal_and_change_nothing(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        await alice.slash(channel, "table new", game="mor", players=2)
        thread = channel.threads[0]
        await bob.slash(thread, "table join")
        await alice.slash(thread, "table start")
        live = live_table(bot, guild.id)
        assert live.seats[live.engine.turn].user_id == alice.id  # this seed: alice starts
        before = live.version
        # As long as the synced command lets a client type (longer: test_option_limits.py).
        r = await alice.slash(thread, "meld", cards=" ".join(["5H"] * 33))
        answer = reply(r)
        assert answer.ephemeral and len(answer.content) <= MESSAGE_LIMIT
        assert answer.content.startswith("You don't have 5♥ 5♥ 5♥")
        r = await alice.slash(thread, "discard", card="5H5H")
        answer = reply(r)
        assert answer.ephemeral
        assert answer.content.startswith("“5H5H” is not a card")
        assert live.version == before
        await bot.close()


async def test_members_seat_normal_or_hard_computers_only(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "table new", game="hand")
        thread = channel.threads[0]
        r = await alice.slash(thread, "table bot", level="hard")
        assert reply(r).content == "A hard computer took seat 2."
        with pytest.raises(simcord.OptionError):
            await alice.slash(thread, "table bot", level="random")
        # The lobby's Add computer button seats the default level, normal.
        await alice.click(thread.history()[0], label="Add computer")
        levels = [s.computer for s in live_table(bot, guild.id).seats]
        assert levels == [None, "hard", "normal"]
        await bot.close()
