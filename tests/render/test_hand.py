"""The hand picture: order and numbering, marks, wrapping, size and mode."""

from __future__ import annotations

import io
import random

from PIL import Image

import render.hand as hand
from bot.games.cards import JOKER, Card, deck_106, parse_cards
from render import hand_order, render_hand, samples


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_order_by_suit_then_rank_jokers_last() -> None:
    cards = parse_cards("KH JK 3S AS 2D 10C 5H")
    assert [str(c) for c in hand_order(cards)] == ["AS", "3S", "5H", "KH", "10C", "2D", "JK"]


def test_order_by_rank() -> None:
    cards = parse_cards("KH 3S AS 3D JK")
    assert [str(c) for c in hand_order(cards, "rank")] == ["AS", "3S", "3D", "KH", "JK"]


def test_run_fast_ranks_two_high_and_three_low() -> None:
    cards = parse_cards("2S AS 3H KD")
    assert [str(c) for c in hand_order(cards, "rank", "runfast")] == ["3H", "KD", "AS", "2S"]


def test_size_and_mode() -> None:
    view = samples.midgame("hand")
    img = decode(render_hand(view))
    assert img.mode == "RGB"
    assert img.width == hand.WIDTH  # one width for every hand: a phone scales them alike
    one_row = decode(render_hand(parse_cards("2S 5H 9C KD JK")))
    row = hand.RAISE + hand.card_height(hand.CARD_W) + hand.NUMBER_H
    assert hand.TITLE_LINE + row <= one_row.height <= hand.TITLE_LINE + row + 2 * hand.MARGIN
    assert decode(render_hand([])).mode == "RGB"


def test_more_than_thirty_cards_wrap() -> None:
    cards = random.Random(4).sample(deck_106(), 40)
    img = decode(render_hand(cards))
    slots, widest = hand._layout(hand_order(cards), "suit", None, hand.Counter())
    assert len({s.row for s in slots}) >= 3
    assert widest <= hand.MAX_ROW_W
    assert img.height > 2 * hand.card_height(hand.CARD_W)
    assert [s.number for s in slots] == list(range(1, 41))


def test_numbers_follow_hand_order() -> None:
    cards = parse_cards("KH 3S AS 2D")
    slots, _ = hand._layout(hand_order(cards), "suit", None, hand.Counter())
    assert [(s.number, str(s.card)) for s in slots] == [(1, "AS"), (2, "3S"), (3, "KH"), (4, "2D")]


def test_only_one_copy_of_a_just_drawn_card_is_marked() -> None:
    cards = parse_cards("7H 7H 9S")
    slots, _ = hand._layout(hand_order(cards), "suit", None, hand.Counter([Card(7, "H")]))
    assert [s.marked for s in slots] == [False, True, False]


def test_marks_and_four_colours_change_the_picture() -> None:
    cards = [*parse_cards("7H 8D 9S 10C"), JOKER]
    plain = render_hand(cards)
    assert render_hand(cards, marked=[Card(8, "D")]) != plain
    assert render_hand(cards, four_colour=True) != plain
    view = samples.midgame("hand")  # a view marks what it just drew
    assert render_hand(view) != render_hand(view, marked=())
