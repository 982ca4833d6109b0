"""The score sheet: size and mode, one column per seat (per team in Mor)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render.score as score
from bot.games.base import RoundResult, ScoreLine
from render import render_score_sheet, samples
from render.common import Icon, Pip, fmt_points, symbol_segments


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize(
    ("game", "n"), [("mor", 4), ("mor", 2), ("more3", 3), ("hand", 3), ("runfast", 3)]
)
def test_size_and_mode(game: str, n: int) -> None:
    result, totals = samples.sample_result(game, n)
    img = decode(
        render_score_sheet(result, samples.NAMES[n], totals, game, round_no=2, winners=(0,))
    )
    assert img.mode == "RGB"
    assert img.width == score.WIDTH  # one width for every sheet: a phone scales them alike
    rows = -(-len(score._sections(game, n)) // score.COLUMNS)
    assert img.height > score.HEAD_H + rows * score.SECTION_HEAD_H


def test_mor_partners_share_a_column() -> None:
    assert score._sections("mor", 4) == [[0, 2], [1, 3]]
    assert score._sections("mor", 2) == [[0], [1]]
    assert score._sections("hand", 3) == [[0], [1], [2]]


def test_more_lines_make_a_taller_sheet() -> None:
    short = RoundResult((1.0, -1.0), "stock_out", None, (ScoreLine(0, "cards", 1),))
    long = RoundResult(
        (1.0, -1.0), "stock_out", None, tuple(ScoreLine(0, f"line {i}", 1) for i in range(6))
    )
    a = decode(render_score_sheet(short, ["A", "B"], (1, -1), "hand"))
    b = decode(render_score_sheet(long, ["A", "B"], (1, -1), "hand"))
    assert b.height - a.height == 5 * score.LINE_H


def test_points_read_as_players_write_them() -> None:
    assert fmt_points(12.5) == "12.5" and fmt_points(12.5, lang="nl") == "12,5"
    assert fmt_points(-10) == "−10"
    assert fmt_points(3.0, sign=True) == "+3"
    assert fmt_points(0, sign=True) == "0"


def test_suit_symbols_and_checks_become_shapes() -> None:
    segs = symbol_segments("2♠ still held ✓")
    # The rank and its suit are one piece, so an Arabic line can't put the suit before the 2.
    assert isinstance(segs[0], Pip) and (segs[0].rank, segs[0].suit) == ("2", "S")
    assert segs[1].strip() == "still held"
    assert isinstance(segs[-1], Icon) and segs[-1].kind == "check"
    # A suit with no rank before it stays an icon; a rank inside a word is not a card.
    segs = symbol_segments("bid ♥ AK♣")
    assert [type(s).__name__ for s in segs] == ["str", "Icon", "str", "Icon"]


def colour_count(img: Image.Image, colour: tuple[int, int, int]) -> int:
    """Pixels drawn in exactly ``colour`` (the points' text is drawn in PLUS or MINUS)."""
    found = img.convert("RGB").getcolors(maxcolors=img.width * img.height) or []
    return sum(count for count, c in found if c == colour)


@pytest.mark.parametrize("game", ["hand", "more3"])
def test_points_that_help_a_player_are_green_whichever_way_the_game_counts(game: str) -> None:
    """In Hand the lowest total wins: the winner's −30 helps them and a loser's +23 costs them,
    so the colours turn round (a reader saw the winner's −30 in red)."""
    from render.style import MINUS, PLUS

    lines = (ScoreLine(0, "core.line.went_out", -30), ScoreLine(1, "core.line.cards_left", 23))
    result = RoundResult((-30.0, 23.0, 0.0), "went_out", 0, lines)
    img = decode(render_score_sheet(result, samples.NAMES[3], (-30.0, 23.0, 0.0), game))
    # Two columns a row: seat 0 on the left, seat 1 on the right (seat 2, all zeros, below).
    first = img.crop((0, score.HEAD_H, img.width // 2, img.height))
    second = img.crop((img.width // 2, score.HEAD_H, img.width, img.height))
    low_wins = game == "hand"
    assert colour_count(first, PLUS if low_wins else MINUS) > 0
    assert colour_count(first, MINUS if low_wins else PLUS) == 0
    assert colour_count(second, MINUS if low_wins else PLUS) > 0
    assert colour_count(second, PLUS if low_wins else MINUS) == 0


@pytest.mark.parametrize(("game", "n"), [("mor", 4), ("more3", 3), ("hand", 3)])
def test_the_dutch_cards_left_line_takes_one_row(game: str, n: int) -> None:
    # A native read of Dutch (issue 59): "kaarten nog in de hand" wrapped to a second row in
    # every column of a rummy game's sheet; players say "handkaarten". (Long labels may wrap:
    # English's "cards left in hand" does beside −12.5; this one is short in Dutch.)
    lang = "nl"
    result, _ = samples.sample_result(game, n)
    inner = score.COL_W - 2 * score.CARD_PAD
    sections = score._sections(game, n)
    rows = [
        len(label_rows)
        for seats in sections
        for line, (_, label_rows) in zip(
            [line for line in result.lines if line.seat in seats],
            score._laid_lines(result, seats, lang, inner, False),
            strict=True,
        )
        if line.label == "core.line.cards_left"
    ]
    assert rows and set(rows) == {1}, rows


def test_the_arabic_solo_lines_take_one_row() -> None:
    # The fifth native read of Arabic: «= مجموع المنفرد قبل ×1.5», «نصف المجموع فوقه (المنفرد
    # ×1.5)» and «إنهاء الأوراق بعد ×1.5» each wrapped to a second row of the Solo's column.
    lang = "ar"
    result, _ = samples.sample_result("more3", 3)
    inner = score.COL_W - 2 * score.CARD_PAD
    solo_keys = {"more3.line.solo_subtotal", "more3.line.solo_times", "more3.line.solo_out"}
    rows = {
        str(line.label): len(label_rows)
        for seats in score._sections("more3", 3)
        for line, (_, label_rows) in zip(
            [line for line in result.lines if line.seat in seats],
            score._laid_lines(result, seats, lang, inner, True),
            strict=True,
        )
        if str(line.label) in solo_keys
    }
    assert rows == dict.fromkeys(solo_keys, 1), rows
