"""On an Arabic picture a negative score reads «−30», as the glossary writes it, never «30−»:
the pixels of a real score sheet are read, not the text it was given.

(The second native read of Arabic reported «30−» on the score sheets; the sheets drawn here
show the minus at the left of the digits, and this test keeps it so. A card's «2♠» in a
right-to-left line is read off its pixels in ``test_languages``.)"""

from __future__ import annotations

import pytest
from PIL import Image

import render.score as score
from bot.games.base import RoundResult, ScoreLine
from render import fonts
from render.style import PLUS


def ink_columns(img: Image.Image) -> list[tuple[int, int]]:
    """Each column of ``img`` with ink: how many of its rows hold some, left to right."""
    alpha = img.getchannel("A") if img.mode == "RGBA" else img.convert("L").point(lambda v: 255 - v)
    w, h = alpha.size
    px = alpha.load()
    assert px is not None
    cols = [(x, sum(1 for y in range(h) if px[x, y] >= 128)) for x in range(w)]
    return [(x, n) for x, n in cols if n]


def minus_first(img: Image.Image) -> bool:
    """Whether a signed number drawn in ``img`` starts, at its left, with a minus: its left
    fifth is a thin bar, lower than a third of the digits' height, and its right fifth is not."""
    cols = ink_columns(img)
    tallest = max(n for _, n in cols)
    left, right = cols[0][0], cols[-1][0]
    fifth = (right - left) / 5
    first = max(n for x, n in cols if x <= left + fifth)
    last = max(n for x, n in cols if x >= right - fifth)
    return first < tallest / 3 < last


def green_points(sheet: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """The points drawn in green (``PLUS``) inside ``box`` of the sheet, as a mask."""
    part = sheet.crop(box).convert("RGB")
    mask = Image.new("L", part.size, 0)
    src, dst = part.load(), mask.load()
    assert src is not None and dst is not None
    for y in range(part.height):
        for x in range(part.width):
            if src[x, y] == PLUS:
                dst[x, y] = 255
    bbox = mask.getbbox()
    assert bbox is not None, "no green points in the box"
    return Image.merge("LA", (mask, mask)).crop(bbox).convert("RGBA")


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_negative_score_on_a_sheet_has_its_minus_at_the_left(lang: str) -> None:
    # Hand: the winner's −30 helps them, so it is green; seat 0's column is at the right in
    # Arabic, at the left in English, and its first line is the −30.
    lines = (ScoreLine(0, "core.line.went_out", -30), ScoreLine(1, "core.line.cards_left", 23))
    result = RoundResult((-30.0, 23.0, 0.0), "went_out", 0, lines)
    sheet = score.score_sheet_image(result, ("A", "B", "C"), (-30.0, 23.0, 0.0), "hand", lang=lang)
    half = sheet.width // 2
    x0, x1 = (half, sheet.width) if lang == "ar" else (0, half)
    top = score.HEAD_H + score.SECTION_HEAD_H
    points = green_points(sheet, (x0, top, x1, top + score.LINE_H))
    assert minus_first(points)


def test_the_minus_check_can_fail() -> None:
    # The same number drawn with its minus at the right, as a right-to-left layout would.
    wrong = fonts.text_sprite("30−", score.LINE_SIZE, PLUS, fonts.MEDIUM, direction="ltr")
    right = fonts.text_sprite("−30", score.LINE_SIZE, PLUS, fonts.MEDIUM, direction="ltr")
    assert minus_first(right) and not minus_first(wrong)
    assert not minus_first(
        fonts.text_sprite("−30", score.LINE_SIZE, PLUS, fonts.MEDIUM, direction="rtl")
    )
