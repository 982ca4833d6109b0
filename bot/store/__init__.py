"""Diwaniya's store: ``store = await open_store(path_or_url)`` … ``await store.close()``.

A file path opens SQLite (``bot.store.sqlite``, the default); a ``postgresql://`` URL opens
PostgreSQL (``bot.store.postgres``). Both are a ``GameStore`` and an ``SQLStore``
(``bot.store.sql_store``, which with ``bot.store.sql`` owns all SQL), and everything else gets
the frozen dataclasses re-exported here.
"""

import os

from bot.store.errors import (
    CorruptDatabase,
    DiskFull,
    ForeignDatabase,
    MigrationFailed,
    NewerDatabase,
    OtherShardCount,
    ReadOnlyDatabase,
    ShardTaken,
    SQLiteTooOld,
    StaleVersion,
    StoreError,
    StoreUnavailable,
    TableNotFound,
    UnusableDatabase,
    WrongStatus,
)
from bot.store.interface import GameStore
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
    SeatResult,
    Standing,
    Status,
    StepProgress,
    StoreInfo,
    Table,
)
from bot.store.shards import Shards
from bot.store.sql_store import SQLStore
from bot.store.sqlite import SQLiteStore
from bot.store.sqlite_file import DEFAULT_PATH, refuse_split
from bot.store.urls import is_postgres, redact


async def open_store(
    target: str | os.PathLike[str] = DEFAULT_PATH,
    *,
    shards: Shards | None = None,
    hold: bool = False,
) -> GameStore:
    """The store ``DIWANIYA_DB`` names: PostgreSQL for a ``postgresql://`` URL, else the SQLite
    file at that path. Raises ``UnusableDatabase`` (one sentence) where it can't be used.

    With ``hold`` it is a bot process's store, holding its ``shards`` (None: every shard) until
    it is closed (``GameStore.hold_shards``). They are claimed before anything is written: a
    process refused them (``ShardTaken``) leaves the database as it was, and no file is made.
    """
    if is_postgres(target):
        from bot.store.postgres import PostgresStore  # asyncpg only where it is used

        return await PostgresStore.open(os.fspath(target), shards=shards, hold=hold)
    if hold:
        refuse_split(os.fspath(target), shards)
    return await SQLiteStore.open(target)


__all__ = [
    "DEFAULT_PATH",
    "CorruptDatabase",
    "DiskFull",
    "ForeignDatabase",
    "GameOutcome",
    "GameRecord",
    "GameStore",
    "GuildSettings",
    "MemberSettings",
    "MemberStats",
    "MigrationFailed",
    "NewerDatabase",
    "OtherShardCount",
    "RatedLine",
    "ReadOnlyDatabase",
    "RoundOutcome",
    "RoundRecord",
    "SQLStore",
    "SQLiteStore",
    "SQLiteTooOld",
    "Seat",
    "SeatResult",
    "ShardTaken",
    "StaleVersion",
    "Standing",
    "Status",
    "StepProgress",
    "StoreError",
    "StoreInfo",
    "StoreUnavailable",
    "Table",
    "TableNotFound",
    "UnusableDatabase",
    "WrongStatus",
    "is_postgres",
    "open_store",
    "redact",
]
