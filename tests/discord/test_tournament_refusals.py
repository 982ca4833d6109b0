"""Bad input to /tournament and its buttons gets one private sentence and changes nothing: an
option that doesn't fit the game, a past start, zero rounds, a second sign-up, joining a
started Swiss, a button whose id doesn't read; leaving mid-game is allowed (the game goes on);
the group is no command of direct messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.store.tournaments import EntryStatus, TournamentStatus

from .conftest import make_bot, reply
from .test_option_limits import tampered  # noqa: F401 (a fixture: the client's checks removed)
from .tournament_helpers import message_of, organisers, play_tables, stand_in_pictures


async def refused(result: Any, words: str) -> None:
    answer = reply(result)
    assert result.ephemeral and words in answer.content, answer.content
    assert "\n" not in answer.content


async def press(env: Any, bot: Any, who: Any, channel: Any, custom_id: str) -> Any:
    """A press on a button whose id no version of the bot makes now (a message of an older
    version, or a modified client's): the button is posted by the bot, then pressed."""
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Join", custom_id=custom_id))
    with env._bot_scope():
        sent = await bot.get_partial_messageable(channel.id).send("old", view=view)
    message = next(m for m in channel.history() if m.id == sent.id)
    return await who.click(message, custom_id=custom_id)


async def test_bad_input_gets_one_sentence_and_changes_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    tampered: None,  # noqa: F811
) -> None:
    stand_in_pictures(monkeypatch)
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        role = organisers(guild)
        alice, bob, olga = (
            guild.add_member(env.create_user(n), roles=[role]) for n in ("alice", "bob", "olga")
        )
        carol = guild.add_member(env.create_user("carol"))

        async def nothing_made() -> None:
            assert await bot.store.guild_tournaments(guild.id) == []
            assert channel.history() == []

        r = await alice.slash(
            channel, "tournament new", game="hand", players=4, format="swiss", rounds=3, start_in=5
        )
        await refused(r, "Hand has no option “players”")
        r = await alice.slash(
            channel,
            "tournament new",
            game="runfast",
            bid=True,
            format="arena",
            minutes=30,
            start_in=5,
        )
        await refused(r, "Run Fast has no option “bid”")
        r = await alice.slash(
            channel, "tournament new", game="hand", format="swiss", rounds=3, start_in=0
        )
        await refused(r, "The start must be between 1 minute and 7 days from now.")
        r = await alice.slash(
            channel, "tournament new", game="hand", format="swiss", rounds=0, start_in=5
        )
        await refused(r, "A Swiss needs its number of rounds, from 1 to 15.")
        r = await alice.slash(channel, "tournament new", game="hand", format="swiss", start_in=5)
        await refused(r, "A Swiss needs its number of rounds")
        await nothing_made()
        r = await alice.slash(channel, "tournament join")
        await refused(r, "There's no open tournament in this channel")

        r = await alice.slash(
            channel, "tournament new", game="runfast", format="swiss", rounds=2, start_in=5
        )
        assert "Tournament 1 is open" in reply(r).content
        message = await message_of(bot, channel, guild.id, 1)
        for who in (alice, bob, carol):
            await who.click(await message_of(bot, channel, guild.id, 1), label="Join")
        before = (await message_of(bot, channel, guild.id, 1)).content
        r = await bob.click(message, label="Join")
        await refused(r, "You're already signed up for this tournament.")
        r = await bob.slash(channel, "tournament join")
        await refused(r, "You're already signed up for this tournament.")
        assert (await message_of(bot, channel, guild.id, 1)).content == before
        assert len(await bot.store.tournament_entries(1)) == 3

        # A button id no client of ours sends: one sentence, nothing joined.
        for bad in ("dwt:join:abc", "dwt:join", "dwt:dance:1", "dwt:join:" + "9" * 40):
            r = await press(env, bot, olga, channel, bad)
            await refused(r, "That button can't be read")
        r = await press(env, bot, olga, channel, "dwt:join:999")
        await refused(r, "There's no tournament 999 on this server.")
        assert len(await bot.store.tournament_entries(1)) == 3

        r = await bob.slash(channel, "tournament start")
        await refused(r, "Only the tournament's creator can do that.")
        r = await alice.slash(channel, "tournament start")
        assert "starts now" in reply(r).content
        r = await olga.slash(channel, "tournament join")
        await refused(r, "That tournament has started: only an Arena takes new players")
        r = await olga.slash(channel, "tournament pause")
        await refused(r, "Only an Arena can be paused")
        assert len(await bot.store.tournament_entries(1)) == 3

        # Leaving mid-game is allowed: out of pairing, the game goes on with the seat kept.
        live = bot.service.tables(guild.id)[0]
        seat = live.seat_of(bob.id)
        assert seat is not None
        r = await bob.slash(channel, "tournament leave")
        assert r.ephemeral and "You've left tournament 1" in reply(r).content
        entries = {e.user_id: e.status for e in await bot.store.tournament_entries(1)}
        assert entries[bob.id] == EntryStatus.LEFT
        assert live.seats[seat].user_id == bob.id and not live.engine.game_over
        r = await bob.slash(channel, "tournament leave")
        await refused(r, "You're not signed up for this tournament.")

        # The game he left still counts when it ends; the next round seats him no more.
        await play_tables(env, bot, guild.id)
        slots = await bot.store.tournament_slots(1)
        assert all(bob.id not in s.seats for s in slots if s.round == 2)
        t = await bot.store.get_tournament(guild.id, 1)
        assert t is not None and t.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED)

        # No tournament in a direct message: Discord offers the group only in servers.
        synced = next(c for c in bot.tree.get_commands() if c.name == "tournament")
        assert synced.guild_only
        in_dms = env.create_user("dee").available_commands()
        assert not any(c.startswith("tournament") for c in in_dms)
        await bot.close()
