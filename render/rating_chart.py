"""A member's skill rating over their rated games, as a chart: one line per game format, as the
profiles of lichess and chess.com draw it, the provisional start of each line dashed with hollow
points, then solid once the number is trusted.

Pure: the lines in (each format's name in the reader's language, the shown rating after each
rated game, how many of the first are provisional), PNG bytes out. The other words (the title,
the axis, the legend's "provisional") come from the ``render`` catalogue in ``lang``; a
right-to-left language reads its words from the right, while numbers and the run of games keep
their left-to-right order, as the language writes them.

The picture is ``fonts.CANVAS_WIDTH`` wide like every other, and no text is smaller than
``fonts.MIN_SIZE``, so a phone shows it at least 11 px tall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import is_rtl, t
from render import fonts
from render.common import Name, Segment, fit_line, paste, place_x, png_bytes
from render.style import CHART_LINES, PAPER, PAPER_INK, PAPER_RULE, PAPER_SOFT, RGB
from render.words import with_name

WIDTH = fonts.CANVAS_WIDTH
MARGIN = 28
TITLE_SIZE = 56
LABEL_SIZE = fonts.MIN_SIZE
LABEL_H = fonts.line_height(LABEL_SIZE)
TITLE_H = fonts.line_height(TITLE_SIZE)
PLOT_H = 480
PLOT_GAP = 16  # between the y axis' numbers and the plot, and above and below it
LINE_W = 6
POINT_R = 8  # a game's point; drawn while a line has at most MAX_POINTS games
MAX_POINTS = 60
DASH, GAP = 18, 12  # the provisional part's dashes
SWATCH_W = 64  # the legend's sample of a line
LEGEND_COLUMNS = 2
Y_TICKS = 4  # about this many steps up the rating axis
X_TICKS = 6  # at most this many game numbers along the bottom
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
MIN_SPAN = 40  # a flat line still gets this much of the rating axis
HANGING = ":,،;؛"  # punctuation that hangs on the name before it


@dataclass(frozen=True)
class RatingLine:
    """One format's line: its name as the reader says it, the shown rating after each of the
    member's rated games in it (oldest first), how many of the first are provisional, and its
    colour (a format keeps its colour from member to member)."""

    label: str
    ratings: tuple[int, ...]
    provisional: int = 0
    colour: int | None = None  # which of style.CHART_LINES; None: by the line's place


@dataclass(frozen=True)
class ChartLayout:
    """Where everything goes: the plot's box, each line's points (in the order of the lines),
    the rating axis' numbers and the game numbers under the plot, and the picture's size."""

    size: tuple[int, int]
    plot: tuple[int, int, int, int]
    points: tuple[tuple[tuple[int, int], ...], ...]
    y_ticks: tuple[tuple[int, int], ...]  # (rating, y)
    x_ticks: tuple[tuple[int, int], ...]  # (game number, x)
    legend_top: int


def nice_step(span: float, steps: int) -> int:
    """The smallest round step that cuts ``span`` into at most ``steps`` parts."""
    return next((s for s in NICE_STEPS if span / s <= steps), NICE_STEPS[-1])


def _number(value: int, colour: RGB = PAPER_SOFT) -> Image.Image:
    # Numbers read left to right in every language (the glossary's rule).
    text = str(value) if value >= 0 else f"−{-value}"
    return fonts.text_sprite(text, LABEL_SIZE, colour, fonts.MEDIUM, direction="ltr")


def _legend_rows(lines: Sequence[RatingLine]) -> int:
    entries = len(lines) + 1  # and "provisional"
    return math.ceil(entries / LEGEND_COLUMNS)


def chart_layout(lines: Sequence[RatingLine]) -> ChartLayout:
    ratings = [r for line in lines for r in line.ratings]
    if not ratings:
        raise ValueError("A rating chart needs at least one rated game.")
    lo, hi = min(ratings), max(ratings)
    if hi - lo < MIN_SPAN:
        mid = (lo + hi) / 2
        lo, hi = math.floor(mid - MIN_SPAN / 2), math.ceil(mid + MIN_SPAN / 2)
    step = nice_step(hi - lo, Y_TICKS)
    bottom_value = math.floor(lo / step) * step
    top_value = math.ceil(hi / step) * step
    values = list(range(bottom_value, top_value + 1, step))
    gutter = max(_number(v).width for v in values) + PLOT_GAP
    top = MARGIN + TITLE_H + PLOT_GAP
    x0, y0 = MARGIN + gutter, top + LABEL_H // 2  # half a label above: the top number fits
    x1, y1 = WIDTH - MARGIN - POINT_R, y0 + PLOT_H

    def y_of(rating: float) -> int:
        return round(y1 - (rating - bottom_value) / (top_value - bottom_value) * (y1 - y0))

    games = max(len(line.ratings) for line in lines)

    def x_of(game: int) -> int:  # game counts from 1
        if games == 1:
            return (x0 + x1) // 2
        return round(x0 + POINT_R + (game - 1) / (games - 1) * (x1 - x0 - 2 * POINT_R))

    points = tuple(
        tuple((x_of(k + 1), y_of(r)) for k, r in enumerate(line.ratings)) for line in lines
    )
    x_step = nice_step(games - 1, X_TICKS - 1) if games > 1 else 1
    numbers = [1, *range(x_step, games + 1, x_step)] if games > 1 else [1]
    if games not in numbers and games - numbers[-1] >= x_step / 2:
        numbers.append(games)  # the last game is named unless a number stands right beside it
    legend_top = y1 + PLOT_GAP + 2 * LABEL_H + PLOT_GAP  # the game numbers, the axis' name
    height = legend_top + _legend_rows(lines) * LABEL_H + MARGIN
    return ChartLayout(
        size=(WIDTH, height),
        plot=(x0, y0, x1, y1),
        points=points,
        y_ticks=tuple((v, y_of(v)) for v in values),
        x_ticks=tuple((n, x_of(n)) for n in dict.fromkeys(numbers)),
        legend_top=legend_top,
    )


def _dashed(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int], colour: RGB) -> None:
    """A dashed segment from ``a`` to ``b``."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    at = 0.0
    while at < length:
        end = min(at + DASH, length)
        start_xy = (a[0] + ux * at, a[1] + uy * at)
        end_xy = (a[0] + ux * end, a[1] + uy * end)
        draw.line([start_xy, end_xy], fill=colour, width=LINE_W)
        at = end + GAP


