"""The terminal's colours: suits in ANSI colour when the stream is a terminal, plain text else.

Its own module so that the terminal's screens (``bot.console.table``), its words
(``bot.console.words``) and its replays (``bot.console.replay``) share it without importing each
other.
"""

from __future__ import annotations

import os
import re
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
# A card's suit sign after its rank (``Card.pretty``: "10♠") is printed the same way, as the
# letter the hand, the melds and a move show it by ("10S"): the fourth fresh Mor newcomer read
# the hand as "3S 3H" and the hints as "3♠ 3♥", two notations at once. A sign standing alone
# (the help's "or ♠ ♥ ♦ ♣") stays.
_SUIT_SIGN = re.compile(r"(?<=[0-9AJQK])[♠♥♦♣]")
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


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


# Markdown's marks, as the rules pages (docs/rules*.md) write them.
_COMMENT = re.compile(r"\s*<!--.*?-->")
_HEADING = re.compile(r"(\s*)#{1,6}\s+(.*)")
_ITEM = re.compile(r"(\s*)[-*]\s+(.*)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_TABLE_ROW = re.compile(r"\s*\|.*\|\s*")
_TABLE_RULE = re.compile(r"\s*\|[\s:|-]+\|\s*")


def markdown(text: str, painter: Painter) -> str:
    r"""A Markdown page (a game's rules) as a terminal shows it readably, the same words without
    the marks: a heading and a bold term in bold (plain without colour), code without its
    backticks, a list item after a bullet, a table in columns, comments gone. The marks printed
    as they are read as noise, and in Arabic they land at a line's edge.

    >>> markdown("## Mor <!-- game: mor -->\n\n**Cards.** Play `7H`:\n- a run", Painter(False))
    'Mor\n\nCards. Play 7H:\n• a run'
    """
    out: list[str] = []
    table: list[list[str]] = []

    def inline(line: str) -> str:
        line = _CODE.sub(r"\1", _COMMENT.sub("", line))
        return _BOLD.sub(lambda m: painter.paint(m.group(1), BOLD), line)

    def end_table() -> None:
        if table:
            widths = [
                max(len(row[i]) for row in table if i < len(row)) for i in range(len(table[0]))
            ]
            for row in table:
                cells = [cell.ljust(widths[i]) for i, cell in enumerate(row) if i < len(widths)]
                out.append("  ".join(cells).rstrip())
            table.clear()

    for line in text.split("\n"):
        if _TABLE_RULE.fullmatch(line):
            continue
        if _TABLE_ROW.fullmatch(line):
            table.append([inline(c.strip()) for c in line.strip().strip("|").split("|")])
            continue
        end_table()
        if heading := _HEADING.fullmatch(line):
            out.append(heading.group(1) + painter.paint(inline(heading.group(2)).strip(), BOLD))
        elif item := _ITEM.fullmatch(line):
            out.append(f"{item.group(1)}• {inline(item.group(2))}")
        else:
            out.append(inline(line))
    end_table()
    return "\n".join(out)


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
        return plain_text(text)


def plain_text(text: str) -> str:
    """``text`` as a plain terminal prints it: the joker as JK, a card's suit sign as its letter.

    >>> plain_text("Lay 10♠ J♠ 🃏 (or ♠ ♥ ♦ ♣)")
    'Lay 10S JS JK (or ♠ ♥ ♦ ♣)'
    """
    return _SUIT_SIGN.sub(lambda m: _SUIT_LETTER[m.group()], text.translate(PLAIN))


def plain_stream(stream: TextIO, color: bool) -> TextIO:
    """``stream`` as the terminal gets it: unchanged in colour, else in plain text."""
    return stream if color else cast(TextIO, PlainStream(stream))
