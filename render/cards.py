"""Card faces, backs and small card chips, drawn by code and built once per size and style.

A face is laid out for being overlapped: the corner index (rank over suit) sits in a column on
the left that stays readable when only a strip of ``INDEX_STRIP`` of the card's width shows, as in
a meld or a fanned hand. The rest of the face carries one big pip (or a court letter) so a whole
card reads at a glance on a phone.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.games.cards import RANK_TEXT, Card
from render import fonts
from render.shapes import SUPERSAMPLE, rounded_box, shape_sprite
from render.style import (
    BACK_BLUE,
    BACK_LINE,
    CARD_EDGE,
    CARD_PAPER,
    INK,
    JOKER_PURPLE,
    RGB,
    WHITE,
    WILD_GOLD,
    suit_colour,
)

CARD_RATIO = 1.4
# Share of a card's width that must show for its corner index to be read.
INDEX_STRIP = 0.5

# Face layout, in units of the card's width.
CORNER_RADIUS = 0.08
# The index takes half the card's width so a phone reads it on the smallest card we draw.
INDEX_CENTRE_X = 0.25
RANK_TOP = 0.06
RANK_SIZE = 0.5
INDEX_SUIT_GAP = 0.05
INDEX_SUIT_SIZE = 0.28
PIP_SIZE = 0.44
ACE_PIP_SIZE = 0.54
PIP_CENTRE = (0.68, 1.04)
COURT_PANEL = (0.5, 0.1, 0.93, 1.3)
COURT_LETTER_SIZE = 0.42
JOKER_STAR_SIZE = 0.4
# A chip's rank glyph is this share of the chip's height.
CHIP_TEXT = 0.72
WILD_FRAME = 0.06
BACK_MARGIN = 0.07
BACK_LATTICE = 0.16


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


# The narrowest card whose corner rank is drawn at the smallest text size (fonts.MIN_SIZE).
MIN_CARD_W = math.ceil(fonts.MIN_SIZE / RANK_SIZE)


def chip_height(text_size: int) -> int:
    """A card chip's height that draws its rank at ``text_size``."""
    return math.ceil(text_size / CHIP_TEXT)


def rank_label(card: Card) -> str:
    return "" if card.is_joker else RANK_TEXT[card.rank]


@functools.cache
def glyph(text: str, size: int, weight: int, width: int = fonts.NORMAL_WIDTH) -> Image.Image:
    """A text mask cropped to its ink, for placing by its visible top-left."""
    mask = fonts.text_mask(text, size, weight, width)
    box = mask.getbbox()
    return mask.crop(box) if box else mask


def _paste_mask(img: Image.Image, mask: Image.Image, xy: tuple[int, int], colour: RGB) -> None:
    img.paste(Image.new("RGBA", mask.size, (*colour, 255)), xy, mask)


def _paste_centred(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.alpha_composite(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)))


@functools.cache
def blank_card(width: int, fill: RGB = CARD_PAPER, edge: RGB = CARD_EDGE) -> Image.Image:
    r = max(2, round(width * CORNER_RADIUS))
    return rounded_box((width, card_height(width)), r, (*fill, 255), (*edge, 255), 1)


def _index(img: Image.Image, card: Card, width: int, colour: RGB) -> None:
    cx = INDEX_CENTRE_X * width
    top = RANK_TOP * width
    if card.is_joker:
        # A star as tall as a rank, readable in the narrow strip an overlapped card shows.
        s = round(JOKER_STAR_SIZE * width)
        img.alpha_composite(shape_sprite("star", s, colour), (round(cx - s / 2), round(top)))
        return
    label = rank_label(card)
    g = glyph(label, max(6, round(RANK_SIZE * width)), fonts.BOLD, fonts.CONDENSED)
    if g.width > INDEX_STRIP * width * 0.92:  # "10" in a tiny card: squeeze, never overflow
        g = g.resize((round(INDEX_STRIP * width * 0.92), g.height), Image.Resampling.LANCZOS)
    _paste_mask(img, g, (round(cx - g.width / 2), round(top)), colour)
    s = max(4, round(INDEX_SUIT_SIZE * width))
    suit = shape_sprite(card.suit or "S", s, colour)
    img.alpha_composite(suit, (round(cx - s / 2), round(top + g.height + INDEX_SUIT_GAP * width)))


