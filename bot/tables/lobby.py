"""The lobby: finding the table a command means, opening one (or a rematch), taking, leaving and
giving seats, and starting the game. Every change is saved under the table's lock before the
lobby's notice goes out, and any change keeps an idle lobby open for another spell."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot import ai
from bot.games import registry
from bot.games.base import Engine, IllegalMove, Reason
from bot.store import GameStore
from bot.store.errors import StoreError
from bot.store.models import Seat, Status
from bot.tables.live import (
    DEFAULT_LEVEL,
    GUIDED,
    PRACTICE,
    PRACTICE_FROM,
    TOURNAMENT,
    Listener,
    LiveTable,
    LiveTables,
    Notice,
    NoticeKind,
    Refusal,
    engine_options,
    refuse_unsaved,
)
from bot.tables.timers import Timers

logger = logging.getLogger(__name__)


class Lobby:
    """Tables from their opening to their start (and their cancelling), for the service."""

    def __init__(
        self,
        tables: LiveTables,
        store: GameStore,
        timers: Timers,
        *,
        tell: Listener,
        after_change: Callable[[LiveTable], Awaitable[None]],
        names: Callable[[int], str | None],
        seeds: Callable[[], int],
    ) -> None:
        self.tables = tables
        self.store = store
        self.timers = timers
        self._tell = tell
        # The service's play on from a change: the first turns once a game starts.
        self._after_change = after_change
        self._names = names
        self._seeds = seeds
        self._rematch_lock = asyncio.Lock()

    # ------------------------------------------------------------ finding tables

    def get(self, guild_id: int, table_id: int) -> LiveTable:
        return self.tables.get(guild_id, table_id)

    def of(self, guild_id: int | None = None) -> list[LiveTable]:
        return self.tables.of(guild_id)

    def find(self, guild_id: int, channel_id: int, user_id: int | None = None) -> LiveTable:
        """The table a command means: the one whose thread this is, else the member's table in
        this channel, else the channel's newest table.

        A practice table belongs to its member alone: it is never found for anyone else's
        command, and for its member only when the channel holds no real table (their command
        there is about the real one; their practice table has its own thread or its own hand
        controls)."""
        here = [
            lt
            for lt in self.tables.of(guild_id)
            if channel_id in (lt.table.thread_id, lt.table.channel_id)
        ]
        practice = [lt for lt in here if lt.table.options.get(PRACTICE)]
        own = [lt for lt in practice if user_id is not None and lt.seat_of(user_id) is not None]
        real = [lt for lt in here if not lt.table.options.get(PRACTICE)]
        threads = [lt for lt in [*real, *own] if lt.table.thread_id == channel_id]
        if threads:
            return threads[0]
        if user_id is not None:
            mine = [lt for lt in real if lt.seat_of(user_id) is not None]
            if mine:
                return mine[-1]
        if real:
            return real[-1]
        if own:
            return own[-1]
        raise Refusal("no_table")

    # ------------------------------------------------------------ opening

    async def open_table(
        self,
        guild_id: int,
        *,
        channel_id: int,
        host_id: int,
        game: str,
        options: Mapping[str, Any] | None = None,
        turn_timer: int | None = None,
        thread_id: int | None = None,
        practice: bool = False,
        seats: Sequence[Seat | None] | None = None,
        guided: bool = False,
        seed: int | None = None,
        practice_from: int | None = None,
        tournament: Mapping[str, int] | None = None,
    ) -> LiveTable:
        """A new lobby with the host in the first seat, or with ``seats`` as given (a rematch:
        the same members and computers in the same places; a practice table tried again from a
        position, ``practice_from``). ``seed``: a chosen deal (a guided round's) instead of a
        fresh one; ``guided`` marks such a practice table; ``tournament`` marks a tournament's
        table with its slot."""
        if self.tables.closed:
            raise Refusal("shutting_down")
        seed = self._seeds() if seed is None else seed
        probe = self._probe(game, options, seed)
        opts = dict(getattr(probe, "options", options or {}))
        if practice:  # kept in the stored options so the mark survives a restart
            opts[PRACTICE] = True
            if guided:
                opts[GUIDED] = True
            if practice_from is not None:
                opts[PRACTICE_FROM] = practice_from
        if tournament is not None:
            opts[TOURNAMENT] = dict(tournament)
        if turn_timer is None:
            with refuse_unsaved():
                turn_timer = (await self.store.guild_settings(guild_id)).turn_timer
        placed: list[Seat | None] = [None] * probe.n_seats
        if seats is None:
            placed[0] = Seat.member(host_id, self._names(host_id))
        elif len(seats) == probe.n_seats:
            placed = list(seats)
        else:  # a stored table whose game no longer seats as many: it can't be played again
            raise Refusal("no_rematch")
        with refuse_unsaved():
            table = await self.store.create_table(
                guild_id,
                channel_id=channel_id,
                host_id=host_id,
                game=game,
                seats=placed,
                seed=seed,
                options=opts,
                turn_timer=max(0, int(turn_timer)),
                thread_id=thread_id,
            )
        live = LiveTable(table)
        self.tables.add(live)
        async with live.lock:
            self.timers.schedule(live)
        return live

    @staticmethod
    def check_options(game: str, options: Mapping[str, Any] | None) -> None:
        """Refuse a game or options no table could be opened with, before anything is made for
        it (a thread, a message)."""
        Lobby._probe(game, options, 0)

    @staticmethod
    def _probe(game: str, options: Mapping[str, Any] | None, seed: int) -> Engine:
        """A new game of ``game`` with ``options``, or the Refusal saying why there can't be."""
        if game not in registry.available_games():
            raise Refusal("unknown_game")
        try:
            return registry.new_game(game, options, seed)
        except (ValueError, IllegalMove) as e:  # TableFileError: the engine's one sentence
            # An error carrying a Reason is worded in each reader's language; else its sentence.
            reason = getattr(e, "reason", None)
            raise Refusal("bad_options", reason if isinstance(reason, Reason) else str(e)) from None

    async def set_messages(
        self, live: LiveTable, *, thread_id: int | None, message_id: int | None
    ) -> None:
        with refuse_unsaved(live):
            live.table = await self.store.set_messages(
                live.guild_id, live.id, thread_id=thread_id, message_id=message_id
            )

    async def rematch(self, guild_id: int, table_id: int, user_id: int) -> LiveTable:
        """A finished table played again: a new lobby where it played (same channel and
        thread), the same game, options and turn timer, everyone in the same seat (members and
        computers of the same level), hosted by ``user_id``, who must have been seated; the
        host starts it. Read from the store, so it works for a table finished before a restart;
        one rematch at a time: while a lobby or game with the same seats is unfinished in that
        channel, it is the rematch."""
        async with self._rematch_lock:  # two presses at once open one table, not two
            with refuse_unsaved():
                old = await self.store.get_table(guild_id, table_id)
            if old is None or old.status != Status.FINISHED:
                raise Refusal("no_rematch")
            members = [s.user_id for s in old.seats if s is not None and s.user_id is not None]
            if user_id not in members:
                raise Refusal("rematch_not_seated", table=table_id)
            with refuse_unsaved():
                others = await self.store.unfinished_tables(guild_id)
            for other in others:
                if (other.channel_id, other.thread_id, other.seats) == (
                    old.channel_id,
                    old.thread_id,
                    old.seats,
                ):
                    raise Refusal("rematch_open", table=other.id)
            return await self.open_table(
                guild_id,
                channel_id=old.channel_id,
                host_id=user_id,
                game=old.game,
                options=engine_options(old.options),
                turn_timer=old.turn_timer,
                thread_id=old.thread_id,
                practice=bool(old.options.get(PRACTICE)),
                seats=old.seats,
            )

    # ------------------------------------------------------------ seats

    async def name_seat(self, guild_id: int, user_id: int, name: str) -> None:
        """Keep a member's display name ``name`` with each of their tables in the server where
        it differs from the one kept (they joined before it was known, or changed it), so the
        table's text and picture name them after a restart too. A name is no move: a store
        that can't be written just now keeps the old one until the next try."""
        for live in self.tables.of(guild_id):
            seat = live.seat_of(user_id)
            seated = live.seats[seat] if seat is not None else None
            if seat is None or seated is None or seated.name == name:
                continue
            async with live.lock:
                if live.seat_of(user_id) != seat or not self.tables.holds(live):
                    continue
                seats = list(live.seats)
                seats[seat] = Seat.member(user_id, name)
                try:
                    if live.table.status == Status.LOBBY:
                        live.table = await self.store.update_lobby(guild_id, live.id, seats=seats)
                    else:
                        live.table = await self.store.update_timers(
                            guild_id,
                            live.id,
                            expected_version=live.version,
                            turn_deadline=live.table.turn_deadline,
                            missed_turns=live.table.missed_turns,
                            seats=seats,  # type: ignore[arg-type]
                        )
                except StoreError:
                    logger.warning("Table %d: could not keep a member's new name", live.id)

    async def join(
        self, guild_id: int, table_id: int, user_id: int, team: int | None = None
    ) -> int:
        live = self.get(guild_id, table_id)
        async with live.lock:
            _in_lobby(live)
            if live.seat_of(user_id) is not None:
                raise Refusal("already_seated")
            seats = list(live.seats)
            seat = _free_seat(live, seats, team)
            seats[seat] = Seat.member(user_id, self._names(user_id))
            await self._save(live, seats)
        return seat

    async def pick_team(self, guild_id: int, table_id: int, user_id: int, team: int) -> int:
        """Mor 2 vs 2: move to a free seat of ``team`` (seats 0 and 2 are team 1, 1 and 3 team
        2), joining the table first if needed."""
        live = self.get(guild_id, table_id)
        if not live.teams():
            raise Refusal("no_teams")
        async with live.lock:
            _in_lobby(live)
            seats = list(live.seats)
            old = live.seat_of(user_id)
            if old is not None and old % 2 == team:
                return old
            seat = _free_seat(live, seats, team)
            if old is not None:
                seats[old] = None
            seats[seat] = Seat.member(user_id, self._names(user_id))
            await self._save(live, seats)
        return seat

    async def leave(self, guild_id: int, table_id: int, user_id: int) -> None:
        live = self.get(guild_id, table_id)
        async with live.lock:
            _in_lobby(live)
            seat = live.seated(user_id)
            if user_id == live.table.host_id:
                raise Refusal("host_cannot_leave")
            seats = list(live.seats)
            seats[seat] = None
            await self._save(live, seats)

    async def add_computer(
        self, guild_id: int, table_id: int, by: int, level: str = DEFAULT_LEVEL
    ) -> int:
        live = self.get(guild_id, table_id)
        if level not in ai.LEVELS:
            raise Refusal("bad_level", levels=", ".join(ai.LEVELS))
        async with live.lock:
            _in_lobby(live)
            _hosted_by(live, by)
            seats = list(live.seats)
            seat = _free_seat(live, seats, None)
            seats[seat] = Seat.bot(level)
            await self._save(live, seats)
        return seat

    async def kick(self, guild_id: int, table_id: int, by: int, user_id: int) -> None:
        live = self.get(guild_id, table_id)
        async with live.lock:
            _in_lobby(live)
            _hosted_by(live, by)
            seat = live.seat_of(user_id)
            if seat is None or user_id == by:
                raise Refusal("no_such_seat")
            seats = list(live.seats)
            seats[seat] = None
            await self._save(live, seats)

    async def _save(self, live: LiveTable, seats: Sequence[Seat | None]) -> None:
        with refuse_unsaved(live):
            live.table = await self.store.update_lobby(live.guild_id, live.id, seats=seats)
        await self._tell(Notice(NoticeKind.LOBBY, live))
        self.timers.schedule(live)  # any change keeps an idle lobby open

    # ------------------------------------------------------------ starting and cancelling

    async def start(
        self, guild_id: int, table_id: int, by: int, resume: Engine | None = None
    ) -> LiveTable:
        """Fill empty seats with computers, deal, and play on until a member's turn; or, given
        a game under way (``resume``, rebuilt from a record), go on from where it stands."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            _in_lobby(live)
            _hosted_by(live, by)
            seats = [s if s is not None else Seat.bot(DEFAULT_LEVEL) for s in live.seats]
            if resume is None:
                engine = registry.new_game(
                    live.table.game, engine_options(live.table.options), live.table.seed
                )
            else:
                engine = _resumed(live, resume)
            live.engine = engine  # so the first turn's deadline can be worked out
            try:
                with refuse_unsaved(live):
                    live.table = await self.store.start_table(
                        guild_id,
                        table_id,
                        record=engine.record,
                        seats=seats,
                        turn_deadline=self.timers.deadline(live),
                    )
            except BaseException:
                live.engine = None
                raise
            await self._tell(Notice(NoticeKind.STARTED, live))
            await self._after_change(live)
        return live

    async def cancel(self, guild_id: int, table_id: int, by: int | None) -> None:
        """The host ends a lobby or a game without a result (``by=None``: the idle timeout)."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            if by is not None:
                _hosted_by(live, by)
            with refuse_unsaved(live):
                live.table = await self.store.cancel_table(guild_id, table_id)
            self.tables.drop(live)
            self.timers.stop(live)
            await self._tell(Notice(NoticeKind.CANCELLED, live))


def _in_lobby(live: LiveTable) -> None:
    if live.table.status != Status.LOBBY:
        raise Refusal("not_lobby")


def _hosted_by(live: LiveTable, user_id: int) -> None:
    if user_id != live.table.host_id:
        raise Refusal("not_host")


def _free_seat(live: LiveTable, seats: Sequence[Seat | None], team: int | None) -> int:
    if team is not None and not live.teams():
        raise Refusal("no_teams")
    free = [i for i, s in enumerate(seats) if s is None and (team is None or i % 2 == team)]
    if not free:
        raise Refusal("team_full" if team is not None else "table_full")
    return free[0]


def _resumed(live: LiveTable, engine: Engine) -> Engine:
    """``engine``, if this table can play on from it: the same game, as many seats, and a move
    to make (not between rounds, not over)."""
    if (
        engine.game != live.table.game
        or engine.n_seats != len(live.seats)
        or engine.round_over
        or engine.game_over
    ):
        raise Refusal("review.cannot_resume")
    return engine
