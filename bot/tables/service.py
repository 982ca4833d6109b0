"""The table service: lobbies, seats, turns, timers and persistence. It knows nothing of Discord.

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
import contextlib
import hashlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from bot import ai
from bot.computers.pool import ComputerPool
from bot.games import registry
from bot.games.base import Engine, Event, IllegalMove, Move, Reason, RoundOver
from bot.games.views import View
from bot.i18n import say, t
from bot.store import GameStore
from bot.store.errors import DiskFull, StoreError, StoreUnavailable
from bot.store.models import GameOutcome, RoundOutcome, Seat, Status, Table
from bot.store.shards import Shards

logger = logging.getLogger(__name__)

DEFAULT_LEVEL = "normal"
MISSES_TO_TAKE_OVER = 2
NEXT_ROUND_DELAY = 30.0
LOBBY_IDLE = 30 * 60.0
# A timed action (a computer's move, a turn timer, the next deal) that could not be saved tries
# again after these many seconds, doubling up to the last, until the store can write again.
RETRY_FIRST = 5.0
RETRY_MAX = 300.0

Sleep = Callable[[float], Awaitable[None]]
# Said to the member who made a move once it is saved, before anyone else hears of it.
Confirm = Callable[[], Awaitable[None]]


class Refusal(Exception):
    """An action the service refuses, worded in each reader's language: the catalogue's ``key``
    with ``params``, or the engine's ``reason`` (a ``Reason``) when the rules refuse a move."""

    def __init__(self, key: str, reason: Reason | str | None = None, **params: Any) -> None:
        self.key = key
        self.reason = reason
        self.params = params
        super().__init__(self.text)

    def words(self, lang: str = "en") -> str:
        """The refusal as one sentence in ``lang``."""
        if self.reason is not None:
            return say(self.reason, lang)
        return t(self.key, lang, **self.params)

    @property
    def text(self) -> str:
        """In English, the reference language (logs, tests, the console's default)."""
        return self.words()


class TaskKind(StrEnum):
    """What a table's one waiting task waits for (``LiveTable.task_kind``)."""

    NONE = ""  # no task
    LOBBY = "lobby"  # the idle lobby's closing
    ROUND = "round"  # the pause before the next round
    COMPUTER = "computer"  # a computer's pause before its move
    TIMER = "timer"  # a member's turn timer
    RETRY = "retry"  # a timed action the store refused, tried again later
    ACTING = "acting"  # past its wait, doing its action: ``idle`` and ``close`` wait for it


@dataclass
class LiveTable:
    """A table in memory: the stored row, the engine once started, and its one lock."""

    table: Table
    engine: Engine | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    task: asyncio.Task[None] | None = None
    task_kind: TaskKind = TaskKind.NONE
    ready: set[int] = field(default_factory=set)
    failed_saves: int = 0  # timed actions the store refused in a row: sets the backoff

    @property
    def id(self) -> int:
        return self.table.id

    @property
    def guild_id(self) -> int:
        return self.table.guild_id

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def seats(self) -> tuple[Seat | None, ...]:
        return self.table.seats

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.table.seats):
            if s is not None and s.user_id == user_id:
                return i
        return None

    def taken_over(self, seat: int) -> bool:
        missed = self.table.missed_turns
        return seat < len(missed) and missed[seat] >= MISSES_TO_TAKE_OVER

    def automated(self, seat: int) -> bool:
        """Played by the computer now: a computer seat, or a member's seat it has taken over."""
        s = self.table.seats[seat]
        return s is None or s.is_computer or self.taken_over(seat)

    def level(self, seat: int) -> str:
        s = self.table.seats[seat]
        return s.computer if s is not None and s.computer else DEFAULT_LEVEL

    def members(self) -> list[int]:
        return [s.user_id for s in self.table.seats if s is not None and s.user_id is not None]

    def teams(self) -> bool:
        """Mor 2 vs 2 is the one game where players pick a team (partners sit opposite)."""
        return self.table.game == "mor" and len(self.table.seats) == 4


