"""Arabic in a terminal, two ways (``python -m bot.console --bidi isolate|visual|off``).

``isolate`` (the default for a right-to-left language) prints the text in logical order, as a
terminal that runs the Unicode bidi algorithm expects, with each line opened by a right-to-left
mark and every left-to-right piece inside it (a card code ``9H``, a number, a command such as
``help`` or ``--save PATH``) wrapped in Unicode's left-to-right isolate (LRI … PDI). Without the
isolates, "رمى المقعد 1 9H." lets the neutral spaces and the digits join their neighbours and the
line breaks apart; with them each piece is one unit placed in the line's order. A piece that
starts with a Latin word or a card takes the words after it, spaces and all: "discard KD" and
"meld 7H 8H 9H" are English and read left to right as one, where word by word the line's
right-to-left order would turn them into "KD discard"; cards read left to right as the pictures
and the glossary write them. A number alone ("المقعد 1") stays a piece of its own, beside the
word it counts.

``visual`` is for a terminal that does no bidi at all: each line is shaped (each Arabic letter in
its joined form, from Unicode's presentation forms) and reordered by python-bidi, so the terminal
only has to print it left to right, each line cut to the terminal's width first and set against
its right edge, so a long paragraph reads from its first row down. Colours are dropped there: a
colour code inside a line would be reordered with it. It is the default inside tmux or GNU screen, which do no bidi whatever the
terminal around them does.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import TextIO

from bidi import get_display

from bot.console.paint import TextFilter
from bot.i18n import is_rtl

MODES = ("isolate", "visual", "off")
LRM, RLM, LRI, PDI = "\u200e", "\u200f", "\u2066", "\u2069"
_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# A left-to-right word: a card (7H, 10S, JK, 8♣, and the joker as chat writes it, 🃏), a number
# with its sign (12, -30, −30, +11, 7.5, 1/3), a command word or option (help, --save, /table), a
# path. A sentence's own full stop stays outside. The sign belongs to its number: alone, a neutral
# between Arabic words, it would take the line's direction and show after the digits («30−»).
_LTR = re.compile(
    r"(?:[−+](?=\d)|--?|/)?[0-9A-Za-z♠♥♦♣🃏][0-9A-Za-z♠♥♦♣🃏_#+×→\-/]*"
    r"(?:[.,:/][0-9A-Za-z_][0-9A-Za-z_\-]*)*"
)
_LATIN = re.compile("[A-Za-z♠♥♦♣🃏]")
# A card's rank alone (Run Fast's "10 J Q K A", "5 5 6 6"): a row of them is one left-to-right
# piece, as a row of cards is, or the line's order turns it into "J Q K A 10".
_RANK = re.compile(r"10|[2-9AJQK]")
# What may stand between two words of one piece: spaces, and the bar between the melds of a lay
# ("lay 3H 4H 5H | 9S 9D 9C").
_GAP = re.compile(r" +(?:\| +)*")
# Terminals that do no bidi, whatever the terminal around them does: a multiplexer draws its
# own screen cell by cell.
_NO_BIDI_TERMS = ("screen", "tmux")


def mode_for(lang: str, asked: str | None, env: Mapping[str, str] | None = None) -> str:
    """The bidi mode a terminal in ``lang`` gets: the one asked for; else, for a right-to-left
    language, ``visual`` when ``env`` (the environment of a program writing to a terminal) says
    it runs inside tmux or screen and ``isolate`` otherwise; ``off`` for the other languages."""
    if asked in MODES:
        return asked
    if not is_rtl(lang):
        return "off"
    env = env or {}
    no_bidi = "TMUX" in env or "STY" in env or env.get("TERM", "").startswith(_NO_BIDI_TERMS)
    return "visual" if no_bidi else "isolate"


def _pieces(line: str) -> list[tuple[int, int]]:
    """Where each left-to-right piece of ``line`` starts and ends: its words outside colour
    codes, a word with a Latin letter or a suit in it (a command, a card) joined by the spaces
    (bars, colour codes) that follow it to the words after it."""
    words: list[tuple[int, int]] = []
    at = 0
    for code in [*_ANSI.finditer(line), None]:
        end = code.start() if code else len(line)
        words += [m.span() for m in _LTR.finditer(line, at, end)]
        at = code.end() if code else end
    pieces: list[tuple[int, int]] = []
    for start, end in _rank_rows(line, words):
        if pieces:
            first, last = pieces[-1]
            gap = _ANSI.sub("", line[last:start])
            if _GAP.fullmatch(gap) and _LATIN.search(line, first, last):
                pieces[-1] = (first, end)
                continue
        pieces.append((start, end))
    return pieces


def _rank_rows(line: str, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``words`` with each row of ranks one word: ranks one space apart, three or more of them
    or one a letter ("10 J Q K A", "5 5 6 6", "10 J"). Two bare numbers side by side ("2 10")
    may be two things, and stay two."""
    out: list[tuple[int, int]] = []
    row: list[tuple[int, int]] = []

    def close() -> None:
        letters = any(line[a:b] in "AJQK" for a, b in row)
        if len(row) >= 3 or (len(row) == 2 and letters):
            out.append((row[0][0], row[-1][1]))
        else:
            out.extend(row)
        row.clear()

    for start, end in words:
        if not _RANK.fullmatch(line, start, end):
            close()
            out.append((start, end))
            continue
        if row and _ANSI.sub("", line[row[-1][1] : start]) != " ":
            close()
        row.append((start, end))
    close()
    return out


