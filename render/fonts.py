"""Fonts from the project's own font packages, chosen per script, and cached text sprites.

The fonts are the Noto Sans families that the ``fontpkg-noto-sans*`` packages install (no system
font is assumed). They are variable fonts, so one file gives every weight and a condensed width
(used for the "10" in a card's corner). Pillow's raqm layout shapes Arabic and Devanagari.

A member's name can mix scripts and carry emoji; :func:`text_runs` splits it into runs, each drawn
with the font of its script, and drops characters that no font has, so a name never shows tofu
boxes.
"""

from __future__ import annotations

import functools
import re
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import fontpkg
from PIL import Image, ImageDraw, ImageFont

# Script key -> fontpkg family. The first is the fallback for everything not Arabic/Devanagari.
FAMILIES = {
    "latin": "Noto Sans",
    "arabic": "Noto Sans Arabic",
    "devanagari": "Noto Sans Devanagari",
}
FALLBACK_ORDER = ("latin", "arabic", "devanagari")

REGULAR, MEDIUM, BOLD, BLACK = 400, 500, 700, 850
NORMAL_WIDTH, CONDENSED = 100, 75

# Discord shows a picture about PHONE_WIDTH pixels wide on a phone; text must then be at least
# PHONE_MIN_PX tall (its capitals and digits). Every picture is CANVAS_WIDTH wide, so the smallest
# size any text is drawn at is MIN_SIZE: its capitals measure 34 px, 11.3 px at phone width (the
# tests measure the drawn glyphs, see ``cap_height``).
PHONE_WIDTH = 400
PHONE_MIN_PX = 11
CANVAS_WIDTH = 1200
MIN_SIZE = 48

# A line box in units of the font size: tall enough for Devanagari's marks above the head line
# and Arabic's dots below the baseline, so runs of every script share one baseline.
LINE_HEIGHT = 1.55
BASELINE = 1.12

# Unicode blocks that decide the font by themselves; everything else is chosen by coverage.
_ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
_DEVANAGARI = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF))
_RTL_SCRIPTS = frozenset({"arabic"})
_PROBE_SIZE = 24
_NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font maps: draws the .notdef box
# A FreeType face may be used by one thread at a time, and the bot renders in worker threads
# (asyncio.to_thread). Only cache misses take the lock: warm pictures never touch FreeType.
_FREETYPE = threading.RLock()


@functools.cache
def font(
    script: str, size: int, weight: int = REGULAR, width: int = NORMAL_WIDTH
) -> ImageFont.FreeTypeFont:
    """One size / weight / width of a script's font, loaded once."""
    path = fontpkg.path(FAMILIES[script])
    with _FREETYPE:
        f = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.RAQM)
    wanted = {"weight": weight, "wght": weight, "width": width, "wdth": width}
    values: list[float] = []
    for axis in f.get_variation_axes():
        name = axis["name"]
        key = (name.decode("ascii", "replace") if isinstance(name, bytes) else str(name)).lower()
        value = wanted.get(key, axis["default"])
        low, high = axis["minimum"], axis["maximum"]
        # Pillow's types allow an axis without a range or default; FreeType always gives them.
        if value is None or low is None or high is None:
            raise ValueError(f"The font {path} has an axis {key!r} without a range.")
        values.append(max(low, min(high, value)))
    with _FREETYPE:
        f.set_variation_by_axes(values)
    return f


@functools.cache
def _glyph_print(script: str, ch: str) -> bytes:
    f = font(script, _PROBE_SIZE)
    img = Image.new("L", (_PROBE_SIZE * 3, _PROBE_SIZE * 2))
    with _FREETYPE:
        box = f.getbbox(ch)
        ImageDraw.Draw(img).text((2, 2), ch, font=f, fill=255)
    return repr(box).encode() + img.tobytes()


@functools.cache
def has_glyph(script: str, ch: str) -> bool:
    """Whether the script's font draws ``ch`` (Pillow has no cmap query: compare with .notdef)."""
    return _glyph_print(script, ch) != _glyph_print(script, _NOTDEF_PROBE)


def _block_script(ch: str) -> str | None:
    cp = ord(ch)
    if any(a <= cp <= b for a, b in _ARABIC):
        return "arabic"
    if any(a <= cp <= b for a, b in _DEVANAGARI):
        return "devanagari"
    return None


@dataclass(frozen=True, slots=True)
class Run:
    """Text drawn with one font. ``direction`` is the base direction raqm lays it out in:
    "ltr", "rtl", or None to take it from its first strong letter."""

    script: str
    text: str
    direction: str | None = None


# Base directions a line of text may be given (None: from its first strong letter, as a name).
Direction = str | None


def _script_of(ch: str) -> str | None:
    """The font for a strong character, or None when no installed font draws it."""
    script = _block_script(ch)
    if script is not None:
        return script
    return next((s for s in FALLBACK_ORDER if has_glyph(s, ch)), None)


def reads_right_to_left(text: str) -> bool:
    """Whether ``text`` standing alone reads right to left: its first strong letter does."""
    first = next((ch for ch in text if unicodedata.category(ch).startswith("L")), "")
    return bool(first) and _script_of(first) in _RTL_SCRIPTS


