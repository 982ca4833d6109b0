"""Tournaments in the store: sign-ups, each round's planned tables, results and byes.

The operations are the store's (``SQLStore`` takes them in as a base), written once for SQLite and
PostgreSQL with ``:name`` parameters as every other statement of the store. What keeps a result
whole: a tournament table's game writes its points here in the same transaction as the game's
own result (``tournament_result``, called by ``SQLStore._insert_game``), keyed by the table, so a
process killed at any instant neither loses a result nor counts one twice. A round's tables are
planned (``plan_round``) in one transaction with the tournament's new round and state; each is
linked to its table once that table exists (``link_table``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from bot.store.errors import StoreError
from bot.store.ratings import final_places, teams_of
from bot.tournament.scoring import place_points


class TournamentStatus(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EntryStatus(StrEnum):
    ACTIVE = "active"  # paired whenever a round or an Arena table comes
    PAUSED = "paused"  # Arena: not paired until they resume
    LEFT = "left"  # left of their own accord
    DROPPED = "dropped"  # missed two whole games: out of pairing


class TournamentChanged(StoreError):
    """The tournament moved on since it was read (another task or process wrote first)."""


class EntryRefused(StoreError):
    """A sign-up or a change of one that can't be made; ``key`` is the catalogue's sentence."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    event_id: int | None
    creator_id: int
    game: str
    options: Mapping[str, Any]
    format: str
    status: TournamentStatus
    starts_at: datetime
    ends_at: datetime | None
    rounds: int | None
    round: int
    turn_timer: int
    computers: bool
    seed: int
    state: Mapping[str, Any]
    version: int
    created_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True)
class Entry:
    user_id: int
    name: str | None
    status: EntryStatus
    joined_at: datetime


@dataclass(frozen=True)
class Slot:
    """A planned table of a round: its seats (members, None for a computer) and, once opened,
    its table."""

    round: int
    number: int
    seats: tuple[int | None, ...]
    table_id: int | None


@dataclass(frozen=True)
class Result:
    """A finished tournament game: each member's place points and who was absent."""

    table_id: int
    round: int
    number: int
    points: Mapping[int, int]
    absent: tuple[int, ...]
    finished_at: datetime


_T_COLUMNS = (
    "id, guild_id, channel_id, message_id, event_id, creator_id, game, options, format, status, "
    "starts_at, ends_at, rounds, round, turn_timer, computers, seed, state, version, created_at, "
    "finished_at"
)