def isolate(line: str) -> str:
    """``line`` in logical order, opened with a right-to-left mark, each left-to-right piece
    inside LRI … PDI (colour codes pass through untouched)."""
    if not line.strip():
        return line
    # The left-to-right marks bot.i18n puts around a card or a signed number for Discord's
    # text: here every such piece gets an isolate of its own, so the marks would only wrap it
    # twice.
    line = line.replace(LRM, "")
    out, at = [RLM], 0
    for start, end in _pieces(line):
        out += [line[at:start], LRI, line[start:end], PDI]
        at = end
    out.append(line[at:])
    return "".join(out)


def visual(line: str, width: int | None = None) -> str:
    """``line`` shaped and in display order, for a terminal that prints cells left to right.

    Given the terminal's ``width``, a line too long for it is cut into rows first, each row
    reordered on its own and set against the right edge, where a right-to-left reader starts:
    reordered whole and left to the terminal to wrap, a paragraph's first row would hold the
    end of its sentence and the paragraph would read from its last row up."""
    plain = _CONTROLS.sub("", _ANSI.sub("", line))
    if not plain.strip():
        return plain
    # Indentation stays first and a prompt's trailing space last, where the cursor goes on.
    core = plain.strip()
    head, tail = plain[: len(plain) - len(plain.lstrip())], plain[len(plain.rstrip()) :]
    if width is None:
        return head + _display(shape(core)) + tail
    # The indentation goes to the right too, where the line starts; one column is left free,
    # as a terminal may wrap a row that fills the last one.
    room = max(width - 1 - len(head), 10)
    rows = [_display(row) for row in _rows(shape(core), room)]
    return "\n".join(" " * max(room - cells(row), 0) + row + head for row in rows)


def _display(text: str) -> str:
    """Shaped logical text in display order. Isolated first, so a card ("5♦": a digit and a
    neutral sign) keeps its order too; the brackets between Arabic words are mirrored, as the
    algorithm's rule L4 asks and python-bidi leaves to the renderer."""
    return _CONTROLS.sub("", get_display(_mirrored(isolate(text)), base_dir="R"))


def cells(text: str) -> int:
    """The terminal cells ``text`` takes: a mark on a letter none, a wide sign (🃏) two."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def _rows(text: str, room: int) -> list[str]:
    """``text`` cut at spaces into rows of at most ``room`` cells (a word longer than a row on
    a row of its own), in logical order."""
    rows: list[str] = []
    row = ""
    for word in text.split(" "):
        if row and cells(row) + 1 + cells(word) > room:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}" if row else word
    rows.append(row)
    return rows


_MIRROR = str.maketrans("()[]{}«»", ")(][}{»«")  # not < >: the prompt's arrow points at input


def _mirrored(text: str) -> str:
    """The brackets outside the isolated left-to-right pieces swapped for their mirror image
    (inside a piece they read left to right and stay)."""
    out, depth = [], 0
    for ch in text:
        depth += ch == LRI
        depth -= ch == PDI and depth > 0
        out.append(ch if depth else ch.translate(_MIRROR))
    return "".join(out)


# ---------------------------------------------------------------- Arabic shaping


class _Marks:
    """Harakat and the other combining marks: they sit on a letter and don't break joining."""

    def __contains__(self, ch: object) -> bool:
        return isinstance(ch, str) and unicodedata.category(ch) == "Mn"


