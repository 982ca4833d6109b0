"""Pictures readable on a phone, where Discord shows them about 400 px wide.

Every text is drawn through ``fonts.text_mask`` (card ranks and chips too), so a spy on it sees
every text of every picture; its capitals and digits are measured on the glyphs as drawn and
scaled to the phone's width. Card indices are measured where ``cards`` draws them.
"""

from __future__ import annotations

import io
import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from PIL import Image, ImageChops

import render.cards as cards
import render.common as common
import render.fonts as fonts
import render.hand as hand
import render.score as score
import render.shapes as shapes
import render.table as table
from bot.games.cards import Card
from render import render_hand, render_score_sheet, render_table, samples
from render.style import CARD_PAPER, FELT
from render.table import layout as table_layout
from render.table import melds, piles, plates

PHONE_MIN = 11  # px, the floor for text and card indices at phone width
TABLES = [("mor", 4), ("mor", 2), ("more3", 3), ("hand", 3), ("runfast", 3)]


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@dataclass(frozen=True)
class TextDraw:
    text: str
    size: int
    weight: int
    width: int


@dataclass(frozen=True)
class IndexDraw:
    card: Card
    width: int


@pytest.fixture(scope="module")
def rounds() -> dict[tuple[str, int], dict[str, Any]]:
    """Real rounds, seeded: the table at the start, at its busiest, and at round over."""
    return {(game, n): samples.engine_round(game, 4, n) for game, n in TABLES}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[TextDraw], list[IndexDraw]]]:
    """Record every text and every card index drawn from now on (caches emptied first, so
    nothing comes from an earlier picture without being drawn)."""
    for module in (fonts, cards, common, table, table_layout, plates, hand, score, shapes):
        for obj in list(vars(module).values()):
            if hasattr(obj, "cache_clear") and obj is not fonts.font:
                obj.cache_clear()
    texts: list[TextDraw] = []
    indices: list[IndexDraw] = []
    real_mask, real_index = fonts.text_mask, cards._index

    def text_mask(
        text: str, size: int, weight: int = 400, width: int = 100, direction: str | None = None
    ) -> Image.Image:
        texts.append(TextDraw(text, size, weight, width))
        return real_mask(text, size, weight, width, direction)

    def index(img: Image.Image, card: Card, width: int, colour: Any) -> None:
        indices.append(IndexDraw(card, width))
        real_index(img, card, width, colour)

    monkeypatch.setattr(fonts, "text_mask", text_mask)
    monkeypatch.setattr(cards, "_index", index)
    yield texts, indices


def phone_px(px: float, canvas_width: int) -> float:
    return px * 400 / canvas_width


def index_height(d: IndexDraw) -> int:
    """How tall the card's corner index is drawn: the rank's solid ink, or the joker's star."""
    if d.card.is_joker:
        return round(cards.JOKER_STAR_SIZE * d.width)
    size = max(6, round(cards.RANK_SIZE * d.width))
    return fonts.ink_height(
        cards.glyph(cards.rank_label(d.card), size, fonts.BOLD, fonts.CONDENSED)
    )


def all_pictures(rounds: dict[tuple[str, int], dict[str, Any]]) -> Iterator[Image.Image]:
    for (game, n), views in rounds.items():
        for names in (samples.NAMES[n], samples.LONG_NAMES[n]):
            shown = [samples.midgame(game, n), samples.dealt(game, n), *views.values()]
            for view in shown:
                yield decode(render_table(view, names, computers={1}))
            for view in (samples.midgame(game, n), samples.dealt(game, n)):
                yield decode(render_hand(view))
            result, totals = samples.sample_result(game, n)
            yield decode(render_score_sheet(result, names, totals, game, winners=(0,)))
            end = views["round_over"]
            yield decode(render_score_sheet(end.result, names, end.totals, game, winners=(0,)))


def test_every_text_and_card_index_is_11px_tall_on_a_phone(
    rounds: dict[tuple[str, int], dict[str, Any]], drawn: tuple[list[TextDraw], list[IndexDraw]]
) -> None:
    texts, indices = drawn
    widths = {img.width for img in all_pictures(rounds)}
    canvas = max(widths)
    assert widths == {canvas}, "every picture has one width, so a phone scales them alike"
    assert texts and indices
    small = {
        (d.text, d.size): phone_px(fonts.cap_height(d.size, d.weight, d.width), canvas)
        for d in set(texts)
        if phone_px(fonts.cap_height(d.size, d.weight, d.width), canvas) < PHONE_MIN
    }
    assert not small, f"text under {PHONE_MIN} px on a phone: {sorted(small.items())[:8]}"
    # Digits and capitals alone (ranks, numbers, points) measured on their own ink too.
    for d in set(texts):
        if (d.text.isalnum() and d.text.isupper()) or d.text.isdigit():
            mask = fonts.text_mask(d.text, d.size, d.weight, d.width)
            assert phone_px(fonts.ink_height(mask), canvas) >= PHONE_MIN, d
    low = {d: phone_px(index_height(d), canvas) for d in set(indices)}
    assert all(h >= PHONE_MIN for h in low.values()), sorted(
        (h, str(d.card), d.width) for d, h in low.items() if h < PHONE_MIN
    )[:8]


def is_fitted(shown: str, name: str) -> bool:
    """The whole name, or its first whole letters and an ellipsis: never a letter cut apart."""
    clean = " ".join(name.split())
    if shown == clean:
        return True
    pieces = fonts.clusters(clean)
    prefixes = {"".join(pieces[:k]).rstrip() for k in range(len(pieces))}
    return shown.endswith("…") and shown[:-1] in prefixes