INSERT_TOURNAMENT = f"""
INSERT INTO tournaments (guild_id, channel_id, creator_id, game, options, format, starts_at,
                         ends_at, rounds, turn_timer, computers, seed, created_at, updated_at)
VALUES (:guild, :channel, :creator, :game, :options, :format, :starts, :ends, :rounds, :timer,
        :computers, :seed, :now, :now)
RETURNING {_T_COLUMNS}
"""
SELECT_TOURNAMENT = f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = :id AND guild_id = :guild"
SELECT_GUILD_TOURNAMENTS = f"""
SELECT {_T_COLUMNS} FROM tournaments WHERE guild_id = :guild ORDER BY id DESC LIMIT :limit
"""
SELECT_UNFINISHED_TOURNAMENTS = f"""
SELECT {_T_COLUMNS} FROM tournaments WHERE status IN ('signup', 'running') ORDER BY guild_id, id
"""
UPDATE_TOURNAMENT = f"""
UPDATE tournaments SET
    status = coalesce(:status, status),
    round = coalesce(:round, round),
    state = coalesce(:state, state),
    version = version + 1,
    updated_at = :now,
    finished_at = coalesce(:finished, finished_at)
WHERE id = :id AND guild_id = :guild AND version = :expected
RETURNING {_T_COLUMNS}
"""
SET_TOURNAMENT_MESSAGES = f"""
UPDATE tournaments SET message_id = coalesce(:message, message_id),
                       event_id = coalesce(:event, event_id), updated_at = :now
WHERE id = :id AND guild_id = :guild
RETURNING {_T_COLUMNS}
"""
SELECT_ENTRIES = """
SELECT user_id, name, status, joined_at FROM tournament_entries
WHERE tournament_id = :id ORDER BY joined_at, user_id
"""
SELECT_ENTRY = """
SELECT status FROM tournament_entries WHERE tournament_id = :id AND user_id = :user
"""
INSERT_ENTRY = """
INSERT INTO tournament_entries (tournament_id, user_id, name, status, joined_at)
VALUES (:id, :user, :name, 'active', :now)
"""
REJOIN_ENTRY = """
UPDATE tournament_entries SET status = 'active', name = coalesce(:name, name)
WHERE tournament_id = :id AND user_id = :user
"""
COUNT_ENTRIES = """
SELECT count(*) AS n FROM tournament_entries
WHERE tournament_id = :id AND status IN ('active', 'paused')
"""
DELETE_ENTRY = "DELETE FROM tournament_entries WHERE tournament_id = :id AND user_id = :user"
SET_ENTRY_STATUS = """
UPDATE tournament_entries SET status = :status WHERE tournament_id = :id AND user_id = :user
"""
INSERT_SLOT = """
INSERT INTO tournament_tables (tournament_id, round, number, seats)
VALUES (:id, :round, :number, :seats)
"""
LINK_TABLE = """
UPDATE tournament_tables SET table_id = :table
WHERE tournament_id = :id AND round = :round AND number = :number AND table_id IS NULL
"""
SELECT_SLOTS = """
SELECT round, number, seats, table_id FROM tournament_tables
WHERE tournament_id = :id ORDER BY round, number
"""
SELECT_SLOT_OF_TABLE = """
SELECT tournament_id, round, number FROM tournament_tables WHERE table_id = :table
"""
INSERT_RESULT = """
INSERT INTO tournament_games (tournament_id, table_id, round, number, points, absent, finished_at)
VALUES (:id, :table, :round, :number, :points, :absent, :now)
"""
SELECT_RESULTS = """
SELECT table_id, round, number, points, absent, finished_at FROM tournament_games
WHERE tournament_id = :id ORDER BY finished_at, table_id
"""
INSERT_BYE = (
    "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (:id, :round, :user)"
)
SELECT_BYES = "SELECT round, user_id FROM tournament_byes WHERE tournament_id = :id"