_TRANSPARENT = _Marks()


@cache
def _forms() -> dict[tuple[str, str], str]:
    """(letter, form) → presentation form, read from Unicode's own decompositions, e.g.
    U+FEB3 ARABIC LETTER SEEN INITIAL FORM is ``<initial> 0633``; lam-alef ligatures are keyed
    by the two letters joined."""
    out: dict[tuple[str, str], str] = {}
    for code in list(range(0xFB50, 0xFDFF)) + list(range(0xFE70, 0xFEFF)):
        ch = chr(code)
        parts = unicodedata.decomposition(ch).split()
        if len(parts) < 2 or not parts[0].startswith("<"):
            continue
        form = parts[0].strip("<>")
        if form not in ("isolated", "final", "initial", "medial"):
            continue
        base = "".join(chr(int(p, 16)) for p in parts[1:])
        out.setdefault((base, form), ch)
    return out


def _joins_left(ch: str) -> bool:
    """Whether ``ch`` connects to the letter after it (a dual-joining letter)."""
    return (ch, "initial") in _forms() or (ch, "medial") in _forms()


def _joins_right(ch: str) -> bool:
    return (ch, "final") in _forms()


def shape(text: str) -> str:
    """Arabic letters in their joined forms (initial, medial, final, isolated) and lam-alef as
    one ligature, as a terminal without a shaping engine must be given them."""
    forms = _forms()
    chars = list(text)
    out: list[str] = []
    i = 0

    def neighbour(j: int, step: int) -> str | None:
        j += step
        while 0 <= j < len(chars) and chars[j] in _TRANSPARENT:
            j += step
        return chars[j] if 0 <= j < len(chars) else None

    while i < len(chars):
        ch = chars[i]
        if ch in _TRANSPARENT or not ("\u0600" <= ch <= "\u06ff"):
            out.append(ch)
            i += 1
            continue
        before = neighbour(i, -1)
        joined_before = before is not None and _joins_left(before) and _joins_right(ch)
        after_i = i + 1
        while after_i < len(chars) and chars[after_i] in _TRANSPARENT:
            after_i += 1
        after = chars[after_i] if after_i < len(chars) else None
        if ch == "ل" and after is not None and after in "اأإآ":  # lam-alef: one ligature
            form = "final" if joined_before else "isolated"
            out.append(forms.get((ch + after, form), forms[(ch + after, "isolated")]))
            out.extend(chars[i + 1 : after_i])  # marks between lam and alef
            i = after_i + 1
            continue
        joined_after = after is not None and _joins_left(ch) and _joins_right(after)
        form = (
            "medial"
            if joined_before and joined_after
            else "final"
            if joined_before
            else "initial"
            if joined_after
            else "isolated"
        )
        out.append(forms.get((ch, form), forms.get((ch, "isolated"), ch)))
        i += 1
    return "".join(out)


# ---------------------------------------------------------------- the stream


class BidiStream(TextFilter):
    """A text stream that writes each line through ``isolate`` or ``visual``. In ``visual``, a
    whole line (one the text ends with a newline) is cut to the terminal's ``width`` (asked of
    the terminal at each write when not given) and set against its right edge; a prompt, the
    text after the last newline, stays where the cursor goes on after it."""

    def __init__(self, stream: TextIO, mode: str, width: int | None = None) -> None:
        super().__init__(stream)
        self.mode = mode
        self.width = width

    def turn(self, text: str) -> str:
        lines = text.split("\n")
        if self.mode == "isolate":
            return "\n".join(isolate(line) for line in lines)
        width = self.width or shutil.get_terminal_size().columns
        *whole, prompt = lines
        return "\n".join([*(visual(line, width) for line in whole), visual(prompt)])


def terminal_stream(stream: TextIO, lang: str, asked: str | None = None) -> TextIO:
    """``stream`` as a terminal in ``lang`` should get it (unchanged when the mode is off)."""
    mode = mode_for(lang, asked)
    return stream if mode == "off" else BidiStream(stream, mode)  # type: ignore[return-value]