@pytest.mark.parametrize("name", [n for ns in samples.LONG_NAMES.values() for n in ns])
def test_long_names_shrink_then_lose_whole_letters(name: str) -> None:
    for max_width in range(120, 1100, 7):
        shown, size = fonts.fit(name, 56, max_width, fonts.BOLD)
        assert fonts.MIN_SIZE <= size <= 56
        assert fonts.text_width(shown, size, fonts.BOLD) <= max_width
        assert is_fitted(shown, name), (max_width, shown)
        if shown.endswith("…"):
            assert size == fonts.MIN_SIZE  # shortened only once it can shrink no more
        cut = fonts.fit_text(name, fonts.MIN_SIZE, max_width)
        assert is_fitted(cut, name), (max_width, cut)


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_long_names_on_the_table_are_fitted_not_cut(
    game: str,
    n: int,
    rounds: dict[tuple[str, int], dict[str, Any]],
    drawn: tuple[list[TextDraw], list[IndexDraw]],
) -> None:
    texts, _ = drawn
    names = samples.LONG_NAMES[n]
    for view in (samples.midgame(game, n), rounds[(game, n)]["round_over"]):
        layout = table.layout.layout(view)
        img = decode(render_table(view, names, computers={1}))
        assert img.size == layout.size
        for seat, name in enumerate(names):
            (x0, _, x1, _) = layout.plates[seat]
            words = name.split()
            mine = [d for d in texts if d.text.split()[:1] == words[:1] or d.text[:2] == name[:2]]
            assert any(d.size >= fonts.MIN_SIZE for d in mine), f"{name} is drawn"
            fitted = [d for d in mine if is_fitted(d.text, name)]
            assert fitted, f"{name}: every draw of it is whole or cut at a letter"
            plate = [d for d in fitted if fonts.text_width(d.text, d.size, d.weight) <= x1 - x0]
            assert plate, f"{name} fits its plate somewhere"


def same_colour(img: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """A mask of the pixels that are exactly this colour."""
    diff = ImageChops.difference(img.convert("RGB"), Image.new("RGB", img.size, colour))
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v == 0 else 0)


def share(mask: Image.Image) -> float:
    return mask.histogram()[255] / (mask.width * mask.height)


@pytest.mark.parametrize(("game", "n"), [t for t in TABLES if t[0] != "runfast"])
def test_meld_areas_use_their_space(game: str, n: int) -> None:
    view = samples.midgame(game, n)
    img = decode(render_table(view, samples.NAMES[n]))
    for side, (x0, y0, x1, y1) in table.side_areas(view).items():
        if not any(m.side == side for m in view.melds):
            continue
        cards_box = same_colour(img.crop((x0, y0, x1, y1)), CARD_PAPER).getbbox()
        assert cards_box is not None
        # The melds reach the area's foot or its far side: what is left empty is a strip.
        below = (y1 - y0 - cards_box[3]) / (y1 - y0)
        beside = (x1 - x0 - cards_box[2]) / (x1 - x0)
        assert min(below, beside) <= 0.2, (side, round(below, 2), round(beside, 2))


def test_the_run_fast_table_is_not_mostly_empty(
    rounds: dict[tuple[str, int], dict[str, Any]],
) -> None:
    views = [
        samples.midgame("runfast"),
        samples.dealt("runfast"),
        rounds[("runfast", 3)]["busiest"],
    ]
    for view in views:
        felt = same_colour(decode(render_table(view, samples.NAMES[3])), FELT)
        assert share(felt.crop(felt.getbbox())) < 0.5  # of the felt, not of the picture


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_the_final_table_shows_every_hand_left_and_only_then(
    game: str,
    n: int,
    rounds: dict[tuple[str, int], dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces: list[Card] = []
    real = melds.card_face

    def spy(card: Card, *args: object, **kwargs: object) -> Image.Image:
        faces.append(card)
        return real(card, *args, **kwargs)

    for part in (melds, piles):  # the parts that draw faces
        monkeypatch.setattr(part, "card_face", spy)
    views = rounds[(game, n)]
    end = views["round_over"]
    render_table(end, samples.NAMES[n])
    left = Counter(itertools.chain.from_iterable(end.hands_left))
    assert left and not left - Counter(faces), f"hands left not drawn: {left - Counter(faces)}"

    # During the round only the table's cards are drawn face up, never a hand's.
    faces.clear()
    busy = views["busiest"]
    render_table(busy, samples.NAMES[n])
    public = Counter(
        [c for m in getattr(busy, "melds", ()) for c in m.cards]
        + list(getattr(busy, "discard", ()))[-2:]
        + list(getattr(busy, "trick", ()) or ())
    )
    assert not Counter(faces) - public


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_a_computer_players_short_name_is_never_shortened(
    game: str, n: int, drawn: tuple[list[TextDraw], list[IndexDraw]]
) -> None:
    """Computer players' names have at most 10 letters: they fit whole on every plate, with the
    turn's arrow and the dealer's button beside them."""
    texts, _ = drawn
    names = ("Computer 1", "Maximilian", "Hard bot 3", "Normal (4)")[:n]
    base = samples.midgame(game, n)
    for seat in range(n):
        render_table(replace(base, dealer=seat, turn=seat), names, computers=set(range(n)))
    assert set(names) <= {d.text for d in texts}
    # Plates draw names in bold; nothing bold was shortened (a 2-seat Mor's pile labels, in
    # medium, may shorten a name to fit the band of piles).
    assert not [d.text for d in texts if d.weight == fonts.BOLD and d.text.endswith("…")]
