"""The table picture's named sizes: text, plates, meld areas, piles, the trick, fans and the
hands left (a phone shows the picture about 400 px wide, so nothing is drawn smaller than
``fonts.MIN_SIZE`` or ``cards.MIN_CARD_W``)."""

from __future__ import annotations

from bot.i18n import LANGUAGES, t
from render import fonts
from render.cards import (
    INDEX_STRIP,
    MIN_CARD_W,
    card_height,
)

Box = tuple[int, int, int, int]

WIDTH = fonts.CANVAS_WIDTH
TEXT = fonts.MIN_SIZE  # most text is drawn at the smallest readable size: space is short
# A line of TEXT-sized text takes this much height in the layout (its sprite's box is taller,
# with room for Arabic and Devanagari marks, and may overlap the next line's empty top).
LINE = round(TEXT * 1.3)
HEADER_PAD = 16  # the header holds the title, and a line for the last move when there is one
FELT_INSET = 8
FELT_RADIUS = 80
RIM_WIDTH = 9
MARGIN = 30
GAP = 14
FOOT = 26

PLATE_H = 2 * LINE + 24
PLATE_GAP = 20
PLATE_WIDE = 560  # a plate alone (or one of two) in its row
PLATE_RADIUS = 16
PLATE_PAD = 14
NAME_SIZE = 56  # shrinks to TEXT for a long name, then is shortened with an ellipsis
DEALER_DISC = 62
TURN_GLOW = 6
PLATE_BLEED = 24  # room around a plate's sprite for its glow and dealer button
AREA_RADIUS = 18
AREA_PAD = 10

CAPTION_GROUPS = 3

# Meld cards: the largest width whose melds fit their area, down to the smallest readable one.
MELD_CARD_WIDTHS = (150, 138, 126, 116, 106, MIN_CARD_W)
MELD_ROWS = 2  # an area is tall enough for two rows of the smallest meld cards
MELD_GAP = 16
ROW_GAP = 10
RIBBON_PAD = 6


def _ribbon_height() -> int:
    """A project or biriba ribbon's height (with its 4 px gap): room for a capital and its
    padding, or for the tallest ribbon word of any language (an Arabic word's dots reach well
    above and below a capital) with a little less, so every language shares one layout."""
    words = [
        t(key, lang) for key in ("render.ribbon_pure", "render.ribbon_dirty") for lang in LANGUAGES
    ]
    ink = max(fonts.ink_height(fonts.text_mask(w, TEXT, fonts.BLACK)) for w in [*words, "300"])
    return max(fonts.cap_height(TEXT, fonts.BLACK) + 2 * RIBBON_PAD, ink + 8) + 4


RIBBON_H = _ribbon_height()
AREA_H = LINE + 8 + MELD_ROWS * (card_height(MIN_CARD_W) + ROW_GAP) + AREA_PAD
EMPTY_AREA_H = LINE + 8 + card_height(MIN_CARD_W) + AREA_PAD

PILE_CARD_W = 104
PILE_GAP = 30
BAND_H = card_height(PILE_CARD_W) + 2 * LINE + 28  # a pile's label may take two lines
TRICK_CARD_W = 200
TRICK_STEP = 100
TRICK_H = LINE + card_height(TRICK_CARD_W) + 40
FAN_CARD_W = 104
FAN_STEP = 28
FAN_H = card_height(FAN_CARD_W) + 6
FULL_FAN_W = FAN_CARD_W + FAN_STEP * 15  # a Run Fast hand is dealt 16 cards
LAST_CARDS_WARNING = 2
HALO = 6
HANDS_CARD_W = MIN_CARD_W
HANDS_STEP = round(INDEX_STRIP * HANDS_CARD_W) + 4
HAND_GROUP_GAP = 34
HAND_LABEL_W = 180  # a short hand's name may be wider than its cards


HANDS_ROW_H = LINE + card_height(HANDS_CARD_W) + 16


def _text_top(size: int) -> int:
    """From a text sprite's top to its capitals' top: lines are placed by what shows."""
    return round(size * fonts.BASELINE) - fonts.cap_height(size) - 1
