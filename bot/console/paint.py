"""The terminal's colours: suits in ANSI colour when the stream is a terminal, plain text else.

Its own module so that the terminal's screens (``bot.console.table``), its words
(``bot.console.words``) and its replays (``bot.console.replay``) share it without importing each
other.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TextIO, cast

from bot.games.cards import Card

RED = "\033[31m"
MAGENTA = "\033[35m"
BOLD = "\033[1m"
RESET = "\033[0m"
# Plain text has no emoji: the words of hints and lessons name the joker as chat does ("🃏",
# ``Card.pretty``), which a plain terminal (``--no-color``, NO_COLOR, output to a file) prints
# as the token the hand shows and a move types.
PLAIN = str.maketrans({"🃏": "JK"})


class Painter:
    """Colours suits with plain ANSI codes when colour is on; the text reads the same without."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color else text

    def card(self, card: Card) -> str:
        text = str(card)
        if card.is_joker:
            return self.paint(text, MAGENTA)
        if card.suit in ("H", "D"):
            return self.paint(text, RED)
        return self.paint(text, BOLD) if self.color else text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"


def use_color(stream: TextIO, no_color: bool) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    if no_color or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TextFilter:
    """A text stream that writes every text through ``turn`` and is otherwise ``stream``: the
    terminal's plain-text layer and its right-to-left layer (``bot.console.bidi``) are two."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def turn(self, text: str) -> str:
        return text

    def write(self, text: str) -> int:
        self.stream.write(self.turn(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


class PlainStream(TextFilter):
    """A text stream that writes everything in plain text: each emoji as its plain token."""

    def turn(self, text: str) -> str:
        return text.translate(PLAIN)


def plain_stream(stream: TextIO, color: bool) -> TextIO:
    """``stream`` as the terminal gets it: unchanged in colour, else in plain text."""
    return stream if color else cast(TextIO, PlainStream(stream))
