"""Diwaniya's SQLite store: ``store = await Store.open(path)`` … ``await store.close()``.

The repository (``bot.store.repository``) owns all SQL; everything else gets the frozen
dataclasses re-exported here.
"""

from bot.store.errors import (
    CorruptDatabase,
    DiskFull,
    ForeignDatabase,
    MigrationFailed,
    NewerDatabase,
    ReadOnlyDatabase,
    SQLiteTooOld,
    StaleVersion,
    StoreError,
    StoreUnavailable,
    TableNotFound,
    UnusableDatabase,
    WrongStatus,
)
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
    StoreInfo,
    Table,
)
from bot.store.repository import DEFAULT_PATH, Store

__all__ = [
    "DEFAULT_PATH",
    "CorruptDatabase",
    "DiskFull",
    "ForeignDatabase",
    "GameOutcome",
    "GameRecord",
    "GuildSettings",
    "MemberSettings",
    "MemberStats",
    "MigrationFailed",
    "NewerDatabase",
    "ReadOnlyDatabase",
    "RoundOutcome",
    "RoundRecord",
    "SQLiteTooOld",
    "Seat",
    "SeatResult",
    "StaleVersion",
    "Standing",
    "Status",
    "StepProgress",
    "Store",
    "StoreError",
    "StoreInfo",
    "StoreUnavailable",
    "Table",
    "TableNotFound",
    "UnusableDatabase",
    "WrongStatus",
]
