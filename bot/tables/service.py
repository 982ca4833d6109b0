"""The table service: the one door to the live tables. It plays members' moves, deals the next
round, brings tables back after a restart and shuts down cleanly; the lobby (``Lobby``) opens
and seats tables, and ``Timers`` runs each table's one waiting task. It knows nothing of Discord.

Every change to a table happens under that table's ``asyncio.Lock`` and is written to the store
before anyone hears of it, so two clicks never apply twice and a restart loses nothing. What
happened goes out as ``Notice`` data to one listener (the Discord layer renders it; tests record
it). Refusals are ``Refusal`` exceptions carrying one readable sentence: the engine's own reason
for a move, or the service's for who may act when.

A seat whose member missed two turns in a row is played by the computer until the member takes it
back; that state lives in the stored ``missed_turns`` counters (>= 2), so it survives restarts and
the seat stays the member's on the score sheet.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.computers.pool import ComputerPool
from bot.games import registry
from bot.games.base import Engine, Event, IllegalMove, Move, RoundOver
from bot.store import GameStore
from bot.store.models import GameOutcome, RoundOutcome, Status
from bot.store.shards import Shards
from bot.tables.live import (
    DEFAULT_LEVEL,
    MISSES_TO_TAKE_OVER,
    Confirm,
    HandInfo,
    Listener,
    LiveTable,
    LiveTables,
    Notice,
    NoticeKind,
    Refusal,
    Sleep,
    refuse_unsaved,
)
from bot.tables.lobby import Lobby
from bot.tables.timers import LOBBY_IDLE, NEXT_ROUND_DELAY, Timers

logger = logging.getLogger(__name__)


class TableService:
    """The live tables of this process: the one door the Discord layer, the terminal's tests,
    tournaments and practice go through. It holds the lobby (``lobby``) and the tables' timers
    (``timers``), and keeps for itself what happens inside a table's lock once a game is on."""

    def __init__(
        self,
        store: GameStore,
        *,
        listener: Listener | None = None,
        bot_delay: float = 1.5,
        next_round_delay: float = NEXT_ROUND_DELAY,
        lobby_idle: float = LOBBY_IDLE,
        sleep: Sleep = asyncio.sleep,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
        computers: ComputerPool | None = None,
        shards: Shards | None = None,
        names: Callable[[int], str | None] | None = None,
    ) -> None:
        self.store = store
        # The shards this process runs (None: every one): it restores, and so times and drives,
        # only the tables of the servers they own; other processes drive the rest.
        self.shards = shards
        # A member's display name as last seen (the Discord layer's), kept with their seat.
        self.names = names or (lambda user_id: None)
        # Where computer players decide: worker processes unless told otherwise.
        self.computers = computers if computers is not None else ComputerPool()
        self.listener = listener
        # Services built on the tables (tournaments) hear every notice too, after the listener.
        self.watchers: list[Listener] = []
        self._live = LiveTables()
        self.timers = Timers(
            self._live,
            store,
            self.computers,
            apply=self._apply,
            next_round=self._next_round,
            tell=self._tell,
            bot_delay=bot_delay,
            next_round_delay=next_round_delay,
            lobby_idle=lobby_idle,
            sleep=sleep,
            clock=clock,
        )
        self.lobby = Lobby(
            self._live,
            store,
            self.timers,
            tell=self._tell,
            after_change=self._after_change,
            names=self.names,
            seeds=seeds or (lambda: random.SystemRandom().randrange(2**31)),
        )
        # A new lobby (``Lobby.open_table``). Opening takes thirteen options that the service
        # passes on untouched, so its door is the lobby's own method: a second copy of the
        # signature here could drift from the one that does the work.
        self.open_table = self.lobby.open_table

    # ------------------------------------------------------------ the lobby's doors
    # The rest of the code asks the service; the lobby (``Lobby``) does the work.

    def get(self, guild_id: int, table_id: int) -> LiveTable:
        return self.lobby.get(guild_id, table_id)

    def tables(self, guild_id: int | None = None) -> list[LiveTable]:
        return self.lobby.of(guild_id)

    def find(self, guild_id: int, channel_id: int, user_id: int | None = None) -> LiveTable:
        """The table a command means (``Lobby.find``)."""
        return self.lobby.find(guild_id, channel_id, user_id)

    @staticmethod
    def check_options(game: str, options: Mapping[str, Any] | None) -> None:
        """Refuse a game or options no table could be opened with, before anything is made for
        it (a thread, a message)."""
        Lobby.check_options(game, options)

    async def set_messages(
        self, live: LiveTable, *, thread_id: int | None, message_id: int | None
    ) -> None:
        await self.lobby.set_messages(live, thread_id=thread_id, message_id=message_id)

    async def rematch(self, guild_id: int, table_id: int, user_id: int) -> LiveTable:
        """A finished table played again (``Lobby.rematch``)."""
        return await self.lobby.rematch(guild_id, table_id, user_id)

    async def name_seat(self, guild_id: int, user_id: int, name: str) -> None:
        """Keep a member's new display name with their seats (``Lobby.name_seat``)."""
        await self.lobby.name_seat(guild_id, user_id, name)

    async def join(
        self, guild_id: int, table_id: int, user_id: int, team: int | None = None
    ) -> int:
        return await self.lobby.join(guild_id, table_id, user_id, team)

    async def pick_team(self, guild_id: int, table_id: int, user_id: int, team: int) -> int:
        """Mor 2 vs 2: move to a free seat of ``team`` (``Lobby.pick_team``)."""
        return await self.lobby.pick_team(guild_id, table_id, user_id, team)

    async def leave(self, guild_id: int, table_id: int, user_id: int) -> None:
        await self.lobby.leave(guild_id, table_id, user_id)

    async def add_computer(
        self, guild_id: int, table_id: int, by: int, level: str = DEFAULT_LEVEL
    ) -> int:
        return await self.lobby.add_computer(guild_id, table_id, by, level)

    async def kick(self, guild_id: int, table_id: int, by: int, user_id: int) -> None:
        await self.lobby.kick(guild_id, table_id, by, user_id)

    async def start(
        self, guild_id: int, table_id: int, by: int, resume: Engine | None = None
    ) -> LiveTable:
        """Deal and play on until a member's turn, or go on from ``resume`` (``Lobby.start``)."""
        return await self.lobby.start(guild_id, table_id, by, resume)

    async def cancel(self, guild_id: int, table_id: int, by: int | None) -> None:
        """The host ends a lobby or a game without a result (``by=None``: the idle timeout)."""
        await self.lobby.cancel(guild_id, table_id, by)

    # ------------------------------------------------------------ playing

    def hand(self, guild_id: int, table_id: int, user_id: int) -> HandInfo:
        live = self.get(guild_id, table_id)
        engine = live.playing()
        seat = live.seated(user_id)
        legal = tuple(engine.legal_moves(seat)) if not live.automated(seat) else ()
        my_turn = bool(legal) or engine.turn == seat
        return HandInfo(live, seat, engine.view(seat), legal, live.version, my_turn)

    async def play(
        self,
        guild_id: int,
        table_id: int,
        user_id: int,
        move: Move,
        expected_version: int | None = None,
        confirm: Confirm | None = None,
    ) -> list[Event]:
        """A member's move: seated, their turn, the button current, then the engine decides.
        ``confirm`` answers the member once the move is saved and before the table hears of it
        (its message edited, the next player pinged): nothing is confirmed that a crash could
        still lose, and the mover's own words never wait for the public picture."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            seat = self._playable(live, user_id, move, expected_version)
            return await self._apply(live, seat, move, auto=False, confirm=confirm)

    def check(self, guild_id: int, table_id: int, user_id: int, move: Move) -> None:
        """Refuse ``move`` as ``play`` would, without making it: a typed move that can't be made
        is refused at once, without waiting for the table. ``play`` checks again under the
        lock, so a move made in between (a turn timer's) still refuses it then."""
        self._playable(self.get(guild_id, table_id), user_id, move, None)

    def _playable(
        self, live: LiveTable, user_id: int, move: Move, expected_version: int | None
    ) -> int:
        """The member's seat if they may make ``move`` now, else the Refusal saying why."""
        engine = live.playing()
        seat = live.seated(user_id)
        if expected_version is not None and expected_version != live.version:
            raise Refusal("stale")
        if engine.game_over:
            raise Refusal("game.over")
        if live.taken_over(seat):
            raise Refusal("seat_taken_over")
        if engine.round_over or (engine.turn is not None and engine.turn != seat):
            raise Refusal("game.not_your_turn")
        reason = engine.check(seat, move)
        if reason is not None:
            raise Refusal("illegal", reason)
        return seat

    async def ready(self, guild_id: int, table_id: int, user_id: int) -> bool:
        """A member is ready for the next round; deals it once every member is. True if dealt."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            engine = live.playing()
            seat = live.seated(user_id)
            if engine.game_over:
                raise Refusal("game.over")
            if not engine.round_over:
                raise Refusal("game.round_playing")
            live.ready.add(seat)
            waiting = [
                i for i in range(len(live.seats)) if not live.automated(i) and i not in live.ready
            ]
            if waiting:
                return False
            try:
                await self._next_round(live)
            except Refusal:
                live.ready.discard(seat)  # refused: this member is told nothing changed
                raise
            return True

    async def take_back(self, guild_id: int, table_id: int, user_id: int) -> None:
        """``/table back``: the member plays their own seat again."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            live.playing()
            seat = live.seated(user_id)
            if not live.taken_over(seat):
                raise Refusal("not_taken_over")
            missed = list(live.table.missed_turns)
            missed[seat] = 0
            with refuse_unsaved(live):
                live.table = await self.store.update_timers(
                    guild_id,
                    table_id,
                    expected_version=live.version,
                    turn_deadline=self.timers.deadline(live),
                    missed_turns=missed,
                )
            await self._tell(Notice(NoticeKind.TAKEN_BACK, live, seat=seat, user_id=user_id))
            # The computer may be about to play this seat: let the member's own timer run instead.
            self.timers.schedule(live)

    # ------------------------------------------------------------ restarts

    async def restore(self) -> list[LiveTable]:
        """Rebuild every unfinished table from the store (replaying its record) and restart its
        timers; a table that can't be rebuilt is logged and left as it is."""
        restored = []
        for table in await self.store.all_unfinished_tables(self.shards):
            live = LiveTable(table)
            try:
                if table.status == Status.PLAYING and table.record is not None:
                    live.engine = registry.replay(table.record)
            except Exception:
                logger.exception("Table %d (%s) could not be restored", table.id, table.game)
                continue
            self._live.add(live)
            restored.append(live)
        for live in restored:
            async with live.lock:
                await self._tell(Notice(NoticeKind.RESTORED, live))
                self.timers.schedule(live, deadline=live.table.turn_deadline)
        return restored

    async def close(self) -> None:
        """Shut down cleanly: take no more actions, let the ones in hand (a member's move, a
        computer's move past its pause) finish and be saved, stop every table's waits (the
        store keeps their state for the next start), then close the computers' pool."""
        self._live.closed = True
        await self.timers.finish(self._live.of())
        await self.computers.close()

    async def idle(self, guild_id: int, table_id: int) -> None:
        """Wait until the computers have played and the table waits for a member (for tests and
        the benchmark: computer moves chain through tasks)."""
        await self.timers.idle(self._live.at(guild_id, table_id))

    # ------------------------------------------------------------ inside the lock

    async def _apply(
        self, live: LiveTable, seat: int, move: Move, *, auto: bool, confirm: Confirm | None = None
    ) -> list[Event]:
        engine = live.engine
        assert engine is not None
        try:
            events = engine.apply(seat, move)
        except IllegalMove as e:
            raise Refusal("illegal", e.reason) from None
        missed = list(live.table.missed_turns)
        kept = live.taken_over(seat)  # the computer already keeps this seat
        if not auto and seat < len(missed):
            missed[seat] = 0
        elif auto and not live.automated(seat):
            missed[seat] += 1
        try:
            await self._save(live, events, missed)
        except BaseException:
            self._rewind(live)
            raise
        if confirm is not None:
            try:
                await confirm()
            except Exception:  # the move is saved: a lost answer must not stop the table
                logger.exception("Table %d: confirming a saved move failed", live.id)
        await self._tell(
            Notice(
                NoticeKind.MOVE,
                live,
                seat=seat,
                move=engine.record["moves"][-1],
                events=tuple(events),
                auto=auto,
            )
        )
        if auto and not kept and live.taken_over(seat):  # said once, when it takes the seat
            seated = live.seats[seat]
            await self._tell(
                Notice(
                    NoticeKind.TAKEN_OVER,
                    live,
                    seat=seat,
                    user_id=seated.user_id if seated else None,
                )
            )
        await self._after_change(live)
        return events

    async def _save(self, live: LiveTable, events: Sequence[Event], missed: list[int]) -> None:
        engine = live.engine
        assert engine is not None
        round_result = None
        game_result = None
        for e in events:
            if isinstance(e, RoundOver) and e.result is not None:
                r = e.result
                round_result = RoundOutcome(tuple(r.scores), r.reason, r.closer)
        if engine.game_over:
            # Rated only where every seat was a member at the end: a seat the computer kept for
            # missed turns makes the game unrated, like a computer seat (the store checks those).
            absent = tuple(i for i, m in enumerate(missed) if m >= MISSES_TO_TAKE_OVER)
            game_result = self._game_outcome(engine, rated=not absent, absent=absent)
        with refuse_unsaved(live):
            live.table = await self.store.save_move(
                live.guild_id,
                live.id,
                expected_version=live.version,
                record=engine.record,
                turn_deadline=self.timers.deadline(live, engine=engine, missed=missed),
                missed_turns=missed,
                round_result=round_result,
                game_result=game_result,
            )
        live.failed_saves = 0

    @staticmethod
    def _game_outcome(
        engine: Engine, rated: bool = False, absent: tuple[int, ...] = ()
    ) -> GameOutcome:
        n = engine.n_seats
        totals = tuple(float(x) for x in engine.view(0).totals)
        won = engine.pearls()
        pearls = tuple(int(won.get(s, 0)) for s in range(n))
        return GameOutcome(
            totals, tuple(engine.winners), pearls, engine.low_score_wins, rated, absent
        )

    async def _next_round(self, live: LiveTable) -> None:
        engine = live.engine
        assert engine is not None
        engine.next_round()
        ready, live.ready = live.ready, set()
        try:
            await self._save(live, [], list(live.table.missed_turns))
        except BaseException:
            self._rewind(live)
            live.ready = ready  # still the same round over: who was ready still is
            raise
        await self._tell(Notice(NoticeKind.NEXT_ROUND, live))
        await self._after_change(live)

    @staticmethod
    def _rewind(live: LiveTable) -> None:
        """Nothing reached the store, so the engine must not have moved either: rebuild it from
        the last record the store accepted. Only a failed save pays for this, not every move."""
        record = live.table.record
        assert record is not None  # a table in play has one (only a lobby has none)
        live.engine = registry.replay(record)

    async def _after_change(self, live: LiveTable) -> None:
        engine = live.engine
        assert engine is not None
        if engine.game_over:
            self._live.drop(live)
            self.timers.stop(live)
            await self._tell(Notice(NoticeKind.GAME_OVER, live))
            return
        if engine.round_over:
            live.ready.clear()
            await self._tell(Notice(NoticeKind.ROUND_OVER, live))
        else:
            for seat in live.to_move():
                if not live.automated(seat):
                    seated = live.seats[seat]
                    user = seated.user_id if seated else None
                    await self._tell(Notice(NoticeKind.TURN, live, seat=seat, user_id=user))
        self.timers.schedule(live)

    async def _tell(self, notice: Notice) -> None:
        # A failed message must never undo or block a saved move: log it and go on.
        for listener in (self.listener, *self.watchers):
            if listener is None:
                continue
            try:
                await listener(notice)
            except Exception:
                logger.exception("Table %d: showing %r failed", notice.table.id, notice.kind.value)
