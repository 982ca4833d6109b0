"""Nothing a picture says is cut off: a game's words (score lines, plates, piles, meters, the
last move) are never shortened behind an ellipsis in any language; a label takes a second line
instead, and only a member's long name may give way. Rendered for real, every sample picture of
every game in every language, with each shortening the layout asks for looked at."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render.common
import render.score
import render.table
from bot.games.registry import GAME_KEYS
from bot.i18n import LANGUAGES, catalogue
from render import fonts, preview
from render.common import Name, rich_line, symbol_segments, wrap_words
from render.style import INK
from render.table import caption, melds, piles, plates, sizes
from render.words import score_label


@pytest.fixture
def shortenings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[list[Any], int]]]:
    """Every line the pictures asked ``fit_line`` to shorten (the real one still draws it)."""
    seen: list[tuple[list[Any], int]] = []
    real = render.common.fit_line

    def watched(segments: Any, size: int, colour: Any, max_width: int, *a: Any, **k: Any) -> Any:
        kept = [s for s in segments if s != ""]
        weight = a[0] if a else k.get("weight", fonts.REGULAR)
        rtl = k.get("rtl", a[2] if len(a) > 2 else False)
        if rich_line(kept, size, colour, weight, rtl=rtl).width > max_width:
            seen.append((kept, max_width))
            # The words must fit beside the names cut to an ellipsis: only a name gives way.
            bare = [Name("…") if isinstance(s, Name) else s for s in kept]
            assert rich_line(bare, size, colour, weight, rtl=rtl).width <= max_width, kept
        return real(segments, size, colour, max_width, *a, **k)

    for module in (caption, melds, piles, plates, render.score):
        monkeypatch.setattr(module, "fit_line", watched)
    yield seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_game_word_is_cut_in_any_picture(
    lang: str, tmp_path: Path, shortenings: list[tuple[list[Any], int]]
) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        for game in GAME_KEYS:
            preview.preview(game, tmp_path, lang)
    # Only lines holding a member's name were shortened (the assertion above checked each).
    assert all(any(isinstance(s, Name) for s in segs) for segs, _ in shortenings)
    assert len(list(tmp_path.glob("*.png"))) >= 30


def score_label_keys() -> list[str]:
    english = catalogue("en").texts
    return sorted(k for k in english if ".line." in k)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_score_line_label_wraps_whole_beside_the_widest_points(lang: str) -> None:
    inner = render.score.COL_W - 2 * render.score.CARD_PAD
    widest = render.score._points_sprite(-1999.5, render.score.LINE_SIZE, fonts.MEDIUM, lang)
    room = inner - widest.width - render.score.POINTS_GAP
    size = render.score.LINE_SIZE
    for key in score_label_keys():
        label = score_label(key, lang)
        rows = wrap_words(symbol_segments(label), size, (0, 0, 0), room)
        widths = [rich_line(row, size, (0, 0, 0)).width for row in rows]
        assert max(widths) <= room, (key, label, widths, room)
        words = [str(w) for row in rows for w in row]
        assert "…" not in " ".join(words) and len(rows) <= 3, (key, label)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dealer_mark_sits_inside_its_button(lang: str) -> None:
    mark = render.table.dealer_mark(lang)
    ink = [
        (x, y)
        for x in range(mark.width)
        for y in range(mark.height)
        if _is_ink(mark.getpixel((x, y)))
    ]
    assert ink
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    # Inside the white pill (2 px in from the edge ring), with room to spare on every side:
    # the Arabic «موزّع» has its shadda above, and the pill grows to hold it.
    assert min(xs) >= 2 + 4 and max(xs) <= mark.width - 2 - 4, lang
    assert min(ys) >= 2 + 4 and max(ys) <= mark.height - 2 - 4, lang
    assert mark.height >= sizes.DEALER_DISC + 4


def _is_ink(px: Any) -> bool:
    r, g, b, a = px
    return a > 200 and abs(r - INK[0]) + abs(g - INK[1]) + abs(b - INK[2]) < 60


def test_a_long_dealer_word_widens_the_button() -> None:
    narrow, hindi = render.table.dealer_mark("en"), render.table.dealer_mark("hi")
    assert narrow.width == sizes.DEALER_DISC + 4 < hindi.width
    assert isinstance(hindi, Image.Image)
