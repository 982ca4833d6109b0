"""The score sheet of a round: each seat's lines (melds, projects, bonuses, penalties), its round
score and its game total, from ``RoundResult`` only (outcomes are data; the words come from the
engine's ``ScoreLine.label``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from bot.games.base import RoundResult
from render import fonts
from render.common import Icon, Segment, fit_line, fmt_points, paste, png_bytes, symbol_segments
from render.shapes import rounded_box
from render.style import (
    MINUS,
    PAPER,
    PAPER_INK,
    PAPER_RULE,
    PAPER_SOFT,
    PLUS,
    TURN,
    WILD_GOLD,
)

SHEET_CARD = (255, 253, 246)

GAME_TITLES = {"mor": "Mor", "more3": "More", "hand": "Hand", "runfast": "Run Fast"}
REASONS = {
    "closed": "{who} closed",
    "went_out": "{who} went out",
    "hand_empty": "{who} emptied the hand",
    "stock_out": "The stock ran out",
}

# Every sheet is CANVAS_WIDTH wide in two columns, so a phone shows its text (fonts.MIN_SIZE
# and up) at least 11 px tall; a third seat's column goes below the first.
WIDTH = fonts.CANVAS_WIDTH
COLUMNS = 2
MARGIN = 28
SECTION_GAP = 22
COL_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * SECTION_GAP) // COLUMNS
TITLE_SIZE = 56
SUB_SIZE = fonts.MIN_SIZE
NAME_SIZE = 52  # shrinks to MIN_SIZE for a long name, then is shortened with an ellipsis
LINE_SIZE = fonts.MIN_SIZE
TOTAL_SIZE = 52
LINE_H = round(LINE_SIZE * 1.3)
HEAD_H = 2 * LINE_H + 40
SECTION_HEAD_H = LINE_H + 20
CARD_PAD = 16
POINTS_GAP = 16


def _lines_for(result: RoundResult, seats: Sequence[int]) -> list[tuple[str, float]]:
    return [(line.label, line.points) for line in result.lines if line.seat in seats]


def _sections(game: str, n: int) -> list[list[int]]:
    """Who shares a column: Mor's partners (seats 0 & 2, 1 & 3) score as one team."""
    if game == "mor" and n == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(n)]


def _points_sprite(value: float, size: int, weight: int) -> Image.Image:
    colour = PLUS if value > 0 else MINUS if value < 0 else PAPER_SOFT
    return fonts.text_sprite(fmt_points(value, sign=True), size, colour, weight)


