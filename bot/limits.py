"""The limits of what a member may type into a slash command, in one place.

Discord shows them in the synced commands (``max_length``, ``min_value``/``max_value``), so a
client keeps within them; the bot checks them again, since a client (or anyone with the
interaction endpoint) may send anything. Each check refuses with one sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.registry import GAME_KEYS as GAMES
from bot.i18n import LANGUAGES
from bot.tables import Refusal

# A turn timer is off (0) or at least this long: a shorter one could not be played in time.
TIMER_OFF = 0
TIMER_MIN = 10
TIMER_MAX = 3600
# Cards typed into a move (/discard, /meld, /lay, /add, /swap, /play): a whole hand of Hand's
# 15 cards written long ("10S" and separators) fits well within it.
CARDS_MAX = 100
CARD_MAX = 4  # one card: "10S", "JK"
# A lesson's typed answer ("meld 3S 3H 3D", "lay 5H 6H 7H | 9C 10C JC").
ANSWER_MAX = 200


def game(value: str) -> str:
    if value not in GAMES:
        raise Refusal("unknown_game")
    return value


def timer(value: int | None) -> int | None:
    """A turn timer in seconds: None (the default), 0, or TIMER_MIN to TIMER_MAX."""
    if value is None or value == TIMER_OFF or TIMER_MIN <= value <= TIMER_MAX:
        return value
    raise Refusal("limits.timer", low=TIMER_MIN, high=TIMER_MAX)


def language(value: str | None, also: Iterable[str] = ()) -> str | None:
    if value is None or value in LANGUAGES or value in also:
        return value
    raise Refusal("limits.language")


def text(value: Any, limit: int) -> Any:
    """Typed text no longer than ``limit`` characters (None passes)."""
    if value is not None and len(str(value)) > limit:
        raise Refusal("limits.too_long", limit=limit)
    return value


def choice(value: Any, allowed: Iterable[Any]) -> Any:
    """One of a command's choices (None: left out)."""
    if value is not None and value not in tuple(allowed):
        raise Refusal("limits.choice")
    return value
