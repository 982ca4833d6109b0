"""What only PostgreSQL has: a server that may be unreachable, go away mid-write, or hold another
program's or a newer Diwaniya's schema; and the CI rule for a missing test server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from store_helpers import ALICE, BOB, GUILD, fake_record, playing_table

from bot.store import (
    ForeignDatabase,
    GameOutcome,
    NewerDatabase,
    RoundOutcome,
    Seat,
    StoreUnavailable,
    UnusableDatabase,
    is_postgres,
    migrations,
    open_store,
)
from bot.store.postgres import PostgresStore
from bot.store.urls import redact
from tests.postgres import Outage, RunDatabase

ROOT = Path(__file__).resolve().parents[2]
LATEST = len(migrations.load("postgres"))
SEATS = (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy"))
# Nothing listens on port 1: connecting is refused at once.
NOWHERE = "postgresql://postgres@127.0.0.1:1/diwaniya"


def one_sentence(message: str) -> None:
    assert "\n" not in message and message.endswith(".")
    assert ". " not in message, message


async def dump(url: str) -> list[tuple]:
    """Every table of the URL's schema with its rows, to show a refusal left it untouched."""
    conn = await asyncpg.connect(url)
    try:
        names = await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
        )
        return [
            (n["tablename"], sorted(map(tuple, await conn.fetch(f'SELECT * FROM "{n[0]}"'))))
            for n in names
        ]
    finally:
        await conn.close()


def test_the_engine_follows_the_setting() -> None:
    assert is_postgres("postgresql://db.example/diwaniya")
    assert is_postgres("postgres://db.example/diwaniya")
    assert not is_postgres("diwaniya.db") and not is_postgres(Path("/srv/postgresql/x.db"))
    assert redact("postgresql://bot:s3cret@db:5433/d") == "postgresql://bot@db:5433/d"


async def test_open_store_gives_postgres_for_a_url(postgres: RunDatabase) -> None:
    store = await open_store(await postgres.fresh_schema())
    try:
        assert isinstance(store, PostgresStore) and store.shared
        assert store.schema_version == LATEST
        info = await store.info()
        assert (info.schema_version, info.journal_mode) == (LATEST, "postgresql")
    finally:
        await store.close()


async def test_an_unreachable_server_is_one_sentence() -> None:
    with pytest.raises(UnusableDatabase) as refused:
        await open_store(NOWHERE)
    message = str(refused.value)
    one_sentence(message.replace("127.0.0.1", "HOST"))
    assert "can't be reached" in message and NOWHERE in message


async def test_the_password_never_shows(postgres: RunDatabase) -> None:
    url = NOWHERE.replace("postgres@", "postgres:hunter2@")
    with pytest.raises(UnusableDatabase) as refused:
        await open_store(url)
    assert "hunter2" not in str(refused.value)


async def test_reopening_keeps_the_data_and_migrates_once(postgres: RunDatabase) -> None:
    url = await postgres.fresh_schema()
    store = await PostgresStore.open(url)
    table = await playing_table(store, SEATS)
    await store.close()
    again = await PostgresStore.open(url)
    try:
        assert await again.get_table(GUILD, table.id) == table
        assert again.schema_version == LATEST
    finally:
        await again.close()


async def test_another_programs_database_is_refused_untouched(postgres: RunDatabase) -> None:
    url = await postgres.fresh_schema()
    conn = await asyncpg.connect(url)
    await conn.execute("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('mine')")
    await conn.close()
    before = await dump(url)
    with pytest.raises(ForeignDatabase) as refused:
        await PostgresStore.open(url)
    one_sentence(str(refused.value).replace("127.0.0.1", "HOST"))
    assert await dump(url) == before


async def test_a_newer_schema_is_refused_untouched(postgres: RunDatabase) -> None:
    url = await postgres.fresh_schema()
    store = await PostgresStore.open(url)
    await playing_table(store, SEATS)
    await store.close()
    conn = await asyncpg.connect(url)
    await conn.execute("UPDATE diwaniya_schema SET version = $1", LATEST + 1)
    await conn.close()
    before = await dump(url)
    with pytest.raises(NewerDatabase) as refused:
        await PostgresStore.open(url)
    one_sentence(str(refused.value).replace("127.0.0.1", "HOST"))
    assert f"schema version {LATEST + 1}" in str(refused.value)
    assert await dump(url) == before


