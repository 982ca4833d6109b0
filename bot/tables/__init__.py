"""The table service: lobbies, seats, turns, timers and persistence. It knows nothing of Discord.

The rest of the code imports from here: ``TableService`` (``service.py``), the one door to the
live tables, and the words it speaks in (``live.py``): ``Refusal``, ``Notice``, ``LiveTable``,
``HandInfo`` and the marks a table carries. ``lobby.py`` and ``timers.py`` are the service's
collaborators: the lobby opens and seats tables, the timers run each table's one waiting task.
"""

from bot.tables.live import (
    COMPUTER_NAMES,
    DEFAULT_LEVEL,
    GUIDED,
    MISSES_TO_TAKE_OVER,
    PRACTICE,
    PRACTICE_FROM,
    TABLE_MARKS,
    TOURNAMENT,
    UNSAVED,
    Confirm,
    HandInfo,
    Listener,
    LiveTable,
    LiveTables,
    Notice,
    NoticeKind,
    Refusal,
    Sleep,
    TaskKind,
    computer_name_key,
    engine_options,
    public_view,
    unsaved,
)
from bot.tables.lobby import Lobby
from bot.tables.service import TableService
from bot.tables.timers import LOBBY_IDLE, NEXT_ROUND_DELAY, RETRY_FIRST, RETRY_MAX, Timers

__all__ = [
    "COMPUTER_NAMES",
    "DEFAULT_LEVEL",
    "GUIDED",
    "LOBBY_IDLE",
    "MISSES_TO_TAKE_OVER",
    "NEXT_ROUND_DELAY",
    "PRACTICE",
    "PRACTICE_FROM",
    "RETRY_FIRST",
    "RETRY_MAX",
    "TABLE_MARKS",
    "TOURNAMENT",
    "UNSAVED",
    "Confirm",
    "HandInfo",
    "Listener",
    "LiveTable",
    "LiveTables",
    "Lobby",
    "Notice",
    "NoticeKind",
    "Refusal",
    "Sleep",
    "TableService",
    "TaskKind",
    "Timers",
    "computer_name_key",
    "engine_options",
    "public_view",
    "unsaved",
]
