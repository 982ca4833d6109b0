"""The store: one long-lived aiosqlite connection, and every SQL statement the bot runs.

Nothing else in the bot writes SQL; callers get the frozen dataclasses of ``bot.store.models``.
All SQL is parameterised. Every query that reads or writes a server's rows takes its ``guild_id``;
the one exception is ``all_unfinished_tables``, which restores every server's tables at start.

Concurrency: aiosqlite runs statements one after another on a single thread, but coroutines could
still interleave statements inside one another's transactions, so every operation holds
``self._lock``. Writes that belong together (a move, its round result, the game result and the
leaderboard) run in one ``BEGIN IMMEDIATE … COMMIT``; a write of one statement is atomic by itself
and runs without them.

Durability: WAL with ``synchronous=NORMAL`` keeps every committed transaction through a crash or
kill of the process (a power cut may lose the last few, never corrupt the file), at a fraction of
the cost of a sync per move.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, Protocol, Self

import aiosqlite

from bot.store import migrations as _migrations
from bot.store.errors import (
    CorruptDatabase,
    DiskFull,
    ForeignDatabase,
    MigrationFailed,
    NewerDatabase,
    ReadOnlyDatabase,
    ShardTaken,
    SQLiteTooOld,
    StaleVersion,
    StoreUnavailable,
    TableNotFound,
    UnusableDatabase,
    WrongStatus,
)
from bot.store.models import (
    GameOutcome,
    GameRecord,
    GuildSettings,
    MemberSettings,
    MemberStats,
    RatedLine,
    RoundOutcome,
    RoundRecord,
    Seat,
    SeatResult,
    Standing,
    Status,
    StepProgress,
    StoreInfo,
    Table,
)
from bot.store.ratings import Change, Rating, final_places, rate_game, rating_format, teams_of
from bot.store.shards import Shards
from bot.store.tournaments import TournamentOps

logger = logging.getLogger(__name__)

DEFAULT_PATH = "diwaniya.db"
DEFAULT_TURN_TIMER = GuildSettings(guild_id=0).turn_timer
# STRICT tables came in SQLite 3.37 (RETURNING in 3.35). Python on Linux uses the system's
# library, and some still-supported distributions ship an older one.
MIN_SQLITE = (3, 37, 0)
# How long a write waits for another process (a backup, the sqlite3 shell) to let go of the write
# lock before it gives up with StoreUnavailable. Under Discord's 3 s to answer an interaction, so
# a member whose move waited still hears the one sentence saying it was not saved.
BUSY_TIMEOUT = 2.0
# SQLite's primary result codes for a database that can't be used just now, whatever the SQL:
# locked by another process, read-only, an I/O error, a full disk, a file gone or damaged. Any
# other error (a syntax error, a constraint) is a bug in the SQL and is raised as it is.
_UNAVAILABLE = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CORRUPT,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
        sqlite3.SQLITE_NOTADB,
    }
)

# ---------------------------------------------------------------- SQL: tables

_COLUMNS = [
    "id",
    "guild_id",
    "channel_id",
    "thread_id",
    "message_id",
    "host_id",
    "game",
    "options",
    "seed",
    "seats",
    "record",
    "version",
    "status",
    "turn_timer",
    "turn_deadline",
    "missed_turns",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
]
TABLE_COLUMNS = ", ".join(_COLUMNS)
# A saved move doesn't read its record back: the caller has it, and decoding it again was a
# measurable part of each save.
SAVED_COLUMNS = ", ".join("NULL AS record" if c == "record" else c for c in _COLUMNS)

INSERT_TABLE = f"""
INSERT INTO tables (guild_id, channel_id, thread_id, message_id, host_id, game, options, seed,
                    seats, turn_timer, missed_turns, created_at, updated_at)
VALUES (:guild, :channel, :thread, :message, :host, :game, :options, :seed, :seats,
        coalesce(:turn_timer,
                 (SELECT turn_timer FROM guild_settings WHERE guild_id = :guild),
                 :default_timer),
        :missed, :now, :now)
RETURNING {TABLE_COLUMNS}
"""

SELECT_TABLE = f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = :id AND guild_id = :guild"

SELECT_STATUS = "SELECT status, version FROM tables WHERE id = :id AND guild_id = :guild"

# The status list must match the partial index tables_unfinished for SQLite to use it.
SELECT_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables
WHERE guild_id = :guild AND status IN ('lobby', 'playing') ORDER BY id
"""

SELECT_ALL_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables INDEXED BY tables_unfinished
WHERE status IN ('lobby', 'playing') ORDER BY guild_id, id
"""

# A process running some of the shards restores only the tables of the servers they own.
SELECT_SHARDS_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables INDEXED BY tables_unfinished
WHERE status IN ('lobby', 'playing')
  AND (guild_id >> 22) % :count IN (SELECT value FROM json_each(:shards))
ORDER BY guild_id, id
"""

UPDATE_LOBBY = f"""
UPDATE tables SET
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    options = coalesce(:options, options),
    seed = coalesce(:seed, seed),
    turn_timer = coalesce(:turn_timer, turn_timer),
    updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'lobby'
RETURNING {TABLE_COLUMNS}
"""

START_TABLE = f"""
UPDATE tables SET
    status = 'playing', record = :record, version = :version,
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, started_at = :now, updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'lobby'
RETURNING {TABLE_COLUMNS}
"""

# The optimistic check: the WHERE clause only matches the version the move was played on.
SAVE_MOVE = f"""
UPDATE tables SET
    record = :record, version = :version, status = :status,
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, updated_at = :now, finished_at = :finished
WHERE id = :id AND guild_id = :guild AND status = 'playing' AND version = :expected
RETURNING {SAVED_COLUMNS}
"""

UPDATE_TIMERS = f"""
UPDATE tables SET
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'playing' AND version = :expected
RETURNING {TABLE_COLUMNS}
"""

SET_MESSAGES = f"""
UPDATE tables SET thread_id = :thread, message_id = :message, updated_at = :now
WHERE id = :id AND guild_id = :guild
RETURNING {TABLE_COLUMNS}
"""

CANCEL_TABLE = f"""
UPDATE tables SET status = 'cancelled', turn_deadline = NULL, updated_at = :now, finished_at = :now
WHERE id = :id AND guild_id = :guild AND status IN ('lobby', 'playing')
RETURNING {TABLE_COLUMNS}
"""

# ---------------------------------------------------------------- SQL: results

ROUNDS_SO_FAR = """
SELECT count(*) AS played, coalesce(max(finished_at), :started) AS since
FROM rounds WHERE table_id = :table
"""

INSERT_ROUND = """
INSERT INTO rounds (guild_id, table_id, number, seats, scores, reason, closer, duration,
                    finished_at)
VALUES (:guild, :table, :number, :seats, :scores, :reason, :closer, :duration, :now)
"""

SELECT_ROUNDS = """
SELECT id, table_id, number, seats, scores, reason, closer, duration, finished_at
FROM rounds WHERE guild_id = :guild AND table_id = :table ORDER BY number
"""

INSERT_GAME = """
INSERT INTO games (guild_id, table_id, game, options, rounds, with_computers, low_score_wins,
                   duration, finished_at)
VALUES (:guild, :table, :game, :options, :rounds, :with_computers, :low, :duration, :now)
RETURNING id
"""

INSERT_GAME_SEAT = """
INSERT INTO game_seats (game_id, seat, guild_id, user_id, computer, score, won, pearls)
VALUES (:game_id, :seat, :guild, :user, :computer, :score, :won, :pearls)
"""