async def test_a_server_gone_mid_write_saves_nothing_and_comes_back(
    postgres: RunDatabase,
) -> None:
    """The connection dies inside the transaction of a move with its round and game result:
    the store says StoreUnavailable, none of it is saved, and the next call works again."""
    url = await postgres.fresh_schema()
    store = await PostgresStore.open(url)
    try:
        table = await playing_table(store, SEATS)
        conn = await asyncpg.connect(url)
        # The server ends the writing connection itself, after the move and the round are
        # written and before the game's result is: the transaction dies half way.
        await conn.execute(
            """
            CREATE FUNCTION vanish() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$;
            CREATE TRIGGER vanish BEFORE INSERT ON games FOR EACH ROW EXECUTE FUNCTION vanish();
            """
        )
        with pytest.raises(StoreUnavailable) as gone:
            await store.save_move(
                GUILD,
                table.id,
                expected_version=0,
                record=fake_record(1),
                turn_deadline=None,
                round_result=RoundOutcome((10.0, -5.0, -5.0), "out"),
                game_result=GameOutcome((10.0, -5.0, -5.0), (0,), (50, 0, 0)),
            )
        assert "nothing was saved" in str(gone.value)
        await conn.execute("DROP TRIGGER vanish ON games")
        await conn.close()
        assert await store.get_table(GUILD, table.id) == table
        assert await store.table_rounds(GUILD, table.id) == []
        assert await store.table_game(GUILD, table.id) is None
        assert await store.top(GUILD) == []
        saved = await store.save_move(
            GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
        )
        assert saved.version == 1
    finally:
        await store.close()


async def test_a_server_away_for_a_while_is_store_unavailable(postgres: RunDatabase) -> None:
    """The server goes away (connections reset, new ones refused) and comes back: meanwhile
    reads and writes raise StoreUnavailable, not a driver error, and save nothing; afterwards the
    pool reconnects by itself."""
    outage = Outage(await postgres.fresh_schema())
    await outage.start()
    store = await PostgresStore.open(outage.url)
    try:
        table = await playing_table(store, SEATS)
        await outage.cut()
        with pytest.raises(StoreUnavailable) as gone:
            await store.get_table(GUILD, table.id)
        one_sentence(str(gone.value).replace("127.0.0.1", "HOST"))
        with pytest.raises(StoreUnavailable):
            await store.save_move(
                GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
            )
        await outage.start()
        assert await store.get_table(GUILD, table.id) == table
        moved = await store.save_move(
            GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
        )
        assert moved.version == 1
    finally:
        await store.close()
        await outage.cut()


@pytest.mark.parametrize("ci", ["true", ""])
def test_a_missing_server_fails_the_run_only_under_ci(ci: str) -> None:
    """The PostgreSQL tests, pointed at a server that isn't there: skipped with one line saying
    how to run them, but under CI=true the run fails."""
    env = {**os.environ, "CI": ci, "DIWANIYA_TEST_POSTGRES": NOWHERE}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-q",
         "tests/store/test_store_tables.py", "-k", "test_cancel_and_the_restore_queries"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = run.stdout + run.stderr
    if ci:
        assert run.returncode != 0, out
        assert "CI=true, so the PostgreSQL tests must run" in out, out
        assert out.startswith(".E"), out  # SQLite's half passed, PostgreSQL's failed
    else:
        assert run.returncode == 0, out
        assert out.startswith(".s"), out
        lines = [x for x in out.splitlines() if x.startswith("PostgreSQL tests skipped")]
        assert len(lines) == 1 and "DIWANIYA_TEST_POSTGRES=" in lines[0], out


async def test_the_hand_lessons_old_last_step_keeps_its_answer(postgres: RunDatabase) -> None:
    """PostgreSQL version 5: the Hand lesson's old step 5 ("the Hand") is step 6 now, and a
    member's answer moves with it (SQLite's version 8)."""
    url = await postgres.fresh_schema()
    await (await PostgresStore.open(url)).close()
    conn = await asyncpg.connect(url)
    await conn.executemany(
        "INSERT INTO lesson_progress VALUES ($1, $2, $3, 1, 1, 1, 1.0)",
        [(ALICE, "hand", n) for n in range(1, 6)] + [(BOB, "mor", 5)],
    )
    await conn.execute("UPDATE diwaniya_schema SET version = 4")  # as version 4 left it
    await conn.close()
    store = await PostgresStore.open(url)
    try:
        assert store.schema_version == LATEST
        assert [p.step for p in await store.lesson_progress(ALICE, "hand")] == [1, 2, 3, 4, 6]
        assert [p.step for p in await store.lesson_progress(BOB, "mor")] == [5]
    finally:
        await store.close()
