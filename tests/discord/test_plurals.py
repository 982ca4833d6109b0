"""Counts read right: "1 game", "1 card" (issue 18), in the catalogue and on Discord."""

from __future__ import annotations

import re
from pathlib import Path

import simcord

from bot.i18n import catalogue, t_n
from bot.store import GameOutcome, Seat

from .conftest import club, make_bot, reply

# A number placeholder followed by a counted noun: a sentence that reads "1 cards" for one.
COUNTED_NOUN = re.compile(r"\{\w+\}/?\{?\w*\}? (cards|games|wins|pearls|points|rounds|seconds)\b")


def test_counts_in_the_catalogue_go_through_plural_forms() -> None:
    english = catalogue("en")
    bare = {k: v for k, v in english.texts.items() if COUNTED_NOUN.search(v)}
    assert bare == {}
    assert all(len(forms) == 2 for forms in english.plurals.values())  # one, other
    assert [t_n("n_games", n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert t_n("n_cards", 1) == "1 card"


async def test_leaderboard_and_stats_after_one_game(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        # One finished Run Fast game, written to the bot's real SQLite file: alice won 1 pearl.
        store = bot.store
        seats = [Seat.member(alice.id), Seat.member(bob.id), Seat.bot("normal")]
        table = await store.create_table(
            guild.id, channel_id=channel.id, host_id=alice.id, game="runfast", seats=seats, seed=1
        )
        record = {"game": "runfast", "rules_version": 1, "options": {}, "seed": 1, "moves": []}
        await store.start_table(guild.id, table.id, record=record)
        await store.save_move(
            guild.id,
            table.id,
            expected_version=0,
            record={**record, "moves": [{"seat": 0, "do": "pass"}]},
            turn_deadline=None,
            game_result=GameOutcome((30, -10, -20), (0,), (1, 0, 0)),
        )
        stats = reply(await bob.slash(channel, "stats")).content  # the bot learns bob's name
        assert stats == "Run Fast: rank 2, 0 pearls, 0 wins in 1 game"
        board = reply(await alice.slash(channel, "leaderboard", game="runfast")).content
        assert "alice: 1 pearl, 1 win in 1 game (with computers)" in board
        assert "bob: 0 pearls, 0 wins in 1 game (with computers)" in board
        stats = reply(await alice.slash(channel, "stats")).content
        assert stats == "Run Fast: rank 1, 1 pearl, 1 win in 1 game"
        await bot.close()