def _neutral_font(text: str, beside: str) -> str:
    return next(
        (s for s in (beside, *FALLBACK_ORDER) if all(has_glyph(s, c) for c in text.strip())), beside
    )


def _visual_order(runs: list[Run], base: str) -> list[Run]:
    """Runs in the order they are drawn left to right (Unicode's rule L2 at the level of runs):
    a right-to-left run sits at level 1; a left-to-right one at 0 in a left-to-right line and
    at 2 in a right-to-left one; a neutral run between two runs of one direction takes theirs,
    else the line's."""
    dirs = [r.direction for r in runs]
    resolved: list[str] = []
    for i, d in enumerate(dirs):
        if d is None:
            before = next((x for x in reversed(dirs[:i]) if x), None)
            after = next((x for x in dirs[i + 1 :] if x), None)
            d = before if before == after and before else base
        resolved.append(d)
    levels = [1 if d == "rtl" else 2 if base == "rtl" else 0 for d in resolved]
    order = list(range(len(runs)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [replace(runs[k], direction=resolved[k]) for k in order]


@functools.lru_cache(maxsize=4096)
def text_runs(text: str, direction: Direction = None) -> tuple[Run, ...]:
    """Split text into runs of one font each, in visual order, dropping undrawable characters.

    ``direction`` is the line's base direction ("ltr", "rtl"); None takes it from the first
    strong letter, which suits a name standing alone. A line in a language's own words passes
    its language's direction, so a right-to-left name inside a left-to-right sentence (or the
    other way round) keeps the sentence's punctuation where the sentence wants it.

    Marks and joiners stay with the letter before them (shaping needs them there). Spaces, digits
    and punctuation between two letters of one script join their run ("سارة 2" is one run);
    between two scripts they become a run of their own, so that in "عبد الله & प्रिया" the "&" is
    placed between the names whichever way the line reads.
    """
    items: list[list[Any]] = []  # [script, or None for neutral, text], logical order
    for ch in unicodedata.normalize("NFC", text):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Co", "Cs", "Cn") or ch in "\ufe0e\ufe0f":
            continue  # controls, private use and emoji selectors draw nothing useful
        if cat in ("Mn", "Mc", "Me", "Cf"):
            if items:
                items[-1][1] += ch
            elif cat == "Cf":  # a leading isolate or direction mark: it still orders the text
                items.append([None, ch])
            continue
        script: str | None = None
        if cat == "Zs":
            ch = " "
        elif cat.startswith("L") or not any(has_glyph(f, ch) for f in FALLBACK_ORDER):
            script = _script_of(ch)
            if script is None:
                continue  # emoji, CJK...: no installed font has it
        if items and items[-1][0] == script:
            items[-1][1] += ch
        else:
            items.append([script, ch])
    strong = [s for s, _ in items if s is not None]
    base = direction or ("rtl" if strong and strong[0] in _RTL_SCRIPTS else "ltr")
    rtl = base == "rtl"
    # One font that draws it all is best: raqm then orders mixed directions exactly. Noto Sans
    # Arabic and Devanagari carry Latin, so only names mixing those two need several runs.
    whole = re.sub(" {2,}", " ", "".join(t for _, t in items)).strip()
    drawn = [c for c in whole if unicodedata.category(c) not in ("Cf", "Zs")]
    # A script's own font first: Noto Sans has some Devanagari too, but the dedicated font is
    # the one made for its conjuncts.
    blocks = [b for b in dict.fromkeys(_block_script(c) for c in drawn) if b]
    for script in dict.fromkeys((*blocks, *FALLBACK_ORDER)):
        if whole and all(has_glyph(script, c) for c in drawn):
            return (Run(script, whole, direction),)
    runs: list[list[str]] = []
    for i, (script, part) in enumerate(items):
        prev = items[i - 1][0] if i > 0 else None
        nxt = items[i + 1][0] if i + 1 < len(items) else None
        if script is None:
            if prev is None:  # leading: goes with what follows (or alone)
                script = nxt or "latin"
            elif prev == nxt or (nxt is None and (rtl or prev not in _RTL_SCRIPTS)):
                script = prev
            else:  # between two scripts, or after Arabic at the end of a left-to-right line
                runs.append(["", _neutral_font(part, prev), part])
                continue
        if runs and runs[-1][0] != "" and runs[-1][1] == script:
            runs[-1][2] += part
        else:
            runs.append(["x", script, part])
    cleaned = [[k, s, re.sub(" {2,}", " ", t)] for k, s, t in runs]
    if cleaned:
        cleaned[0][2] = cleaned[0][2].lstrip()
        cleaned[-1][2] = cleaned[-1][2].rstrip()
    out = [
        Run(s, t, None if k == "" else "rtl" if s in _RTL_SCRIPTS else "ltr")
        for k, s, t in cleaned
        if t  # a space between two scripts is kept: it has a width
    ]
    # Each run is one script, laid out in its own direction; the runs go in the line's order.
    return tuple(_visual_order(out, base))


def _run_fonts(
    runs: Sequence[Run], size: int, weight: int, width: int
) -> list[ImageFont.FreeTypeFont]:
    return [font(r.script, size, weight, width) for r in runs]


@functools.lru_cache(maxsize=8192)
def text_width(
    text: str,
    size: int,
    weight: int = REGULAR,
    width: int = NORMAL_WIDTH,
    direction: Direction = None,
) -> int:
    runs = text_runs(text, direction)
    fonts = _run_fonts(runs, size, weight, width)
    with _FREETYPE:
        return round(
            sum(
                f.getlength(r.text, direction=r.direction) for f, r in zip(fonts, runs, strict=True)
            )
        )


_VIRAMAS = frozenset("\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d")
_JOINERS = frozenset("\u200c\u200d")


def clusters(text: str) -> list[str]:
    """The text cut into the pieces a reader sees as one letter: a base with its marks, and in
    Devanagari a conjunct (consonants joined by a virama). Shortening a name drops whole pieces,
    so a cut never leaves a stray vowel sign or a half consonant."""
    out: list[str] = []
    for ch in text:
        joins = unicodedata.category(ch).startswith("M") or ch in _JOINERS
        if out and (joins or out[-1][-1] in _VIRAMAS or out[-1][-1] == "\u200d"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


@functools.lru_cache(maxsize=4096)
def fit_text(
    text: str,
    size: int,
    max_width: int,
    weight: int = REGULAR,
    width: int = NORMAL_WIDTH,
    direction: Direction = None,
) -> str:
    """The text, shortened by whole letters with an ellipsis so it is at most ``max_width``
    pixels wide (the last resort: :func:`fit` shrinks it first). The ellipsis ends the text in
    reading order: at its left in a right-to-left line."""
    clean = " ".join(text.split())
    if text_width(clean, size, weight, width, direction) <= max_width:
        return clean
    pieces = clusters(clean)
    while pieces and (
        text_width("".join(pieces).rstrip() + "…", size, weight, width, direction) > max_width
    ):
        pieces.pop()
    return "".join(pieces).rstrip() + "…" if pieces else "…"


@functools.lru_cache(maxsize=4096)
def fit(
    text: str,
    size: int,
    max_width: int,
    weight: int = REGULAR,
    width: int = NORMAL_WIDTH,
    direction: Direction = None,
) -> tuple[str, int]:
    """The text and the size to draw it at within ``max_width``: the size asked for if it fits,
    else a smaller one down to ``MIN_SIZE``, and only then shortened with an ellipsis."""
    clean = " ".join(text.split())
    for s in range(size, min(size, MIN_SIZE) - 1, -1):
        if text_width(clean, s, weight, width, direction) <= max_width:
            return clean, s
    small = min(size, MIN_SIZE)
    return fit_text(clean, small, max_width, weight, width, direction), small


def line_height(size: int) -> int:
    return round(size * LINE_HEIGHT)


@functools.lru_cache(maxsize=4096)
def text_mask(
    text: str,
    size: int,
    weight: int = REGULAR,
    width: int = NORMAL_WIDTH,
    direction: Direction = None,
) -> Image.Image:
    """An "L" mask of the text on one line box (baseline at ``BASELINE * size``), laid out in
    ``direction`` ("ltr", "rtl"; None: from its first strong letter)."""
    runs = text_runs(text, direction)
    fonts = _run_fonts(runs, size, weight, width)
    w = max(1, text_width(text, size, weight, width, direction) + 2)
    mask = Image.new("L", (w, line_height(size)))
    draw = ImageDraw.Draw(mask)
    x = 1.0
    baseline = round(size * BASELINE)
    with _FREETYPE:
        for f, r in zip(fonts, runs, strict=True):
            draw.text((x, baseline), r.text, font=f, fill=255, anchor="ls", direction=r.direction)
            x += f.getlength(r.text, direction=r.direction)
    return mask


@functools.lru_cache(maxsize=4096)
def text_sprite(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    weight: int = REGULAR,
    width: int = NORMAL_WIDTH,
    direction: Direction = None,
) -> Image.Image:
    """The text as an RGBA sprite in one colour (alpha from the mask, so no dark fringes)."""
    mask = text_mask(text, size, weight, width, direction)
    sprite = Image.new("RGBA", mask.size, (*colour, 255))
    sprite.putalpha(mask)
    return sprite


def ink_height(mask: Image.Image) -> int:
    """Rows of a text mask with solid ink (at least half covered), so anti-aliased fringes don't
    count as height."""
    box = mask.point(lambda v: 255 if v >= 128 else 0).getbbox()
    return box[3] - box[1] if box else 0


@functools.cache
def cap_height(size: int, weight: int = REGULAR, width: int = NORMAL_WIDTH) -> int:
    """How tall capitals and digits are drawn at this size: measured on the glyphs, not taken
    from the font's metrics, because hinting and weight move it by a pixel or two."""
    return min(ink_height(text_mask(ch, size, weight, width)) for ch in "H0")
