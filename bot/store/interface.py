"""The one store interface the table service, the cogs and the console use, whatever the engine.

``open_store`` (``bot.store``) gives a SQLite store for a file path and a PostgreSQL one for a
``postgresql://`` URL; both satisfy ``GameStore``, and nothing above the store asks which it got.
``shared`` is the one thing the engine tells its callers: whether other processes write the same
database, so nothing read from it may be kept in memory as though this process were its only
writer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self, runtime_checkable

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
    Standing,
    StepProgress,
    StoreInfo,
    Table,
)
from bot.store.ratings import Rating
from bot.store.shards import Shards
from bot.store.tournaments import (
    Entry,
    EntryStatus,
    Result,
    Slot,
    Tournament,
    TournamentStatus,
)


@runtime_checkable
class GameStore(Protocol):
    engine: str  # "sqlite" or "postgresql", for logs and the console's status line
    shared: bool
    path: str  # the file, or the URL without its password
    schema_version: int
    # Called if the store loses its hold on this process's shards (see hold_shards): another
    # process may take them over, so this one must stop driving their tables.
    on_shards_lost: Callable[[], None] | None

    async def close(self) -> None: ...
    async def __aenter__(self) -> Self: ...
    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    async def info(self) -> StoreInfo: ...

    # tables
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
    ) -> Table: ...
    async def get_table(self, guild_id: int, table_id: int) -> Table | None: ...
    async def unfinished_tables(self, guild_id: int) -> list[Table]: ...
    async def all_unfinished_tables(self, shards: Shards | None = None) -> list[Table]: ...
    async def hold_shards(self, shards: Shards | None) -> None:
        """Claim the shards (None: every shard) for this process until the store is closed, or
        raise ``ShardTaken`` naming one another process holds."""

    async def update_lobby(
        self,
        guild_id: int,
        table_id: int,
        *,
        seats: Sequence[Seat | None] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        turn_timer: int | None = None,
    ) -> Table: ...
    async def start_table(
        self,
        guild_id: int,
        table_id: int,
        *,
        record: Mapping[str, Any],
        seats: Sequence[Seat | None] | None = None,
        turn_deadline: datetime | None = None,
    ) -> Table: ...
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
    ) -> Table: ...
    async def update_timers(
        self,
        guild_id: int,
        table_id: int,
        *,
        expected_version: int,
        turn_deadline: datetime | None,
        missed_turns: Sequence[int] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> Table: ...
    async def set_messages(
        self, guild_id: int, table_id: int, *, thread_id: int | None, message_id: int | None
    ) -> Table: ...
    async def cancel_table(self, guild_id: int, table_id: int) -> Table: ...

    # results and rankings
    async def table_rounds(self, guild_id: int, table_id: int) -> list[RoundRecord]: ...
    async def table_game(self, guild_id: int, table_id: int) -> GameRecord | None: ...
    async def recent_games(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> list[GameRecord]: ...
    async def top(
        self,
        guild_id: int,
        game: str | None = None,
        limit: int = 10,
        *,
        with_computers: bool | None = None,
    ) -> list[Standing]: ...
    async def member_rank(
        self,
        guild_id: int,
        user_id: int,
        game: str | None = None,
        *,
        with_computers: bool | None = None,
    ) -> Standing | None: ...
    async def member_stats(
        self, guild_id: int, user_id: int, *, with_computers: bool | None = None
    ) -> MemberStats: ...

    # skill ratings
    async def rating_top(self, guild_id: int, fmt: str, limit: int = 10) -> list[RatedLine]: ...
    async def member_ratings(self, guild_id: int, user_id: int) -> dict[str, RatedLine]: ...
    async def rerate(self) -> tuple[int, int]: ...

    # names kept with the seats, and rating history
    async def kept_names(
        self, guild_id: int, table_ids: Sequence[int]
    ) -> dict[int, tuple[str | None, ...]]: ...
    async def member_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]: ...
    async def rating_history(self, guild_id: int, user_id: int) -> dict[str, list[Rating]]: ...

    # lesson progress (a member's, on every server)
    async def record_lesson_answer(
        self, user_id: int, game: str, step: int, right: bool
    ) -> None: ...
    async def record_lesson_skip(self, user_id: int, game: str, step: int) -> None: ...
    async def lesson_progress(self, user_id: int, game: str) -> list[StepProgress]: ...

    # settings
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...
    async def save_guild_settings(self, settings: GuildSettings) -> GuildSettings: ...
    async def member_settings(self, user_id: int) -> MemberSettings: ...
    async def save_member_settings(self, settings: MemberSettings) -> MemberSettings: ...
    async def change_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings: ...
    async def change_member_settings(self, user_id: int, **changes: Any) -> MemberSettings: ...

    # tournaments (bot.store.tournaments)
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
    ) -> Tournament: ...
    async def get_tournament(self, guild_id: int, tournament_id: int) -> Tournament | None: ...
    async def guild_tournaments(self, guild_id: int, limit: int = 10) -> list[Tournament]: ...
    async def unfinished_tournaments(self) -> list[Tournament]: ...
    async def update_tournament(
        self,
        tournament: Tournament,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        state: Mapping[str, Any] | None = None,
        slots: Sequence[tuple[int, Sequence[int | None]]] = (),
        byes: Sequence[int] = (),
    ) -> Tournament: ...
    async def set_tournament_messages(
        self,
        guild_id: int,
        tournament_id: int,
        *,
        message_id: int | None = None,
        event_id: int | None = None,
    ) -> Tournament: ...
    async def tournament_entries(self, tournament_id: int) -> list[Entry]: ...
    async def join_tournament(
        self, tournament: Tournament, user_id: int, name: str | None, *, limit: int | None = None
    ) -> None: ...
    async def leave_tournament(self, tournament: Tournament, user_id: int) -> None: ...
    async def set_entry_status(
        self, tournament_id: int, user_id: int, status: EntryStatus
    ) -> None: ...
    async def link_table(
        self, tournament_id: int, round: int, number: int, table_id: int
    ) -> None: ...
    async def tournament_slots(self, tournament_id: int) -> list[Slot]: ...
    async def tournament_results(self, tournament_id: int) -> list[Result]: ...
    async def tournament_byes(self, tournament_id: int) -> dict[int, int]: ...
