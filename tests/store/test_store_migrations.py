"""Numbered migrations: from an empty file, from every earlier version, with data, atomically.

Old databases are built here with the SQL of their own time, as an older Diwaniya would have
written them; the store under test only ever sees the finished file.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from store_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, fake_record

from bot.store import (
    GameOutcome,
    MigrationFailed,
    Seat,
    SQLiteStore,
    Status,
    UnusableDatabase,
    migrations,
)
from bot.store import sql as store_sql
from bot.store.migrations import Migration

LATEST = len(migrations.load())


def build_at(path: Path, version: int) -> sqlite3.Connection:
    """A database as the bot left it at schema ``version`` (0: a brand-new empty file)."""
    db = sqlite3.connect(path, isolation_level=None)
    for migration in migrations.load()[:version]:
        for statement in migration.statements():
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def schema(path: Path) -> list[tuple]:
    with closing(sqlite3.connect(path)) as db:
        return db.execute(
            # sqlite_stat1 is SQLite's own statistics (PRAGMA optimize), not the schema.
            "SELECT type, name, tbl_name, sql FROM sqlite_schema "
            "WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name"
        ).fetchall()


def test_migration_files_are_numbered_and_split() -> None:
    loaded = migrations.load()
    assert [m.version for m in loaded] == list(range(1, LATEST + 1))
    assert LATEST >= 2
    for m in loaded:
        statements = m.statements()
        assert statements and all(sqlite3.complete_statement(s) for s in statements)
    tricky = Migration(9, "tricky", "-- a; comment\nINSERT INTO t VALUES ('a;b');\n\n-- end\n")
    assert tricky.statements() == ["-- a; comment\nINSERT INTO t VALUES ('a;b');"]
    with pytest.raises(ValueError, match="unfinished"):
        Migration(9, "cut", "CREATE TABLE t (a INTEGER").statements()


async def test_a_new_file_is_created_at_the_latest_version(db_path: Path) -> None:
    assert not db_path.exists()
    store = await SQLiteStore.open(db_path)
    info = await store.info()
    await store.close()
    assert db_path.exists()
    assert (info.schema_version, info.journal_mode, info.synchronous) == (LATEST, "wal", "normal")
    assert info.foreign_keys
    with closing(sqlite3.connect(db_path)) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (LATEST,)
        tables = db.execute(
            "SELECT name, strict FROM pragma_table_list "
            "WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
    assert {name for name, _ in tables} == {
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
    }
    assert all(strict for _, strict in tables)


@pytest.mark.parametrize("version", range(LATEST))
async def test_every_earlier_version_upgrades_to_the_same_schema(
    tmp_path: Path, version: int
) -> None:
    fresh = tmp_path / "fresh.db"
    await (await SQLiteStore.open(fresh)).close()
    old = tmp_path / f"v{version}.db"
    build_at(old, version).close()
    store = await SQLiteStore.open(old)
    assert store.schema_version == LATEST
    await store.close()
    assert schema(old) == schema(fresh)
    # Opening again applies nothing and changes nothing.
    await (await SQLiteStore.open(old)).close()
    assert schema(old) == schema(fresh)


def fill_version_1(db: sqlite3.Connection) -> int:
    """What a version-1 bot wrote: settings, a game in play, and finished games with and without
    computers (leaderboard lines as version 1 kept them). Returns the id of the table in play."""
    now = 1_700_000_000.0
    db.execute(
        "INSERT INTO guild_settings VALUES (?, 'ar', 60, ?, ?)",
        (GUILD, json.dumps({"mor": {"length": "quick"}}), now),
    )
    db.execute(
        "INSERT INTO member_settings VALUES (?, 'en', 'four_colour', 'rank', ?)", (ALICE, now)
    )
    seats = json.dumps([{"user": ALICE}, {"user": BOB}, {"computer": "easy"}])

    def insert_table(game: str, moves: int, status: str, finished: float | None) -> int:
        return db.execute(
            "INSERT INTO tables (guild_id, channel_id, host_id, game, options, seed, seats, "
            "record, version, status, turn_timer, created_at, updated_at, started_at, finished_at) "
            "VALUES (:guild, :channel, :host, :game, '{}', 7, :seats, :record, :version, :status, "
            "60, :now, :now, :now, :finished)",
            {
                "guild": GUILD,
                "channel": CHANNEL,
                "host": ALICE,
                "game": game,
                "seats": seats,
                "record": json.dumps(fake_record(moves, game)),
                "version": moves,
                "status": status,
                "now": now,
                "finished": finished,
            },
        ).lastrowid

    in_play = insert_table("runfast", 3, "playing", None)
    # game key, seats (user or None for a computer), totals, winners, pearls, low wins
    finished = [
        ("runfast", [ALICE, BOB, CAROL], [30.0, -10.0, -20.0], [0], [50, 0, 0], 0),
        ("runfast", [ALICE, None, BOB], [40.0, -20.0, -20.0], [0], [80, 0, 0], 0),
        ("hand", [ALICE, BOB, CAROL], [-30.0, 60.0, 75.0], [0], [50, 0, 0], 1),
        ("hand", [ALICE, BOB, None], [-60.0, 20.0, 30.0], [0], [80, 0, 0], 1),
    ]
    lines: dict[tuple[str, int], list] = {}
    for game, users, totals, winners, pearls, low in finished:
        table_id = insert_table(game, 1, "finished", now + 600)
        cpu = int(None in users)
        game_id = db.execute(
            "INSERT INTO games (guild_id, table_id, game, options, rounds, with_computers, "
            "low_score_wins, duration, finished_at) VALUES (?, ?, ?, '{}', 1, ?, ?, 600, ?)",
            (GUILD, table_id, game, cpu, low, now + 600),
        ).lastrowid
        for seat, user in enumerate(users):
            won = int(seat in winners)
            db.execute(
                "INSERT INTO game_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seat,
                    GUILD,
                    user,
                    None if user else "easy",
                    totals[seat],
                    won,
                    pearls[seat],
                ),
            )
            if user is not None:
                line = lines.setdefault((game, user), [0, 0, 0.0, 0, []])
                line[0] += 1
                line[1] += won
                line[2] += totals[seat]
                line[3] += pearls[seat]
                line[4].append(totals[seat])
    for (game, user), (games, wins, points, pearls, scores) in lines.items():
        best = min(scores) if game == "hand" else max(scores)
        db.execute(
            "INSERT INTO leaderboard VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (GUILD, game, user, games, wins, points, pearls, best),
        )
    return in_play


@pytest.mark.parametrize("version", range(1, LATEST))
async def test_a_database_with_data_upgrades_and_keeps_everything(
    db_path: Path, version: int
) -> None:
    """Data written at version 1, then carried to ``version`` by that bot's own migrations."""
    db = build_at(db_path, 1)
    in_play = fill_version_1(db)
    for migration in migrations.load()[1:version]:
        for statement in migration.statements():
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()

    store = await SQLiteStore.open(db_path)
    try:
        assert store.schema_version == LATEST
        settings = await store.guild_settings(GUILD)
        assert (settings.language, settings.turn_timer) == ("ar", 60)
        assert settings.default_variants == {"mor": {"length": "quick"}}
        assert settings.rank_computer_games  # the new setting starts as the old behaviour
        # Version 4: a timer of 0 ("off") is taken where the first three refused it.
        await store.save_guild_settings(dataclasses.replace(settings, turn_timer=0))
        assert (await store.guild_settings(GUILD)).turn_timer == 0
        assert (await store.member_settings(ALICE)).card_style == "four_colour"

        [restored] = await store.all_unfinished_tables()
        assert (restored.id, restored.status, restored.version) == (in_play, Status.PLAYING, 3)
        assert restored.record == fake_record(3)

        # Counted (the old behaviour): every game.
        hand = await store.member_rank(GUILD, ALICE, "hand")
        assert hand is not None
        assert (hand.games, hand.wins, hand.pearls, hand.best, hand.computer_games) == (
            2,
            2,
            130,
            -60.0,
            1,
        )
        # Left out: the backfill found which part came from games with computers.
        hand = await store.member_rank(GUILD, ALICE, "hand", with_computers=False)
        assert hand is not None
        assert (hand.games, hand.wins, hand.pearls, hand.best) == (1, 1, 50, -30.0)
        runfast = await store.top(GUILD, "runfast", with_computers=False)
        assert [(s.user_id, s.games, s.points, s.best) for s in runfast] == [
            (ALICE, 1, 30.0, 30.0),
            (BOB, 1, -10.0, -10.0),
            (CAROL, 1, -20.0, -20.0),
        ]
        # Overall: every game of the server, counted and without computers.
        overall = await store.top(GUILD)
        assert [(s.rank, s.user_id, s.games, s.pearls) for s in overall] == [
            (1, ALICE, 4, 260),
            (2, CAROL, 2, 0),
            (3, BOB, 4, 0),
        ]
        overall = await store.top(GUILD, with_computers=False)
        assert [(s.rank, s.user_id, s.games, s.pearls) for s in overall] == [
            (1, ALICE, 2, 100),
            (2, BOB, 2, 0),
            (2, CAROL, 2, 0),
        ]
        assert [g.game for g in await store.recent_games(GUILD, ALICE)] == [
            "hand",
            "hand",
            "runfast",
            "runfast",
        ]

        # The restored game goes on and finishes under the new schema.
        await store.save_move(
            GUILD,
            in_play,
            expected_version=3,
            record=fake_record(4),
            turn_deadline=None,
            seats=[Seat.member(ALICE), Seat.member(BOB), Seat.member(CAROL)],
            game_result=GameOutcome((5.0, 0.0, -5.0), (0,), (50, 0, 0)),
        )
        runfast = await store.top(GUILD, "runfast", with_computers=False)
        assert (runfast[0].user_id, runfast[0].games, runfast[0].pearls) == (ALICE, 2, 100)
        mine = await store.member_rank(GUILD, ALICE, with_computers=False)
        assert mine is not None and (mine.rank, mine.games, mine.pearls) == (1, 3, 150)
    finally:
        await store.close()


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    db = build_at(db_path, 1)
    fill_version_1(db)
    db.close()
    before = db_path.read_bytes()
    broken = Migration(
        2,
        "broken",
        "ALTER TABLE leaderboard ADD COLUMN x INTEGER;\n"
        "CREATE TABLE oops (a INTEGER) STRICT;\n"
        "UPDATE no_such_table SET a = 1;\n",
    )
    with pytest.raises(MigrationFailed) as refused:
        await SQLiteStore.open(db_path, migrations=(*migrations.load()[:1], broken))
    message = str(refused.value)
    assert message.startswith(f"Upgrading the database file {db_path} from schema version 1 to 2")
    assert message.endswith("failed (no such table: no_such_table), so nothing was changed.")
    assert isinstance(refused.value, UnusableDatabase)
    assert db_path.read_bytes() == before
    # The real migrations still apply afterwards.
    await (await SQLiteStore.open(db_path)).close()


