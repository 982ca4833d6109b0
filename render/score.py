"""The score sheet of a round: each seat's lines (melds, projects, bonuses, penalties), its round
score and its game total, from ``RoundResult`` only (outcomes are data; the words come from the
engine's ``ScoreLine.label``, worded in the sheet's language by ``render.words``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from bot.games.base import RoundResult
from bot.games.more3 import SUBTOTALS
from bot.games.registry import engine_class
from bot.i18n import is_rtl, language, t
from render import fonts
from render.common import (
    Icon,
    Name,
    Segment,
    fit_line,
    fmt_points,
    paste,
    place_x,
    png_bytes,
    symbol_segments,
    wrap_line,
)
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
from render.words import REASONS, game_title, score_label, with_name

SHEET_CARD = (255, 253, 246)

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


def _lines_for(
    result: RoundResult, seats: Sequence[int], lang: str
) -> list[tuple[str, float, bool]]:
    """Each line's words, points and whether it is a sum of the lines above (More's Solo
    subtotal), which shows without a sign: it is no addend."""
    return [
        (score_label(line.label, lang), line.points, str(line.label) in SUBTOTALS)
        for line in result.lines
        if line.seat in seats
    ]


def _laid_lines(
    result: RoundResult,
    seats: Sequence[int],
    lang: str,
    inner: int,
    rtl: bool,
    low_wins: bool = False,
) -> list[tuple[Image.Image, list[Image.Image]]]:
    """A column's lines: each one's points sprite and its label's rows (``wrap_line``)."""
    out = []
    for label, points, subtotal in _lines_for(result, seats, lang):
        if subtotal:
            p = fonts.text_sprite(fmt_points(points, lang=lang), LINE_SIZE, PAPER_INK, fonts.BOLD)
        else:
            p = _points_sprite(points, LINE_SIZE, fonts.MEDIUM, lang, low_wins)
        room = inner - p.width - POINTS_GAP
        out.append((p, wrap_line(symbol_segments(label), LINE_SIZE, PAPER_INK, room, rtl=rtl)))
    return out


def _sections(game: str, n: int) -> list[list[int]]:
    """Who shares a column: Mor's partners (seats 0 & 2, 1 & 3) score as one team."""
    if game == "mor" and n == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(n)]


def _points_sprite(
    value: float, size: int, weight: int, lang: str, low_wins: bool = False
) -> Image.Image:
    # Green for what helps the player: where the lowest total wins (Hand), points are against.
    good = -value if low_wins else value
    colour = PLUS if good > 0 else MINUS if good < 0 else PAPER_SOFT
    return fonts.text_sprite(fmt_points(value, sign=True, lang=lang), size, colour, weight)


def _total_rows(game: str, this_round: float, total: float) -> list[tuple[str, float, int]]:
    """The rows under a column's lines: this round's score and the game's total; Run Fast is
    one deal, so its round is the whole game and one row, the settlement, says it."""
    if game == "runfast":
        return [("render.settlement", this_round, TOTAL_SIZE)]
    return [
        ("render.this_round", this_round, LINE_SIZE),
        ("render.game_total", total, TOTAL_SIZE),
    ]


