"""Limits in one place: what a member may type into a slash command, and what Discord accepts.

Discord shows the first in the synced commands (``max_length``, ``min_value``/``max_value``),
so a client keeps within them; the bot checks them again, since a client (or anyone with the
interaction endpoint) may send anything. Each check refuses with one sentence.

Discord's own limits (a message's length, a menu's options, a label's length) are kept here
too, and text is cut to them with ``fit``: a message Discord rejects would leave the member with
no answer at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.registry import GAME_KEYS as GAMES
from bot.i18n import LANGUAGES
from bot.tables import Refusal

# What Discord accepts (its API documentation's limits): longer text or more items are refused
# with an error, so the bot keeps within them.
MESSAGE = 2000  # characters of a message's content
SELECT_OPTIONS = 25  # options in one select menu
AUTOCOMPLETE_CHOICES = 25  # choices one autocomplete answer may offer
OPTION_LABEL = 100  # characters of a select option's label
THREAD_NAME = 100  # characters of a thread's name
BUTTONS_PER_ROW = 5  # buttons side by side in one row of a message's controls

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


def fit(text: str, limit: int = MESSAGE) -> str:
    """``text`` cut at a word to ``limit`` characters with an ellipsis: a reply Discord rejects
    would leave the member with no answer at all."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut) + "…"


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