# One line per member and game. The cpu_* part is what came from games with computer players, so
# a server that ranks without them reads totals minus that part (see migration 0002).
UPSERT_LEADERBOARD = """
INSERT INTO leaderboard (guild_id, game, user_id, games, wins, points, pearls, best,
                         cpu_games, cpu_wins, cpu_points, cpu_pearls, best_without_cpu)
VALUES (:guild, :game, :user, 1, :won, :score, :pearls, :score,
        :cpu, :cpu * :won, :cpu * :score, :cpu * :pearls,
        CASE WHEN :cpu THEN NULL ELSE :score END)
ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
    games = games + 1,
    wins = wins + excluded.wins,
    points = points + excluded.points,
    pearls = pearls + excluded.pearls,
    best = CASE WHEN :low THEN min(best, excluded.best) ELSE max(best, excluded.best) END,
    cpu_games = cpu_games + excluded.cpu_games,
    cpu_wins = cpu_wins + excluded.cpu_wins,
    cpu_points = cpu_points + excluded.cpu_points,
    cpu_pearls = cpu_pearls + excluded.cpu_pearls,
    best_without_cpu = CASE
        WHEN excluded.best_without_cpu IS NULL THEN best_without_cpu
        WHEN best_without_cpu IS NULL THEN excluded.best_without_cpu
        WHEN :low THEN min(best_without_cpu, excluded.best_without_cpu)
        ELSE max(best_without_cpu, excluded.best_without_cpu)
    END
"""

UPSERT_OVERALL = """
INSERT INTO leaderboard_overall (guild_id, user_id, games, wins, points, pearls,
                                 cpu_games, cpu_wins, cpu_points, cpu_pearls)
VALUES (:guild, :user, 1, :won, :score, :pearls, :cpu, :cpu * :won, :cpu * :score, :cpu * :pearls)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    games = games + 1,
    wins = wins + excluded.wins,
    points = points + excluded.points,
    pearls = pearls + excluded.pearls,
    cpu_games = cpu_games + excluded.cpu_games,
    cpu_wins = cpu_wins + excluded.cpu_wins,
    cpu_points = cpu_points + excluded.cpu_points,
    cpu_pearls = cpu_pearls + excluded.cpu_pearls
"""

GAME_COLUMNS = (
    "g.id, g.table_id, g.game, g.options, g.rounds, g.with_computers, g.duration, g.finished_at,"
    " g.rating_order"
)

SELECT_TABLE_GAME = f"""
SELECT {GAME_COLUMNS} FROM games AS g WHERE g.guild_id = :guild AND g.table_id = :table
"""

SELECT_RECENT_GAMES = f"""
SELECT {GAME_COLUMNS}
FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.guild_id = :guild AND s.user_id = :user AND s.user_id IS NOT NULL
ORDER BY s.game_id DESC LIMIT :limit
"""

# The game ids come as one JSON array parameter, so the statement text never varies.
SELECT_GAME_SEATS = """
SELECT game_id, seat, user_id, computer, score, won, pearls
FROM game_seats
WHERE guild_id = :guild AND game_id IN (SELECT value FROM json_each(:ids))
ORDER BY game_id, seat
"""

# ---------------------------------------------------------------- SQL: names and rating history

# The names kept with some tables' seats (a member's display name as last seen: tables.seats).
# The ids come as one JSON array parameter, as in SELECT_GAME_SEATS.
SELECT_KEPT_NAMES = """
SELECT id, seats FROM tables
WHERE guild_id = :guild AND id IN (SELECT value FROM json_each(:ids))
"""

# Each member's latest name kept with a finished game's seat on this server: their games newest
# first (the game_seats_member index), the first whose table kept a name for that seat.
SELECT_MEMBER_NAMES = """
SELECT u.value AS user_id,
       (SELECT json_extract(t.seats, '$[' || s.seat || '].name')
        FROM game_seats AS s
        JOIN games AS g ON g.id = s.game_id
        JOIN tables AS t ON t.id = g.table_id
        WHERE s.guild_id = :guild AND s.user_id = u.value
          AND json_extract(t.seats, '$[' || s.seat || '].name') IS NOT NULL
        ORDER BY s.game_id DESC LIMIT 1) AS name
FROM json_each(:users) AS u
"""

# A member's rating after each of their rated games, per format, oldest first: their games on
# this server (the game_seats_member index) and what each did to their rating. games_before
# counts their rated games in that format before it, so it orders them.
SELECT_RATING_HISTORY = """
SELECT c.format, c.mu_after, c.sigma_after, c.games_before
FROM game_seats AS s
JOIN rating_changes AS c ON c.game_id = s.game_id AND c.user_id = s.user_id
WHERE s.guild_id = :guild AND s.user_id = :user
ORDER BY c.format, c.games_before
"""

# ---------------------------------------------------------------- SQL: skill ratings

SELECT_RATING = """
SELECT mu, sigma, games FROM ratings
WHERE guild_id = :guild AND format = :format AND user_id = :user
"""

UPSERT_RATING = """
INSERT INTO ratings (guild_id, format, user_id, mu, sigma, games)
VALUES (:guild, :format, :user, :mu, :sigma, :games)
ON CONFLICT (guild_id, format, user_id) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, games = excluded.games
"""

NEXT_RATING_ORDER = """
SELECT coalesce(max(rating_order), 0) + 1 FROM games WHERE guild_id = :guild
"""

SET_RATING_ORDER = "UPDATE games SET rating_order = :order WHERE id = :game_id"

INSERT_RATING_CHANGE = """
INSERT INTO rating_changes (game_id, user_id, guild_id, format, mu_before, sigma_before,
                            games_before, mu_after, sigma_after)
VALUES (:game_id, :user, :guild, :format, :mu_before, :sigma_before, :games_before, :mu_after,
        :sigma_after)
"""

# The ids come as one JSON array parameter, as in SELECT_GAME_SEATS.
SELECT_RATING_CHANGES = """
SELECT game_id, user_id, mu_before, sigma_before, games_before, mu_after, sigma_after
FROM rating_changes
WHERE guild_id = :guild AND game_id IN (SELECT value FROM json_each(:ids))
"""

# The ladder walks the ratings_rank index (migration 0005) in its order.
SELECT_RATING_TOP = """
SELECT user_id, mu, sigma, games FROM ratings
WHERE guild_id = :guild AND format = :format
ORDER BY mu - 3 * sigma DESC, games DESC, user_id
LIMIT :limit
"""

SELECT_MEMBER_RATINGS = """
SELECT format, mu, sigma, games FROM ratings
WHERE guild_id = :guild AND user_id = :user ORDER BY format
"""

RATINGS_AHEAD = """
SELECT count(*) FROM ratings
WHERE guild_id = :guild AND format = :format AND mu - 3 * sigma > :conservative
"""

# rerate: every rated game in the order it was rated, with its seats, and the ratings it left.
SELECT_RATED_GAMES = """
SELECT id, guild_id, game, options, low_score_wins, rating_order FROM games
WHERE rating_order IS NOT NULL ORDER BY guild_id, rating_order
"""

SELECT_SEATS_OF_GAME = """
SELECT seat, user_id, score, won FROM game_seats WHERE game_id = :game_id ORDER BY seat
"""

SELECT_ALL_RATINGS = "SELECT guild_id, format, user_id, mu, sigma, games FROM ratings"

# ---------------------------------------------------------------- SQL: rankings

# How a leaderboard line reads with games against computers counted (True) or left out (False).
# The expressions are the ones indexed in migrations 0002 and 0003, so SQLite walks the index in
# rank order. Ranks are computed from those walks rather than with rank() OVER (…), which sorts
# every line of the server first (the benchmark showed it dominating).
_LINE: dict[bool, dict[str, str]] = {
    True: {
        "games": "games",
        "wins": "wins",
        "points": "points",
        "pearls": "pearls",
        "best": "best",
        "cpu": "cpu_games",
        "where": "TRUE",  # (a boolean, which PostgreSQL wants and SQLite reads as 1)
    },
    False: {
        "games": "games - cpu_games",
        "wins": "wins - cpu_wins",
        "points": "points - cpu_points",
        "pearls": "pearls - cpu_pearls",
        "best": "best_without_cpu",
        "cpu": "0",
        "where": "games > cpu_games",
    },
}