def _point(draw: ImageDraw.ImageDraw, xy: tuple[int, int], colour: RGB, hollow: bool) -> None:
    x, y = xy
    box = (x - POINT_R, y - POINT_R, x + POINT_R, y + POINT_R)
    draw.ellipse(box, fill=PAPER if hollow else colour, outline=colour, width=3)


def _draw_line(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[int, int]], provisional: int, colour: RGB
) -> None:
    for k in range(1, len(points)):
        # A segment is dashed while it leads to a provisional point.
        if k < provisional:
            _dashed(draw, points[k - 1], points[k], colour)
        else:
            draw.line([points[k - 1], points[k]], fill=colour, width=LINE_W, joint="curve")
    if len(points) <= MAX_POINTS:
        for k, xy in enumerate(points):
            _point(draw, xy, colour, hollow=k < provisional)
    else:  # too many to mark each: the last game, where the member stands now
        _point(draw, points[-1], colour, hollow=len(points) <= provisional)


def colour_of(index: int) -> RGB:
    return CHART_LINES[index % len(CHART_LINES)]


def line_colour(line: RatingLine, place: int) -> RGB:
    return colour_of(line.colour if line.colour is not None else place)


def _title(name: str, lang: str) -> list[Segment]:
    """The title's segments, the punctuation right after the name its own segment, so it
    hangs on the name ("alice:", "سارة:") as a line's punctuation does."""
    out: list[Segment] = []
    for seg in with_name("chart.title", lang, name):
        if isinstance(seg, Name) or not isinstance(seg, str):
            out.append(seg)
            continue
        marks = len(seg) - len(seg.lstrip(HANGING))
        out += [part for part in (seg[:marks], seg[marks:].strip()) if part]
    return out


