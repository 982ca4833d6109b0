"""The frozen dataclasses the store hands out and takes in; nothing outside the store sees a row.

Times are timezone-aware UTC datetimes and durations timedeltas. ``options`` and ``record`` are
plain JSON data parsed afresh for every read, so changing one never changes the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.store.ratings import Change, Rating


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a member (``user_id``) or a computer player (``computer``, its level).
    ``name`` is a member's display name as last seen, kept with the table so its text and
    picture name them after a restart too; it is no part of who sits there (not compared)."""

    user_id: int | None = None
    computer: str | None = None
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.computer is None):
            raise ValueError("A seat holds either a member or a computer player.")

    @classmethod
    def member(cls, user_id: int, name: str | None = None) -> Seat:
        return cls(user_id=user_id, name=name)

    @classmethod
    def bot(cls, level: str) -> Seat:
        return cls(computer=level)

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True)
class Table:
    """A table as last written. ``version`` is the number of moves in ``record``."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    host_id: int
    game: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[Seat | None, ...]  # None: an empty seat in a lobby
    record: Mapping[str, Any] | None  # the table file that replays to now; None in a lobby
    version: int
    status: Status
    turn_timer: int  # seconds; 0: no timer
    turn_deadline: datetime | None
    missed_turns: tuple[int, ...]  # one counter per seat
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


@dataclass(frozen=True)
class RoundOutcome:
    """A finished round, as the engine's ``RoundResult`` gives it, to record with the move."""

    scores: tuple[float, ...]
    reason: str
    closer: int | None = None


@dataclass(frozen=True)
class GameOutcome:
    """A finished game, to record with its last move.

    The engine decides the totals per seat, the winning seats and each seat's pearls
    (``engine.pearls()``); ``low_score_wins`` says a lower total is the better result (Hand).
    """

    totals: tuple[float, ...]
    winners: tuple[int, ...]
    pearls: tuple[int, ...]
    low_score_wins: bool = False
    # Every seat was a member at the end (none played by the computer for missed turns): the
    # game moves the members' skill ratings. The store also requires no computer seat and no
    # practice table.
    rated: bool = False
    # Seats the computer kept at the end because their member missed turns: a tournament counts
    # the game as missed by that member.
    absent: tuple[int, ...] = ()


@dataclass(frozen=True)
class RoundRecord:
    id: int
    table_id: int
    number: int  # 1, 2, 3 … within the table
    seats: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: str
    closer: int | None
    duration: timedelta
    finished_at: datetime


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int | None
    computer: str | None
    score: float
    won: bool
    pearls: int


@dataclass(frozen=True)
class GameRecord:
    """A finished game with who played and how each seat ended."""

    id: int
    table_id: int
    game: str
    options: Mapping[str, Any]
    rounds: int
    with_computers: bool
    duration: timedelta
    finished_at: datetime
    seats: tuple[SeatResult, ...]
    rated: bool = False  # every seat was a member at the end, so it moved their ratings
    changes: Mapping[int, Change] = field(default_factory=dict)  # by member, when rated


@dataclass(frozen=True)
class Standing:
    """A member's line in a ranking (one game, or every game when the ranking is overall).

    ``computer_games`` counts the games with computer players included in the line, so a
    leaderboard can mark them; it is 0 when the server ranks without them.
    ``best`` is None for the overall line (scores of different games don't compare).
    """

    rank: int
    user_id: int
    games: int
    wins: int
    points: float
    pearls: int
    best: float | None
    computer_games: int


@dataclass(frozen=True)
class RatedLine:
    """A member's skill rating in one format (``bot.store.ratings.rating_format``) and their place on the
    server's ladder for it: by the shown (conservative) rating, equal ones sharing a place."""

    rank: int
    user_id: int
    format: str
    rating: Rating


@dataclass(frozen=True)
class MemberStats:
    user_id: int
    overall: Standing | None  # None: no finished game on this server yet
    by_game: Mapping[str, Standing] = field(default_factory=dict)


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    language: str = "en"
    turn_timer: int = 120  # seconds; 0: no timer
    default_variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rank_computer_games: bool = True  # games with computers count in rankings (and are marked)


@dataclass(frozen=True)
class MemberSettings:
    user_id: int
    language: str | None = None  # None: the server's language
    card_style: str = "classic"  # e.g. "four_colour"
    sort_order: str = "suit"


@dataclass(frozen=True)
class StepProgress:
    """A member's answers to one lesson step: how many, whether it is done, and whether the
    first answer was the right one."""

    step: int
    tries: int
    done: bool
    first_try: bool


@dataclass(frozen=True)
class StoreInfo:
    path: str
    schema_version: int
    journal_mode: str
    foreign_keys: bool
    synchronous: str
