"""What the three pictures share: PNG encoding, pasting sprites, lines of text and card chips."""

from __future__ import annotations

import functools
import re
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.games.cards import Card
from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.runfast import RunFastView
from bot.i18n import number
from render import fonts
from render.cards import card_chip, chip_height
from render.shapes import shape_sprite
from render.style import MET as CHECK_GREEN
from render.style import RGB, suit_colour

# The views a picture is drawn from: the four engines' own (``engine.view(seat)``). Pictures
# match on their type for what one game has and the others don't.
GameView = MorView | More3View | HandView | RunFastView
RummyViews = MorView | More3View | HandView

# zlib level for the picture data. Our pictures are mostly flat colour, where level 1 is within
# a few KB of level 9 and several times faster.
PNG_LEVEL = 1


def png_bytes(img: Image.Image) -> bytes:
    """Encode an RGB picture as PNG.

    Pillow's encoder tries every PNG row filter on every row, which costs more than compressing
    our flat-colour pictures; rows with no filter compress almost as small here, so we write the
    few PNG chunks ourselves (any PNG reader, Pillow included, reads them back exactly).
    """
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    raw = img.tobytes()
    stride = w * 3
    rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, len(raw), stride))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL))
        + chunk(b"IEND", b"")
    )


def paste(base: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Blend an RGBA sprite onto the RGB picture (cheaper than alpha_composite on RGBA)."""
    base.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


def fmt_points(value: float, sign: bool = False, lang: str = "en") -> str:
    """Points as players read them: whole numbers plain, halves in the language's own form
    (12.5, 12,5 in Dutch: ``bot.i18n.number``), a real minus sign."""
    text = number(abs(value), lang)
    if value < 0:
        return "−" + text
    return ("+" + text) if sign and value > 0 else text


@dataclass(frozen=True)
class Icon:
    """A shape inside a line of text (see ``render.shapes.SHAPES``)."""

    kind: str
    colour: RGB


@dataclass(frozen=True)
class Pip:
    """A card written in a text ("2♠"): its rank then its suit's shape, left to right in any
    language, like a card chip."""

    rank: str
    suit: str
    colour: RGB


class Name(str):
    """A member's name inside a line: laid out in its own direction (from its first letter, as
    Unicode's first-strong isolate does), not the line's, so "عبد الله:" in an English line and
    "Abdullah (عبد الله)" in an Arabic one each read as their owner writes them."""

    __slots__ = ()


Segment = str | Card | Icon | Pip

_CHECKS = "✓✔"
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_BEFORE = re.compile(r"(?:^|(?<=\s))(10|[2-9AJQK])$")


def symbol_segments(text: str, four_colour: bool = False) -> list[Segment]:
    """Text with its suit symbols and check marks as drawn shapes (no installed font has them);
    a rank just before a suit makes a ``Pip`` with it, so "2♠" stays one card in any direction."""
    # The left-to-right marks around a card keep it in order in Discord's text; here a card is
    # a Pip laid out in its own direction, and a mark between rank and word would part them.
    text = text.replace("\u200e", "")
    out: list[Segment] = []
    word = ""
    for ch in text:
        if ch in _SUIT_SYMBOLS or ch in _CHECKS:
            if ch in _CHECKS:
                if word.strip():
                    out.append(word)
                out.append(Icon("check", CHECK_GREEN))
            else:
                suit = _SUIT_SYMBOLS[ch]
                colour = suit_colour(suit, four_colour)
                rank = _RANK_BEFORE.search(word)
                if rank:
                    before = word[: rank.start()]
                    if before.strip():
                        out.append(before)
                    out.append(Pip(rank.group(1), suit, colour))
                else:
                    if word.strip():
                        out.append(word)
                    out.append(Icon(suit, colour))
            word = ""
        else:
            word += ch
    if word.strip():
        out.append(word)
    return out


def _key(seg: Segment) -> tuple[str, object]:
    """A segment for the cache: a ``Name`` and a text with the same letters are drawn apart."""
    return ("name" if isinstance(seg, Name) else type(seg).__name__, seg)


def rich_line(
    segments: Sequence[Segment],
    size: int,
    colour: RGB,
    weight: int = fonts.REGULAR,
    four_colour: bool = False,
    rtl: bool = False,
) -> Image.Image:
    """One line of text with card chips and icons, vertically centred on the text's x-height.

    ``rtl``: the line reads right to left (an Arabic picture): its first segment is drawn at
    the right and its texts are laid out right to left, while a run of cards, a ``Pip`` and the
    digits inside a text keep their left-to-right order. A ``Name`` takes its own direction.

    Cached: plates, titles and labels repeat from move to move. Treat the result as read-only.
    """
    return _rich_line(tuple(_key(s) for s in segments), size, colour, weight, four_colour, rtl)


def _units(segments: Sequence[Segment]) -> list[list[Segment]]:
    """The segments in groups that keep their left-to-right order in any line: a run of cards
    (a meld reads low to high), or any other segment alone."""
    out: list[list[Segment]] = []
    for seg in segments:
        if isinstance(seg, Card) and out and isinstance(out[-1][-1], Card):
            out[-1].append(seg)
        else:
            out.append([seg])
    return out


@functools.lru_cache(maxsize=2048)
def _rich_line(
    keys: tuple[tuple[str, object], ...],
    size: int,
    colour: RGB,
    weight: int,
    four_colour: bool,
    rtl: bool,
) -> Image.Image:
    segments: list[Segment] = [
        Name(seg) if kind == "name" else seg  # type: ignore[misc]
        for kind, seg in keys
        if seg != ""
    ]
    units = _units(segments)
    if rtl:
        units.reverse()
    direction = "rtl" if rtl else "ltr"
    parts: list[tuple[bool, Image.Image]] = []  # (is text, sprite), left to right
    # Which drawn parts touch their left or right neighbour with no gap: punctuation hangs on
    # the word before it, a proclitic (Arabic "و") on the word after it, in reading order.
    glue_left: set[int] = set()
    glue_right: set[int] = set()
    drawn = [seg for unit in units for seg in unit]
    for n, seg in enumerate(drawn):
        if isinstance(seg, str) and not isinstance(seg, Name):
            hang = _attaches(seg)
            k = n - 1 if rtl else n + 1  # the word after it in reading order
            nxt = drawn[k] if 0 <= k < len(drawn) else None
            if hang == "after" and isinstance(nxt, str) and _latin_start(nxt):
                hang = None  # «و» joins no word in Latin letters: «سارة و Omar»
            if hang:
                towards_left = (hang == "before") != rtl
                (glue_left if towards_left else glue_right).add(len(parts))
        if isinstance(seg, Card):
            parts.append((False, card_chip(seg, chip_height(size), four_colour)))
        elif isinstance(seg, Icon):
            icon = shape_sprite(seg.kind, round(size * 0.8), seg.colour)
            if rtl and seg.kind in POINTING:  # it points at its words from their right
                icon = icon.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
            parts.append((False, icon))
        elif isinstance(seg, Pip):
            parts.append((True, fonts.text_sprite(seg.rank, size, seg.colour, weight)))
            parts.append((False, shape_sprite(seg.suit, round(size * 0.8), seg.colour)))
        elif isinstance(seg, Name):
            # The first words in reading order (a meld area's owner, a lone name) start the
            # line: nothing comes before them for the ellipsis to stand between, so the name
            # keeps its own cut, as on the seat plates.
            first = n == (len(drawn) - 1 if rtl else 0)
            pieces = name_pieces(seg, rtl and not first)
            for piece in pieces[:-1]:  # an ellipsis, glued to the name at its right
                glue_right.add(len(parts))
                parts.append((True, fonts.text_sprite(piece, size, colour, weight)))
            parts.append((True, fonts.text_sprite(pieces[-1], size, colour, weight)))
        else:
            parts.append((True, fonts.text_sprite(seg, size, colour, weight, direction=direction)))
    h = max([fonts.line_height(size), *(p.height for _, p in parts)])
    gap = round(size * 0.2)
    gaps = [0 if (i in glue_right or i + 1 in glue_left) else gap for i in range(len(parts) - 1)]
    w = sum(p.width for _, p in parts) + sum(gaps)
    out = Image.new("RGBA", (max(1, w), h), (0, 0, 0, 0))
    x = 0
    # Text sprites carry their own line box; chips and icons centre on the text's middle.
    middle = round(size * (fonts.BASELINE - 0.36)) + (h - fonts.line_height(size)) // 2
    for i, (is_text, p) in enumerate(parts):
        y = (h - fonts.line_height(size)) // 2 if is_text else middle - p.height // 2
        out.alpha_composite(p, (x, max(0, y)))
        x += p.width + (gaps[i] if i < len(gaps) else 0)
    return out


def _latin_start(text: str) -> bool:
    """Whether ``text`` starts with a letter of a left-to-right script."""
    first = next((ch for ch in text if ch.isalpha()), "")
    return bool(first) and not fonts.reads_right_to_left(first)


def name_pieces(name: str, rtl: bool) -> list[str]:
    """A name as drawn, left to right. A name keeps its own direction, but a shortened
    left-to-right name after other words of a right-to-left line ends where the line ends, at
    its left: the
    ellipsis goes there, as the bidi algorithm puts a neutral that ends a line, not between the
    name and the «و» before it («…Omar و سارة», never «Omar… و سارة»).

    >>> name_pieces("Omar…", True), name_pieces("Omar…", False), name_pieces("عبد ال…", True)
    (['…', 'Omar'], ['Omar…'], ['عبد ال…'])
    """
    body = name[:-1]
    if rtl and name.endswith("…") and body.strip() and not fonts.reads_right_to_left(body):
        return ["…", body]
    return [name]


# Icons that point at the words after them ("▶ raised: …"): a right-to-left line mirrors them.
POINTING = frozenset({"arrow"})
# A text that is only these marks hangs on the word before it ("Sara:", "سارة:").
_HANGS_BEFORE = frozenset(":,،;؛.")
# Arabic's "and" is written joined to the word after it («عبد الله ونورة»).
_HANGS_AFTER = frozenset({"و"})


def _attaches(text: str) -> str | None:
    """ "before" when ``text`` is punctuation that follows a word without a space, "after" when
    it is a one-letter word written joined to the next one, else None."""
    if text in _HANGS_AFTER:
        return "after"
    if text and all(ch in _HANGS_BEFORE for ch in text):
        return "before"
    return None


def fit_line(
    segments: Sequence[Segment],
    size: int,
    colour: RGB,
    max_width: int,
    weight: int = fonts.REGULAR,
    four_colour: bool = False,
    rtl: bool = False,
) -> Image.Image:
    """A line no wider than ``max_width``: its last text loses whole letters behind an ellipsis,
    or whole segments are dropped from its end, until it fits, so a line is never cropped through
    a letter or a card. The end is the end in reading order (the left of a right-to-left line)."""
    kept = [s for s in segments if s != ""]
    line = rich_line(kept, size, colour, weight, four_colour, rtl)
    direction = "rtl" if rtl else "ltr"
    # A member's name gives way first, longest first, so the game's words stay whole.
    names = sorted(
        (i for i, s in enumerate(kept) if isinstance(s, Name)),
        key=lambda i: -fonts.text_sprite(kept[i], size, colour, weight).width,
    )
    for i in names:
        if line.width <= max_width:
            break
        own = fonts.text_sprite(kept[i], size, colour, weight).width
        short = fonts.fit_text(kept[i], size, own - (line.width - max_width), weight)
        if short != "…":
            kept[i] = Name(short)
            line = rich_line(kept, size, colour, weight, four_colour, rtl)
    while line.width > max_width and kept:
        last = kept.pop()
        if isinstance(last, str) and last.strip(" ·,:&،"):
            # Words first: the last text keeps its first whole letters if they fit.
            rest = rich_line(kept, size, colour, weight, four_colour, rtl).width if kept else 0
            room = max_width - rest - (round(size * 0.2) if kept else 0) - 2
            last_direction = None if isinstance(last, Name) else direction
            short = fonts.fit_text(last, size, room, weight, direction=last_direction)
            if short != "…":
                shortened = Name(short) if isinstance(last, Name) else short
                line = rich_line([*kept, shortened], size, colour, weight, four_colour, rtl)
                if line.width <= max_width:
                    return line
        while kept and isinstance(kept[-1], str) and kept[-1].strip(" ·,:&،") == "":
            kept.pop()  # no ellipsis after a lone separator
        line = rich_line([*kept, "…"], size, colour, weight, four_colour, rtl)
    return line


def wrap_line(
    segments: Sequence[Segment],
    size: int,
    colour: RGB,
    max_width: int,
    weight: int = fonts.REGULAR,
    four_colour: bool = False,
    rtl: bool = False,
) -> list[Image.Image]:
    """A label as lines no wider than ``max_width``, breaking between words, so a game term is
    never cut behind an ellipsis: the words that don't fit go to the next line. (One word wider
    than the whole line stays whole; ``tests/render`` checks that none of ours is.)"""
    rows = wrap_words(segments, size, colour, max_width, weight, four_colour, rtl)
    return [rich_line(row, size, colour, weight, four_colour, rtl) for row in rows]


def wrap_words(
    segments: Sequence[Segment],
    size: int,
    colour: RGB,
    max_width: int,
    weight: int = fonts.REGULAR,
    four_colour: bool = False,
    rtl: bool = False,
) -> list[list[Segment]]:
    """``wrap_line``'s rows as segments, before they are drawn."""
    words: list[Segment] = []
    for seg in segments:
        if isinstance(seg, str) and not isinstance(seg, Name):
            words += [w for w in seg.split(" ") if w]
        elif seg != "":
            words.append(seg)
    lines: list[list[Segment]] = []
    for word in words:
        if lines:
            tried = rich_line(_joined([*lines[-1], word]), size, colour, weight, four_colour, rtl)
            if tried.width <= max_width:
                lines[-1].append(word)
                continue
        lines.append([word])
    # A separator ("·") at a row's end or start says nothing: the break itself separates.
    trimmed = [_trim_separators(ln) for ln in lines]
    return [_joined(ln) for ln in trimmed if ln]


def _trim_separators(words: list[Segment]) -> list[Segment]:
    def lone(w: Segment) -> bool:
        return isinstance(w, str) and not isinstance(w, Name) and w.strip("·") == ""

    while len(words) > 1 and lone(words[-1]):
        words = words[:-1]
    while len(words) > 1 and lone(words[0]):
        words = words[1:]
    return words


def _joined(words: Sequence[Segment]) -> list[Segment]:
    """Words back into segments: neighbouring plain words as one text, so a line is shaped
    (Arabic letters joined, spaces as the font spaces them) like the unwrapped label."""
    out: list[Segment] = []
    for w in words:
        plain = isinstance(w, str) and not isinstance(w, Name)
        if plain and out and isinstance(out[-1], str) and not isinstance(out[-1], Name):
            out[-1] = f"{out[-1]} {w}"
        else:
            out.append(w)
    return out


def place_x(x0: float, x1: float, width: float, rtl: bool) -> float:
    """Where a line of ``width`` starts between ``x0`` and ``x1``: at the left edge, or at the
    right one in a right-to-left picture, where its reader starts."""
    return x1 - width if rtl else x0
