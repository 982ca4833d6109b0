"""A live table and what the table service says about one: the words of a refusal, the notices
of what happened, a member's hand, the marks a table carries in its options, and the tables this
process drives (``LiveTables``)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.ai import Level
from bot.games.base import Engine, Event, Move, Reason
from bot.games.views import View
from bot.i18n import say, t
from bot.store.errors import DiskFull, StoreUnavailable
from bot.store.models import Seat, Table

logger = logging.getLogger(__name__)

DEFAULT_LEVEL = Level.NORMAL
MISSES_TO_TAKE_OVER = 2

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
    # A practice table's last hint, with the version and seat it was found for: each press of
    # the Hint's stages shows the same move (a search under load could find another one).
    last_hint: tuple[int, int, Any] | None = None

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

    def seated(self, user_id: int) -> int:
        """The member's seat, or the Refusal saying they have none here."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("game.not_seated")
        return seat

    def playing(self) -> Engine:
        """The game under way, or the Refusal saying the table has none (still a lobby)."""
        if self.engine is None:
            raise Refusal("not_playing")
        return self.engine

    def to_move(self) -> list[int]:
        """The seats that move now: the turn's, or whoever has a legal move when there is no
        single turn (e.g. simultaneous bids); none between rounds or once the game is over."""
        engine = self.engine
        assert engine is not None
        if engine.round_over or engine.game_over:
            return []
        if engine.turn is not None:
            return [engine.turn]
        return [s for s in range(engine.n_seats) if engine.legal_moves(s)]

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


class LiveTables:
    """The tables this process drives, by server and table id, and whether it is shutting down
    (then nothing new is begun and no table is found for a command)."""

    def __init__(self) -> None:
        self._by_id: dict[tuple[int, int], LiveTable] = {}
        self.closed = False

    def get(self, guild_id: int, table_id: int) -> LiveTable:
        if self.closed:  # shutting down: what is saved stays, nothing new is begun
            raise Refusal("shutting_down")
        live = self.at(guild_id, table_id)
        if live is None:
            raise Refusal("no_table_id")
        return live

    def at(self, guild_id: int, table_id: int) -> LiveTable | None:
        """The table if this process drives it, even while shutting down."""
        return self._by_id.get((guild_id, table_id))

    def of(self, guild_id: int | None = None) -> list[LiveTable]:
        """The server's tables (every server's: ``None``), oldest first."""
        return [lt for (g, _), lt in self._by_id.items() if guild_id is None or g == guild_id]

    def add(self, live: LiveTable) -> None:
        self._by_id[(live.guild_id, live.id)] = live

    def drop(self, live: LiveTable) -> None:
        """The table is over (finished or cancelled): no command or timer finds it any more."""
        self._by_id.pop((live.guild_id, live.id), None)

    def holds(self, live: LiveTable) -> bool:
        return (live.guild_id, live.id) in self._by_id


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


# The refusals that mean "the store could not write just now, nothing changed": a member hears
# one of them, and a timed action that meets one tries again later.
UNSAVED = ("disk_full", "store_unavailable")


def unsaved(error: StoreUnavailable) -> Refusal:
    """A store that could not be used just now, as the one sentence a member hears: a full
    disk says so, any other failure (locked by another program, read-only, an I/O error) says
    only that nothing was saved."""
    return Refusal("disk_full" if isinstance(error, DiskFull) else "store_unavailable")


@contextlib.contextmanager
def refuse_unsaved(live: LiveTable | None = None) -> Iterator[None]:
    """A write the store could not make just now is refused in one sentence; the store rolled
    it back, and callers rewind what they changed in memory."""
    try:
        yield
    except StoreUnavailable as e:
        logger.error("Table %s: %s", live.id if live else "(new)", e)
        raise unsaved(e) from None
