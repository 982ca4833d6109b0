"""Rows to the store's models and back: what a column holds, in one place for both engines.

Each function reads a row by column name (``Row``: sqlite3's ``Row`` or asyncpg's ``Record``) or
writes a model as the parameters and JSON text the statements of ``bot.store.sql`` take, so what
a table, a seat or a rating is on disk is written once. ``first`` and ``one`` read a statement's
first row or value on either engine's connection.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import aiosqlite

from bot.store.models import (
    GuildSettings,
    MemberSettings,
    RoundRecord,
    Seat,
    Standing,
    Status,
    Table,
)
from bot.store.ratings import Change, Rating, final_places, teams_of


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def time_of(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def maybe_time_of(stamp: float | None) -> datetime | None:
    return None if stamp is None else time_of(stamp)


def stamp_of(moment: datetime | None) -> float | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        # A naive datetime would be read as local time and shift deadlines by the server's offset.
        raise ValueError("Times given to the store must carry a timezone (use UTC).")
    return moment.timestamp()


def rating_inputs(
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


def rating_row(guild_id: int, fmt: str, change: Change) -> dict[str, Any]:
    after = change.after
    return {
        "guild": guild_id,
        "format": fmt,
        "user": change.user_id,
        "mu": after.mu,
        "sigma": after.sigma,
        "games": after.games,
    }


def change_row(guild_id: int, game_id: int, fmt: str, change: Change) -> dict[str, Any]:
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


def change_of(row: Row) -> Change:
    before = Rating(row["mu_before"], row["sigma_before"], row["games_before"])
    after = Rating(row["mu_after"], row["sigma_after"], row["games_before"] + 1)
    return Change(row["user_id"], before, after)


def seat_data(seat: Seat | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    if seat.user_id is not None:
        # A member's display name as last seen, so the table reads the same after a restart.
        return {"user": seat.user_id, "name": seat.name} if seat.name else {"user": seat.user_id}
    return {"computer": seat.computer}


def seat_of(data: Mapping[str, Any] | None) -> Seat | None:
    if data is None:
        return None
    if "user" in data:
        name = data.get("name")
        return Seat(user_id=int(data["user"]), name=str(name) if name else None)
    return Seat(computer=str(data["computer"]))


def seats_json(seats: Sequence[Seat | None]) -> str:
    members = [s.user_id for s in seats if s is not None and s.user_id is not None]
    if len(members) != len(set(members)):
        # Two seats for one member would count their game twice on the leaderboard.
        raise ValueError("A member can take only one seat at a table.")
    return dumps([seat_data(s) for s in seats])


def table_of(row: Row, record: Mapping[str, Any] | None = None) -> Table:
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
        seats=tuple(seat_of(s) for s in json.loads(row["seats"])),
        record=record if row["record"] is None else json.loads(row["record"]),
        version=row["version"],
        status=Status(row["status"]),
        turn_timer=row["turn_timer"],
        turn_deadline=maybe_time_of(row["turn_deadline"]),
        missed_turns=tuple(json.loads(row["missed_turns"])),
        created_at=time_of(row["created_at"]),
        updated_at=time_of(row["updated_at"]),
        started_at=maybe_time_of(row["started_at"]),
        finished_at=maybe_time_of(row["finished_at"]),
    )


def round_of(row: Row) -> RoundRecord:
    return RoundRecord(
        id=row["id"],
        table_id=row["table_id"],
        number=row["number"],
        seats=tuple(s for s in (seat_of(d) for d in json.loads(row["seats"])) if s is not None),
        scores=tuple(json.loads(row["scores"])),
        reason=row["reason"],
        closer=row["closer"],
        duration=timedelta(seconds=row["duration"]),
        finished_at=time_of(row["finished_at"]),
    )


def standing_of(row: Row, rank: int) -> Standing:
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


def guild_settings_of(row: Row) -> GuildSettings:
    return GuildSettings(
        guild_id=row["guild_id"],
        language=row["language"],
        turn_timer=row["turn_timer"],
        default_variants=json.loads(row["default_variants"]),
        rank_computer_games=bool(row["rank_computer_games"]),
    )


def member_settings_of(row: Row) -> MemberSettings:
    return MemberSettings(row["user_id"], row["language"], row["card_style"], row["sort_order"])


def changed_flags(changes: Mapping[str, Any], kind: type) -> dict[str, bool]:
    """``set_<field>`` for every settable field of ``kind``: whether ``changes`` names it."""
    fields = [f.name for f in dataclasses.fields(kind)][1:]  # the first is the key
    unknown = set(changes) - set(fields)
    if unknown:
        raise ValueError(f"{kind.__name__} has no {', '.join(sorted(unknown))}.")
    return {f"set_{name}": name in changes for name in fields}


def move_count(record: Mapping[str, Any]) -> int:
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise ValueError("A game record needs its list of “moves”.")
    return len(moves)


def missed_json(missed_turns: Sequence[int] | None) -> str | None:
    return None if missed_turns is None else dumps(list(missed_turns))


def full_seats(seats: Sequence[Seat | None]) -> tuple[Seat, ...]:
    if any(s is None for s in seats):
        raise ValueError("Every seat must be taken (by a member or a computer) to play.")
    return tuple(s for s in seats if s is not None)


# ---------------------------------------------------------------- reading rows


async def first(
    db: aiosqlite.Connection, sql: str, params: Mapping[str, Any] | None = None
) -> sqlite3.Row | None:
    rows = list(await db.execute_fetchall(sql, params or {}))
    return rows[0] if rows else None


async def one(db: aiosqlite.Connection, sql: str, params: Mapping[str, Any] | None = None) -> Any:
    """The first column of the first row, or None."""
    row = await first(db, sql, params)
    return None if row is None else row[0]
