"""The table picture: size and mode, the turn highlight, seat direction, hidden hands."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import render.table as table
from bot.games.base import Drew
from bot.games.cards import Card, deck_106
from bot.games.registry import available_games, new_game
from bot.games.runfast import RunFastView
from render import render_table, samples
from render.cards import MIN_CARD_W
from render.common import GameView
from render.style import PLATE, TURN
from render.table import melds, piles, sizes
from render.table.caption import caption
from render.table.layout import _flow, layout

MAX_PNG = 300 * 1024

TABLES = [("mor", 4), ("mor", 2), ("more3", 3), ("hand", 3), ("runfast", 3)]


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def names(n: int) -> tuple[str, ...]:
    return samples.NAMES[n]


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_size_mode_and_weight(game: str, n: int) -> None:
    for view in (samples.midgame(game, n), samples.dealt(game, n)):
        data = render_table(view, names(n), computers={1})
        img = decode(data)
        assert img.format == "PNG"
        assert img.size == layout(view).size
        assert img.width == sizes.WIDTH
        assert img.mode == "RGB"
        assert len(data) < MAX_PNG


def probe(img: Image.Image, view: object, seat: int) -> tuple[int, int, int]:
    """A pixel inside the seat's plate, clear of its text: the plate's own fill."""
    x0, _, _, y1 = table.seat_box(view, seat)
    return img.getpixel((x0 + 8, y1 - 8))


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_turn_highlight_moves_with_the_turn(game: str, n: int) -> None:
    base = samples.midgame(game, n)
    for turn in range(n):
        img = decode(render_table(replace(base, turn=turn), names(n)))
        for seat in range(n):
            expected = TURN if seat == turn else PLATE
            assert probe(img, base, seat) == expected, (game, turn, seat)


def test_no_highlight_when_nobody_is_to_play() -> None:
    view = replace(samples.midgame("mor"), turn=None, round_over=True)
    img = decode(render_table(view, names(4)))
    assert all(probe(img, view, s) == PLATE for s in range(4))


def test_seats_go_round_in_play_order() -> None:
    # Mor is played counter-clockwise: the next seat sits to the bottom seat's right.
    mor = samples.midgame("mor", 4)
    assert [table.seat_slot(mor, s) for s in range(4)] == ["bottom", "right", "top", "left"]
    # More is clockwise: the next seat is on the left.
    more = samples.midgame("more3")
    assert [table.seat_slot(more, s) for s in range(3)] == ["bottom", "top_left", "top_right"]
    # The view's own seat is at the bottom.
    assert table.seat_slot(replace(mor, seat=2), 2) == "bottom"
    assert table.seat_slot(replace(mor, seat=2), 3) == "right"


def table_cards(view: GameView) -> set[Card]:
    if isinstance(view, RunFastView):
        return set(view.trick)
    shown = {c for m in view.melds for c in m.cards} | set(view.discard)
    return shown | {c for m in view.melds for _, c in m.wilds}


def holding(view: GameView, cards: tuple[Card, ...]) -> GameView:
    """The same table seen by a seat holding ``cards``, the first just drawn (a rummy's first
    two marked as drawn and the third as one to lay)."""
    marks = (
        {} if isinstance(view, RunFastView) else {"just_drawn": cards[:2], "must_lay": cards[2:3]}
    )
    return replace(view, hand=cards, last_events=(*view.last_events, Drew(0, cards[0])), **marks)


def hidden_hand(view: GameView, size: int) -> tuple[Card, ...]:
    """Cards that are nowhere on the table, so drawing any of them would be a leak."""
    return tuple(c for c in sorted(set(deck_106())) if c not in table_cards(view))[:size]


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_the_hand_never_shows_on_the_table(
    game: str, n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = samples.midgame(game, n)
    secret = hidden_hand(view, 12)
    other = tuple(reversed(hidden_hand(view, 24)[12:]))
    a = holding(view, secret)
    b = holding(view, other)
    # Same public table, different hands: the very same picture.
    assert render_table(a, names(n)) == render_table(b, names(n))

    # And no face of a hand card is ever asked for while drawing the table.
    drawn: list[Card] = []
    real = melds.card_face

    def spy(card: Card, *args: object, **kwargs: object) -> Image.Image:
        drawn.append(card)
        return real(card, *args, **kwargs)

    for part in (melds, piles):  # the parts that draw faces
        monkeypatch.setattr(part, "card_face", spy)
    render_table(a, names(n))
    assert drawn, "the spy saw the table's cards"
    assert not set(drawn) & set(secret)


def test_last_move_is_highlighted() -> None:
    view = samples.midgame("mor")
    plain = decode(render_table(replace(view, last_events=()), names(4)))
    lit = decode(render_table(view, names(4)))
    assert plain.tobytes() != lit.tobytes()
    assert table._lit_melds(view.last_events) == {4}


def test_many_melds_make_their_area_taller_never_smaller_cards() -> None:
    view = samples.midgame("mor")
    many = replace(view, melds=tuple(replace(m, id=100 + i) for i in range(4) for m in view.melds))
    img = decode(render_table(many, names(4)))
    assert img.size == layout(many).size
    assert img.height > layout(view).size[1]
    for side, (x0, y0, x1, y1) in table.side_areas(many).items():
        melds = [m for m in many.melds if m.side == side]
        inner = (x0 + sizes.AREA_PAD, y0 + sizes.LINE + 8, x1 - sizes.AREA_PAD, y1)
        placed, used = _flow(melds, inner, MIN_CARD_W)
        assert used <= inner[3] - inner[1]
        assert all(p.x + p.width <= inner[2] for p in placed)


def test_caption_names_the_move_but_never_a_drawn_card() -> None:
    view = samples.midgame("hand")
    lines = caption(view, names(3))
    assert lines and lines[0][0] == "Sara"
    assert not any(isinstance(s, Card) for line in lines for s in line)


def test_meters() -> None:
    mor = samples.midgame("mor")
    team_a = [m for m in mor.melds if m.side == 0]
    team_b = [m for m in mor.melds if m.side == 1]
    assert table.project_meter(team_a) == ("200 + 100", True)
    assert table.project_meter(team_b) == ("150, needs a 300 or a 200", False)
    assert table.project_meter([]) == ("needs a 300, or a 200 + one more", False)
    more = samples.midgame("more3")
    assert table.biriba_meter([m for m in more.melds if m.side == 0])[1] is False
    assert table.biriba_meter([m for m in more.melds if m.side == 1]) == (
        "dirty, needs a pure biriba",
        False,
    )


@pytest.mark.parametrize("game", ["mor", "more3", "hand", "runfast"])
def test_real_engine_views(game: str) -> None:
    if game not in available_games():
        pytest.skip(f"the {game} engine is not here yet")
    engine = new_game(game, {}, 1)
    for seat in range(engine.n_seats):
        view = engine.view(seat)
        img = decode(render_table(view, names(engine.n_seats)))
        assert img.size == layout(view).size and img.mode == "RGB"
        if view.turn is not None:
            assert probe(img, view, view.turn) == TURN


@pytest.mark.parametrize("game", ["mor", "more3", "hand", "runfast"])
def test_real_views_along_a_playout(game: str) -> None:
    """Melds, wilds, taken piles, tricks and events as the engines really give them."""
    if game not in available_games():
        pytest.skip(f"the {game} engine is not here yet")
    import random

    engine = new_game(game, {}, 3)
    rng = random.Random(3)
    for step in range(120):
        if engine.round_over or engine.turn is None:
            break
        seat = engine.turn
        legal = engine.legal_moves(seat)
        lays = [m for m in legal if m.do in ("meld", "lay", "add", "play")]
        engine.apply(seat, rng.choice(lays) if lays and rng.random() < 0.7 else rng.choice(legal))
        if step % 15 == 0:
            view = engine.view(step % engine.n_seats)
            img = decode(render_table(view, names(engine.n_seats)))
            assert img.size == layout(view).size
    view = engine.view(0)
    assert decode(render_table(view, names(engine.n_seats))).mode == "RGB"
    if view.result is not None:
        from render import render_score_sheet

        sheet = render_score_sheet(view.result, names(engine.n_seats), view.totals, game)
        assert decode(sheet).mode == "RGB"