def _time(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def _maybe(stamp: float | None) -> datetime | None:
    return None if stamp is None else _time(stamp)


def tournament_row(row: Mapping[str, Any]) -> Tournament:
    return Tournament(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        message_id=row["message_id"],
        event_id=row["event_id"],
        creator_id=int(row["creator_id"]),
        game=str(row["game"]),
        options=json.loads(row["options"]),
        format=str(row["format"]),
        status=TournamentStatus(row["status"]),
        starts_at=_time(row["starts_at"]),
        ends_at=_maybe(row["ends_at"]),
        rounds=row["rounds"],
        round=int(row["round"]),
        turn_timer=int(row["turn_timer"]),
        computers=bool(row["computers"]),
        seed=int(row["seed"]),
        state=json.loads(row["state"]),
        version=int(row["version"]),
        created_at=_time(row["created_at"]),
        finished_at=_maybe(row["finished_at"]),
    )


def _slot(row: Mapping[str, Any]) -> Slot:
    return Slot(
        round=int(row["round"]),
        number=int(row["number"]),
        seats=tuple(json.loads(row["seats"])),
        table_id=row["table_id"],
    )


def _result(row: Mapping[str, Any]) -> Result:
    return Result(
        table_id=int(row["table_id"]),
        round=int(row["round"]),
        number=int(row["number"]),
        points={int(k): int(v) for k, v in json.loads(row["points"]).items()},
        absent=tuple(json.loads(row["absent"])),
        finished_at=_time(row["finished_at"]),
    )


def table_points(
    game: str,
    users: Sequence[int | None],
    totals: Sequence[float],
    winners: Sequence[int],
    low_score_wins: bool,
) -> dict[int, int]:
    """Each seated member's place points in a finished game, from its own final order."""
    teams = teams_of(game, len(users))
    places = final_places(teams, totals, winners, low_score_wins)
    return place_points([[users[s] for s in team] for team in teams], places)


class TournamentOps:
    """The store's tournament operations (a base of ``SQLStore``: its connection, lock and clock)."""

    # Provided by the store that takes these operations in.
    _clock: Any
    _fetch: Any
    _transaction: Any

    async def create_tournament(
        self,
        guild_id: int,
        *,
        channel_id: int,
        creator_id: int,
        game: str,
        options: Mapping[str, Any],
        format: str,
        starts_at: datetime,
        ends_at: datetime | None,
        rounds: int | None,
        turn_timer: int,
        computers: bool,
        seed: int,
    ) -> Tournament:
        rows = await self._fetch(
            INSERT_TOURNAMENT,
            {
                "guild": guild_id,
                "channel": channel_id,
                "creator": creator_id,
                "game": game,
                "options": json.dumps(dict(options), sort_keys=True),
                "format": format,
                "starts": starts_at.timestamp(),
                "ends": None if ends_at is None else ends_at.timestamp(),
                "rounds": rounds,
                "timer": turn_timer,
                "computers": int(computers),
                "seed": seed,
                "now": self._clock(),
            },
        )
        return tournament_row(rows[0])

    async def get_tournament(self, guild_id: int, tournament_id: int) -> Tournament | None:
        rows = await self._fetch(SELECT_TOURNAMENT, {"id": tournament_id, "guild": guild_id})
        return tournament_row(rows[0]) if rows else None

    async def guild_tournaments(self, guild_id: int, limit: int = 10) -> list[Tournament]:
        """The server's tournaments, newest first."""
        rows = await self._fetch(SELECT_GUILD_TOURNAMENTS, {"guild": guild_id, "limit": limit})
        return [tournament_row(r) for r in rows]

    async def unfinished_tournaments(self) -> list[Tournament]:
        """Every server's tournaments still signing up or running, to take up at start."""
        return [tournament_row(r) for r in await self._fetch(SELECT_UNFINISHED_TOURNAMENTS, {})]

    async def update_tournament(
        self,
        tournament: Tournament,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        state: Mapping[str, Any] | None = None,
        slots: Sequence[tuple[int, Sequence[int | None]]] = (),
        byes: Sequence[int] = (),
    ) -> Tournament:
        """Write the tournament's next state on the version it was read at (else
        ``TournamentChanged``), with a round's planned tables (``slots``: number and seats, in
        round ``round``) and its byes, in one transaction."""
        now = self._clock()
        async with self._transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    UPDATE_TOURNAMENT,
                    {
                        "id": tournament.id,
                        "guild": tournament.guild_id,
                        "expected": tournament.version,
                        "status": None if status is None else status.value,
                        "round": round,
                        "state": None if state is None else json.dumps(dict(state)),
                        "now": now,
                        "finished": now
                        if status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
                        else None,
                    },
                )
            )
            if not rows:
                raise TournamentChanged(f"Tournament {tournament.id} changed since it was read.")
            target = round if round is not None else tournament.round
            if slots:
                await db.executemany(
                    INSERT_SLOT,
                    [
                        {
                            "id": tournament.id,
                            "round": target,
                            "number": n,
                            "seats": json.dumps(list(s)),
                        }
                        for n, s in slots
                    ],
                )
            if byes:
                await db.executemany(
                    INSERT_BYE,
                    [{"id": tournament.id, "round": target, "user": u} for u in byes],
                )
        return tournament_row(rows[0])

    async def set_tournament_messages(
        self,
        guild_id: int,
        tournament_id: int,
        *,
        message_id: int | None = None,
        event_id: int | None = None,
    ) -> Tournament:
        rows = await self._fetch(
            SET_TOURNAMENT_MESSAGES,
            {
                "id": tournament_id,
                "guild": guild_id,
                "message": message_id,
                "event": event_id,
                "now": self._clock(),
            },
        )
        return tournament_row(rows[0])

    async def tournament_entries(self, tournament_id: int) -> list[Entry]:
        rows = await self._fetch(SELECT_ENTRIES, {"id": tournament_id})
        return [
            Entry(int(r["user_id"]), r["name"], EntryStatus(r["status"]), _time(r["joined_at"]))
            for r in rows
        ]

    async def join_tournament(
        self, tournament: Tournament, user_id: int, name: str | None, *, limit: int | None = None
    ) -> None:
        """Sign ``user_id`` up (or back up after leaving, while the tournament signs up or, in an
        Arena, runs). Refused: a second sign-up, a full field, a tournament that can't take
        players any more."""
        params = {"id": tournament.id, "user": user_id, "name": name, "now": self._clock()}
        async with self._transaction() as db:
            found = list(await db.execute_fetchall(SELECT_ENTRY, params))
            if found and found[0]["status"] in (EntryStatus.ACTIVE, EntryStatus.PAUSED):
                raise EntryRefused("tournament.already_joined")
            if found and found[0]["status"] == EntryStatus.DROPPED:
                raise EntryRefused("tournament.dropped_cannot_join")
            if limit is not None and not found:
                (row,) = await db.execute_fetchall(COUNT_ENTRIES, params)
                if int(row["n"]) >= limit:
                    raise EntryRefused("tournament.full")
            await db.execute(REJOIN_ENTRY if found else INSERT_ENTRY, params)

    async def leave_tournament(self, tournament: Tournament, user_id: int) -> None:
        """Before it starts a sign-up is simply taken back; once it runs the member leaves
        pairing (their games stay in the standings)."""
        params = {"id": tournament.id, "user": user_id, "status": EntryStatus.LEFT.value}
        async with self._transaction() as db:
            found = list(await db.execute_fetchall(SELECT_ENTRY, params))
            if not found or found[0]["status"] in (EntryStatus.LEFT, EntryStatus.DROPPED):
                raise EntryRefused("tournament.not_joined")
            if tournament.status == TournamentStatus.SIGNUP:
                await db.execute(DELETE_ENTRY, params)
            else:
                await db.execute(SET_ENTRY_STATUS, params)

    async def set_entry_status(self, tournament_id: int, user_id: int, status: EntryStatus) -> None:
        await self._fetch(
            SET_ENTRY_STATUS, {"id": tournament_id, "user": user_id, "status": status.value}
        )

    async def link_table(self, tournament_id: int, round: int, number: int, table_id: int) -> None:
        await self._fetch(
            LINK_TABLE, {"id": tournament_id, "round": round, "number": number, "table": table_id}
        )

    async def tournament_slots(self, tournament_id: int) -> list[Slot]:
        return [_slot(r) for r in await self._fetch(SELECT_SLOTS, {"id": tournament_id})]

    async def tournament_results(self, tournament_id: int) -> list[Result]:
        return [_result(r) for r in await self._fetch(SELECT_RESULTS, {"id": tournament_id})]

    async def tournament_byes(self, tournament_id: int) -> dict[int, int]:
        """Byes per member."""
        out: dict[int, int] = {}
        for r in await self._fetch(SELECT_BYES, {"id": tournament_id}):
            out[int(r["user_id"])] = out.get(int(r["user_id"]), 0) + 1
        return out

    async def tournament_result(
        self,
        db: Any,
        *,
        table_id: int,
        game: str,
        users: Sequence[int | None],
        totals: Sequence[float],
        winners: Sequence[int],
        low_score_wins: bool,
        absent: Sequence[int],
        now: float,
    ) -> None:
        """Inside a game's own result transaction: when the table is a tournament's, its
        members' place points (a table not planned by a tournament writes nothing)."""
        found = list(await db.execute_fetchall(SELECT_SLOT_OF_TABLE, {"table": table_id}))
        if not found:
            return
        slot = found[0]
        points = table_points(game, users, totals, winners, low_score_wins)
        await db.execute(
            INSERT_RESULT,
            {
                "id": slot["tournament_id"],
                "table": table_id,
                "round": slot["round"],
                "number": slot["number"],
                "points": json.dumps({str(k): v for k, v in points.items()}),
                "absent": json.dumps(sorted(absent)),
                "now": now,
            },
        )
