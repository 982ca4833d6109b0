"""A player's own hand: sorted, grouped, numbered for selecting, big corner indices for phones.

The numbers under the cards follow :func:`hand_order`, so a select menu or a command that takes
"3 5 7" can use the same order as the picture.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image

from bot.games.cards import Card
from bot.games.runfast import RunFastView
from bot.i18n import is_rtl, t, t_n
from render import fonts
from render.cards import card_face, card_height
from render.common import GameView, Icon, Segment, fit_line, paste, place_x, png_bytes
from render.shapes import rounded_box
from render.style import (
    DEFAULT_STYLE,
    FELT,
    HEADER_TEXT,
    HIGHLIGHT,
    INK,
    ROOM,
    SOFT_TEXT,
    UNMET,
    WHITE,
    CardStyle,
)

Sort = Literal["suit", "rank"]

# Suits alternate colours in the hand so neighbouring groups never look alike.
SUIT_ORDER = ("S", "H", "C", "D")
# Run Fast ranks cards 3 low .. 2 high; the rummies read the ace low, as the engines' sort_key.
RUNFAST_RANK = {r: i for i, r in enumerate((3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2))}

# Every hand picture is CANVAS_WIDTH wide, so a phone shows every hand at the same scale and
# its text (at fonts.MIN_SIZE) and corner indices at least 11 px tall.
WIDTH = fonts.CANVAS_WIDTH
CARD_W = 124
STEP = 76  # the shown strip of an overlapped card: its corner index and its number's pill
GROUP_GAP = 26
MARGIN = 24
MAX_ROW_W = WIDTH - 2 * MARGIN
TITLE_SIZE = fonts.MIN_SIZE
TITLE_LINE = round(TITLE_SIZE * 1.3)
RAISE = 24  # how far a just-drawn card stands up out of the row
NUMBER_SIZE = fonts.MIN_SIZE
NUMBER_H = fonts.cap_height(NUMBER_SIZE, fonts.BOLD) + 30
NUMBER_PAD = 5
ROW_GAP = 14
MARK_FRAME = 4


def _rank_key(card: Card, game: str | None) -> int:
    if card.is_joker:
        return 99
    return RUNFAST_RANK[card.rank] if game == "runfast" else card.rank


def _suit_key(card: Card) -> int:
    return len(SUIT_ORDER) if card.is_joker else SUIT_ORDER.index(card.suit or "S")


def _group_key(card: Card, sort: Sort, game: str | None) -> int:
    return _suit_key(card) if sort == "suit" else _rank_key(card, game)


def hand_order(cards: Iterable[Card], sort: Sort = "suit", game: str | None = None) -> list[Card]:
    """The cards in picture order: by suit then rank, or by rank then suit; jokers last.

    The picture numbers the cards 1..n in this order.
    """
    if sort == "suit":
        return sorted(cards, key=lambda c: (_suit_key(c), _rank_key(c, game)))
    return sorted(cards, key=lambda c: (_rank_key(c, game), _suit_key(c)))


@dataclass(frozen=True)
class _Slot:
    card: Card
    number: int
    x: int
    row: int
    marked: bool


def _layout(
    order: Sequence[Card], sort: Sort, game: str | None, marks: Counter[Card]
) -> tuple[list[_Slot], int]:
    """Groups left to right; a group that doesn't fit goes to the next row, and a group longer
    than a row is split. Returns the slots and the widest row's width."""
    groups: list[list[Card]] = []
    for c in order:
        if groups and _group_key(groups[-1][-1], sort, game) == _group_key(c, sort, game):
            groups[-1].append(c)
        else:
            groups.append([c])
    per_row = (MAX_ROW_W - CARD_W) // STEP + 1
    slots: list[_Slot] = []
    x, row, widest, number = 0, 0, 0, 0
    left = Counter(marks)
    for group in groups:
        chunks = [group[i : i + per_row] for i in range(0, len(group), per_row)]
        for chunk in chunks:
            w = CARD_W + STEP * (len(chunk) - 1)
            if x and x + w > MAX_ROW_W:
                x, row = 0, row + 1
            for i, c in enumerate(chunk):
                number += 1
                marked = left[c] > 0
                if marked:
                    left[c] -= 1
                slots.append(_Slot(c, number, x + i * STEP, row, marked))
            widest = max(widest, x + w)
            x += w + GROUP_GAP
    return slots, widest


def _cards_of(hand: GameView | Sequence[Card]) -> tuple[tuple[Card, ...], GameView | None]:
    if isinstance(hand, Sequence):
        return tuple(hand), None
    return hand.hand, hand