def test_the_schemas_own_turn_timer_default_is_never_used() -> None:
    """Released migrations keep ``DEFAULT 120`` on guild_settings.turn_timer (a migration is never
    edited), and it is dead: every write of the settings names the column, so the default that
    counts is ``GuildSettings.turn_timer`` alone. A statement that left the column out would
    quietly bring the schema's back."""
    texts = [*vars(store_sql).values(), *store_sql.DIALECT.values()]
    inserts = [
        t for t in texts if isinstance(t, str) and re.search(r"INSERT INTO guild_settings\b", t)
    ]
    assert len(inserts) >= 2  # the whole settings saved, and some of them changed
    for sql in inserts:
        columns = sql.split("VALUES")[0]
        assert "turn_timer" in columns, sql


async def test_the_hand_lessons_old_last_step_keeps_its_answer(db_path: Path) -> None:
    """Version 8: the Hand lesson gained a step before "the Hand" (step 5, now 6). A member who
    had answered the Hand keeps that answer on step 6; the new step 5 is not theirs yet."""
    db = build_at(db_path, 7)
    rows = [(ALICE, "hand", n, 1, 1, 1, 1.0) for n in range(1, 6)]
    rows.append((BOB, "mor", 5, 2, 1, 0, 1.0))  # another game's step 5 stays where it is
    db.executemany("INSERT INTO lesson_progress VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.close()
    store = await SQLiteStore.open(db_path)
    try:
        assert [p.step for p in await store.lesson_progress(ALICE, "hand")] == [1, 2, 3, 4, 6]
        assert [p.step for p in await store.lesson_progress(BOB, "mor")] == [5]
    finally:
        await store.close()