def rating_chart(name: str, lines: Sequence[RatingLine], lang: str = "en") -> Image.Image:
    layout = chart_layout(lines)
    rtl = is_rtl(lang)
    direction = "rtl" if rtl else "ltr"
    img = Image.new("RGB", layout.size, PAPER)
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = layout.plot

    title = fit_line(
        _title(name, lang), TITLE_SIZE, PAPER_INK, WIDTH - 2 * MARGIN,
        fonts.BOLD, rtl=rtl,
    )  # fmt: skip
    paste(img, title, (place_x(MARGIN, WIDTH - MARGIN, title.width, rtl), MARGIN))

    # The rating axis: a rule and a number at each step.
    for value, y in layout.y_ticks:
        draw.line([(x0, y), (x1, y)], fill=PAPER_RULE, width=2)
        label = _number(value)
        paste(img, label, (x0 - PLOT_GAP - label.width, y - LABEL_H // 2 - 4))
    draw.line([(x0, y0), (x0, y1)], fill=PAPER_SOFT, width=2)

    # The games along the bottom, and under them the axis' name where the reader starts.
    numbers_y = y1 + PLOT_GAP // 2
    taken: list[tuple[int, int]] = []
    for game, x in layout.x_ticks:
        label = _number(game)
        left = max(x0 - label.width // 2, min(x1 - label.width, x - label.width // 2))
        if any(left < b + PLOT_GAP and left + label.width > a - PLOT_GAP for a, b in taken):
            continue  # never two numbers on each other
        taken.append((left, left + label.width))
        paste(img, label, (left, numbers_y))
    axis = fonts.text_sprite(
        t("chart.games", lang), LABEL_SIZE, PAPER_SOFT, fonts.REGULAR, direction=direction
    )
    paste(img, axis, (place_x(x0, x1, axis.width, rtl), numbers_y + LABEL_H))

    for k, (line, points) in enumerate(zip(lines, layout.points, strict=True)):
        _draw_line(draw, points, line.provisional, line_colour(line, k))

    # The legend: each format's line, then what a dashed line means.
    column = (WIDTH - 2 * MARGIN) // LEGEND_COLUMNS
    entries: list[tuple[str, RGB, bool]] = [
        (line.label, line_colour(line, k), False) for k, line in enumerate(lines)
    ]
    entries.append((t("rating.provisional", lang), PAPER_SOFT, True))
    for k, (text, colour, dashed) in enumerate(entries):
        row, col = divmod(k, LEGEND_COLUMNS)
        top = layout.legend_top + row * LABEL_H
        left = WIDTH - MARGIN - (col + 1) * column if rtl else MARGIN + col * column
        right = left + column
        mid = top + LABEL_H // 2
        sx0 = right - SWATCH_W if rtl else left
        sample = ((sx0, mid), (sx0 + SWATCH_W, mid))
        if dashed:
            _dashed(draw, *sample, colour)
        else:
            draw.line(sample, fill=colour, width=LINE_W)
        room = column - SWATCH_W - 2 * PLOT_GAP
        words = fit_line([text], LABEL_SIZE, PAPER_INK, room, fonts.MEDIUM, rtl=rtl)
        x = right - SWATCH_W - PLOT_GAP - words.width if rtl else left + SWATCH_W + PLOT_GAP
        paste(img, words, (x, top - 4))
    return img


def render_rating_chart(name: str, lines: Sequence[RatingLine], lang: str = "en") -> bytes:
    """The chart of ``name``'s ratings as PNG bytes: pure, safe to run in ``asyncio.to_thread``."""
    return png_bytes(rating_chart(name, lines, lang))
