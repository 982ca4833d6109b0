"""A table's one waiting task: a computer's pause before its move, a member's turn timer, the
pause before the next round, or an idle lobby's closing; each runs under the table's lock, only
if the table has not moved on meanwhile, and an action the store could not save is tried again
later (``RETRY_FIRST`` seconds, doubling up to ``RETRY_MAX``) instead of leaving the table stuck.

The moves and deals themselves are the service's (``TableService``): ``Timers`` is given them
and decides only when they happen."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.computers.pool import ComputerPool
from bot.games.base import Engine, Event, Move
from bot.store import GameStore
from bot.store.errors import StoreError, StoreUnavailable
from bot.store.models import Status
from bot.tables.live import (
    DEFAULT_LEVEL,
    MISSES_TO_TAKE_OVER,
    UNSAVED,
    Listener,
    LiveTable,
    LiveTables,
    Notice,
    NoticeKind,
    Refusal,
    Sleep,
    TaskKind,
    refuse_unsaved,
)

logger = logging.getLogger(__name__)

NEXT_ROUND_DELAY = 30.0
LOBBY_IDLE = 30 * 60.0
# A timed action (a computer's move, a turn timer, the next deal) that could not be saved tries
# again after these many seconds, doubling up to the last, until the store can write again.
RETRY_FIRST = 5.0
RETRY_MAX = 300.0


class Apply(Protocol):
    """The service's move at a table, saved and told (``TableService._apply``)."""

    def __call__(
        self, live: LiveTable, seat: int, move: Move, *, auto: bool
    ) -> Awaitable[list[Event]]: ...