class NoticeKind(StrEnum):
    """What happened at a table, for the Discord layer to show."""

    LOBBY = "lobby"  # the lobby changed (a seat taken or left, a computer added)
    STARTED = "started"
    CANCELLED = "cancelled"
    MOVE = "move"
    TURN = "turn"  # a member's turn: ``user_id`` is pinged
    TAKEN_OVER = "taken_over"  # the computer plays a member's seat from now on
    TAKEN_BACK = "taken_back"
    ROUND_OVER = "round_over"
    NEXT_ROUND = "next_round"
    GAME_OVER = "game_over"
    RESTORED = "restored"  # the table came back after a restart


@dataclass(frozen=True)
class Notice:
    """Something that happened at a table, for the Discord layer to show. ``auto`` is set when
    the computer played a member's turn (timer ran out or seat taken over)."""

    kind: NoticeKind
    table: LiveTable
    seat: int | None = None
    move: Mapping[str, Any] | None = None
    events: tuple[Event, ...] = ()
    auto: bool = False
    user_id: int | None = None


Listener = Callable[[Notice], Awaitable[None]]


@dataclass(frozen=True)
class HandInfo:
    """What one member may see and do now: their seat's view and the engine's legal moves."""

    table: LiveTable
    seat: int
    view: View
    legal: tuple[Move, ...]
    version: int
    my_turn: bool


PRACTICE = "practice"
# A practice table dealt as a game's guided round: its coach (bot.learning.lessons.guided) works from the
# table's record alone, so this mark is all a restart needs to bring the coach back.
GUIDED = "guided"
# A practice table begun at a position of an earlier game (a review's "try again from here"):
# the position its record begins play at, so its own review looks at the moves from there on.
PRACTICE_FROM = "practice_from"
# A tournament's table: {"id", "round", "number"} of its slot (bot.tournament.service). A
# rematch drops it with the other marks: the tournament's table was the game played.
TOURNAMENT = "tournament"
TABLE_MARKS = (PRACTICE, GUIDED, PRACTICE_FROM, TOURNAMENT)


