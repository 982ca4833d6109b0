"""The pictures' words, from the catalogue domain ``render`` in the picture's language.

Every label a picture draws is looked up here or with ``bot.i18n.t`` under a ``render.*`` key;
names stay as their owners write them, card notation and numbers stay left to right.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Reason, RoundEnd
from bot.i18n import has, say, t
from render.common import Name, Segment

GAME_TITLES = {
    "mor": "game.mor.name",
    "more3": "game.more3.name",
    "hand": "game.hand.name",
    "runfast": "game.runfast.name",
}

# How a round ended (RoundResult.reason); "{who}" is the seat that ended it.
REASONS = {
    RoundEnd.CLOSED: "render.reason.closed",
    RoundEnd.WENT_OUT: "render.reason.went_out",
    RoundEnd.HAND: "render.reason.hand",
    RoundEnd.HAND_EMPTY: "render.reason.hand_empty",
    RoundEnd.STOCK_OUT: "render.reason.stock_out",
}

# Run Fast's kinds of play as players say them (the engine's kind names, and older short ones).
TRICK_KINDS = {
    "single": "runfast.kind.single",
    "pair": "runfast.kind.pair",
    "triple": "runfast.kind.triple",
    "straight": "render.kind.straight",
    "consecutive_pairs": "render.kind.pairs",
    "pairs": "render.kind.pairs",
    "bomb": "runfast.kind.bomb",
    "ace_bomb": "runfast.kind.ace_bomb",
    "heavenly_bomb": "runfast.kind.heavenly_bomb",
    "heavenly": "runfast.kind.heavenly_bomb",
}


def game_title(game: str, lang: str) -> str:
    key = GAME_TITLES.get(game)
    return t(key, lang) if key else game


def trick_kind(kind: str, lang: str) -> str:
    key = TRICK_KINDS.get(kind)
    return t(key, lang) if key else kind.replace("_", " ")


def with_name(key: str, lang: str, name: str, **params: Any) -> list[Segment]:
    """A sentence with a member's name in it (``{who}``), as segments: the words before, the
    name as a ``Name`` (laid out in its own direction, so an Arabic name's letters and a Latin
    sentence's colon each stay where they belong), the words after."""
    marker = "\x00"
    text = t(key, lang, who=marker, **params)
    before, found, after = text.partition(marker)
    if not found:  # a sentence without the name ("The stock ran out")
        return [text]
    return [s for s in (before.strip(), Name(name), after.strip()) if s]


def score_label(label: Reason | str, lang: str) -> str:
    """A score sheet line's words in ``lang``: the engines write a catalogue key (or a
    ``Reason``); anything else is drawn as the engine wrote it."""
    if isinstance(label, Reason):
        return say(label, lang)
    text = str(label)
    return t(text, lang) if has(text) else text