def _ranking(overall: bool, counted: bool) -> dict[str, str]:
    """The three ranking statements for one kind of line, from the fixed pieces above only."""
    c = _LINE[counted]
    source = "leaderboard_overall" if overall else "leaderboard"
    scope = "guild_id = :guild" + ("" if overall else " AND game = :game") + f" AND {c['where']}"
    columns = (
        f"user_id, {c['games']} AS games, {c['wins']} AS wins, {c['points']} AS points, "
        f"{c['pearls']} AS pearls, {'NULL' if overall else c['best']} AS best, "
        f"{c['cpu']} AS computer_games"
    )
    return {
        "top": f"SELECT {columns} FROM {source} WHERE {scope} "
        f"ORDER BY {c['pearls']} DESC, {c['wins']} DESC, {c['games']}, user_id LIMIT :limit",
        "line": f"SELECT {columns} FROM {source} WHERE {scope} AND user_id = :user",
        # Lines strictly ahead of one with :pearls, :wins and :games; the first condition is the
        # index range, the rest the tie-breaks. Rank = 1 + this count (equal lines share a rank).
        "ahead": f"SELECT count(*) FROM {source} WHERE {scope} AND {c['pearls']} >= :pearls "
        f"AND ({c['pearls']} > :pearls OR {c['wins']} > :wins "
        f"OR ({c['wins']} = :wins AND {c['games']} < :games))",
    }


# (overall?, computer games counted?) -> statement
_RANKINGS = {(o, c): _ranking(o, c) for o in (False, True) for c in (False, True)}
TOP = {key: r["top"] for key, r in _RANKINGS.items()}
MEMBER_LINE = {key: r["line"] for key, r in _RANKINGS.items()}
LINES_AHEAD = {key: r["ahead"] for key, r in _RANKINGS.items()}

MEMBER_GAMES = (
    "SELECT game FROM leaderboard WHERE guild_id = :guild AND user_id = :user ORDER BY game"
)

# ---------------------------------------------------------------- SQL: settings

SELECT_GUILD_SETTINGS = """
SELECT guild_id, language, turn_timer, default_variants, rank_computer_games
FROM guild_settings WHERE guild_id = :guild
"""

UPSERT_GUILD_SETTINGS = """
INSERT INTO guild_settings (guild_id, language, turn_timer, default_variants, rank_computer_games,
                            updated_at)
VALUES (:guild, :language, :turn_timer, :variants, :rank_cpu, :now)
ON CONFLICT (guild_id) DO UPDATE SET
    language = excluded.language, turn_timer = excluded.turn_timer,
    default_variants = excluded.default_variants,
    rank_computer_games = excluded.rank_computer_games, updated_at = excluded.updated_at
"""

# Only the fields a command changed, in one statement: two processes changing different fields
# of one server's or member's settings at once both keep their change (a read, a change and a
# save of the whole row would let the later save undo the earlier). :set_<field> says whether
# the field is changed; a new row takes the given value or the default.
CHANGE_GUILD_SETTINGS = """
INSERT INTO guild_settings (guild_id, language, turn_timer, default_variants, rank_computer_games,
                            updated_at)
VALUES (:guild, :language, :turn_timer, :default_variants, :rank_computer_games, :now)
ON CONFLICT (guild_id) DO UPDATE SET
    language = CASE WHEN :set_language THEN excluded.language
                    ELSE guild_settings.language END,
    turn_timer = CASE WHEN :set_turn_timer THEN excluded.turn_timer
                      ELSE guild_settings.turn_timer END,
    default_variants = CASE WHEN :set_default_variants THEN excluded.default_variants
                            ELSE guild_settings.default_variants END,
    rank_computer_games = CASE WHEN :set_rank_computer_games THEN excluded.rank_computer_games
                               ELSE guild_settings.rank_computer_games END,
    updated_at = excluded.updated_at
RETURNING guild_id, language, turn_timer, default_variants, rank_computer_games
"""

CHANGE_MEMBER_SETTINGS = """
INSERT INTO member_settings (user_id, language, card_style, sort_order, updated_at)
VALUES (:user, :language, :card_style, :sort_order, :now)
ON CONFLICT (user_id) DO UPDATE SET
    language = CASE WHEN :set_language THEN excluded.language ELSE member_settings.language END,
    card_style = CASE WHEN :set_card_style THEN excluded.card_style
                      ELSE member_settings.card_style END,
    sort_order = CASE WHEN :set_sort_order THEN excluded.sort_order
                      ELSE member_settings.sort_order END,
    updated_at = excluded.updated_at
RETURNING user_id, language, card_style, sort_order
"""

SELECT_MEMBER_SETTINGS = """
SELECT user_id, language, card_style, sort_order FROM member_settings WHERE user_id = :user
"""

UPSERT_MEMBER_SETTINGS = """
INSERT INTO member_settings (user_id, language, card_style, sort_order, updated_at)
VALUES (:user, :language, :card_style, :sort_order, :now)
ON CONFLICT (user_id) DO UPDATE SET
    language = excluded.language, card_style = excluded.card_style,
    sort_order = excluded.sort_order, updated_at = excluded.updated_at
"""

# A lesson answer: the first one inserts the row; a later one counts a try, and the first right
# answer marks the step done (with first_try when it was the first answer). Once done, further
# answers (the member going over the step again) change nothing but the count.
UPSERT_LESSON_ANSWER = """
INSERT INTO lesson_progress (user_id, game, step, tries, done, first_try, updated_at)
VALUES (:user, :game, :step, 1, :right, :right, :now)
ON CONFLICT (user_id, game, step) DO UPDATE SET
    tries = tries + 1,
    done = MAX(done, excluded.done),
    updated_at = excluded.updated_at
"""

SELECT_LESSON_PROGRESS = """
SELECT step, tries, done, first_try FROM lesson_progress
WHERE user_id = :user AND game = :game ORDER BY step
"""


# ---------------------------------------------------------------- conversions


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _time(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def _maybe_time(stamp: float | None) -> datetime | None:
    return None if stamp is None else _time(stamp)


def _stamp(moment: datetime | None) -> float | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        # A naive datetime would be read as local time and shift deadlines by the server's offset.
        raise ValueError("Times given to the store must carry a timezone (use UTC).")
    return moment.timestamp()


def _rating_inputs(
    game: str, lines: Sequence[Mapping[str, Any]], low_score_wins: bool
) -> tuple[list[list[int]], list[int]]:
    """The teams (member ids) and their places in a finished game, from its seats' stored
    results: the live rating and ``rerate`` read the very same numbers."""
    by_seat = sorted(lines, key=lambda x: x["seat"])
    teams = teams_of(game, len(by_seat))
    totals = [float(x["score"]) for x in by_seat]
    winners = [x["seat"] for x in by_seat if x["won"]]
    places = final_places(teams, totals, winners, low_score_wins)
    return [[int(by_seat[s]["user"]) for s in team] for team in teams], places


class Row(Protocol):
    """A row as either database hands it back, read by column name: sqlite3's ``Row`` here,
    asyncpg's ``Record`` in the PostgreSQL store, which reads its rows with these same functions."""

    def __getitem__(self, column: str, /) -> Any: ...


def _rating_row(guild_id: int, fmt: str, change: Change) -> dict[str, Any]:
    after = change.after
    return {
        "guild": guild_id,
        "format": fmt,
        "user": change.user_id,
        "mu": after.mu,
        "sigma": after.sigma,
        "games": after.games,
    }


def _change_row(guild_id: int, game_id: int, fmt: str, change: Change) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "user": change.user_id,
        "guild": guild_id,
        "format": fmt,
        "mu_before": change.before.mu,
        "sigma_before": change.before.sigma,
        "games_before": change.before.games,
        "mu_after": change.after.mu,
        "sigma_after": change.after.sigma,
    }


def _change(row: Row) -> Change:
    before = Rating(row["mu_before"], row["sigma_before"], row["games_before"])
    after = Rating(row["mu_after"], row["sigma_after"], row["games_before"] + 1)
    return Change(row["user_id"], before, after)


