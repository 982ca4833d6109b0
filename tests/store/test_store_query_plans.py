"""Every statement the store runs on SQLite reaches its rows through an index, never a full scan.

The plans are read on a migrated database without statistics, so they show what the schema's
indexes allow rather than what a planner guesses for a handful of rows.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.store import SQLiteStore
from bot.store import sql as store_sql

# Full scans of a stored table: "SCAN tables" but not "SCAN tables USING … INDEX …".
FULL_SCAN = re.compile(
    r"^SCAN (tables|rounds|games|game_seats|leaderboard|guild_settings|member_settings)\b(?! USING)"
)
RANKING_FAMILIES = ("TOP", "MEMBER_LINE", "LINES_AHEAD")
PARAMS = {
    "pearls": 80,
    "wins": 1,
    "games": 3,
    "id": 1,
    "guild": 1,
    "user": 1,
    "game": "mor",
    "table": 1,
    "limit": 10,
    "ids": "[1, 2]",
    "started": 0.0,
    "expected": 0,
    "now": 0.0,
}


def statements() -> dict[str, str]:
    found = {
        name: value
        for name, value in vars(store_sql).items()
        if name.isupper() and isinstance(value, str) and re.search(r"\b(SELECT|UPDATE)\b", value)
    }
    for family in RANKING_FAMILIES:
        for (overall, counted), sql in getattr(store_sql, family).items():
            found[f"{family}[overall={overall}, counted={counted}]"] = sql
    return found


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import asyncio

    path = tmp_path_factory.mktemp("plans") / "plans.db"

    async def make() -> None:
        await (await SQLiteStore.open(path)).close()

    asyncio.run(make())
    return path


def test_the_statement_list_is_complete() -> None:
    names = set(statements())
    assert {"SELECT_TABLE", "SAVE_MOVE", "SELECT_RECENT_GAMES", "SELECT_ALL_UNFINISHED"} <= names
    assert len([n for n in names if n.startswith(RANKING_FAMILIES)]) == 12


@pytest.mark.parametrize("name", sorted(statements()))
def test_no_statement_scans_a_whole_table(migrated: Path, name: str) -> None:
    sql = statements()[name]
    with closing(sqlite3.connect(migrated)) as db:
        used = set(re.findall(r":(\w+)", sql))
        plan = [
            row[3]
            for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", {k: PARAMS.get(k) for k in used})
        ]
    scans = [step for step in plan if FULL_SCAN.search(step)]
    assert not scans, f"{name} scans: {plan}"
    if name.startswith(RANKING_FAMILIES):
        # Rankings walk an index in rank order: no sorting of a whole server's lines.
        assert not [step for step in plan if "TEMP B-TREE" in step], f"{name} sorts: {plan}"