def engine_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A table's options as its engine takes them: the practice marks are the table's, not the
    game's (Run Fast refuses any option it doesn't know)."""
    return {k: v for k, v in options.items() if k not in TABLE_MARKS}


def public_view(engine: Engine) -> View:
    """What everyone at the table may see (the live table's picture and text): every engine's
    view of a non-seat is a spectator's, with no hand."""
    return engine.view(-1)


# Computer players' given names (catalogue keys ``computer.name.1`` … in each language), short
# so a seat plate shows them whole on a phone. A table's seats get distinct ones, derived from the
# table id and seat alone, so they read the same after a restart.
COMPUTER_NAMES = 12
# Steps through the names that are coprime with their count: every seat of a table (at most
# four, fewer than the names) lands on a different name.
_NAME_STEPS = (1, 5, 7, 11)


def computer_name_key(table_id: int, seat: int) -> str:
    """The catalogue key of the given name of the computer at ``seat`` of table ``table_id``."""
    digest = hashlib.sha256(f"diwaniya-computer:{table_id}".encode()).digest()
    start, step = digest[0] % COMPUTER_NAMES, _NAME_STEPS[digest[1] % len(_NAME_STEPS)]
    return f"computer.name.{(start + seat * step) % COMPUTER_NAMES + 1}"


def _utc(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


# The refusals that mean "the store could not write just now, nothing changed": a member hears
# one of them, and a timed action that meets one tries again later.
UNSAVED = ("disk_full", "store_unavailable")


def unsaved(error: StoreUnavailable) -> Refusal:
    """A store that could not be used just now, as the one sentence a member hears: a full
    disk says so, any other failure (locked by another program, read-only, an I/O error) says
    only that nothing was saved."""
    return Refusal("disk_full" if isinstance(error, DiskFull) else "store_unavailable")


@contextlib.contextmanager
def _refuse_unsaved(live: LiveTable | None = None) -> Iterator[None]:
    """A write the store could not make just now is refused in one sentence; the store rolled
    it back, and callers rewind what they changed in memory."""
    try:
        yield
    except StoreUnavailable as e:
        logger.error("Table %s: %s", live.id if live else "(new)", e)
        raise unsaved(e) from None


class TableService:
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
        self.bot_delay = bot_delay
        self.next_round_delay = next_round_delay
        self.lobby_idle = lobby_idle
        self._sleep = sleep
        self._clock = clock
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(2**31))
        self._tables: dict[tuple[int, int], LiveTable] = {}
        self._rematch_lock = asyncio.Lock()
        self._closed = False

    # ------------------------------------------------------------ finding tables

    def get(self, guild_id: int, table_id: int) -> LiveTable:
        if self._closed:  # shutting down: what is saved stays, nothing new is begun
            raise Refusal("shutting_down")
        live = self._tables.get((guild_id, table_id))
        if live is None:
            raise Refusal("no_table_id")
        return live

    def tables(self, guild_id: int | None = None) -> list[LiveTable]:
        return [lt for (g, _), lt in self._tables.items() if guild_id is None or g == guild_id]

    def find(self, guild_id: int, channel_id: int, user_id: int | None = None) -> LiveTable:
        """The table a command means: the one whose thread this is, else the member's table in
        this channel, else the channel's newest table.

        A practice table belongs to its member alone: it is never found for anyone else's
        command, and for its member only when the channel holds no real table (their command
        there is about the real one; their practice table has its own thread or its own hand
        controls)."""
        here = [
            lt
            for lt in self.tables(guild_id)
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

    def hand(self, guild_id: int, table_id: int, user_id: int) -> HandInfo:
        live = self.get(guild_id, table_id)
        engine = self._engine(live)
        seat = self._seat(live, user_id)
        legal = tuple(engine.legal_moves(seat)) if not live.automated(seat) else ()
        my_turn = bool(legal) or engine.turn == seat
        return HandInfo(live, seat, engine.view(seat), legal, live.version, my_turn)

    # ------------------------------------------------------------ lobby

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
        if self._closed:
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
            with _refuse_unsaved():
                turn_timer = (await self.store.guild_settings(guild_id)).turn_timer
        placed: list[Seat | None] = [None] * probe.n_seats
        if seats is None:
            placed[0] = Seat.member(host_id, self.names(host_id))
        elif len(seats) == probe.n_seats:
            placed = list(seats)
        else:  # a stored table whose game no longer seats as many: it can't be played again
            raise Refusal("no_rematch")
        with _refuse_unsaved():
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
        self._tables[(guild_id, table.id)] = live
        async with live.lock:
            self._schedule(live)
        return live

    async def name_seat(self, guild_id: int, user_id: int, name: str) -> None:
        """Keep a member's display name ``name`` with each of their tables in the server where
        it differs from the one kept (they joined before it was known, or changed it), so the
        table's text and picture name them after a restart too. A name is no move: a store
        that can't be written just now keeps the old one until the next try."""
        for live in self.tables(guild_id):
            seat = live.seat_of(user_id)
            if seat is None or live.seats[seat].name == name:  # type: ignore[union-attr]
                continue
            async with live.lock:
                if live.seat_of(user_id) != seat or (guild_id, live.id) not in self._tables:
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

    def check_options(self, game: str, options: Mapping[str, Any] | None) -> None:
        """Refuse a game or options no table could be opened with, before anything is made for
        it (a thread, a message)."""
        self._probe(game, options, 0)

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
        with _refuse_unsaved(live):
            live.table = await self.store.set_messages(
                live.guild_id, live.id, thread_id=thread_id, message_id=message_id
            )

    async def join(
        self, guild_id: int, table_id: int, user_id: int, team: int | None = None
    ) -> int:
        live = self.get(guild_id, table_id)
        async with live.lock:
            self._lobby(live)
            if live.seat_of(user_id) is not None:
                raise Refusal("already_seated")
            seats = list(live.seats)
            seat = self._free_seat(live, seats, team)
            seats[seat] = Seat.member(user_id, self.names(user_id))
            await self._save_lobby(live, seats)
        return seat

    async def pick_team(self, guild_id: int, table_id: int, user_id: int, team: int) -> int:
        """Mor 2 vs 2: move to a free seat of ``team`` (seats 0 and 2 are team 1, 1 and 3 team
        2), joining the table first if needed."""
        live = self.get(guild_id, table_id)
        if not live.teams():
            raise Refusal("no_teams")
        async with live.lock:
            self._lobby(live)
            seats = list(live.seats)
            old = live.seat_of(user_id)
            if old is not None and old % 2 == team:
                return old
            seat = self._free_seat(live, seats, team)
            if old is not None:
                seats[old] = None
            seats[seat] = Seat.member(user_id, self.names(user_id))
            await self._save_lobby(live, seats)
        return seat

    async def leave(self, guild_id: int, table_id: int, user_id: int) -> None:
        live = self.get(guild_id, table_id)
        async with live.lock:
            self._lobby(live)
            seat = self._seat(live, user_id)
            if user_id == live.table.host_id:
                raise Refusal("host_cannot_leave")
            seats = list(live.seats)
            seats[seat] = None
            await self._save_lobby(live, seats)

    async def add_computer(
        self, guild_id: int, table_id: int, by: int, level: str = DEFAULT_LEVEL
    ) -> int:
        live = self.get(guild_id, table_id)
        if level not in ai.LEVELS:
            raise Refusal("bad_level", levels=", ".join(ai.LEVELS))
        async with live.lock:
            self._lobby(live)
            self._host(live, by)
            seats = list(live.seats)
            seat = self._free_seat(live, seats, None)
            seats[seat] = Seat.bot(level)
            await self._save_lobby(live, seats)
        return seat

    async def kick(self, guild_id: int, table_id: int, by: int, user_id: int) -> None:
        live = self.get(guild_id, table_id)
        async with live.lock:
            self._lobby(live)
            self._host(live, by)
            seat = live.seat_of(user_id)
            if seat is None or user_id == by:
                raise Refusal("no_such_seat")
            seats = list(live.seats)
            seats[seat] = None
            await self._save_lobby(live, seats)

    async def cancel(self, guild_id: int, table_id: int, by: int | None) -> None:
        """The host ends a lobby or a game without a result (``by=None``: the idle timeout)."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            if by is not None:
                self._host(live, by)
            with _refuse_unsaved(live):
                live.table = await self.store.cancel_table(guild_id, table_id)
            self._tables.pop((guild_id, table_id), None)
            self._stop(live)
            await self._tell(Notice(NoticeKind.CANCELLED, live))

    async def start(
        self, guild_id: int, table_id: int, by: int, resume: Engine | None = None
    ) -> LiveTable:
        """Fill empty seats with computers, deal, and play on until a member's turn; or, given
        a game under way (``resume``, rebuilt from a record), go on from where it stands."""
        live = self.get(guild_id, table_id)
        async with live.lock:
            self._lobby(live)
            self._host(live, by)
            seats = [s if s is not None else Seat.bot(DEFAULT_LEVEL) for s in live.seats]
            if resume is None:
                engine = registry.new_game(
                    live.table.game, engine_options(live.table.options), live.table.seed
                )
            else:
                engine = self._resumed(live, resume)
            live.engine = engine  # so the first turn's deadline can be worked out
            try:
                with _refuse_unsaved(live):
                    live.table = await self.store.start_table(
                        guild_id,
                        table_id,
                        record=engine.record,
                        seats=seats,
                        turn_deadline=self._deadline(live),
                    )
            except BaseException:
                live.engine = None
                raise
            await self._tell(Notice(NoticeKind.STARTED, live))
            await self._after_change(live)
        return live

    async def rematch(self, guild_id: int, table_id: int, user_id: int) -> LiveTable:
        """A finished table played again: a new lobby where it played (same channel and
        thread), the same game, options and turn timer, everyone in the same seat (members and
        computers of the same level), hosted by ``user_id``, who must have been seated; the
        host starts it. Read from the store, so it works for a table finished before a restart;
        one rematch at a time: while a lobby or game with the same seats is unfinished in that
        channel, it is the rematch."""
        async with self._rematch_lock:  # two presses at once open one table, not two
            with _refuse_unsaved():
                old = await self.store.get_table(guild_id, table_id)
            if old is None or old.status != Status.FINISHED:
                raise Refusal("no_rematch")
            members = [s.user_id for s in old.seats if s is not None and s.user_id is not None]
            if user_id not in members:
                raise Refusal("rematch_not_seated", table=table_id)
            with _refuse_unsaved():
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

    # ------------------------------------------------------------ playing

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
        engine = self._engine(live)
        seat = self._seat(live, user_id)
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
            engine = self._engine(live)
            seat = self._seat(live, user_id)
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
            self._engine(live)
            seat = self._seat(live, user_id)
            if not live.taken_over(seat):
                raise Refusal("not_taken_over")
            missed = list(live.table.missed_turns)
            missed[seat] = 0
            with _refuse_unsaved(live):
                live.table = await self.store.update_timers(
                    guild_id,
                    table_id,
                    expected_version=live.version,
                    turn_deadline=self._deadline(live),
                    missed_turns=missed,
                )
            await self._tell(Notice(NoticeKind.TAKEN_BACK, live, seat=seat, user_id=user_id))
            # The computer may be about to play this seat: let the member's own timer run instead.
            self._schedule(live)

    @staticmethod
    def _resumed(live: LiveTable, engine: Engine) -> Engine:
        """``engine``, if this table can play on from it: the same game, as many seats, and a
        move to make (not between rounds, not over)."""
        if (
            engine.game != live.table.game
            or engine.n_seats != len(live.seats)
            or engine.round_over
            or engine.game_over
        ):
            raise Refusal("review.cannot_resume")
        return engine

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
            self._tables[(table.guild_id, table.id)] = live
            restored.append(live)
        for live in restored:
            async with live.lock:
                await self._tell(Notice(NoticeKind.RESTORED, live))
                self._schedule(live, deadline=live.table.turn_deadline)
        return restored

    async def close(self) -> None:
        """Shut down cleanly: take no more actions, let the ones in hand (a member's move, a
        computer's move past its pause) finish and be saved, stop every table's waits (the
        store keeps their state for the next start), then close the computers' pool."""
        self._closed = True
        tables = list(self._tables.values())
        acting = [
            lt.task for lt in tables if lt.task is not None and lt.task_kind == TaskKind.ACTING
        ]
        waiting = [lt.task for lt in tables if lt.task is not None and lt.task not in acting]
        for live in tables:
            if live.task not in acting:
                self._stop(live)
        for task in (*waiting, *acting):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for live in tables:  # a member's move under way holds its table's lock until saved
            async with live.lock:
                self._stop(live)
        await self.computers.close()

    async def idle(self, guild_id: int, table_id: int) -> None:
        """Wait until the computers have played and the table waits for a member (for tests and
        the benchmark: computer moves chain through tasks)."""
        live = self._tables.get((guild_id, table_id))
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
        with _refuse_unsaved(live):
            live.table = await self.store.save_move(
                live.guild_id,
                live.id,
                expected_version=live.version,
                record=engine.record,
                turn_deadline=self._deadline(live, engine=engine, missed=missed),
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
            self._tables.pop((live.guild_id, live.id), None)
            self._stop(live)
            await self._tell(Notice(NoticeKind.GAME_OVER, live))
            return
        if engine.round_over:
            live.ready.clear()
            await self._tell(Notice(NoticeKind.ROUND_OVER, live))
        else:
            for seat in self._to_move(live):
                if not live.automated(seat):
                    seated = live.seats[seat]
                    user = seated.user_id if seated else None
                    await self._tell(Notice(NoticeKind.TURN, live, seat=seat, user_id=user))
        self._schedule(live)

    def _to_move(self, live: LiveTable) -> list[int]:
        engine = live.engine
        assert engine is not None
        if engine.round_over or engine.game_over:
            return []
        if engine.turn is not None:
            return [engine.turn]
        # No single turn (e.g. simultaneous bids): whoever has a legal move.
        return [s for s in range(engine.n_seats) if engine.legal_moves(s)]

    def _deadline(
        self, live: LiveTable, *, engine: Engine | None = None, missed: Sequence[int] | None = None
    ) -> datetime | None:
        engine = engine or live.engine
        timer = live.table.turn_timer
        if engine is None or timer <= 0 or engine.round_over or engine.game_over:
            return None
        counts = missed if missed is not None else live.table.missed_turns
        for seat in self._to_move(live):
            s = live.seats[seat]
            if s is not None and s.user_id is not None and counts[seat] < MISSES_TO_TAKE_OVER:
                return _utc(self._clock() + timer)
        return None

    # ------------------------------------------------------------ the table's one task

    def _schedule(self, live: LiveTable, deadline: datetime | None = None) -> None:
        """Start the one waiting task the table needs now: a computer's move, a member's turn
        timer, the pause before the next round, or the idle lobby's closing."""
        self._stop(live)
        if self._closed:
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
        seats = self._to_move(live)
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

    def _stop(self, live: LiveTable) -> None:
        task, live.task, live.task_kind = live.task, None, TaskKind.NONE
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()

    async def _guarded(
        self, live: LiveTable, version: int, action: Callable[[], Awaitable[Any]]
    ) -> None:
        """Run a timed action under the lock if the table hasn't moved on meanwhile."""
        if live.task is asyncio.current_task():
            live.task_kind = TaskKind.ACTING  # past its wait: ``idle`` now waits for it
        async with live.lock:
            if live.version != version or (live.guild_id, live.id) not in self._tables:
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

        self._stop(live)
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
        if live.table.status != Status.LOBBY or (live.guild_id, live.id) not in self._tables:
            return
        async with live.lock:
            try:
                with _refuse_unsaved(live):
                    live.table = await self.store.cancel_table(live.guild_id, live.id)
            except Refusal:
                self._schedule(live)  # still a lobby: try closing it after another idle spell
                return
            self._tables.pop((live.guild_id, live.id), None)
            live.task = None
            await self._tell(Notice(NoticeKind.CANCELLED, live))

    # ------------------------------------------------------------ small checks

    async def _tell(self, notice: Notice) -> None:
        # A failed message must never undo or block a saved move: log it and go on.
        for listener in (self.listener, *self.watchers):
            if listener is None:
                continue
            try:
                await listener(notice)
            except Exception:
                logger.exception("Table %d: showing %r failed", notice.table.id, notice.kind.value)

    def _engine(self, live: LiveTable) -> Engine:
        if live.engine is None:
            raise Refusal("not_playing")
        return live.engine

    @staticmethod
    def _seat(live: LiveTable, user_id: int) -> int:
        seat = live.seat_of(user_id)
        if seat is None:
            raise Refusal("game.not_seated")
        return seat

    @staticmethod
    def _lobby(live: LiveTable) -> None:
        if live.table.status != Status.LOBBY:
            raise Refusal("not_lobby")

    @staticmethod
    def _host(live: LiveTable, user_id: int) -> None:
        if user_id != live.table.host_id:
            raise Refusal("not_host")

    @staticmethod
    def _free_seat(live: LiveTable, seats: Sequence[Seat | None], team: int | None) -> int:
        if team is not None and not live.teams():
            raise Refusal("no_teams")
        free = [i for i, s in enumerate(seats) if s is None and (team is None or i % 2 == team)]
        if not free:
            raise Refusal("team_full" if team is not None else "table_full")
        return free[0]

    async def _save_lobby(self, live: LiveTable, seats: Sequence[Seat | None]) -> None:
        with _refuse_unsaved(live):
            live.table = await self.store.update_lobby(live.guild_id, live.id, seats=seats)
        await self._tell(Notice(NoticeKind.LOBBY, live))
        self._schedule(live)  # any change keeps an idle lobby open
