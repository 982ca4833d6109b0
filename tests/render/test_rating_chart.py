"""The rating chart /stats sends: one line per game format over the member's rated games, the
provisional start dashed with hollow points, every text readable on a phone, in the member's
language (Arabic words from the right, numbers left to right)."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PIL import Image

import render.common as common
import render.fonts as fonts
from bot.i18n import t
from render.rating_chart import (
    MARGIN,
    POINT_R,
    TITLE_H,
    WIDTH,
    RatingLine,
    chart_layout,
    colour_of,
    render_rating_chart,
)
from render.style import PAPER

PHONE_MIN = 11  # px, the floor tests/render/test_phone.py holds every picture to

LINES = (
    RatingLine("Mor 2 vs 2", tuple(1000 + 15 * k - (k % 3) * 20 for k in range(25)), 10),
    RatingLine("Run Fast", tuple(960 - 8 * k for k in range(7)), 7),
    RatingLine("Hand", (1100,), 1),
)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    weight: int
    width: int
    direction: str | None


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn from now on (the text caches emptied first)."""
    for module in (fonts, common):
        for obj in list(vars(module).values()):
            if hasattr(obj, "cache_clear") and obj is not fonts.font:
                obj.cache_clear()
    texts: list[Drawn] = []
    real = fonts.text_mask

    def text_mask(
        text: str, size: int, weight: int = 400, width: int = 100, direction: str | None = None
    ) -> Image.Image:
        texts.append(Drawn(text, size, weight, width, direction))
        return real(text, size, weight, width, direction)

    monkeypatch.setattr(fonts, "text_mask", text_mask)
    yield texts


def near(img: Image.Image, xy: tuple[float, float], colour: tuple[int, int, int]) -> bool:
    """Whether ``colour`` (give or take anti-aliasing) is drawn within 2 px of ``xy``."""
    x, y = round(xy[0]), round(xy[1])
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            pixel = img.getpixel((x + dx, y + dy))
            if sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40:
                return True
    return False


def along(a: tuple[int, int], b: tuple[int, int], steps: int) -> list[tuple[float, float]]:
    return [
        (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps) for k in range(steps)
    ]


def test_one_line_per_format_dashed_while_provisional() -> None:
    img = decode(render_rating_chart("alice", LINES))
    layout = chart_layout(LINES)
    assert img.mode == "RGB" and img.size == layout.size and img.width == WIDTH
    for k, (line, points) in enumerate(zip(LINES, layout.points, strict=True)):
        colour = colour_of(k)
        assert len(points) == len(line.ratings)
        for n, (x, y) in enumerate(points):
            if n < line.provisional:  # hollow: the line's colour round paper
                assert near(img, (x + POINT_R - 1, y), colour), (line.label, n)
                assert img.getpixel((x, y)) == PAPER, (line.label, n)
            else:  # filled
                assert near(img, (x, y), colour), (line.label, n)
        for n in range(1, len(points)):
            a, b = points[n - 1], points[n]
            if math.dist(a, b) < 6 * POINT_R:
                continue  # too short to tell a dash from a point
            # Between the points (clear of their markers): solid, or dashes with gaps.
            inner = along(a, b, 40)[12:-12]
            drawn = [near(img, xy, colour) for xy in inner]
            if n < line.provisional:
                assert any(drawn) and not all(drawn), (line.label, n, "not dashed")
            else:
                assert all(drawn), (line.label, n, "not solid")
    # Higher ratings are drawn higher.
    mor = layout.points[0]
    assert mor[-1][1] < mor[0][1]
    # The same data, the same picture.
    assert render_rating_chart("alice", LINES) == render_rating_chart("alice", LINES)


def test_every_text_is_11px_tall_on_a_phone(drawn: list[Drawn]) -> None:
    for lang in ("en", "ar", "hi", "nl"):
        img = decode(render_rating_chart("प्रिया عبد الله Alexandra-Marguerite", LINES, lang))
        assert img.width == fonts.CANVAS_WIDTH
    assert drawn
    small = {
        (d.text, d.size)
        for d in set(drawn)
        if fonts.cap_height(d.size, d.weight, d.width) * fonts.PHONE_WIDTH / WIDTH < PHONE_MIN
    }
    assert not small, f"text under {PHONE_MIN} px on a phone: {sorted(small)[:8]}"
    for d in set(drawn):
        if d.text.isdigit():  # the axes' numbers, measured on their own ink
            ink = fonts.ink_height(fonts.text_mask(d.text, d.size, d.weight, d.width))
            assert ink * fonts.PHONE_WIDTH / WIDTH >= PHONE_MIN, d


def ink_box(img: Image.Image, top: int, bottom: int) -> tuple[int, int, int, int]:
    band = img.crop((0, top, img.width, bottom))
    paper = Image.new("RGB", band.size, PAPER)
    from PIL import ImageChops

    box = ImageChops.difference(band, paper).convert("L").point(lambda v: 255 if v > 40 else 0)
    found = box.getbbox()
    assert found, "nothing drawn there"
    return found


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_words_in_the_members_language_numbers_left_to_right(lang: str, drawn: list[Drawn]) -> None:
    img = decode(render_rating_chart("Sara", LINES, lang))
    texts = {d.text: d for d in drawn}
    assert t("chart.games", lang) in texts
    assert t("rating.provisional", lang) in texts
    assert any("Sara" in d.text for d in drawn)
    numbers = [d for d in drawn if d.text.isdigit()]
    assert {"1", "5", "25", "1000", "1200"} <= {d.text for d in numbers}
    assert all(d.direction == "ltr" for d in numbers), "numbers read left to right"
    rtl = lang == "ar"
    assert texts[t("chart.games", lang)].direction == ("rtl" if rtl else "ltr")
    # The title starts where its reader starts: at the left, or at the right in Arabic.
    left, _, right, _ = ink_box(img, MARGIN, MARGIN + TITLE_H)
    if rtl:
        assert right >= WIDTH - MARGIN - 10 and left > MARGIN + 40, (left, right)
    else:
        assert left <= MARGIN + 10 and right < WIDTH - MARGIN - 40, (left, right)


def test_a_format_keeps_its_colour() -> None:
    line = RatingLine("Run Fast", (1000, 1040, 1020), 0, colour=4)
    layout = chart_layout([line])
    img = decode(render_rating_chart("a", [line]))
    assert all(near(img, xy, colour_of(4)) for xy in layout.points[0])
    assert not near(img, layout.points[0][1], colour_of(0))


def test_one_game_and_a_long_history() -> None:
    one = decode(render_rating_chart("a", [RatingLine("Hand", (1000,), 1)]))
    assert one.width == WIDTH
    long = RatingLine("Run Fast", tuple(900 + (k * 37) % 300 for k in range(2000)), 10)
    img = decode(render_rating_chart("a", [long]))
    layout = chart_layout([long])
    x0, _, x1, _ = layout.plot
    assert all(x0 <= x <= x1 for x, _ in layout.points[0])
    assert near(img, layout.points[0][-1], colour_of(0))
    with pytest.raises(ValueError, match="at least one"):
        chart_layout([])