def hand_image(
    hand: GameView | Sequence[Card],
    *,
    sort: Sort = "suit",
    four_colour: bool | None = None,
    marked: Iterable[Card] | None = None,
    game: str | None = None,
    title: str | None = None,
    style: CardStyle = DEFAULT_STYLE,
    lang: str = "en",
) -> Image.Image:
    """The hand picture as an RGB image (``render_hand`` encodes it). Its words are in
    ``lang``; an Arabic one's lines start at the right. The cards and their numbers run left to
    right in every language: a member selects "3 5 7" by the numbers they see."""
    rtl = is_rtl(lang)
    cards, view = _cards_of(hand)
    four = style.four_colour if four_colour is None else four_colour
    # A rummy view marks what was just drawn (unless ``marked`` says otherwise) and what the
    # taken pile obliges the player to lay; Run Fast has neither.
    drawn: tuple[Card, ...] = ()
    must: tuple[Card, ...] = ()
    match view:
        case None:
            pass
        case RunFastView():
            game = game or view.game
        case _:
            game = game or view.game
            drawn, must = view.just_drawn, view.must_lay
    marked = drawn if marked is None else marked
    must_lay = Counter(must)
    marks = Counter(marked)
    order = hand_order(cards, sort, game)
    slots, _ = _layout(order, sort, game, marks)
    rows = max((s.row for s in slots), default=0) + 1
    ch = card_height(CARD_W)
    row_h = RAISE + ch + NUMBER_H + ROW_GAP
    width = WIDTH
    # The title, then a line for each mark the picture uses, saying what it means.
    head: list[list[Segment]] = [[title or t_n("render.your_hand", len(cards), lang)]]
    if any(s.marked for s in slots):
        head.append([Icon("arrow", HIGHLIGHT), t("render.raised_note", lang)])
    if must_lay:
        head.append([Icon("dot", UNMET), t("render.lay_note", lang)])
    title_h = len(head) * TITLE_LINE + 18
    height = title_h + rows * row_h + MARGIN // 2
    img = Image.new("RGB", (width, height), FELT)
    img.paste(ROOM, (0, 0, width, title_h))
    for k, words in enumerate(head):
        weight = fonts.BOLD if k == 0 else fonts.MEDIUM
        line = fit_line(words, TITLE_SIZE, HEADER_TEXT, width - 2 * MARGIN, weight, rtl=rtl)
        x = place_x(MARGIN, width - MARGIN, line.width, rtl)
        paste(img, line, (x, 8 + k * TITLE_LINE - (line.height - TITLE_LINE) / 2))
    if not cards:
        direction = "rtl" if rtl else "ltr"
        note = fonts.text_sprite(
            t("render.no_cards", lang), TITLE_SIZE, SOFT_TEXT, direction=direction
        )
        paste(img, note, ((width - note.width) / 2, title_h + (row_h - note.height) / 2))
        return img

    left = Counter(must_lay)
    frame = rounded_box((CARD_W + 2 * MARK_FRAME, ch + 2 * MARK_FRAME), 12, (*HIGHLIGHT, 255))
    for s in slots:
        x = MARGIN + s.x
        y = title_h + s.row * row_h + (0 if s.marked else RAISE)
        if s.marked:
            paste(img, frame, (x - MARK_FRAME, y - MARK_FRAME))
        paste(img, card_face(s.card, CARD_W, four), (x, y))
        centre = x + STEP / 2  # under the corner index, the part of a card always shown
        lay = left[s.card] > 0
        if lay:
            left[s.card] -= 1
        _number(img, s.number, centre, title_h + s.row * row_h + RAISE + ch + 6, s.marked, lay)
    return img


def _number(img: Image.Image, n: int, cx: float, top: int, marked: bool, lay: bool) -> None:
    """The card's number for selecting, on a pill (gold when raised, orange when to be laid)."""
    fill = UNMET if lay else HIGHLIGHT if marked else WHITE
    text = fonts.text_sprite(str(n), NUMBER_SIZE, INK, fonts.BOLD)
    h = NUMBER_H - 6
    w = min(STEP - 4, max(h, text.width + 2 * NUMBER_PAD))
    pill = rounded_box((w, h), min(h, w) // 2, (*fill, 255))
    paste(img, pill, (cx - w / 2, top))
    cap = fonts.cap_height(NUMBER_SIZE, fonts.BOLD)
    text_top = round(NUMBER_SIZE * fonts.BASELINE) - cap - 1
    paste(img, text, (cx - text.width / 2, top + (h - cap) / 2 - text_top))


def render_hand(
    hand: GameView | Sequence[Card],
    *,
    sort: Sort = "suit",
    four_colour: bool | None = None,
    marked: Iterable[Card] | None = None,
    game: str | None = None,
    title: str | None = None,
    style: CardStyle = DEFAULT_STYLE,
    lang: str = "en",
) -> bytes:
    """A hand as PNG bytes. ``hand`` is a view (its own ``hand``; ``just_drawn`` marked unless
    ``marked`` is given; ``must_lay`` flagged) or a sequence of cards. Pure: run it in a thread."""
    return png_bytes(
        hand_image(
            hand,
            sort=sort,
            four_colour=four_colour,
            marked=marked,
            game=game,
            title=title,
            style=style,
            lang=lang,
        )
    )
