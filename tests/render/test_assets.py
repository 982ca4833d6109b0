"""Fonts from the installed packages, shaping, caching, and the PNG writer."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageFont, features

from bot.games.cards import JOKER, Card
from render import fonts, render_hand, render_table, samples
from render.cards import card_face, card_height
from render.common import png_bytes


def test_fonts_come_from_the_project_packages_and_shape_with_raqm() -> None:
    assert features.check("raqm")
    for script in fonts.FAMILIES:
        f = fonts.font(script, 20)
        assert "site-packages" in str(f.path) or "fontpkg" in str(f.path)
        assert f.layout_engine == ImageFont.Layout.RAQM


@pytest.mark.parametrize(
    ("name", "scripts"),
    [
        ("Sara", ["latin"]),
        ("عبد الله", ["arabic"]),
        ("أبو خالد (Khalid)", ["arabic"]),  # one font for the whole name: raqm orders it
        ("प्रिया", ["devanagari"]),
        ("Zoë 🎮", ["latin"]),  # no font has the emoji: dropped, not a box
    ],
)
def test_names_fall_back_across_fonts_by_script(name: str, scripts: list[str]) -> None:
    assert [r.script for r in fonts.text_runs(name)] == scripts


def test_a_name_mixing_arabic_and_devanagari_keeps_its_parts_in_order() -> None:
    runs = fonts.text_runs("عبد الله & प्रिया")
    # Right-to-left line: the Devanagari name is drawn leftmost, the Arabic one rightmost.
    assert runs[0].script == "devanagari"
    assert runs[-1].script == "arabic" and runs[-1].text == "عبد الله"


def test_arabic_is_shaped() -> None:
    # Joined letters take their connected forms: the word is narrower than its letters alone.
    word = "سلام"
    joined = fonts.text_width(word, 30)
    alone = sum(fonts.text_width(ch, 30) for ch in word)
    assert joined < alone


def test_an_emoji_only_name_falls_back_to_the_seat() -> None:
    assert fonts.text_runs("🎮🎮") == ()


def test_card_faces_are_built_once() -> None:
    a = card_face(Card(7, "H"), 80)
    assert card_face(Card(7, "H"), 80) is a
    assert a.size == (80, card_height(80)) and a.mode == "RGBA"
    assert card_face(JOKER, 80, wild=True) is not card_face(JOKER, 80)


def test_nothing_is_loaded_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    view = samples.midgame("mor")
    render_table(view, samples.NAMES[4])
    render_hand(view)

    def no_loading(*args: object, **kwargs: object) -> None:
        raise AssertionError("a font was loaded during a warm render")

    monkeypatch.setattr(ImageFont, "truetype", no_loading)
    render_table(view, samples.NAMES[4])
    render_hand(view)


def test_png_writer_round_trips_exactly() -> None:
    img = Image.new("RGB", (37, 11), (10, 200, 30))
    img.putpixel((5, 5), (255, 0, 0))
    back = Image.open(io.BytesIO(png_bytes(img)))
    back.load()
    assert back.mode == "RGB" and back.tobytes() == img.tobytes()


def test_threads_render_the_same_pictures() -> None:
    # The bot renders in worker threads; fresh names make every thread load and draw text.
    from concurrent.futures import ThreadPoolExecutor

    view = samples.midgame("hand")
    names = [(f"Thread {i} Zoë", f"سارة {i}", f"मीरा {i}") for i in range(8)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda n: render_table(view, n), names))
    assert together == [render_table(view, n) for n in names]


def test_warm_builds_the_caches() -> None:
    from render import warm

    assert warm() >= 0
    assert card_face.cache_info().currsize > 0