def score_sheet_image(
    result: RoundResult,
    names: Sequence[str],
    totals: Sequence[float],
    game: str,
    *,
    round_no: int | None = None,
    winners: Collection[int] = (),
    game_over: bool = False,
) -> Image.Image:
    """The score sheet as an RGB image (``render_score_sheet`` encodes it)."""
    n = len(result.scores)
    sections = _sections(game, n)
    col_w = COL_W
    cols = COLUMNS
    grid_rows = -(-len(sections) // cols)
    most_lines = max((len(_lines_for(result, seats)) for seats in sections), default=0)
    section_h = SECTION_HEAD_H + most_lines * LINE_H + 2 * LINE_H + 24
    width = WIDTH
    height = HEAD_H + grid_rows * section_h + (grid_rows - 1) * SECTION_GAP + MARGIN
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)

    def name(seat: int | None) -> str:
        if seat is None:
            return ""
        return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"

    title = GAME_TITLES.get(game, game) + (f" · round {round_no}" if round_no else "")
    if game_over:
        title += " · game over"
    paste(
        img, fit_line([title], TITLE_SIZE, PAPER_INK, width - 2 * MARGIN, fonts.BOLD), (MARGIN, 4)
    )
    reason = REASONS.get(result.reason, result.reason.replace("_", " "))
    sub: list[Segment] = []
    # Two partners' names share a column's head with a star and an "&".
    name_w = (col_w - 2 * CARD_PAD - 3 * NAME_SIZE) // 2

    def short(seat: int | None) -> str:
        return fonts.fit(name(seat), SUB_SIZE, (width - 2 * MARGIN) // 3, fonts.MEDIUM)[0]

    if "{who}" in reason:
        before, after = reason.split("{who}")
        sub = [before.strip(), short(result.closer), after.strip()]
    else:
        sub = [reason]
    if winners:
        sub += ["·", Icon("star", WILD_GOLD), "won:" if game_over else "leading:"]
        for i, w in enumerate(sorted(winners)):
            sub += (["&"] if i else []) + [short(w)]
    sub_line = fit_line(sub, SUB_SIZE, PAPER_SOFT, width - 2 * MARGIN, fonts.MEDIUM)
    paste(img, sub_line, (MARGIN, 4 + LINE_H + 10))

    for k, seats in enumerate(sections):
        col, row = k % cols, k // cols
        x0 = MARGIN + col * (col_w + SECTION_GAP)
        y0 = HEAD_H + row * (section_h + SECTION_GAP)
        won = any(s in winners for s in seats)
        edge = TURN if won else PAPER_RULE
        card = rounded_box(
            (col_w, section_h), 14, (*SHEET_CARD, 255), (*edge, 255), 3 if won else 2
        )
        paste(img, card, (x0, y0))
        head: list[Segment] = [Icon("star", WILD_GOLD)] if won else []
        size = NAME_SIZE
        for i, seat in enumerate(seats):
            width_left = col_w - 2 * CARD_PAD - 60 if len(seats) == 1 else name_w
            shown, fitted = fonts.fit(name(seat), NAME_SIZE, width_left, fonts.BOLD)
            head += (["&"] if i else []) + [shown]
            size = min(size, fitted)  # partners' names share one size
        inner = col_w - 2 * CARD_PAD
        head_line = fit_line(head, size, PAPER_INK, inner, fonts.BOLD)
        paste(img, head_line, (x0 + CARD_PAD, y0 + 4))
        y = y0 + SECTION_HEAD_H
        for label, points in _lines_for(result, seats):
            p = _points_sprite(points, LINE_SIZE, fonts.MEDIUM)
            line = fit_line(
                symbol_segments(label), LINE_SIZE, PAPER_INK, inner - p.width - POINTS_GAP
            )
            paste(img, line, (x0 + CARD_PAD, y))
            paste(img, p, (x0 + col_w - CARD_PAD - p.width, y))
            y += LINE_H
        y = y0 + SECTION_HEAD_H + most_lines * LINE_H + 6
        draw.line((x0 + CARD_PAD, y, x0 + col_w - CARD_PAD, y), fill=PAPER_RULE, width=2)
        y += 6
        first = seats[0]  # partners share their team's score and total
        total = totals[first] if first < len(totals) else 0
        for label, value, size in (
            ("This round", result.scores[first], LINE_SIZE),
            ("Game total", total, TOTAL_SIZE),
        ):
            paste(img, fonts.text_sprite(label, size, PAPER_INK, fonts.BOLD), (x0 + CARD_PAD, y))
            if label == "Game total":
                p = fonts.text_sprite(fmt_points(value), size, PAPER_INK, fonts.BLACK)
            else:
                p = _points_sprite(value, size, fonts.BOLD)
            paste(img, p, (x0 + col_w - CARD_PAD - p.width, y))
            y += LINE_H + 2
    return img


def render_score_sheet(
    result: RoundResult,
    names: Sequence[str],
    totals: Sequence[float],
    game: str,
    *,
    round_no: int | None = None,
    winners: Collection[int] = (),
    game_over: bool = False,
    lang: str = "en",
) -> bytes:
    """A round's score sheet as PNG bytes. ``totals`` are the game totals after the round;
    ``winners`` are starred (the game's winners when ``game_over``). Pure: run it in a thread."""
    return png_bytes(
        score_sheet_image(
            result, names, totals, game, round_no=round_no, winners=winners, game_over=game_over
        )
    )