def _seat_data(seat: Seat | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    if seat.user_id is not None:
        # A member's display name as last seen, so the table reads the same after a restart.
        return {"user": seat.user_id, "name": seat.name} if seat.name else {"user": seat.user_id}
    return {"computer": seat.computer}


def _seat(data: Mapping[str, Any] | None) -> Seat | None:
    if data is None:
        return None
    if "user" in data:
        name = data.get("name")
        return Seat(user_id=int(data["user"]), name=str(name) if name else None)
    return Seat(computer=str(data["computer"]))


def _seats_json(seats: Sequence[Seat | None]) -> str:
    members = [s.user_id for s in seats if s is not None and s.user_id is not None]
    if len(members) != len(set(members)):
        # Two seats for one member would count their game twice on the leaderboard.
        raise ValueError("A member can take only one seat at a table.")
    return _dumps([_seat_data(s) for s in seats])


def _table(row: Row, record: Mapping[str, Any] | None = None) -> Table:
    return Table(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        seats=tuple(_seat(s) for s in json.loads(row["seats"])),
        record=record if row["record"] is None else json.loads(row["record"]),
        version=row["version"],
        status=Status(row["status"]),
        turn_timer=row["turn_timer"],
        turn_deadline=_maybe_time(row["turn_deadline"]),
        missed_turns=tuple(json.loads(row["missed_turns"])),
        created_at=_time(row["created_at"]),
        updated_at=_time(row["updated_at"]),
        started_at=_maybe_time(row["started_at"]),
        finished_at=_maybe_time(row["finished_at"]),
    )


def _round(row: Row) -> RoundRecord:
    return RoundRecord(
        id=row["id"],
        table_id=row["table_id"],
        number=row["number"],
        seats=tuple(s for s in (_seat(d) for d in json.loads(row["seats"])) if s is not None),
        scores=tuple(json.loads(row["scores"])),
        reason=row["reason"],
        closer=row["closer"],
        duration=timedelta(seconds=row["duration"]),
        finished_at=_time(row["finished_at"]),
    )


def _standing(row: Row, rank: int) -> Standing:
    return Standing(
        rank=rank,
        user_id=row["user_id"],
        games=row["games"],
        wins=row["wins"],
        points=row["points"],
        pearls=row["pearls"],
        best=row["best"],
        computer_games=row["computer_games"],
    )


def _guild_settings(row: Row) -> GuildSettings:
    return GuildSettings(
        guild_id=row["guild_id"],
        language=row["language"],
        turn_timer=row["turn_timer"],
        default_variants=json.loads(row["default_variants"]),
        rank_computer_games=bool(row["rank_computer_games"]),
    )


def _member_settings(row: Row) -> MemberSettings:
    return MemberSettings(row["user_id"], row["language"], row["card_style"], row["sort_order"])


def _changed(changes: Mapping[str, Any], kind: type) -> dict[str, bool]:
    """``set_<field>`` for every settable field of ``kind``: whether ``changes`` names it."""
    fields = [f.name for f in dataclasses.fields(kind)][1:]  # the first is the key
    unknown = set(changes) - set(fields)
    if unknown:
        raise ValueError(f"{kind.__name__} has no {', '.join(sorted(unknown))}.")
    return {f"set_{name}": name in changes for name in fields}


def _moves(record: Mapping[str, Any]) -> int:
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise ValueError("A game record needs its list of “moves”.")
    return len(moves)


def _missed(missed_turns: Sequence[int] | None) -> str | None:
    return None if missed_turns is None else _dumps(list(missed_turns))


def _full_seats(seats: Sequence[Seat | None]) -> tuple[Seat, ...]:
    if any(s is None for s in seats):
        raise ValueError("Every seat must be taken (by a member or a computer) to play.")
    return tuple(s for s in seats if s is not None)


# ---------------------------------------------------------------- opening a file


async def _first(
    db: aiosqlite.Connection, sql: str, params: Mapping[str, Any] | None = None
) -> sqlite3.Row | None:
    rows = list(await db.execute_fetchall(sql, params or {}))
    return rows[0] if rows else None


async def _one(db: aiosqlite.Connection, sql: str, params: Mapping[str, Any] | None = None) -> Any:
    """The first column of the first row, or None."""
    row = await _first(db, sql, params)
    return None if row is None else row[0]


async def _check_file(db: aiosqlite.Connection, path: str, latest: int) -> int:
    """The schema version of an existing file, after making sure it is ours and sound.

    Runs only reads, so a file refused here is left byte for byte as it was.
    """
    try:
        problems = [r[0] for r in await db.execute_fetchall("PRAGMA quick_check") if r[0] != "ok"]
        version = int(await _one(db, "PRAGMA user_version"))
        objects = int(await _one(db, "SELECT count(*) FROM sqlite_schema"))
    except sqlite3.DatabaseError as e:
        raise CorruptDatabase(
            f"The database file {path} is damaged or is not a database ({e}), so it was left "
            "untouched: restore a backup or point the bot at another file."
        ) from e
    if problems:
        raise CorruptDatabase(
            f"The database file {path} is damaged ({problems[0]}), so it was left untouched: "
            "restore a backup or point the bot at another file."
        )
    if version > latest:
        raise NewerDatabase(
            f"The database file {path} was written by a newer Diwaniya (schema version {version}, "
            f"this one knows up to {latest}), so it was left untouched: run the newer version or "
            "point the bot at another file."
        )
    if version == 0 and objects:
        raise ForeignDatabase(
            f"The file {path} holds another program's database, so it was left untouched: point "
            "the bot at another file."
        )
    return version


def _check_writable(path: str, folder: str) -> None:
    """Refuse a file the bot could read but never write (or its -wal or -shm file), before
    SQLite opens it.

    SQLite quietly opens a file it can't write read-only, and then every move would fail to save;
    in a folder it can't write it can create neither the file nor the journal and WAL files it
    keeps beside it, and reports that as a file it can't open. Asked here, both get their own
    sentence, and the folder is left without a journal or WAL from the attempt.
    """
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ReadOnlyDatabase(
            f"The database file {path} can't be written because its folder {folder} is "
            "read-only: let the user running the bot write there or point the bot at another "
            "folder."
        )
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise ReadOnlyDatabase(
            f"The database file {path} is read-only, so it was left untouched: let the user "
            "running the bot read and write it or point the bot at another file."
        )
    # The WAL and shared-memory files another program left beside the database (the sqlite3
    # shell run as root beside a bot running as another user): SQLite would open them read-only
    # and every write would fail with "attempt to write a readonly database".
    for suffix in ("-wal", "-shm"):
        kept = path + suffix
        if os.path.exists(kept) and not os.access(kept, os.R_OK | os.W_OK):
            raise ReadOnlyDatabase(
                f"The database file {path} can't be written because {kept} beside it is "
                "read-only for the user running the bot, so it was left untouched: give that "
                "user the file too (it was made by another user, such as the sqlite3 shell run "
                "as root)."
            )


async def _migrate(
    db: aiosqlite.Connection, path: str, migrations: Sequence[_migrations.Migration]
) -> int:
    """Apply the missing migrations in one transaction; a failure leaves the file as it was.

    Runs with foreign keys off, as SQLite advises for schema changes, and checks them before the
    commit instead.
    """
    latest = len(migrations)
    await db.execute("BEGIN IMMEDIATE")
    # Read again under the write lock: another process may have migrated in the meantime.
    current = int(await _one(db, "PRAGMA user_version"))
    try:
        for migration in migrations[current:]:
            for statement in migration.statements():
                await db.execute(statement)
            logger.info("Applied migration %04d_%s to %s", migration.version, migration.name, path)
        if await db.execute_fetchall("PRAGMA foreign_key_check"):
            raise sqlite3.IntegrityError("a foreign key points at a missing row")
        # PRAGMA takes no parameters; the value is an int the code computed, never input.
        await db.execute(f"PRAGMA user_version = {int(latest)}")
        await db.execute("COMMIT")
    except BaseException as e:
        await db.execute("ROLLBACK")
        if isinstance(e, sqlite3.Error):
            raise MigrationFailed(
                f"Upgrading the database file {path} from schema version {current} to {latest} "
                f"failed ({e}), so nothing was changed."
            ) from e
        raise
    return latest


def refuse_split(path: str, shards: Shards | None) -> None:
    """A file is one process's, so shards split over processes are refused (each would hold its
    own copy of the tables). Needs nothing but the settings: checked before the file is made."""
    if shards is not None and shards.split:
        raise ShardTaken(
            f"The SQLite file {path} can't be shared between processes, so running shards "
            f"{shards} in this one was refused: run every shard in one process, or move to "
            "PostgreSQL with python -m bot.store copy."
        )


# ---------------------------------------------------------------- the store


class Store(TournamentOps):
    """Diwaniya's database. Open one with ``await Store.open(path)`` and close it at shutdown.

    The SQLite engine of ``bot.store.GameStore``; ``bot.store.postgres.PostgresStore`` inherits
    every operation below and replaces only the connection under them.
    """

    engine = "sqlite"
    shared = False  # one process's own file: nothing else writes it
    # Called if the store loses its hold on the shards (never, for a file: see hold_shards).
    on_shards_lost: Callable[[], None] | None = None

    def __init__(
        self, db: aiosqlite.Connection, path: str, version: int, clock: Callable[[], float]
    ) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._clock = clock
        self.path = path
        self.schema_version = version

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Sequence[_migrations.Migration] | None = None,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> Store:
        """Open (creating it on first start) and upgrade the database at ``path``.

        Raises an ``UnusableDatabase`` subclass, with one sentence, for a damaged file, a file from a
        newer Diwaniya or another program's database; such a file is never written to.
        ``migrations`` is for tests; the bot uses the files shipped in ``bot/store/migrations``.
        ``busy_timeout`` is how many seconds a write waits for another process's write lock.
        """
        path = os.fspath(path)
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise SQLiteTooOld(
                f"Diwaniya needs SQLite {'.'.join(map(str, MIN_SQLITE))} or newer and this Python "
                f"uses {sqlite3.sqlite_version}, so the database was not opened."
            )
        steps = tuple(_migrations.load() if migrations is None else migrations)
        folder = os.path.dirname(os.path.abspath(path))
        if path != ":memory:" and not os.path.isdir(folder):
            # Checked here because aiosqlite leaves its worker thread stopping in the background
            # when a connection fails, and because this sentence is clearer than SQLite's.
            raise UnusableDatabase(
                f"The database file {path} can't be opened (the folder {folder} does not exist)."
            )
        if path != ":memory:":
            _check_writable(path, folder)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as e:
            raise UnusableDatabase(f"The database file {path} can't be opened ({e}).") from e
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            version = await _check_file(db, path, len(steps))
            # Only now that the file is known to be ours may anything write to it. Migrations run
            # before the switch to WAL (which rewrites the header), so one that fails leaves the
            # file exactly as it was.
            if version < len(steps):
                version = await _migrate(db, path, steps)
            mode = await _one(db, "PRAGMA journal_mode = WAL")
            if mode != "wal":
                logger.warning("%s is in %s journal mode: WAL is not available there", path, mode)
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await db.close()
            raise
        logger.info("Opened %s at schema version %d", path, version)
        return cls(db, path, version, clock)

    async def close(self) -> None:
        """Close the connection and stop aiosqlite's thread, whatever else fails on the way.

        The thread is not a daemon: left running, it would keep the process from ever exiting.
        """
        async with self._lock:
            try:
                # Lets SQLite refresh the statistics its query planner uses, cheaply, as it
                # advises. Only a help for the next start: if another program holds the lock
                # (a backup, the sqlite3 shell), skip it rather than wait at shutdown.
                await self._db.execute("PRAGMA busy_timeout = 0")
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as e:
                logger.warning("Skipped optimising %s at close: %s", self.path, e)
            finally:
                await self._db.close()
        logger.info("Closed %s", self.path)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def info(self) -> StoreInfo:
        async with self._locked() as db:
            mode = await _one(db, "PRAGMA journal_mode")
            keys = await _one(db, "PRAGMA foreign_keys")
            sync = await _one(db, "PRAGMA synchronous")
        names = {0: "off", 1: "normal", 2: "full", 3: "extra"}
        return StoreInfo(self.path, self.schema_version, mode, bool(keys), names[sync])

    # ------------------------------------------------------------ plumbing

    @contextmanager
    def _unavailable_as_store_error(self) -> Iterator[None]:
        """A database that can't be used just now (``_UNAVAILABLE``: locked past the busy wait,
        read-only, an I/O error, a full disk) as the store's own ``StoreUnavailable`` (``DiskFull``
        for a full disk), so callers handle one store error rather than a raw
        ``sqlite3.OperationalError``. The statement or transaction that hit it has been rolled
        back by then: SQLite undoes a failed statement, and ``_locked_transaction`` the rest."""
        try:
            yield
        except sqlite3.DatabaseError as e:
            code = getattr(e, "sqlite_errorcode", 0) & 0xFF
            if code == sqlite3.SQLITE_FULL:
                raise DiskFull(self.path) from e
            if code in _UNAVAILABLE:
                logger.warning("%s could not be used: %s", self.path, e)
                raise StoreUnavailable(self.path, str(e)) from e
            raise

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        with self._unavailable_as_store_error():
            async with self._locked_transaction() as db:
                yield db

    @asynccontextmanager
    async def _locked_transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (``_transaction`` names it)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                try:
                    await self._db.execute("ROLLBACK")
                except sqlite3.DatabaseError:
                    # Already ended: SQLite rolled back by itself (some I/O errors and a full
                    # disk do), or the COMMIT went through just as the task was cancelled. The
                    # version check makes a retry safe.
                    logger.warning("Rollback after a finished transaction", exc_info=True)
                raise

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection to itself for a few statements (reads that belong together)."""
        with self._unavailable_as_store_error():
            async with self._lock:
                yield self._db

    async def _update(self, sql: str, params: dict[str, Any], wanted: str) -> sqlite3.Row:
        """One UPDATE … RETURNING on its own. A single statement is atomic in SQLite, so it runs
        without BEGIN and COMMIT: each of those is a hand-off to aiosqlite's thread, and the
        hand-offs were most of the cost of saving a move."""
        async with self._locked() as db:
            return await self._write_table(db, sql, params, wanted)

    async def _fetch(self, sql: str, params: Mapping[str, Any]) -> list[sqlite3.Row]:
        async with self._locked() as db:  # (inserts and upserts come this way too)
            return list(await db.execute_fetchall(sql, params))

    async def _write_table(
        self, db: aiosqlite.Connection, sql: str, params: dict[str, Any], wanted: str
    ) -> sqlite3.Row:
        """Run an UPDATE … RETURNING on one table; explain in an exception when it matched none."""
        row = await _first(db, sql, params)
        if row is not None:
            return row
        found = await _first(db, SELECT_STATUS, params)
        if found is None:
            raise TableNotFound(params["guild"], params["id"])
        status, version = found
        if "expected" in params and status == Status.PLAYING:
            raise StaleVersion(params["id"], params["expected"], version)
        raise WrongStatus(params["id"], status, wanted)

    # ------------------------------------------------------------ tables

    async def create_table(
        self,
        guild_id: int,
        *,
        channel_id: int,
        host_id: int,
        game: str,
        seats: Sequence[Seat | None],
        seed: int,
        options: Mapping[str, Any] | None = None,
        turn_timer: int | None = None,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> Table:
        """A new table in the lobby; ``turn_timer`` defaults to the server's setting."""
        params = {
            "guild": guild_id,
            "channel": channel_id,
            "thread": thread_id,
            "message": message_id,
            "host": host_id,
            "game": game,
            "options": _dumps(dict(options or {})),
            "seed": seed,
            "seats": _seats_json(seats),
            "turn_timer": turn_timer,
            "default_timer": DEFAULT_TURN_TIMER,
            "missed": _dumps([0] * len(seats)),
            "now": self._clock(),
        }
        rows = await self._fetch(INSERT_TABLE, params)
        return _table(rows[0])

    async def get_table(self, guild_id: int, table_id: int) -> Table | None:
        rows = await self._fetch(SELECT_TABLE, {"id": table_id, "guild": guild_id})
        return _table(rows[0]) if rows else None

    async def unfinished_tables(self, guild_id: int) -> list[Table]:
        """The server's lobbies and tables in play, oldest first."""
        return [_table(r) for r in await self._fetch(SELECT_UNFINISHED, {"guild": guild_id})]

    async def all_unfinished_tables(self, shards: Shards | None = None) -> list[Table]:
        """Every server's lobbies and tables in play, to restore at start (guilds aren't known yet
        in ``setup_hook``); each carries its ``guild_id``. With ``shards``, only the tables of
        the servers those shards own."""
        if shards is None:
            return [_table(r) for r in await self._fetch(SELECT_ALL_UNFINISHED, {})]
        params = {"count": shards.count, "shards": _dumps(list(shards.ids))}
        return [_table(r) for r in await self._fetch(SELECT_SHARDS_UNFINISHED, params)]

    async def hold_shards(self, shards: Shards | None) -> None:
        """Make sure no other process drives these shards' tables (see ``refuse_split``)."""
        refuse_split(self.path, shards)

    async def update_lobby(
        self,
        guild_id: int,
        table_id: int,
        *,
        seats: Sequence[Seat | None] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        turn_timer: int | None = None,
    ) -> Table:
        """Change a lobby's seats, options, seed or timer (None leaves a field as it is)."""
        params = {
            "id": table_id,
            "guild": guild_id,
            "seats": None if seats is None else _seats_json(seats),
            "missed": None if seats is None else _dumps([0] * len(seats)),
            "options": None if options is None else _dumps(dict(options)),
            "seed": seed,
            "turn_timer": turn_timer,
            "now": self._clock(),
        }
        return _table(await self._update(UPDATE_LOBBY, params, "change its lobby"))

    async def start_table(
        self,
        guild_id: int,
        table_id: int,
        *,
        record: Mapping[str, Any],
        seats: Sequence[Seat | None] | None = None,
        turn_deadline: datetime | None = None,
    ) -> Table:
        """Lobby → playing, with the new game's record (every seat must be taken by then)."""
        params = {
            "id": table_id,
            "guild": guild_id,
            "record": _dumps(record),
            "version": _moves(record),
            "seats": None if seats is None else _seats_json(seats),
            "missed": None if seats is None else _dumps([0] * len(seats)),
            "deadline": _stamp(turn_deadline),
            "now": self._clock(),
        }
        async with self._transaction() as db:
            table = _table(await self._write_table(db, START_TABLE, params, "start"))
            # Checked inside the transaction so a bad start is rolled back, not half-written.
            _full_seats(table.seats)
            if record.get("game") != table.game:
                raise ValueError(
                    f"This record is for {record.get('game')!r}, the table plays {table.game!r}."
                )
        return table

    async def save_move(
        self,
        guild_id: int,
        table_id: int,
        *,
        expected_version: int,
        record: Mapping[str, Any],
        turn_deadline: datetime | None,
        missed_turns: Sequence[int] | None = None,
        seats: Sequence[Seat] | None = None,
        round_result: RoundOutcome | None = None,
        game_result: GameOutcome | None = None,
    ) -> Table:
        """Persist accepted moves: the new record, timers, and any round and game result, at once.

        ``expected_version`` is the version the move was played on; if the table has moved on
        since, nothing is written and ``StaleVersion`` is raised. The new version is the number
        of moves in ``record``. A ``game_result`` finishes the table, records each seat's result
        and updates the leaderboard, all in the same transaction. The returned table holds the
        ``record`` given (not a copy).
        """
        version = _moves(record)
        if version <= expected_version:
            raise ValueError(
                f"A saved move must add to the record ({version} moves after {expected_version})."
            )
        now = self._clock()
        params = {
            "id": table_id,
            "guild": guild_id,
            "expected": expected_version,
            "record": _dumps(record),
            "version": version,
            "status": (Status.FINISHED if game_result else Status.PLAYING).value,
            "seats": None if seats is None else _seats_json(_full_seats(seats)),
            "missed": _missed(missed_turns),
            "deadline": None if game_result else _stamp(turn_deadline),
            "finished": now if game_result else None,
            "now": now,
        }
        if round_result is None and game_result is None:
            return _table(await self._update(SAVE_MOVE, params, "take a move"), record)
        async with self._transaction() as db:
            row = await self._write_table(db, SAVE_MOVE, params, "take a move")
            table = _table(row, record)
            if round_result is not None:
                await self._insert_round(db, table, row["started_at"], round_result, now)
            if game_result is not None:
                await self._insert_game(db, table, row["started_at"], game_result, now)
        return table

    async def update_timers(
        self,
        guild_id: int,
        table_id: int,
        *,
        expected_version: int,
        turn_deadline: datetime | None,
        missed_turns: Sequence[int] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> Table:
        """Change the deadline, missed-turn counters or seats (a computer taking over a seat)
        without a move; checked against ``expected_version`` like a move."""
        params = {
            "id": table_id,
            "guild": guild_id,
            "expected": expected_version,
            "seats": None if seats is None else _seats_json(_full_seats(seats)),
            "missed": _missed(missed_turns),
            "deadline": _stamp(turn_deadline),
            "now": self._clock(),
        }
        return _table(await self._update(UPDATE_TIMERS, params, "change its timers"))

    async def set_messages(
        self, guild_id: int, table_id: int, *, thread_id: int | None, message_id: int | None
    ) -> Table:
        """Where the table lives on Discord: its thread and its one live message."""
        params = {
            "id": table_id,
            "guild": guild_id,
            "thread": thread_id,
            "message": message_id,
            "now": self._clock(),
        }
        return _table(await self._update(SET_MESSAGES, params, "move its message"))

    async def cancel_table(self, guild_id: int, table_id: int) -> Table:
        """End a lobby or a game without a result."""
        params = {"id": table_id, "guild": guild_id, "now": self._clock()}
        return _table(await self._update(CANCEL_TABLE, params, "be cancelled"))

    # ------------------------------------------------------------ results

    async def _insert_round(
        self,
        db: aiosqlite.Connection,
        table: Table,
        started_at: float,
        result: RoundOutcome,
        now: float,
    ) -> None:
        seats = _full_seats(table.seats)
        if len(result.scores) != len(seats):
            raise ValueError(f"A round needs one score per seat ({len(seats)}).")
        so_far = await _first(db, ROUNDS_SO_FAR, {"table": table.id, "started": started_at})
        assert so_far is not None  # an aggregate always gives one row
        await db.execute(
            INSERT_ROUND,
            {
                "guild": table.guild_id,
                "table": table.id,
                "number": so_far["played"] + 1,
                "seats": _seats_json(seats),
                "scores": _dumps(list(result.scores)),
                "reason": result.reason,
                "closer": result.closer,
                "duration": max(0.0, now - so_far["since"]),
                "now": now,
            },
        )

    async def _insert_game(
        self,
        db: aiosqlite.Connection,
        table: Table,
        started_at: float,
        result: GameOutcome,
        now: float,
    ) -> None:
        seats = _full_seats(table.seats)
        n = len(seats)
        if len(result.totals) != n or len(result.pearls) != n:
            raise ValueError(f"A game result needs one total and one pearl count per seat ({n}).")
        if not all(0 <= w < n for w in result.winners):
            raise ValueError(f"Winners must be seats 0 to {n - 1}.")
        with_computers = any(s.is_computer for s in seats)
        rounds = int(await _one(db, ROUNDS_SO_FAR, {"table": table.id, "started": started_at}))
        game_id = await _one(
            db,
            INSERT_GAME,
            {
                "guild": table.guild_id,
                "table": table.id,
                "game": table.game,
                "options": _dumps(dict(table.options)),
                "rounds": rounds,
                "with_computers": with_computers,
                "low": result.low_score_wins,
                "duration": max(0.0, now - started_at),
                "now": now,
            },
        )
        lines = [
            {
                "game_id": game_id,
                "guild": table.guild_id,
                "game": table.game,
                "seat": i,
                "user": seat.user_id,
                "computer": seat.computer,
                "score": float(result.totals[i]),
                "won": i in result.winners,
                "pearls": int(result.pearls[i]),
                "cpu": with_computers,
                "low": result.low_score_wins,
            }
            for i, seat in enumerate(seats)
        ]
        await db.executemany(INSERT_GAME_SEAT, lines)
        await self.tournament_result(
            db,
            table_id=table.id,
            game=table.game,
            users=[seat.user_id for seat in seats],
            totals=result.totals,
            winners=result.winners,
            low_score_wins=result.low_score_wins,
            absent=[user for i in result.absent if (user := seats[i].user_id) is not None],
            now=now,
        )
        if table.options.get("practice"):
            return  # a practice table's game stays in the history, out of every ranking
        members = [x for x in lines if x["user"] is not None]
        await db.executemany(UPSERT_LEADERBOARD, members)
        await db.executemany(UPSERT_OVERALL, members)
        if result.rated and not with_computers:
            await self._rate(db, table.guild_id, game_id, table.game, table.options, lines)

    # ------------------------------------------------------------ skill ratings

    async def _serialize_ratings(self, db: Any, guild_id: int) -> None:
        """Hold the server's ratings for this transaction. SQLite's one writer already does; a
        store shared by processes takes a lock here, so two games ending at once rate in turn."""

    async def _rating(self, db: Any, guild_id: int, fmt: str, user_id: int) -> Rating | None:
        row = await _first(db, SELECT_RATING, {"guild": guild_id, "format": fmt, "user": user_id})
        return None if row is None else Rating(row["mu"], row["sigma"], row["games"])

    async def _rate(
        self,
        db: Any,
        guild_id: int,
        game_id: int,
        game: str,
        options: Mapping[str, Any],
        lines: Sequence[Mapping[str, Any]],
    ) -> None:
        """Move the members' ratings by this game, inside its result's transaction, and note the
        order it was rated in (what ``rerate`` replays)."""
        await self._serialize_ratings(db, guild_id)
        fmt = rating_format(game, options)
        teams, places = _rating_inputs(game, lines, bool(lines[0]["low"]))
        before: dict[int, Rating] = {}
        for user in (u for team in teams for u in team):
            known = await self._rating(db, guild_id, fmt, user)
            if known is not None:
                before[user] = known
        changes = rate_game(teams, places, before)
        order = int(await _one(db, NEXT_RATING_ORDER, {"guild": guild_id}))
        await db.execute(SET_RATING_ORDER, {"order": order, "game_id": game_id})
        await db.executemany(UPSERT_RATING, [_rating_row(guild_id, fmt, c) for c in changes])
        await db.executemany(
            INSERT_RATING_CHANGE, [_change_row(guild_id, game_id, fmt, c) for c in changes]
        )

    async def table_rounds(self, guild_id: int, table_id: int) -> list[RoundRecord]:
        """The table's finished rounds in order, for its score sheet."""
        rows = await self._fetch(SELECT_ROUNDS, {"guild": guild_id, "table": table_id})
        return [_round(r) for r in rows]

    async def table_game(self, guild_id: int, table_id: int) -> GameRecord | None:
        """The table's game result, once it is finished."""
        games = await self._games(SELECT_TABLE_GAME, {"guild": guild_id, "table": table_id})
        return games[0] if games else None

    async def recent_games(self, guild_id: int, user_id: int, limit: int = 10) -> list[GameRecord]:
        """The member's last finished games on this server, newest first."""
        params = {"guild": guild_id, "user": user_id, "limit": limit}
        return await self._games(SELECT_RECENT_GAMES, params)

    async def kept_names(
        self, guild_id: int, table_ids: Sequence[int]
    ) -> dict[int, tuple[str | None, ...]]:
        """The names kept with each of these tables' seats (None: a computer, an empty seat, or
        a member whose name was never seen), by table id; a table of another server is left
        out."""
        rows = await self._fetch(
            SELECT_KEPT_NAMES, {"guild": guild_id, "ids": _dumps(list(table_ids))}
        )
        return {
            row["id"]: tuple(
                seat.name if seat is not None else None
                for seat in map(_seat, json.loads(row["seats"]))
            )
            for row in rows
        }

    async def member_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """Each member's latest display name kept with a finished game's seat on this server;
        a member with none kept is left out."""
        rows = await self._fetch(
            SELECT_MEMBER_NAMES, {"guild": guild_id, "users": _dumps(list(user_ids))}
        )
        return {int(row["user_id"]): str(row["name"]) for row in rows if row["name"]}

    async def rating_history(self, guild_id: int, user_id: int) -> dict[str, list[Rating]]:
        """The member's rating after each of their rated games on this server, oldest first,
        by format (``bot.store.ratings.rating_format``); ``games`` counts the games up to that one."""
        rows = await self._fetch(SELECT_RATING_HISTORY, {"guild": guild_id, "user": user_id})
        out: dict[str, list[Rating]] = {}
        for row in rows:
            rating = Rating(row["mu_after"], row["sigma_after"], row["games_before"] + 1)
            out.setdefault(row["format"], []).append(rating)
        return out

    async def _games(self, sql: str, params: Mapping[str, Any]) -> list[GameRecord]:
        async with self._locked() as db:
            games = list(await db.execute_fetchall(sql, params))
            ids = _dumps([g["id"] for g in games])
            seat_rows = await db.execute_fetchall(
                SELECT_GAME_SEATS, {"guild": params["guild"], "ids": ids}
            )
            change_rows = await self._db.execute_fetchall(
                SELECT_RATING_CHANGES, {"guild": params["guild"], "ids": ids}
            )
        changes: dict[int, dict[int, Change]] = {}
        for c in change_rows:
            changes.setdefault(c["game_id"], {})[c["user_id"]] = _change(c)
        seats: dict[int, list[SeatResult]] = {}
        for s in seat_rows:
            seats.setdefault(s["game_id"], []).append(
                SeatResult(
                    s["seat"], s["user_id"], s["computer"], s["score"], bool(s["won"]), s["pearls"]
                )
            )
        return [
            GameRecord(
                id=g["id"],
                table_id=g["table_id"],
                game=g["game"],
                options=json.loads(g["options"]),
                rounds=g["rounds"],
                with_computers=bool(g["with_computers"]),
                duration=timedelta(seconds=g["duration"]),
                finished_at=_time(g["finished_at"]),
                seats=tuple(seats.get(g["id"], ())),
                rated=g["rating_order"] is not None,
                changes=changes.get(g["id"], {}),
            )
            for g in games
        ]

    # ------------------------------------------------------------ rankings

    async def _counted(self, guild_id: int, with_computers: bool | None) -> bool:
        if with_computers is not None:
            return with_computers
        return (await self.guild_settings(guild_id)).rank_computer_games

    async def top(
        self,
        guild_id: int,
        game: str | None = None,
        limit: int = 10,
        *,
        with_computers: bool | None = None,
    ) -> list[Standing]:
        """The server's best members for one game, or over every game (``game=None``).

        Ranked by pearls, then wins, then fewer games; equal lines share a rank. Games with
        computer players count unless the server (or ``with_computers=False``) leaves them out.
        """
        counted = await self._counted(guild_id, with_computers)
        params = {"guild": guild_id, "game": game, "limit": limit}
        rows = await self._fetch(TOP[game is None, counted], params)
        out: list[Standing] = []
        for i, row in enumerate(rows):
            # Rows come in rank order from the first, so a line ties with the one before it or
            # ranks by its position.
            same = out and (row["pearls"], row["wins"], row["games"]) == (
                out[-1].pearls,
                out[-1].wins,
                out[-1].games,
            )
            out.append(_standing(row, out[-1].rank if same else i + 1))
        return out

    async def member_rank(
        self,
        guild_id: int,
        user_id: int,
        game: str | None = None,
        *,
        with_computers: bool | None = None,
    ) -> Standing | None:
        """The member's line and rank in ``top``'s order, or None if they have no ranked game."""
        counted = await self._counted(guild_id, with_computers)
        key = (game is None, counted)
        params = {"guild": guild_id, "game": game, "user": user_id}
        async with self._locked() as db:
            line = await _first(db, MEMBER_LINE[key], params)
            if line is None:
                return None
            ahead = await _one(
                db,
                LINES_AHEAD[key],
                {**params, "pearls": line["pearls"], "wins": line["wins"], "games": line["games"]},
            )
        return _standing(line, ahead + 1)

    async def member_stats(
        self, guild_id: int, user_id: int, *, with_computers: bool | None = None
    ) -> MemberStats:
        """The member's overall line and one line per game they have played, with ranks."""
        counted = await self._counted(guild_id, with_computers)
        overall = await self.member_rank(guild_id, user_id, with_computers=counted)
        games = await self._fetch(MEMBER_GAMES, {"guild": guild_id, "user": user_id})
        by_game: dict[str, Standing] = {}
        for (game,) in games:
            line = await self.member_rank(guild_id, user_id, game, with_computers=counted)
            if line is not None:
                by_game[game] = line
        return MemberStats(user_id, overall, by_game)

    # ------------------------------------------------------------ the skill ladder

    async def rating_top(self, guild_id: int, fmt: str, limit: int = 10) -> list[RatedLine]:
        """The server's best rated members in one format (``bot.store.ratings.rating_format``), by the
        shown rating; equal ratings share a place."""
        rows = await self._fetch(
            SELECT_RATING_TOP, {"guild": guild_id, "format": fmt, "limit": limit}
        )
        out: list[RatedLine] = []
        for i, row in enumerate(rows):
            rating = Rating(row["mu"], row["sigma"], row["games"])
            same = out and out[-1].rating.shown == rating.shown
            out.append(RatedLine(out[-1].rank if same else i + 1, row["user_id"], fmt, rating))
        return out

    async def member_ratings(self, guild_id: int, user_id: int) -> dict[str, RatedLine]:
        """The member's rating and place in every format they have a rated game in."""
        out: dict[str, RatedLine] = {}
        async with self._lock:
            rows = await self._db.execute_fetchall(
                SELECT_MEMBER_RATINGS, {"guild": guild_id, "user": user_id}
            )
            for row in rows:
                rating = Rating(row["mu"], row["sigma"], row["games"])
                ahead = await _one(
                    self._db,
                    RATINGS_AHEAD,
                    {
                        "guild": guild_id,
                        "format": row["format"],
                        "conservative": rating.mu - 3 * rating.sigma,
                    },
                )
                out[row["format"]] = RatedLine(int(ahead) + 1, user_id, row["format"], rating)
        return out

    async def rerate(self) -> tuple[int, int]:
        """Rebuild every rating from the rated games, in the order they were rated, in one
        transaction: (games replayed, ratings that differed from the stored ones). The same
        history gives the same floats, so the second number is 0 unless the ratings were changed
        by hand or by a different rating rule."""
        async with self._transaction() as db:
            stored = {
                (r["guild_id"], r["format"], r["user_id"]): Rating(r["mu"], r["sigma"], r["games"])
                for r in await db.execute_fetchall(SELECT_ALL_RATINGS)
            }
            games = list(await db.execute_fetchall(SELECT_RATED_GAMES))
            await db.execute("DELETE FROM rating_changes")
            await db.execute("DELETE FROM ratings")
            rebuilt: dict[tuple[int, str, int], Rating] = {}
            for g in games:
                fmt = rating_format(g["game"], json.loads(g["options"]))
                seats = await db.execute_fetchall(SELECT_SEATS_OF_GAME, {"game_id": g["id"]})
                lines = [
                    {"seat": r["seat"], "user": r["user_id"], "score": r["score"], "won": r["won"]}
                    for r in seats
                ]
                teams, places = _rating_inputs(g["game"], lines, bool(g["low_score_wins"]))
                before = {
                    u: rebuilt[key]
                    for team in teams
                    for u in team
                    if (key := (g["guild_id"], fmt, u)) in rebuilt
                }
                changes = rate_game(teams, places, before)
                for c in changes:
                    rebuilt[(g["guild_id"], fmt, c.user_id)] = c.after
                await db.executemany(
                    INSERT_RATING_CHANGE,
                    [_change_row(g["guild_id"], g["id"], fmt, c) for c in changes],
                )
            await db.executemany(
                UPSERT_RATING,
                [
                    {
                        "guild": guild,
                        "format": fmt,
                        "user": user,
                        "mu": r.mu,
                        "sigma": r.sigma,
                        "games": r.games,
                    }
                    for (guild, fmt, user), r in rebuilt.items()
                ],
            )
        differed = sum(
            1 for key in stored.keys() | rebuilt.keys() if stored.get(key) != rebuilt.get(key)
        )
        return len(games), differed

    # ------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; defaults until it saves some."""
        rows = await self._fetch(SELECT_GUILD_SETTINGS, {"guild": guild_id})
        return _guild_settings(rows[0]) if rows else GuildSettings(guild_id)

    async def change_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change only the named fields of the server's settings, whatever another process
        changes beside them at the same moment; the settings as they are after it."""
        changed = _changed(changes, GuildSettings)  # before the dataclass sees an unknown name
        new = dataclasses.replace(GuildSettings(guild_id), **changes)
        params = {
            **changed,
            "guild": guild_id,
            "language": new.language,
            "turn_timer": new.turn_timer,
            "default_variants": _dumps({k: dict(v) for k, v in new.default_variants.items()}),
            "rank_computer_games": new.rank_computer_games,
            "now": self._clock(),
        }
        return _guild_settings((await self._fetch(CHANGE_GUILD_SETTINGS, params))[0])

    async def save_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        params = {
            "guild": settings.guild_id,
            "language": settings.language,
            "turn_timer": settings.turn_timer,
            "variants": _dumps({k: dict(v) for k, v in settings.default_variants.items()}),
            "rank_cpu": settings.rank_computer_games,
            "now": self._clock(),
        }
        await self._fetch(UPSERT_GUILD_SETTINGS, params)
        return settings

    async def member_settings(self, user_id: int) -> MemberSettings:
        """A member's own preferences (the same on every server); defaults until saved."""
        rows = await self._fetch(SELECT_MEMBER_SETTINGS, {"user": user_id})
        return _member_settings(rows[0]) if rows else MemberSettings(user_id)

    async def change_member_settings(self, user_id: int, **changes: Any) -> MemberSettings:
        """Change only the named preferences, whatever another process changes beside them at
        the same moment (a member's preferences are global, so any process may); the
        preferences as they are after it."""
        changed = _changed(changes, MemberSettings)  # before the dataclass sees an unknown name
        new = dataclasses.replace(MemberSettings(user_id), **changes)
        params = {
            **changed,
            "user": user_id,
            "language": new.language,
            "card_style": new.card_style,
            "sort_order": new.sort_order,
            "now": self._clock(),
        }
        return _member_settings((await self._fetch(CHANGE_MEMBER_SETTINGS, params))[0])

    async def record_lesson_answer(self, user_id: int, game: str, step: int, right: bool) -> None:
        """Count a member's answer to a lesson step (their progress on every server)."""
        params = {"user": user_id, "game": game, "step": step, "right": int(right)}
        await self._fetch(UPSERT_LESSON_ANSWER, {**params, "now": self._clock()})

    async def lesson_progress(self, user_id: int, game: str) -> list[StepProgress]:
        """The steps of ``game``'s lesson the member has answered, in order."""
        rows = await self._fetch(SELECT_LESSON_PROGRESS, {"user": user_id, "game": game})
        return [
            StepProgress(r["step"], r["tries"], bool(r["done"]), bool(r["first_try"])) for r in rows
        ]

    async def save_member_settings(self, settings: MemberSettings) -> MemberSettings:
        params = {
            "user": settings.user_id,
            "language": settings.language,
            "card_style": settings.card_style,
            "sort_order": settings.sort_order,
            "now": self._clock(),
        }
        await self._fetch(UPSERT_MEMBER_SETTINGS, params)
        return settings