class Timers:
    """When each table's next timed action happens, and running it safely when it does."""

    def __init__(
        self,
        tables: LiveTables,
        store: GameStore,
        computers: ComputerPool,
        *,
        apply: Apply,
        next_round: Callable[[LiveTable], Awaitable[None]],
        tell: Listener,
        bot_delay: float,
        next_round_delay: float,
        lobby_idle: float,
        sleep: Sleep,
        clock: Callable[[], float],
    ) -> None:
        self.tables = tables
        self.store = store
        self.computers = computers
        self._apply = apply
        self._next_round = next_round
        self._tell = tell
        self.bot_delay = bot_delay
        self.next_round_delay = next_round_delay
        self.lobby_idle = lobby_idle
        self._sleep = sleep
        self._clock = clock

    def deadline(
        self, live: LiveTable, *, engine: Engine | None = None, missed: Sequence[int] | None = None
    ) -> datetime | None:
        """When the member to move runs out of time, or None: no timer at this table, no
        member to move, or only seats the computer keeps (``missed``: the counts about to be
        saved, else the stored ones)."""
        engine = engine or live.engine
        timer = live.table.turn_timer
        if engine is None or timer <= 0 or engine.round_over or engine.game_over:
            return None
        counts = missed if missed is not None else live.table.missed_turns
        for seat in live.to_move():
            s = live.seats[seat]
            if s is not None and s.user_id is not None and counts[seat] < MISSES_TO_TAKE_OVER:
                return datetime.fromtimestamp(self._clock() + timer, UTC)
        return None

    def schedule(self, live: LiveTable, deadline: datetime | None = None) -> None:
        """Start the one waiting task the table needs now: a computer's move, a member's turn
        timer, the pause before the next round, or the idle lobby's closing."""
        self.stop(live)
        if self.tables.closed:
            return
        engine = live.engine
        if live.table.status == Status.LOBBY:
            live.task_kind = TaskKind.LOBBY
            live.task = asyncio.create_task(self._lobby_timeout(live, live.version))
            return
        if engine is None or engine.game_over:
            return
        version = live.version
        if engine.round_over:
            live.task_kind = TaskKind.ROUND
            live.task = asyncio.create_task(self._round_timeout(live, version))
            return
        seats = live.to_move()
        auto = [s for s in seats if live.automated(s)]
        if auto:
            live.task_kind = TaskKind.COMPUTER
            live.task = asyncio.create_task(self._computer_turn(live, version, auto[0]))
            return
        when = deadline or live.table.turn_deadline
        if when is not None and seats:
            live.task_kind = TaskKind.TIMER
            delay = max(0.0, when.timestamp() - self._clock())
            live.task = asyncio.create_task(self._turn_timeout(live, version, seats[0], delay))

    def stop(self, live: LiveTable) -> None:
        task, live.task, live.task_kind = live.task, None, TaskKind.NONE
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()

    async def idle(self, live: LiveTable | None) -> None:
        """Wait until the computers have played and the table waits for a member."""
        while (
            live is not None
            and live.task is not None
            and live.task_kind in (TaskKind.COMPUTER, TaskKind.ACTING)
        ):
            task = live.task
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(task)
            if live.task is task:
                break

    async def finish(self, tables: Sequence[LiveTable]) -> None:
        """Shutting down: let the actions in hand (a computer's move past its pause) finish
        and be saved, and stop every other wait (the store keeps the tables' state)."""
        acting = [
            lt.task for lt in tables if lt.task is not None and lt.task_kind == TaskKind.ACTING
        ]
        waiting = [lt.task for lt in tables if lt.task is not None and lt.task not in acting]
        for live in tables:
            if live.task not in acting:
                self.stop(live)
        for task in (*waiting, *acting):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for live in tables:  # a member's move under way holds its table's lock until saved
            async with live.lock:
                self.stop(live)

    async def _guarded(
        self, live: LiveTable, version: int, action: Callable[[], Awaitable[Any]]
    ) -> None:
        """Run a timed action under the lock if the table hasn't moved on meanwhile."""
        if live.task is asyncio.current_task():
            live.task_kind = TaskKind.ACTING  # past its wait: ``idle`` now waits for it
        async with live.lock:
            if live.version != version or not self.tables.holds(live):
                return
            try:
                await action()
            except Refusal as r:
                if r.key not in UNSAVED:
                    logger.exception("Table %d: a timed action was refused", live.id)
                    return
                # Nothing was saved and the engine was rewound: the table is where it was, so
                # the same action is tried again later instead of leaving the table stuck
                # until a restart.
                self._retry_later(live, version, action)
            except StoreUnavailable:  # a read on the way, before anything changed
                logger.exception("Table %d: a timed action could not read the store", live.id)
                self._retry_later(live, version, action)
            except StoreError:
                logger.exception("Table %d: a timed action was refused", live.id)

    def _retry_later(
        self, live: LiveTable, version: int, action: Callable[[], Awaitable[Any]]
    ) -> None:
        delay = min(RETRY_MAX, RETRY_FIRST * 2**live.failed_saves)
        live.failed_saves += 1
        logger.warning("Table %d: trying again in %.0f s", live.id, delay)

        async def retry() -> None:
            await self._sleep(delay)
            await self._guarded(live, version, action)

        self.stop(live)
        live.task_kind = TaskKind.RETRY
        live.task = asyncio.create_task(retry())

    async def _computer_turn(self, live: LiveTable, version: int, seat: int) -> None:
        await self._sleep(self.bot_delay)

        async def act() -> None:
            engine, seated = live.engine, live.seats[seat]
            # A table in play has an engine, and every seat filled (``start`` gives the empty
            # ones to computers).
            assert engine is not None and seated is not None
            rng = random.Random(f"{live.table.seed}:{live.version}:{seat}")
            move = await self.computers.choose(engine, seat, live.level(seat), rng)
            await self._apply(live, seat, move, auto=not seated.is_computer)

        await self._guarded(live, version, act)

    async def _turn_timeout(self, live: LiveTable, version: int, seat: int, delay: float) -> None:
        await self._sleep(delay)

        async def act() -> None:
            engine = live.engine
            assert engine is not None  # a turn's timer runs only at a table in play
            rng = random.Random(f"{live.table.seed}:{live.version}:{seat}")
            move = await self.computers.choose(engine, seat, DEFAULT_LEVEL, rng)
            await self._apply(live, seat, move, auto=True)

        await self._guarded(live, version, act)

    async def _round_timeout(self, live: LiveTable, version: int) -> None:
        await self._sleep(self.next_round_delay)
        await self._guarded(live, version, lambda: self._next_round(live))

    async def _lobby_timeout(self, live: LiveTable, version: int) -> None:
        await self._sleep(self.lobby_idle)
        if live.task is asyncio.current_task():
            live.task_kind = TaskKind.ACTING
        if live.table.status != Status.LOBBY or not self.tables.holds(live):
            return
        async with live.lock:
            try:
                with refuse_unsaved(live):
                    live.table = await self.store.cancel_table(live.guild_id, live.id)
            except Refusal:
                self.schedule(live)  # still a lobby: try closing it after another idle spell
                return
            self.tables.drop(live)
            live.task = None
            await self._tell(Notice(NoticeKind.CANCELLED, live))