def _centre(img: Image.Image, card: Card, width: int, colour: RGB) -> None:
    px, py = PIP_CENTRE[0] * width, PIP_CENTRE[1] * width
    if card.is_joker:
        _paste_centred(img, shape_sprite("star", round(ACE_PIP_SIZE * width), colour), px, py)
        return
    if card.rank > 10:  # jack, queen, king: a tinted panel with the letter, so courts stand out
        x0, y0, x1, y1 = (round(v * width) for v in COURT_PANEL)
        tint = tuple(round(c * 0.16 + 255 * 0.84) for c in colour)
        ImageDraw.Draw(img).rectangle((x0, y0, x1, y1), fill=(*tint, 255), outline=(*colour, 255))
        size = max(fonts.MIN_SIZE, round(COURT_LETTER_SIZE * width))
        g = glyph(RANK_TEXT[card.rank], size, fonts.BLACK)
        cy = (y0 + y1) / 2 - 0.14 * width
        _paste_mask(img, g, (round((x0 + x1) / 2 - g.width / 2), round(cy - g.height / 2)), colour)
        s = round(0.3 * width)
        _paste_centred(
            img, shape_sprite(card.suit or "S", s, colour), (x0 + x1) / 2, cy + 0.36 * width
        )
        return
    pip = ACE_PIP_SIZE if card.rank == 1 else PIP_SIZE
    _paste_centred(img, shape_sprite(card.suit or "S", round(pip * width), colour), px, py)


@functools.cache
def card_face(card: Card, width: int, four_colour: bool = False, wild: bool = False) -> Image.Image:
    """One card's face, RGBA (clear only at the rounded corners). ``wild``: framed in gold."""
    img = blank_card(width).copy()
    colour = suit_colour(card.suit, four_colour)
    if wild:
        r = max(2, round(width * CORNER_RADIUS))
        frame = rounded_box(
            img.size, r, (0, 0, 0, 0), (*WILD_GOLD, 255), max(2, round(WILD_FRAME * width))
        )
        img.alpha_composite(frame)
    _index(img, card, width, colour)
    _centre(img, card, width, colour)
    return img


@functools.cache
def card_back(width: int) -> Image.Image:
    """The back: a blue field with a lattice inside a white margin."""
    img = blank_card(width).copy()
    h = card_height(width)
    m = round(BACK_MARGIN * width)
    big = Image.new(
        "RGBA", ((width - 2 * m) * SUPERSAMPLE, (h - 2 * m) * SUPERSAMPLE), (*BACK_BLUE, 255)
    )
    draw = ImageDraw.Draw(big)
    step = BACK_LATTICE * width * SUPERSAMPLE
    bw, bh = big.size
    k: float = -bh
    while k < bw + bh:  # diagonal lines both ways make the diamond lattice
        draw.line((k, 0, k + bh, bh), fill=(*BACK_LINE, 255), width=SUPERSAMPLE)
        draw.line((k + bh, 0, k, bh), fill=(*BACK_LINE, 255), width=SUPERSAMPLE)
        k += step
    field = big.reduce(SUPERSAMPLE)
    r = max(1, round(width * CORNER_RADIUS / 2))
    mask = rounded_box(field.size, r, (255, 255, 255, 255)).getchannel("A")
    img.paste(field, (m, m), mask)
    return img


@functools.cache
def empty_slot(width: int) -> Image.Image:
    """Where a pile was: a faint outline."""
    r = max(2, round(width * CORNER_RADIUS))
    return rounded_box((width, card_height(width)), r, (255, 255, 255, 28), (*WHITE, 110), 2)


@functools.cache
def card_chip(
    card: Card, height: int, four_colour: bool = False, fill: RGB = CARD_PAPER
) -> Image.Image:
    """A small label for a card in a line of text: rank then suit on a rounded pill.

    A suitless card (what a wild stands for in a set) shows its rank alone; a joker shows a star.
    """
    if card.is_joker:
        colour = JOKER_PURPLE
    else:  # a suitless rank (a wild's place in a set) is plain ink
        colour = suit_colour(card.suit, four_colour) if card.suit else INK
    pad = round(height * 0.14)
    size = round(height * CHIP_TEXT)
    parts: list[Image.Image] = []
    if card.is_joker:
        parts.append(shape_sprite("star", size, colour))
    else:
        g = glyph(rank_label(card), size, fonts.BOLD, fonts.CONDENSED)
        sprite = Image.new("RGBA", g.size, (*colour, 255))
        sprite.putalpha(g)
        parts.append(sprite)
        if card.suit:
            parts.append(shape_sprite(card.suit, round(size * 0.8), colour))
    gap = round(height * 0.06)
    inner = sum(p.width for p in parts) + gap * (len(parts) - 1)
    chip = rounded_box(
        (inner + 2 * pad, height), round(height * 0.25), (*fill, 255), (*CARD_EDGE, 255), 1
    ).copy()
    x = pad
    for p in parts:
        chip.alpha_composite(p, (x, round((height - p.height) / 2)))
        x += p.width + gap
    return chip