def score_sheet_image(
    result: RoundResult,
    names: Sequence[str],
    totals: Sequence[float],
    game: str,
    *,
    round_no: int | None = None,
    winners: Collection[int] = (),
    game_over: bool = False,
    lang: str = "en",
) -> Image.Image:
    """The score sheet as an RGB image (``render_score_sheet`` encodes it). In a right-to-left
    language the sheet is mirrored: the first column at the right, each line's words at the
    right and its points at the left; points stay left-to-right numbers."""
    lang = language(lang)
    rtl = is_rtl(lang)
    n = len(result.scores)
    sections = _sections(game, n)
    col_w = COL_W
    cols = COLUMNS
    grid_rows = -(-len(sections) // cols)
    inner = col_w - 2 * CARD_PAD
    # Each line's points and its label, wrapped onto as many rows as its words need: a game
    # term is never cut short, so a long label takes a second row and the sheet grows.
    low_wins = engine_class(game).low_score_wins
    laid = [_laid_lines(result, seats, lang, inner, rtl, low_wins) for seats in sections]
    most_lines = max((sum(len(rows) for _, rows in lines) for lines in laid), default=0)
    section_h = SECTION_HEAD_H + most_lines * LINE_H + 2 * LINE_H + 24
    width = WIDTH
    height = HEAD_H + grid_rows * section_h + (grid_rows - 1) * SECTION_GAP + MARGIN
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)

    def name(seat: int | None) -> str:
        if seat is None:
            return ""
        if seat < len(names) and names[seat]:
            return names[seat]
        return t("render.seat", lang, n=seat + 1)

    def at(x0: float, x1: float, w: float) -> float:
        return place_x(x0, x1, w, rtl)

    parts: list[Segment] = [game_title(game, lang)]
    if round_no and game != "runfast":  # Run Fast is one deal: no round to number
        parts += ["·", t("render.sheet_round", lang, n=round_no)]
    if game_over:
        parts += ["·", t("render.game_over", lang)]
    title = fit_line(parts, TITLE_SIZE, PAPER_INK, width - 2 * MARGIN, fonts.BOLD, rtl=rtl)
    paste(img, title, (at(MARGIN, width - MARGIN, title.width), 4))
    # Two partners' names share a column's head with a star and an "&".
    name_w = (col_w - 2 * CARD_PAD - 3 * NAME_SIZE) // 2
    both = t("render.and", lang)

    def short(seat: int | None) -> Name:
        return Name(fonts.fit(name(seat), SUB_SIZE, (width - 2 * MARGIN) // 3, fonts.MEDIUM)[0])

    key = REASONS.get(result.reason)
    sub: list[Segment]
    if key is None:
        sub = [result.reason.replace("_", " ")]
    else:
        sub = with_name(key, lang, short(result.closer))
    if winners:
        sub += [
            "·",
            Icon("star", WILD_GOLD),
            t("render.won" if game_over else "render.leading", lang),
        ]
        for i, w in enumerate(sorted(winners)):
            sub += ([both] if i else []) + [short(w)]
    sub_line = fit_line(sub, SUB_SIZE, PAPER_SOFT, width - 2 * MARGIN, fonts.MEDIUM, rtl=rtl)
    paste(img, sub_line, (at(MARGIN, width - MARGIN, sub_line.width), 4 + LINE_H + 10))

    for k, seats in enumerate(sections):
        col, row = k % cols, k // cols
        if rtl:
            col = cols - 1 - col
        x0 = MARGIN + col * (col_w + SECTION_GAP)
        y0 = HEAD_H + row * (section_h + SECTION_GAP)
        won = any(s in winners for s in seats)
        edge = TURN if won else PAPER_RULE
        card = rounded_box(
            (col_w, section_h), 14, (*SHEET_CARD, 255), (*edge, 255), 3 if won else 2
        )
        paste(img, card, (x0, y0))
        left, right = x0 + CARD_PAD, x0 + col_w - CARD_PAD
        head: list[Segment] = [Icon("star", WILD_GOLD)] if won else []
        size = NAME_SIZE
        for i, seat in enumerate(seats):
            width_left = col_w - 2 * CARD_PAD - 60 if len(seats) == 1 else name_w
            shown, fitted = fonts.fit(name(seat), NAME_SIZE, width_left, fonts.BOLD)
            head += ([both] if i else []) + [Name(shown)]
            size = min(size, fitted)  # partners' names share one size
        head_line = fit_line(head, size, PAPER_INK, inner, fonts.BOLD, rtl=rtl)
        paste(img, head_line, (at(left, right, head_line.width), y0 + 4))
        y = y0 + SECTION_HEAD_H
        for p, rows in laid[k]:
            paste(img, p, (at(right - p.width, left + p.width, p.width), y))
            for line in rows:
                paste(img, line, (at(left, right, line.width), y))
                y += LINE_H
        y = y0 + SECTION_HEAD_H + most_lines * LINE_H + 6
        draw.line((left, y, right, y), fill=PAPER_RULE, width=2)
        y += 6
        first = seats[0]  # partners share their team's score and total
        total = totals[first] if first < len(totals) else 0
        for key_, value, size in _total_rows(game, result.scores[first], total):
            label_sprite = fonts.text_sprite(
                t(key_, lang), size, PAPER_INK, fonts.BOLD, direction="rtl" if rtl else "ltr"
            )
            paste(img, label_sprite, (at(left, right, label_sprite.width), y))
            if key_ == "render.game_total":
                p = fonts.text_sprite(fmt_points(value, lang=lang), size, PAPER_INK, fonts.BLACK)
            else:
                p = _points_sprite(value, size, fonts.BOLD, lang, low_wins)
            paste(img, p, (at(right - p.width, left + p.width, p.width), y))
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
    ``winners`` are starred (the game's winners when ``game_over``); ``lang`` is the language
    of its words. Pure: run it in a thread."""
    return png_bytes(
        score_sheet_image(
            result,
            names,
            totals,
            game,
            round_no=round_no,
            winners=winners,
            game_over=game_over,
            lang=lang,
        )
    )
