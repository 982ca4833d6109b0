"""``python -m bot.store copy``: a SQLite file's store into an empty PostgreSQL database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    OTHER_GUILD,
    fake_record,
    finish_game,
    playing_table,
)

from bot.store import (
    GuildSettings,
    MemberSettings,
    RoundOutcome,
    Seat,
    SQLiteStore,
)
from bot.store.copy import CopyRefused, copy
from bot.store.postgres import PostgresStore
from tests.postgres import RunDatabase

ROOT = Path(__file__).resolve().parents[2]
SEATS = (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy"))


async def a_bot_store(path: Path) -> None:
    """A file as a bot leaves it: settings, finished games with rounds, leaderboards, lobbies,
    tables in play with their moves and timers, a cancelled table."""
    store = await SQLiteStore.open(path)
    await store.save_guild_settings(
        GuildSettings(GUILD, "ar", 90, {"mor": {"length": "quick"}}, rank_computer_games=False)
    )
    await store.save_member_settings(MemberSettings(ALICE, "hi", "four_colour", "rank"))
    for i in range(5):
        await finish_game(store, SEATS, (10.5 + i, -5, -5.5), (0,), (50, 0, 0))
        await finish_game(
            store, (Seat.member(CAROL), Seat.member(DAVE), Seat.bot("hard")), (i, 2, 3), (2,),
            (0, 0, 80), guild_id=OTHER_GUILD, game="hand", low_score_wins=True,
        )  # fmt: skip
    table = await playing_table(store, SEATS)
    await store.save_move(
        GUILD, table.id, expected_version=0, record=fake_record(7), turn_deadline=None,
        missed_turns=[0, 2, 0], round_result=RoundOutcome((3.0, -1.5, -1.5), "out", 0),
    )  # fmt: skip
    await store.create_table(
        OTHER_GUILD, channel_id=1, host_id=CAROL, game="mor", seats=[Seat.member(CAROL), None],
        seed=5, options={"length": "long"},
    )  # fmt: skip
    cancelled = await playing_table(store, SEATS)
    await store.cancel_table(GUILD, cancelled.id)
    await store.close()


async def same_store(a: SQLiteStore, b: PostgresStore) -> None:
    """Everything the bot reads, read alike from both."""
    assert await a.all_unfinished_tables() == await b.all_unfinished_tables()
    for guild in (GUILD, OTHER_GUILD):
        assert await a.guild_settings(guild) == await b.guild_settings(guild)
        for game in (None, "runfast", "hand"):
            for cpu in (True, False):
                assert await a.top(guild, game, 50, with_computers=cpu) == await b.top(
                    guild, game, 50, with_computers=cpu
                )
        for user in (ALICE, BOB, CAROL, DAVE):
            assert await a.member_stats(guild, user) == await b.member_stats(guild, user)
            assert await a.recent_games(guild, user, 50) == await b.recent_games(guild, user, 50)
    for table_id in range(1, 14):
        for guild in (GUILD, OTHER_GUILD):
            assert await a.get_table(guild, table_id) == await b.get_table(guild, table_id)
            assert await a.table_rounds(guild, table_id) == await b.table_rounds(guild, table_id)
    assert await a.member_settings(ALICE) == await b.member_settings(ALICE)


async def test_a_copy_reads_back_as_the_file(db_path: Path, postgres: RunDatabase) -> None:
    await a_bot_store(db_path)
    url = await postgres.fresh_schema()
    done = await copy(db_path, url)
    assert done.unfinished == 2
    assert done.counts["tables"] == 13 and done.counts["games"] == 10
    assert done.counts["rounds"] == 1 and done.counts["game_seats"] == 30
    source, target = await SQLiteStore.open(db_path), await PostgresStore.open(url)
    try:
        await same_store(source, target)
        # The copied tables play on, and new ones get ids after the file's.
        playing = next(t for t in await target.all_unfinished_tables() if t.record)
        moved = await target.save_move(
            GUILD, playing.id, expected_version=7, record=fake_record(8), turn_deadline=None
        )
        assert moved.version == 8
        fresh = await playing_table(target, SEATS)
        assert fresh.id == 14
    finally:
        await source.close()
        await target.close()


async def test_a_target_holding_anything_is_refused(db_path: Path, postgres: RunDatabase) -> None:
    await a_bot_store(db_path)
    url = await postgres.fresh_schema()
    first = await PostgresStore.open(url)
    await first.save_member_settings(MemberSettings(BOB, "nl"))
    await first.close()
    with pytest.raises(CopyRefused, match=r"already holds data \(in member_settings\)"):
        await copy(db_path, url)
    target = await PostgresStore.open(url)
    try:
        assert await target.member_settings(BOB) == MemberSettings(BOB, "nl")
        assert await target.all_unfinished_tables() == []
    finally:
        await target.close()


@pytest.mark.parametrize(
    ("trigger", "said"),
    [
        # a row that vanishes on the way: the counts differ
        ("IF NEW.number = 1 THEN RETURN NULL; END IF; RETURN NEW;", "found 0 rows in rounds"),
        # a record that arrives changed: the unfinished table reads back differently
        (
            "IF NEW.status = 'playing' THEN NEW.record := '{\"moves\": []}'; END IF; RETURN NEW;",
            "reads back from",
        ),
    ],
)
async def test_a_copy_that_does_not_check_out_is_rolled_back(
    db_path: Path, postgres: RunDatabase, trigger: str, said: str
) -> None:
    """The checks compare what arrived with the file: a server that loses or changes a row on
    the way (here a trigger does) fails them, and the whole copy is rolled back."""
    await a_bot_store(db_path)
    url = await postgres.fresh_schema()
    await (await PostgresStore.open(url)).close()  # the schema, empty
    conn = await asyncpg.connect(url)
    table = "rounds" if "number" in trigger else "tables"
    await conn.execute(
        f"CREATE FUNCTION spoil() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {trigger} END $$;"
        f"CREATE TRIGGER spoil BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION spoil();"
    )
    with pytest.raises(CopyRefused, match=said):
        await copy(db_path, url)
    for name in ("tables", "rounds", "games", "leaderboard", "guild_settings"):
        assert await conn.fetchval(f"SELECT count(*) FROM {name}") == 0
    await conn.close()


def test_the_command_copies_and_refuses_in_one_sentence(
    db_path: Path, postgres: RunDatabase
) -> None:
    import asyncio

    asyncio.run(a_bot_store(db_path))
    url = asyncio.run(postgres.fresh_schema())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.store", *args],
            cwd=db_path.parent, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    done = command("copy", db_path.name, url)
    assert done.returncode == 0, done.stderr
    assert "tables: 13 rows" in done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith("Copied ")
    again = command("copy", db_path.name, url)
    assert again.returncode == 2
    assert "Traceback" not in again.stderr and len(again.stderr.strip().splitlines()) == 1
    assert "already holds data" in again.stderr
    backwards = command("copy", url, db_path.name)
    assert (
        backwards.returncode == 2 and "from a SQLite file to a PostgreSQL URL" in backwards.stderr
    )
