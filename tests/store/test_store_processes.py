"""Several processes on one database: each holds a store of its own on it (here two stores,
each with its own connections, as two processes would). Results count once, settings saved by
one are seen by the other at once, and writes to the same member's data at the same time keep
every change."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    fake_record,
    finish_game,
    open_engine,
    playing_table,
)

from bot.client.diwaniya import SettingsCache
from bot.store import (
    GameOutcome,
    GameStore,
    GuildSettings,
    MemberSettings,
    RoundOutcome,
    Seat,
    StaleVersion,
    WrongStatus,
)
from tests.postgres import RunDatabase

SEATS = (Seat.member(ALICE), Seat.member(BOB), Seat.member(CAROL))


@pytest.fixture
async def two(engine: RunDatabase | None, db_path: Path) -> AsyncIterator[list[GameStore]]:
    """Two stores on one database: the same file twice, or one PostgreSQL schema twice."""
    if engine is None:
        first = await open_engine(None, db_path)
        second = await open_engine(None, db_path)
    else:
        url = await engine.fresh_schema()
        from bot.store.postgres import PostgresStore

        first, second = await PostgresStore.open(url), await PostgresStore.open(url)
    yield [first, second]
    for store in (first, second):
        await store.close()


async def test_a_result_retried_after_a_crash_counts_once(two: list[GameStore]) -> None:
    """A move that ended a round, then one that ended the game, were saved, and the process died
    before it knew: the one that takes the table over saves each again from the same version;
    both are refused, and the rounds and the game are on the table and the leaderboard once."""
    first, second = two
    table = await playing_table(first, SEATS)
    round_end = {
        "expected_version": 0,
        "record": fake_record(1),
        "turn_deadline": None,
        "round_result": RoundOutcome((2.0, -1.0, -1.0), "out", 0),
    }
    game_end = {
        "expected_version": 1,
        "record": fake_record(2),
        "turn_deadline": None,
        "round_result": RoundOutcome((1.0, -0.5, -0.5), "out", 0),
        "game_result": GameOutcome((3.0, -1.5, -1.5), (0,), (50, 0, 0)),
    }
    await first.save_move(GUILD, table.id, **round_end)
    with pytest.raises(StaleVersion):
        await second.save_move(GUILD, table.id, **round_end)
    await first.save_move(GUILD, table.id, **game_end)
    with pytest.raises(WrongStatus):  # finished: nothing more to save on it
        await second.save_move(GUILD, table.id, **game_end)
    assert [r.number for r in await second.table_rounds(GUILD, table.id)] == [1, 2]
    top = await second.top(GUILD)
    assert [(s.user_id, s.games, s.pearls) for s in top] == [
        (ALICE, 1, 50),
        (BOB, 1, 0),
        (CAROL, 1, 0),
    ]


async def test_games_finished_at_once_by_two_processes_all_count(two: list[GameStore]) -> None:
    games = 12
    await asyncio.gather(
        *(
            finish_game(two[i % 2], SEATS, (3.0, 1.5, -4.5), (i % 3,), [50 * (s == i % 3) for s in range(3)])
            for i in range(games)
        )
    )  # fmt: skip
    for store in two:
        top = {s.user_id: s for s in await store.top(GUILD, "runfast")}
        assert {u: s.games for u, s in top.items()} == {ALICE: games, BOB: games, CAROL: games}
        assert sum(s.wins for s in top.values()) == games
        assert sum(s.pearls for s in top.values()) == 50 * games
        assert top[ALICE].points == 3.0 * games and top[CAROL].points == -4.5 * games


async def test_changes_to_one_members_preferences_at_once_keep_both(
    two: list[GameStore],
) -> None:
    """A member's preferences are global: two processes may change them at the same moment
    (each a different field); neither change undoes the other."""
    first, second = two
    for round_ in range(10):
        sort = ("rank", "suit")[round_ % 2]
        await asyncio.gather(
            first.change_member_settings(ALICE, language="ar" if round_ % 2 else "hi"),
            second.change_member_settings(ALICE, sort_order=sort),
            first.change_guild_settings(GUILD, turn_timer=30 + round_),
            second.change_guild_settings(GUILD, language="nl"),
        )
        expected = MemberSettings(ALICE, "ar" if round_ % 2 else "hi", "classic", sort)
        assert await first.member_settings(ALICE) == expected
        settings = await second.guild_settings(GUILD)
        assert (settings.turn_timer, settings.language) == (30 + round_, "nl")
    # None is a value too: the server's language.
    changed = await second.change_member_settings(ALICE, language=None)
    assert changed == MemberSettings(ALICE, None, "classic", "suit")
    with pytest.raises(ValueError, match="no colour"):
        await first.change_member_settings(ALICE, colour="red")


async def test_settings_saved_in_one_process_are_read_in_the_other_at_once(
    two: list[GameStore],
) -> None:
    """The bot keeps /preferences and server languages in memory only where the store is its
    own file; on a database other processes write, every read asks the database."""
    first, second = two
    kept = SettingsCache()
    assert await kept.member(second, ALICE) == MemberSettings(ALICE)
    assert await kept.server_language(second, GUILD) == "en"
    await first.change_member_settings(ALICE, language="ar")
    await first.save_guild_settings(GuildSettings(GUILD, language="hi"))
    if second.shared:
        assert (await kept.member(second, ALICE)).language == "ar"
        assert await kept.server_language(second, GUILD) == "hi"
    else:  # one process's own file: its saves go through the cache (cogs/settings)
        assert (await kept.member(second, ALICE)).language is None
