"""Colours and the card style a member can choose. Pictures are RGB; sprites are RGBA."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class CardStyle:
    """How cards look. ``four_colour``: spades black, hearts red, diamonds blue, clubs green."""

    four_colour: bool = False


DEFAULT_STYLE = CardStyle()


INK: RGB = (24, 24, 28)
RED: RGB = (200, 16, 38)
BLUE: RGB = (18, 86, 190)
GREEN: RGB = (16, 124, 52)
JOKER_PURPLE: RGB = (120, 40, 160)

TWO_COLOURS: dict[str, RGB] = {"S": INK, "C": INK, "H": RED, "D": RED}
FOUR_COLOURS: dict[str, RGB] = {"S": INK, "H": RED, "D": BLUE, "C": GREEN}


def suit_colour(suit: str | None, four_colour: bool) -> RGB:
    if suit is None:
        return JOKER_PURPLE
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


# The room around the table, the felt and its rim.
ROOM: RGB = (22, 30, 27)
FELT: RGB = (26, 104, 66)
FELT_DARK: RGB = (20, 84, 53)
RIM: RGB = (92, 58, 33)
HEADER_TEXT: RGB = (236, 236, 228)
SOFT_TEXT: RGB = (190, 214, 198)
WHITE: RGB = (250, 250, 246)

# Seat plates: a dark plate, and a gold one for whose turn it is.
PLATE: RGB = (14, 44, 30)
PLATE_EDGE: RGB = (70, 120, 90)
TURN: RGB = (246, 196, 68)
TURN_EDGE: RGB = (255, 236, 160)
TURN_TEXT: RGB = (30, 24, 8)

# The last move's outline, wild badges, ribbons.
HIGHLIGHT: RGB = (255, 214, 64)
WILD_GOLD: RGB = (255, 200, 40)
RIBBON_CLEAN: RGB = (200, 30, 50)
RIBBON_DIRTY: RGB = (60, 90, 170)
MET: RGB = (120, 230, 140)
UNMET: RGB = (255, 190, 120)
CARD_PAPER: RGB = (253, 253, 250)
CARD_EDGE: RGB = (120, 120, 120)
BACK_BLUE: RGB = (34, 70, 150)
BACK_LINE: RGB = (90, 130, 210)

# Score sheet paper.
PAPER: RGB = (248, 244, 232)
PAPER_RULE: RGB = (214, 204, 180)
PAPER_INK: RGB = (34, 30, 26)
PAPER_SOFT: RGB = (110, 100, 86)
PLUS: RGB = (20, 120, 60)
MINUS: RGB = (180, 30, 40)

# A rating chart's lines, one per game format, in the order the formats are listed.
CHART_LINES: tuple[RGB, ...] = (BLUE, RED, GREEN, JOKER_PURPLE, (196, 110, 10))
