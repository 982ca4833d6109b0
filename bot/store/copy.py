"""Moving up: a SQLite file's whole store copied into an empty PostgreSQL database, and checked.

``python -m bot.store copy diwaniya.db postgresql://…``. The file is opened as the bot opens it
(the same checks, and the migrations it is missing), then read, never written. Everything goes
in one PostgreSQL transaction, checked before it commits: the rows of every table counted on both
sides, and every unfinished table (the ones the bot will restore and go on playing) read back
and compared field by field, its record move by move. A check that fails rolls the whole copy
back, so the target is either a complete, checked copy or as empty as it was. A target that
already holds anything is refused: a copy never merges into a live database.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.errors import StoreError
from bot.store.postgres import (
    CONNECT_TIMEOUT,
    PostgresStore,
    unavailable_as_store_error,
    unreachable,
)
from bot.store.rows import table_of
from bot.store.sql import TABLE_COLUMNS
from bot.store.sqlite import SQLiteStore
from bot.store.urls import is_postgres, redact

# Parents before children (rounds and games point at tables, game_seats at games). The columns
# are read from PostgreSQL's schema, which mirrors SQLite's column for column.
TABLES = (
    "guild_settings",
    "member_settings",
    "tables",
    "rounds",
    "games",
    "game_seats",
    "leaderboard",
    "leaderboard_overall",
    "ratings",
    "rating_changes",
    "lesson_progress",
    "tournaments",
    "tournament_entries",
    "tournament_tables",
    "tournament_games",
    "tournament_byes",
)
# Tables whose ids PostgreSQL hands out: after the copy they go on from the file's last id.
IDENTITIES = ("tables", "rounds", "games", "tournaments")
UNFINISHED = (
    f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN ('lobby', 'playing') ORDER BY guild_id, id"
)


class CopyRefused(StoreError):
    """The copy was not made (or was rolled back whole); one sentence says why."""


@dataclass(frozen=True)
class Copied:
    counts: dict[str, int]  # rows per table, the same on both sides
    unfinished: int  # unfinished tables compared field by field


async def copy(
    source: str | Path, target: str, *, say: Callable[[str], None] = lambda _: None
) -> Copied:
    """Copy the SQLite store at ``source`` into the empty PostgreSQL database at ``target``."""
    source = str(source)
    if is_postgres(source) or not is_postgres(target):
        raise CopyRefused(
            "The copy goes from a SQLite file to a PostgreSQL URL: python -m bot.store copy "
            "diwaniya.db postgresql://user@host/database."
        )
    where = redact(target)
    # Opened as the bot opens it: refused in one sentence if damaged, foreign or newer, and
    # brought to the latest schema so its columns are the ones PostgreSQL has.
    sqlite_store = await SQLiteStore.open(source)
    await sqlite_store.close()
    # Opened as the bot opens it too: the schema created (or refused in one sentence).
    await (await PostgresStore.open(target)).close()
    # A connection of its own, without the store's time limit on a statement: copying a big
    # table is one long statement.
    try:
        conn = await asyncpg.connect(target, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, asyncpg.PostgresError) as e:
        raise unreachable(where, e) from e
    try:
        with unavailable_as_store_error(where):
            async with conn.transaction():
                await _refuse_unless_empty(conn, where)
                with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as db:
                    db.row_factory = sqlite3.Row
                    counts = await _copy_rows(conn, db, say)
                    await _check_counts(conn, counts, where)
                    unfinished = await _check_unfinished(conn, db, where)
                for name in IDENTITIES:
                    await conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"coalesce((SELECT max(id) FROM {name}), 0) + 1, false)"
                    )
    finally:
        await conn.close()
    return Copied(counts, unfinished)


async def _refuse_unless_empty(conn: asyncpg.Connection, where: str) -> None:
    # Locked first, so a bot started on the target meanwhile waits for the copy to end.
    await conn.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
    held = [name for name in TABLES if await conn.fetchval(f"SELECT EXISTS (TABLE {name})")]
    if held:
        raise CopyRefused(
            f"The PostgreSQL database {where} already holds data (in {', '.join(held)}), so "
            "nothing was copied: copy into an empty database."
        )


async def _columns(conn: asyncpg.Connection, table: str) -> list[str]:
    rows = await conn.fetch(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    return [r["column_name"] for r in rows]


async def _copy_rows(
    conn: asyncpg.Connection, db: sqlite3.Connection, say: Callable[[str], None]
) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in TABLES:
        columns = await _columns(conn, name)
        # Names from PostgreSQL's own catalogue of the schema this program created.
        cursor = db.execute(f"SELECT {', '.join(columns)} FROM {name}")
        rows: Iterable[tuple[Any, ...]] = (tuple(row) for row in cursor)
        await conn.copy_records_to_table(name, records=rows, columns=columns)
        # What the file holds, to compare with what PostgreSQL ends up holding.
        counts[name] = db.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
        say(f"{name}: {counts[name]} rows")
    return counts


async def _check_counts(conn: asyncpg.Connection, counts: dict[str, int], where: str) -> None:
    for name, expected in counts.items():
        found = await conn.fetchval(f"SELECT count(*) FROM {name}")
        if found != expected:
            raise CopyRefused(
                f"The copy into {where} found {found} rows in {name} where the file has "
                f"{expected}, so it was rolled back and nothing was copied."
            )


async def _check_unfinished(conn: asyncpg.Connection, db: sqlite3.Connection, where: str) -> int:
    """Every lobby and table in play read back through the store's own conversion on both
    sides, so what the bot would restore from PostgreSQL is what it would restore from the file."""
    # Both sides in the same order, a row at a time: the records of every game in play need not
    # fit in memory at once.
    mine = db.execute(UNFINISHED)
    compared = 0
    async for row in conn.cursor(UNFINISHED, prefetch=200):
        a = next(mine, None)
        b = table_of(row)
        if a is None or table_of(a) != b:
            raise CopyRefused(
                f"Table {b.id} reads back from {where} differently from the file, so the copy "
                "was rolled back and nothing was copied."
            )
        compared += 1
    left = next(mine, None)
    if left is not None:
        raise CopyRefused(
            f"Table {left['id']} of the file is missing from {where}, so the copy was rolled "
            "back and nothing was copied."
        )
    return compared
