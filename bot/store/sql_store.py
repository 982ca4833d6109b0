"""The store's operations, written once over a connection: SQLite's and PostgreSQL's.

Nothing else in the bot writes SQL; callers get the frozen dataclasses of ``bot.store.models``.
All SQL is parameterised (``bot.store.sql``). ``SQLStore`` holds every operation of
``bot.store.GameStore`` on tables, results, rankings and settings (with ``TournamentOps`` and
``RatingOps``) and talks to its connection through three calls (``execute``, ``executemany``,
``execute_fetchall``) with ``:name`` parameters. The engines are its subclasses, each giving the
operations a connection and its transactions: ``bot.store.sqlite.SQLiteStore`` (one aiosqlite
connection) and ``bot.store.postgres.PostgresStore`` (an asyncpg pool). So a rule of the store
(the optimistic version check, what a result writes, how ranks are counted) is written once and
holds on both engines.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta
from types import TracebackType
from typing import Any, Self

import aiosqlite

from bot.store.errors import StaleVersion, TableNotFound, WrongStatus
from bot.store.models import (
    GameOutcome,
    GameRecord,
    GuildSettings,
    MemberSettings,
    MemberStats,
    RoundOutcome,
    RoundRecord,
    Seat,
    SeatResult,
    Standing,
    Status,
    StepProgress,
    Table,
)
from bot.store.rating_ops import RatingOps
from bot.store.ratings import Change
from bot.store.rows import (
    change_of,
    changed_flags,
    dumps,
    first,
    full_seats,
    guild_settings_of,
    member_settings_of,
    missed_json,
    move_count,
    one,
    round_of,
    seat_of,
    seats_json,
    stamp_of,
    standing_of,
    table_of,
    time_of,
)
from bot.store.shards import Shards
from bot.store.sql import (
    CANCEL_TABLE,
    CHANGE_GUILD_SETTINGS,
    CHANGE_MEMBER_SETTINGS,
    INSERT_GAME,
    INSERT_GAME_SEAT,
    INSERT_ROUND,
    INSERT_TABLE,
    LINES_AHEAD,
    MEMBER_GAMES,
    MEMBER_LINE,
    ROUNDS_SO_FAR,
    SAVE_MOVE,
    SELECT_ALL_UNFINISHED,
    SELECT_GAME_SEATS,
    SELECT_GUILD_SETTINGS,
    SELECT_KEPT_NAMES,
    SELECT_LESSON_PROGRESS,
    SELECT_MEMBER_NAMES,
    SELECT_MEMBER_SETTINGS,
    SELECT_RATING_CHANGES,
    SELECT_RECENT_GAMES,
    SELECT_ROUNDS,
    SELECT_SHARDS_UNFINISHED,
    SELECT_STATUS,
    SELECT_TABLE,
    SELECT_TABLE_GAME,
    SELECT_UNFINISHED,
    SET_MESSAGES,
    START_TABLE,
    TOP,
    UPDATE_LOBBY,
    UPDATE_TIMERS,
    UPSERT_GUILD_SETTINGS,
    UPSERT_LEADERBOARD,
    UPSERT_LESSON_ANSWER,
    UPSERT_LESSON_SKIP,
    UPSERT_MEMBER_SETTINGS,
    UPSERT_OVERALL,
)
from bot.store.tournaments import TournamentOps

# A table's timer where neither the table nor its server names one. (The schema's own
# DEFAULT 120 for guild_settings.turn_timer is never used: every write names the column.)
DEFAULT_TURN_TIMER = GuildSettings(guild_id=0).turn_timer


class SQLStore(TournamentOps, RatingOps):
    """Diwaniya's database, whatever the engine: every operation, over the connection an engine's
    subclass gives it (``SQLiteStore``, ``PostgresStore``)."""

    engine: str  # "sqlite" or "postgresql"
    shared: bool  # whether other processes write the same database
    # Called if the store loses its hold on the shards.
    on_shards_lost: Callable[[], None] | None = None

    def __init__(
        self, db: aiosqlite.Connection, path: str, version: int, clock: Callable[[], float]
    ) -> None:
        self._db = db
        self._clock = clock
        self.path = path
        self.schema_version = version

    # ------------------------------------------------------------ what an engine gives

    async def close(self) -> None:
        raise NotImplementedError

    def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """The connection inside one transaction, committed at the end and rolled back on any
        error."""
        raise NotImplementedError

    def _locked(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """The connection to itself for a few statements (reads that belong together)."""
        raise NotImplementedError

    async def hold_shards(self, shards: Shards | None) -> None:
        """Make sure no other process drives these shards' tables (``GameStore.hold_shards``)."""
        raise NotImplementedError

    # ------------------------------------------------------------ plumbing

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

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
        row = await first(db, sql, params)
        if row is not None:
            return row
        found = await first(db, SELECT_STATUS, params)
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
            "options": dumps(dict(options or {})),
            "seed": seed,
            "seats": seats_json(seats),
            "turn_timer": turn_timer,
            "default_timer": DEFAULT_TURN_TIMER,
            "missed": dumps([0] * len(seats)),
            "now": self._clock(),
        }
        rows = await self._fetch(INSERT_TABLE, params)
        return table_of(rows[0])

    async def get_table(self, guild_id: int, table_id: int) -> Table | None:
        rows = await self._fetch(SELECT_TABLE, {"id": table_id, "guild": guild_id})
        return table_of(rows[0]) if rows else None

    async def unfinished_tables(self, guild_id: int) -> list[Table]:
        """The server's lobbies and tables in play, oldest first."""
        return [table_of(r) for r in await self._fetch(SELECT_UNFINISHED, {"guild": guild_id})]

    async def all_unfinished_tables(self, shards: Shards | None = None) -> list[Table]:
        """Every server's lobbies and tables in play, to restore at start (guilds aren't known yet
        in ``setup_hook``); each carries its ``guild_id``. With ``shards``, only the tables of
        the servers those shards own."""
        if shards is None:
            return [table_of(r) for r in await self._fetch(SELECT_ALL_UNFINISHED, {})]
        params = {"count": shards.count, "shards": dumps(list(shards.ids))}
        return [table_of(r) for r in await self._fetch(SELECT_SHARDS_UNFINISHED, params)]

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
            "seats": None if seats is None else seats_json(seats),
            "missed": None if seats is None else dumps([0] * len(seats)),
            "options": None if options is None else dumps(dict(options)),
            "seed": seed,
            "turn_timer": turn_timer,
            "now": self._clock(),
        }
        return table_of(await self._update(UPDATE_LOBBY, params, "change its lobby"))

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
            "record": dumps(record),
            "version": move_count(record),
            "seats": None if seats is None else seats_json(seats),
            "missed": None if seats is None else dumps([0] * len(seats)),
            "deadline": stamp_of(turn_deadline),
            "now": self._clock(),
        }
        async with self._transaction() as db:
            table = table_of(await self._write_table(db, START_TABLE, params, "start"))
            # Checked inside the transaction so a bad start is rolled back, not half-written.
            full_seats(table.seats)
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
        version = move_count(record)
        if version <= expected_version:
            raise ValueError(
                f"A saved move must add to the record ({version} moves after {expected_version})."
            )
        now = self._clock()
        params = {
            "id": table_id,
            "guild": guild_id,
            "expected": expected_version,
            "record": dumps(record),
            "version": version,
            "status": (Status.FINISHED if game_result else Status.PLAYING).value,
            "seats": None if seats is None else seats_json(full_seats(seats)),
            "missed": missed_json(missed_turns),
            "deadline": None if game_result else stamp_of(turn_deadline),
            "finished": now if game_result else None,
            "now": now,
        }
        if round_result is None and game_result is None:
            return table_of(await self._update(SAVE_MOVE, params, "take a move"), record)
        async with self._transaction() as db:
            row = await self._write_table(db, SAVE_MOVE, params, "take a move")
            table = table_of(row, record)
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
            "seats": None if seats is None else seats_json(full_seats(seats)),
            "missed": missed_json(missed_turns),
            "deadline": stamp_of(turn_deadline),
            "now": self._clock(),
        }
        return table_of(await self._update(UPDATE_TIMERS, params, "change its timers"))

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
        return table_of(await self._update(SET_MESSAGES, params, "move its message"))

    async def cancel_table(self, guild_id: int, table_id: int) -> Table:
        """End a lobby or a game without a result."""
        params = {"id": table_id, "guild": guild_id, "now": self._clock()}
        return table_of(await self._update(CANCEL_TABLE, params, "be cancelled"))

    # ------------------------------------------------------------ results

    async def _insert_round(
        self,
        db: aiosqlite.Connection,
        table: Table,
        started_at: float,
        result: RoundOutcome,
        now: float,
    ) -> None:
        seats = full_seats(table.seats)
        if len(result.scores) != len(seats):
            raise ValueError(f"A round needs one score per seat ({len(seats)}).")
        so_far = await first(db, ROUNDS_SO_FAR, {"table": table.id, "started": started_at})
        assert so_far is not None  # an aggregate always gives one row
        await db.execute(
            INSERT_ROUND,
            {
                "guild": table.guild_id,
                "table": table.id,
                "number": so_far["played"] + 1,
                "seats": seats_json(seats),
                "scores": dumps(list(result.scores)),
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
        seats = full_seats(table.seats)
        n = len(seats)
        if len(result.totals) != n or len(result.pearls) != n:
            raise ValueError(f"A game result needs one total and one pearl count per seat ({n}).")
        if not all(0 <= w < n for w in result.winners):
            raise ValueError(f"Winners must be seats 0 to {n - 1}.")
        with_computers = any(s.is_computer for s in seats)
        rounds = int(await one(db, ROUNDS_SO_FAR, {"table": table.id, "started": started_at}))
        game_id = await one(
            db,
            INSERT_GAME,
            {
                "guild": table.guild_id,
                "table": table.id,
                "game": table.game,
                "options": dumps(dict(table.options)),
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

    async def table_rounds(self, guild_id: int, table_id: int) -> list[RoundRecord]:
        """The table's finished rounds in order, for its score sheet."""
        rows = await self._fetch(SELECT_ROUNDS, {"guild": guild_id, "table": table_id})
        return [round_of(r) for r in rows]

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
            SELECT_KEPT_NAMES, {"guild": guild_id, "ids": dumps(list(table_ids))}
        )
        return {
            row["id"]: tuple(
                seat.name if seat is not None else None
                for seat in map(seat_of, json.loads(row["seats"]))
            )
            for row in rows
        }

    async def member_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """Each member's latest display name kept with a finished game's seat on this server;
        a member with none kept is left out."""
        rows = await self._fetch(
            SELECT_MEMBER_NAMES, {"guild": guild_id, "users": dumps(list(user_ids))}
        )
        return {int(row["user_id"]): str(row["name"]) for row in rows if row["name"]}

    async def _games(self, sql: str, params: Mapping[str, Any]) -> list[GameRecord]:
        async with self._locked() as db:
            games = list(await db.execute_fetchall(sql, params))
            ids = dumps([g["id"] for g in games])
            seat_rows = await db.execute_fetchall(
                SELECT_GAME_SEATS, {"guild": params["guild"], "ids": ids}
            )
            change_rows = await db.execute_fetchall(
                SELECT_RATING_CHANGES, {"guild": params["guild"], "ids": ids}
            )
        changes: dict[int, dict[int, Change]] = {}
        for c in change_rows:
            changes.setdefault(c["game_id"], {})[c["user_id"]] = change_of(c)
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
                finished_at=time_of(g["finished_at"]),
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
            out.append(standing_of(row, out[-1].rank if same else i + 1))
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
            line = await first(db, MEMBER_LINE[key], params)
            if line is None:
                return None
            ahead = await one(
                db,
                LINES_AHEAD[key],
                {**params, "pearls": line["pearls"], "wins": line["wins"], "games": line["games"]},
            )
        return standing_of(line, ahead + 1)

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

    # ------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; defaults until it saves some."""
        rows = await self._fetch(SELECT_GUILD_SETTINGS, {"guild": guild_id})
        return guild_settings_of(rows[0]) if rows else GuildSettings(guild_id)

    async def change_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change only the named fields of the server's settings, whatever another process
        changes beside them at the same moment; the settings as they are after it."""
        changed = changed_flags(changes, GuildSettings)  # before the dataclass sees an unknown name
        new = dataclasses.replace(GuildSettings(guild_id), **changes)
        params = {
            **changed,
            "guild": guild_id,
            "language": new.language,
            "turn_timer": new.turn_timer,
            "default_variants": dumps({k: dict(v) for k, v in new.default_variants.items()}),
            "rank_computer_games": new.rank_computer_games,
            "now": self._clock(),
        }
        return guild_settings_of((await self._fetch(CHANGE_GUILD_SETTINGS, params))[0])

    async def save_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        params = {
            "guild": settings.guild_id,
            "language": settings.language,
            "turn_timer": settings.turn_timer,
            "variants": dumps({k: dict(v) for k, v in settings.default_variants.items()}),
            "rank_cpu": settings.rank_computer_games,
            "now": self._clock(),
        }
        await self._fetch(UPSERT_GUILD_SETTINGS, params)
        return settings

    async def member_settings(self, user_id: int) -> MemberSettings:
        """A member's own preferences (the same on every server); defaults until saved."""
        rows = await self._fetch(SELECT_MEMBER_SETTINGS, {"user": user_id})
        return member_settings_of(rows[0]) if rows else MemberSettings(user_id)

    async def change_member_settings(self, user_id: int, **changes: Any) -> MemberSettings:
        """Change only the named preferences, whatever another process changes beside them at
        the same moment (a member's preferences are global, so any process may); the
        preferences as they are after it."""
        changed = changed_flags(
            changes, MemberSettings
        )  # before the dataclass sees an unknown name
        new = dataclasses.replace(MemberSettings(user_id), **changes)
        params = {
            **changed,
            "user": user_id,
            "language": new.language,
            "card_style": new.card_style,
            "sort_order": new.sort_order,
            "now": self._clock(),
        }
        return member_settings_of((await self._fetch(CHANGE_MEMBER_SETTINGS, params))[0])

    async def record_lesson_answer(self, user_id: int, game: str, step: int, right: bool) -> None:
        """Count a member's answer to a lesson step (their progress on every server)."""
        params = {"user": user_id, "game": game, "step": step, "right": int(right)}
        await self._fetch(UPSERT_LESSON_ANSWER, {**params, "now": self._clock()})

    async def record_lesson_skip(self, user_id: int, game: str, step: int) -> None:
        """Count a skipped lesson step as passed, not right at the first try: coming back goes
        on after it, as in the terminal."""
        params = {"user": user_id, "game": game, "step": step, "now": self._clock()}
        await self._fetch(UPSERT_LESSON_SKIP, params)

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
