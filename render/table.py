"""The table picture: seats around the felt, each side's melds, the piles, the last move.

``render_table(view, names)`` is pure: it reads only the public parts of an engine's view (never
``hand``, ``just_drawn`` or ``must_lay``, nor the card in a ``Drew`` event), so the same picture can
go in the public table message whichever seat's view it was made from. Once the round is over the
view's ``hands_left`` (every hand, scored and so public then) is drawn in a panel at the foot.

Sized for a phone: Discord shows the picture about 400 px wide, so every text is drawn at
``fonts.MIN_SIZE`` or more and every card at ``cards.MIN_CARD_W`` or wider (their capitals and
corner ranks are then at least 11 px tall on the phone). The picture is ``fonts.CANVAS_WIDTH``
wide; its height follows the layout (:func:`layout`).

Layout, top to bottom: a header (game, round, last move), then the felt: a row of the other seats'
plates, the other side(s)' meld area, the band of piles, the bottom seat's side's meld area, the
bottom seat's plate. The bottom seat is the view's own seat (or ``bottom``); the others follow in
play order, right-hand around the picture for counter-clockwise games and left-hand for clockwise
ones (specification §0). Run Fast has no melds: fans of backs by each plate and the trick between.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from PIL import Image

from bot.games.base import (
    Added,
    BidMade,
    BidsRevealed,
    Discarded,
    Drew,
    Event,
    GameOver,
    Melded,
    MeldView,
    Passed,
    Played,
    Reason,
    Returned,
    RoundOver,
    SidePileWaits,
    StockRefilled,
    Swapped,
    TookPile,
    TookSidePile,
    TrickWon,
)
from bot.games.cards import Card
from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.runfast import RunFastView
from bot.i18n import LANGUAGES, has, is_rtl, language, say, t, t_n
from render import fonts
from render.cards import (
    INDEX_STRIP,
    MIN_CARD_W,
    card_back,
    card_chip,
    card_face,
    card_height,
    chip_height,
    empty_slot,
)
from render.common import (
    GameView,
    Icon,
    Name,
    RummyViews,
    Segment,
    fit_line,
    fmt_points,
    paste,
    place_x,
    png_bytes,
    rich_line,
    symbol_segments,
    wrap_line,
)
from render.hand import hand_order
from render.shapes import rounded_box, shape_sprite
from render.style import (
    DEFAULT_STYLE,
    FELT,
    FELT_DARK,
    HEADER_TEXT,
    HIGHLIGHT,
    INK,
    MET,
    PLATE,
    PLATE_EDGE,
    RIBBON_CLEAN,
    RIBBON_DIRTY,
    RIM,
    ROOM,
    SOFT_TEXT,
    TURN,
    TURN_EDGE,
    TURN_TEXT,
    WHITE,
    WILD_GOLD,
    CardStyle,
)
from render.words import game_title, trick_kind, with_name

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


# ---------------------------------------------------------------- layout


def seat_slots(n_seats: int, counter_clockwise: bool) -> list[str]:
    """Slot names for seats bottom, then next in play order, and so on."""
    if n_seats == 2:
        return ["bottom", "top"]
    if n_seats == 3:
        return (
            ["bottom", "top_right", "top_left"]
            if counter_clockwise
            else ["bottom", "top_left", "top_right"]
        )
    if n_seats == 4:
        return (
            ["bottom", "right", "top", "left"]
            if counter_clockwise
            else ["bottom", "left", "top", "right"]
        )
    raise ValueError(f"A table picture has 2, 3 or 4 seats, not {n_seats}.")


# Left to right in the row of plates at the top of the felt.
TOP_ROW = ("left", "top_left", "top", "top_right", "right")


def _bottom(view: GameView, bottom: int | None) -> int:
    """The seat drawn at the bottom: ``bottom``, else the view's own (a spectator's: seat 0)."""
    if bottom is not None:
        return bottom
    return view.seat if 0 <= view.seat < view.n_seats else 0


def seat_slot(view: GameView, seat: int, bottom: int | None = None) -> str:
    slots = seat_slots(view.n_seats, view.counter_clockwise)
    return slots[(seat - _bottom(view, bottom)) % view.n_seats]


def _sides(view: GameView) -> tuple[int, ...]:
    """Each seat's side (team, Solo or Pair); Run Fast, and More before its roles, have none:
    every seat is then its own."""
    sides = () if isinstance(view, RunFastView) else view.sides
    return sides if len(sides) == view.n_seats else tuple(range(view.n_seats))


@dataclass(frozen=True)
class Layout:
    """Where everything goes on one picture; its height follows what there is to show."""

    size: tuple[int, int]
    header: int  # the header's height: the felt starts below it
    plates: dict[int, Box]  # seat -> its plate
    areas: dict[int, Box]  # side -> its meld area (the rummies)
    band: Box | None  # the piles (the rummies)
    trick: Box | None  # the trick (Run Fast)
    hands: Box | None  # the hands left, once the round is over


def plate_lines(width: int) -> int:
    """A narrow plate gives its name a line of its own and says the rest on two more."""
    return 2 if width >= PLATE_WIDE else 3


def _plate_height(width: int) -> int:
    return plate_lines(width) * LINE + 24


def _plate_row(slots: Sequence[str], y: int) -> dict[str, Box]:
    """The top row's plates, left to right, sharing the felt's width."""
    ordered = sorted(slots, key=TOP_ROW.index)
    inner = WIDTH - 2 * MARGIN
    w = min(PLATE_WIDE, (inner - PLATE_GAP * (len(ordered) - 1)) // len(ordered))
    x = (WIDTH - w * len(ordered) - PLATE_GAP * (len(ordered) - 1)) // 2
    out = {}
    for slot in ordered:
        out[slot] = (x, y, x + w, y + _plate_height(w))
        x += w + PLATE_GAP
    return out


def _area_boxes(view: GameView, bottom: int | None, upper_y: int, lower_y: int) -> dict[int, Box]:
    """Each side's meld area (its top edge; heights come later): the bottom seat's side below,
    the others above, two others side by side in the order their seats sit."""
    b = _bottom(view, bottom)
    sides = _sides(view)
    own = sides[b]
    others: list[int] = []
    for k in range(1, view.n_seats):  # in play order from the bottom seat
        s = sides[(b + k) % view.n_seats]
        if s != own and s not in others:
            others.append(s)
    x0, x1 = MARGIN, WIDTH - MARGIN
    areas = {own: (x0, lower_y, x1, lower_y)}
    if len(others) == 1:
        areas[others[0]] = (x0, upper_y, x1, upper_y)
    elif others:
        mid = WIDTH // 2
        halves = [(x0, upper_y, mid - 6, upper_y), (mid + 6, upper_y, x1, upper_y)]

        def column(s: int) -> int:
            seat = next(i for i in range(view.n_seats) if sides[i] == s)
            return TOP_ROW.index(seat_slot(view, seat, bottom))

        for half, s in zip(halves, sorted(others[:2], key=column), strict=True):
            areas[s] = half
    return areas


def _melds(view: GameView) -> tuple[MeldView, ...]:
    return () if isinstance(view, RunFastView) else view.melds


def _area_height(view: GameView, side: int, box: Box) -> int:
    """The area's height: two rows of the smallest cards, or more when its melds need more;
    an area with no melds yet keeps only a row's height."""
    melds = [m for m in _melds(view) if m.side == side]
    if not melds:
        return EMPTY_AREA_H
    inner_w = box[2] - box[0] - 2 * AREA_PAD
    _, used = _flow(melds, (0, 0, inner_w, 0), MIN_CARD_W)
    return max(AREA_H, LINE + 8 + used + AREA_PAD)


def _hands_left(view: GameView) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards, face up: the engines fill ``hands_left`` once the round is over (the
    hands are scored, so public), and a replay at every move (the game is over)."""
    return view.hands_left if any(view.hands_left) else ()


def _hand_groups(view: GameView, bottom: int | None) -> list[tuple[int, list[Card]]]:
    """The seats with cards left, from the bottom seat round in play order."""
    hands = _hands_left(view)
    b = _bottom(view, bottom)
    seats = [(b + k) % view.n_seats for k in range(view.n_seats)]
    return [
        (s, hand_order(hands[s], "suit", view.game)) for s in seats if s < len(hands) and hands[s]
    ]


def _hands_flow(
    groups: Sequence[tuple[int, list[Card]]], x0: int, x1: int
) -> list[tuple[int, int, int, list[Card]]]:
    """Each group (seat, x, row, cards) left to right, wrapping; a group wider than the panel
    is split over rows."""
    per_row = max(1, (x1 - x0 - HANDS_CARD_W) // HANDS_STEP + 1)
    out = []
    x, row = x0, 0
    for seat, cards in groups:
        for start in range(0, len(cards), per_row):
            chunk = cards[start : start + per_row]
            w = HANDS_CARD_W + HANDS_STEP * (len(chunk) - 1)
            if x > x0 and x + w > x1:
                x, row = x0, row + 1
            out.append((seat, x, row, chunk))
            x += max(w, HAND_LABEL_W) + HAND_GROUP_GAP
    return out


HANDS_ROW_H = LINE + card_height(HANDS_CARD_W) + 16


def _hands_height(view: GameView, bottom: int | None) -> int:
    groups = _hand_groups(view, bottom)
    if not groups:
        return 0
    placed = _hands_flow(groups, MARGIN + AREA_PAD, WIDTH - MARGIN - AREA_PAD)
    rows = max(row for _, _, row, _ in placed) + 1
    return LINE + 8 + rows * HANDS_ROW_H


def layout(view: GameView, bottom: int | None = None) -> Layout:
    """Every box of the picture for this view."""
    slots = {seat: seat_slot(view, seat, bottom) for seat in range(view.n_seats)}
    header = header_height(view)
    y = header + FELT_INSET + 16
    top_row = _plate_row([s for s in slots.values() if s != "bottom"], y)
    y = max(b[3] for b in top_row.values()) + GAP
    areas: dict[int, Box] = {}
    band = trick = None
    if isinstance(view, RunFastView):
        y += FAN_H + GAP
        trick = (MARGIN, y, WIDTH - MARGIN, y + TRICK_H)
        y += TRICK_H + GAP
    else:
        boxes = _area_boxes(view, bottom, y, 0)
        own = _sides(view)[_bottom(view, bottom)]
        upper = [s for s in boxes if s != own]
        upper_h = max(_area_height(view, s, boxes[s]) for s in upper)
        for s in upper:
            x0, _, x1, _ = boxes[s]
            areas[s] = (x0, y, x1, y + upper_h)
        y += upper_h + GAP
        # Once the round is over the hands left matter, not the piles; a replay shows both.
        if not (view.round_over and _hands_left(view)):
            band = (MARGIN, y, WIDTH - MARGIN, y + BAND_H)
            y += BAND_H + GAP
        x0, _, x1, _ = boxes[own]
        lower_h = _area_height(view, own, boxes[own])
        areas[own] = (x0, y, x1, y + lower_h)
        y += lower_h + GAP
    w = PLATE_WIDE
    plates = {}
    # Run Fast's bottom plate has its fan beside it rather than above: the felt stays full.
    x = (WIDTH - w - GAP - FULL_FAN_W) // 2 if isinstance(view, RunFastView) else (WIDTH - w) // 2
    for seat, slot in slots.items():
        if slot == "bottom":
            plates[seat] = (x, y, x + w, y + PLATE_H)
        else:
            plates[seat] = top_row[slot]
    y += PLATE_H + GAP
    hands = None
    hands_h = _hands_height(view, bottom)
    if hands_h:
        hands = (MARGIN, y, WIDTH - MARGIN, y + hands_h)
        y += hands_h + GAP
    return Layout((WIDTH, y + FOOT), header, plates, areas, band, trick, hands)


def header_height(view: GameView) -> int:
    return (2 if caption(view, ()) else 1) * LINE + HEADER_PAD


def seat_box(view: GameView, seat: int, bottom: int | None = None) -> Box:
    """Where a seat's plate is drawn (for tests and for anyone pointing at a seat)."""
    return layout(view, bottom).plates[seat]


def side_areas(view: GameView, bottom: int | None = None) -> dict[int, Box]:
    """The meld area of each side: the bottom seat's side below, the others above."""
    return layout(view, bottom).areas


# ---------------------------------------------------------------- background


def _rounded_fill(img: Image.Image, box: Box, radius: int, colour: tuple[int, int, int]) -> None:
    """A filled rounded rectangle: flat in the middle, anti-aliased corners from one small
    cached sprite (the picture's height changes with its melds, and supersampling a whole
    felt for each new height cost more than the rest of the picture)."""
    x0, y0, x1, y1 = box
    r = radius
    img.paste(colour, (x0 + r, y0, x1 - r, y1))
    img.paste(colour, (x0, y0 + r, x1, y1 - r))
    corner = rounded_box((2 * r, 2 * r), r, (*colour, 255))
    for qx, qy, at in ((0, 0, (x0, y0)), (r, 0, (x1 - r, y0)), (0, r, (x0, y1 - r))):
        paste(img, corner.crop((qx, qy, qx + r, qy + r)), at)
    paste(img, corner.crop((r, r, 2 * r, 2 * r)), (x1 - r, y1 - r))


@functools.lru_cache(maxsize=64)
def _background(size: tuple[int, int], header: int, areas: tuple[Box, ...]) -> Image.Image:
    """Room, header bar, felt with its rim and the meld areas: the same for many moves."""
    img = Image.new("RGB", size, ROOM)
    x0, y0, x1, y1 = FELT_INSET, header + FELT_INSET, size[0] - FELT_INSET, size[1] - FELT_INSET
    _rounded_fill(img, (x0, y0, x1, y1), FELT_RADIUS, RIM)
    w = RIM_WIDTH
    _rounded_fill(img, (x0 + w, y0 + w, x1 - w, y1 - w), FELT_RADIUS - w, FELT)
    for area in areas:
        _rounded_fill(img, area, AREA_RADIUS, FELT_DARK)
    return img


def _text_top(size: int) -> int:
    """From a text sprite's top to its capitals' top: lines are placed by what shows."""
    return round(size * fonts.BASELINE) - fonts.cap_height(size) - 1


# ---------------------------------------------------------------- seat plates


@dataclass(frozen=True)
class _Role:
    """A seat's role on its plate, in three lengths for plates of three widths."""

    long: str = ""
    short: str = ""
    shortest: str = ""


_TEAMS = (
    ("render.team_a", "render.team_a_short"),
    ("render.team_b", "render.team_b_short"),
)


def _team(side: int, lang: str, short: bool = False) -> str:
    long_key, short_key = _TEAMS[side % 2]
    return t(short_key if short else long_key, lang)


def _role(view: GameView, seat: int, lang: str = "en") -> _Role:
    match view:
        case MorView(n_seats=4):
            side = _sides(view)[seat]
            team = _team(side, lang)
            return _Role(team, team, _team(side, lang, short=True))
        case More3View(solo=int(solo)):
            word = t("render.solo" if seat == solo else "render.pair", lang)
            return _Role(word, word, word)
        case HandView(opened=opened) if seat < len(opened):
            if opened[seat]:
                word = t("render.opened", lang)
                return _Role(word, word, word)
            short = t("render.not_opened_short", lang)
            return _Role(t("render.not_opened", lang), short, short)
        case RunFastView(played=played) if seat < len(played) and not played[seat]:
            short = t("render.not_played_short", lang)
            return _Role(t("render.not_played", lang), short, short)
    return _Role()


def _draw_plate(
    img: Image.Image,
    view: GameView,
    seat: int,
    name: str,
    box: Box,
    computer: bool,
    lang: str,
) -> None:
    turn = view.turn == seat and not view.round_over
    total = fmt_points(view.totals[seat], lang=lang) if seat < len(view.totals) else ""
    count = view.hand_counts[seat] if seat < len(view.hand_counts) else 0
    role = _role(view, seat, lang)
    dealer = view.dealer == seat
    sprite = _plate_sprite(
        name, total, count, role, computer, turn, dealer, box[2] - box[0], language(lang)
    )
    paste(img, sprite, (box[0] - PLATE_BLEED, box[1] - PLATE_BLEED))


def _info_line(
    wordings: Sequence[Sequence[str]], max_width: int, colour: tuple[int, int, int], rtl: bool
) -> Image.Image:
    """The plate's second line: the first of its wordings (longest first) that fits, else the
    long one cut short by whole words."""
    shown = [[w for w in wording if w] for wording in wordings]
    for words in shown:
        line = rich_line([" · ".join(words)], TEXT, colour, rtl=rtl)
        if line.width <= max_width:
            return line
    return fit_line(_spaced(shown[0]), TEXT, colour, max_width, rtl=rtl)


def _spaced(words: Sequence[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for w in words:
        out += (["·"] if out else []) + [w]
    return out


def _mirror(rtl: bool, total_w: int) -> Callable[[float, float], int]:
    """Where a piece of ``width`` placed at ``x`` in a left-to-right sprite goes: the same
    place, or its mirror image in a right-to-left one."""

    def at(x: float, width: float) -> int:
        return round(total_w - x - width) if rtl else round(x)

    return at


@functools.lru_cache(maxsize=512)
def _plate_sprite(
    name: str,
    total: str,
    count: int,
    role: _Role,
    computer: bool,
    turn: bool,
    dealer: bool,
    w: int,
    lang: str,
) -> Image.Image:
    """A seat plate with its glow and dealer button, cached: most plates don't change from one
    move to the next. Drawn ``PLATE_BLEED`` inside the sprite's edges. Two lines (name; cards,
    role and total) on a wide plate, three (name; cards; role and total) on a narrow one. In a
    right-to-left language the plate is its mirror image: the name starts at the right, the
    total ends at the left, the dealer's button sits at the left."""
    rtl = is_rtl(lang)
    h = _plate_height(w)
    b = PLATE_BLEED
    img = Image.new("RGBA", (w + 2 * b, h + 2 * b), (0, 0, 0, 0))
    at = _mirror(rtl, img.width)
    fill, edge, text, soft = (
        (TURN, TURN_EDGE, TURN_TEXT, TURN_TEXT) if turn else (PLATE, PLATE_EDGE, WHITE, SOFT_TEXT)
    )
    if turn:  # a soft glow around whoever is to play
        glow = rounded_box(
            (w + 2 * TURN_GLOW, h + 2 * TURN_GLOW), PLATE_RADIUS + TURN_GLOW, (*TURN, 90)
        )
        img.alpha_composite(glow, (b - TURN_GLOW, b - TURN_GLOW))
    plate = rounded_box((w, h), PLATE_RADIUS, (*fill, 255), (*edge, 255), 3 if turn else 2)
    img.alpha_composite(plate, (b, b))

    x, inner = b + PLATE_PAD, w - 2 * PLATE_PAD
    top = b + 12 - _text_top(TEXT)  # sprite top for the first line's capitals
    if turn:  # an arrow before the name, so the turn reads without colour too
        arrow = shape_sprite("arrow", fonts.cap_height(TEXT), TURN_TEXT)
        if rtl:  # it points at the name from the right
            arrow = arrow.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        img.alpha_composite(arrow, (at(x, arrow.width), b + 12 + 2))
        x, inner = x + arrow.width + 10, inner - arrow.width - 10
    mark = dealer_mark(lang) if dealer else None
    d = mark.width if mark else DEALER_DISC
    narrow = plate_lines(w) == 3
    # The dealer's button ends the name's line, or on a narrow plate the cards' line, so a
    # computer's short name (10 letters) always fits whole.
    if dealer and not narrow:
        inner -= d + 8
    shown, size = fonts.fit(name, NAME_SIZE, inner, fonts.BOLD)
    name_sprite = fonts.text_sprite(shown, size, text, fonts.BOLD)
    # Names of every size share the baseline of the smallest, so plates line up.
    base = top + round(TEXT * fonts.BASELINE)
    img.alpha_composite(
        name_sprite, (at(x, name_sprite.width), base - round(size * fonts.BASELINE))
    )
    cpu = t("render.computer", lang) if computer else ""
    # A computer's mark follows its (short) name where it fits, so the cards' line keeps the
    # role ("not opened", "unplayed") a member's plate shows.
    cpu_sprite = fonts.text_sprite(cpu, TEXT, soft, fonts.MEDIUM) if cpu and role.long else None
    if cpu_sprite and name_sprite.width + 14 + cpu_sprite.width <= inner:
        cx = x + name_sprite.width + 14
        img.alpha_composite(
            cpu_sprite, (at(cx, cpu_sprite.width), base - round(TEXT * fonts.BASELINE))
        )
        cpu = ""

    x, inner = b + PLATE_PAD, w - 2 * PLATE_PAD
    back = card_back(30)
    cards = t_n("n_cards", count, lang)
    total_sprite = fonts.text_sprite(total, TEXT, text, fonts.BOLD) if total else None
    total_w = total_sprite.width + 12 if total_sprite else 0
    icon_w = back.width + 10
    second = top + LINE
    img.alpha_composite(back, (at(x, back.width), second + _text_top(TEXT) - 4))
    if plate_lines(w) == 2:
        info = _info_line(
            [
                [cards, role.long, cpu],
                [str(count), role.short, cpu],
                [str(count), role.shortest, cpu],
                [str(count), cpu],  # a computer is always marked as one
            ],
            inner - icon_w - total_w,
            soft,
            rtl,
        )
        img.alpha_composite(info, (at(x + icon_w, info.width), second))
        last = second
    else:
        last = second + LINE
        wordings = [[role.long, cpu], [role.short, cpu], [role.shortest, cpu], [cpu]]
        # The computer mark is never cut: when even the mark alone can't stand beside the
        # total, the total moves up to the cards' line, which is short.
        shortest = rich_line([w for w in wordings[-1] if w], TEXT, soft, rtl=rtl).width
        total_up = bool(cpu) and shortest > inner - total_w
        room = inner - icon_w - (d + 8 if dealer else 0) - (total_w if total_up else 0)
        info = _info_line([[cards], [str(count)]], room, soft, rtl)
        img.alpha_composite(info, (at(x + icon_w, info.width), second))
        if role.long or cpu:  # the computer mark shares the role's line, which has the room
            r = _info_line(wordings, inner - (0 if total_up else total_w), soft, rtl)
            img.alpha_composite(r, (at(x, r.width), last))
        if total_up:
            last = second
    if total_sprite:
        # Moved up to the cards' line, the total stands before the dealer's button there.
        before_mark = d + 8 if dealer and narrow and last == second else 0
        tx = b + w - PLATE_PAD - total_sprite.width - before_mark
        img.alpha_composite(total_sprite, (at(tx, total_sprite.width), last))

    if mark:
        dx, dy = b + w - PLATE_PAD - d, b + 6 + (LINE if narrow else 0)
        img.alpha_composite(mark, (at(dx, d), dy))
    return img


@functools.lru_cache(maxsize=8)
def dealer_mark(lang: str) -> Image.Image:
    """The dealer's button: a white disc, or a pill as wide as a longer word ("डीलर"), with
    the word's ink centred in it, so a letter that sits low (Arabic «م») stays inside."""
    d = DEALER_DISC
    word = fonts.text_sprite(t("render.dealer_mark", lang), TEXT, INK, fonts.BOLD)
    box = word.getchannel("A").getbbox() or (0, 0, word.width, word.height)
    ink_w, ink_h = box[2] - box[0], box[3] - box[1]
    w = max(d, ink_w + d // 2)
    out = Image.new("RGBA", (w + 4, d + 4), (0, 0, 0, 0))
    out.alpha_composite(rounded_box((w + 4, d + 4), (d + 4) // 2, (*PLATE_EDGE, 255)), (0, 0))
    out.alpha_composite(rounded_box((w, d), d // 2, (*WHITE, 255)), (2, 2))
    x = 2 + (w - ink_w) / 2 - box[0]
    y = 2 + (d - ink_h) / 2 - box[1]
    out.alpha_composite(word, (round(x), round(y)))
    return out


# ---------------------------------------------------------------- melds


@dataclass(frozen=True)
class _Placed:
    meld: MeldView
    x: int
    y: int
    width: int


def _step(card_w: int) -> int:
    """How far an overlapped meld card shows: its whole corner index and a little more."""
    return round(INDEX_STRIP * card_w) + 4


def _meld_width(meld: MeldView, card_w: int) -> int:
    return card_w + _step(card_w) * max(0, len(meld.cards) - 1)


def _flow(melds: Sequence[MeldView], area: Box, card_w: int) -> tuple[list[_Placed], int]:
    """Place melds left to right, wrapping; return the places and the height used. A row with a
    project or biriba ribbon is taller by the ribbon, which sits above its meld. Melds run left
    to right in every language, as their cards do."""
    x0, y0, x1, _ = area
    rows: list[list[tuple[MeldView, int, int]]] = []
    x = x0
    for m in melds:
        w = _meld_width(m, card_w)
        if not rows or (x > x0 and x + w > x1):
            rows.append([])
            x = x0
        rows[-1].append((m, x, w))
        x += w + MELD_GAP
    out: list[_Placed] = []
    y = y0
    for row in rows:
        ribbon = RIBBON_H if any(_ribbon(m) for m, _, _ in row) else 0
        out += [_Placed(m, x, y + ribbon, w) for m, x, w in row]
        y += ribbon + card_height(card_w) + ROW_GAP
    return out, y - y0


def _ribbon(meld: MeldView, lang: str = "en") -> tuple[str, bool] | None:
    """The ribbon text of a project or biriba, and whether it is clean (no wild)."""
    if meld.project:
        return str(meld.project), meld.project in (200, 300) or not meld.wilds
    if meld.biriba:
        pure = meld.biriba == "pure"
        return t("render.ribbon_pure" if pure else "render.ribbon_dirty", lang), pure
    return None


def _draw_meld(img: Image.Image, p: _Placed, card_w: int, four: bool, lit: bool, lang: str) -> None:
    ch = card_height(card_w)
    step = _step(card_w)
    if lit:  # the last move: a gold halo behind the meld
        paste(
            img,
            rounded_box((p.width + 2 * HALO, ch + 2 * HALO), 10, (*HIGHLIGHT, 255)),
            (p.x - HALO, p.y - HALO),
        )
    wild_at = {i for i, _ in p.meld.wilds}
    for i, card in enumerate(p.meld.cards):
        paste(img, card_face(card, card_w, four, i in wild_at), (p.x + i * step, p.y))
    # What a wild stands for, on a gold chip over the lower part of its card (the overlapped
    # cards show only their corner index above it).
    badge_h = chip_height(TEXT)
    for i, stands_for in p.meld.wilds:
        chip = card_chip(stands_for, badge_h, four, WILD_GOLD)
        paste(img, chip, (p.x + i * step + 2, p.y + ch - badge_h - 4))
    ribbon = _ribbon(p.meld, lang)
    if ribbon:
        text, clean = ribbon
        label = fonts.text_sprite(text, TEXT, WHITE, fonts.BLACK)
        rw, rh = label.width + 2 * RIBBON_PAD + 4, RIBBON_H - 4
        rx, ry = p.x + p.width - rw, p.y - RIBBON_H
        colour = RIBBON_CLEAN if clean else RIBBON_DIRTY
        paste(img, rounded_box((rw, rh), 8, (*colour, 255), (*WHITE, 255), 2), (rx, ry))
        # Centred on its ink: Arabic and Devanagari words reach above and below a capital.
        ink = label.getchannel("A").getbbox() or (0, 0, 0, label.height)
        paste(img, label, (rx + RIBBON_PAD + 2, ry + (rh - ink[3] - ink[1]) / 2))


def _listed(items: Sequence[str], compact: bool) -> str:
    """``a + a + b``, or with ``compact`` each run of one item once with its count (``a ×2 + b``):
    a side with many projects or biribas must still fit its plate's title."""
    if not compact:
        return " + ".join(items)
    runs: list[tuple[str, int]] = []
    for item in items:
        if runs and runs[-1][0] == item:
            runs[-1] = (item, runs[-1][1] + 1)
        else:
            runs.append((item, 1))
    return " + ".join(item if n == 1 else f"{item} ×{n}" for item, n in runs)


def project_meter(
    melds: Sequence[MeldView], lang: str = "en", compact: bool = False
) -> tuple[str, bool]:
    """Mor: the side's projects and whether they allow closing (a 300, or a 200 and another)."""
    projects = sorted((m.project for m in melds if m.project), reverse=True)
    met = 300 in projects or (200 in projects and len(projects) >= 2)
    have = _listed([str(p) for p in projects], compact)
    if met:
        return have, True
    if not projects:
        return t("render.meter.projects_none", lang), False
    if 200 in projects:
        return t("render.meter.one_more_project", lang, have=have), False
    return t("render.meter.needs_300_or_200", lang, have=have), False


def biriba_meter(
    melds: Sequence[MeldView], lang: str = "en", compact: bool = False
) -> tuple[str, bool]:
    """More: the side's biribas and whether they allow going out (a pure one and a second)."""
    kinds = sorted((m.biriba for m in melds if m.biriba), key=lambda k: k != "pure")
    met = "pure" in kinds and len(kinds) >= 2
    words = {"pure": t("render.meter.pure", lang), "dirty": t("render.meter.dirty", lang)}
    have = _listed([words.get(k, k) for k in kinds], compact)
    if met:
        return have, True
    if not kinds:
        return t("render.meter.biribas_none", lang), False
    if "pure" in kinds:
        return t("render.meter.one_more_biriba", lang, have=have), False
    return t("render.meter.needs_pure", lang, have=have), False


def _name(names: Sequence[str], seat: int, lang: str = "en") -> Name:
    """A seat's name as a ``Name`` segment (its own direction), or "Seat 2" in ``lang``."""
    if seat < len(names) and names[seat]:
        return Name(names[seat])
    return Name(t("render.seat", lang, n=seat + 1))


def _side_label(
    view: GameView, side: int, names: Sequence[str], max_width: int, lang: str
) -> list[Segment]:
    """Who the area belongs to, short: the plates carry the names of teams and of the Pair."""
    sides = _sides(view)
    members = [i for i in range(view.n_seats) if sides[i] == side]
    match view:
        case MorView(n_seats=4):
            return [_team(side, lang)]
        case More3View(solo=int(solo)):
            return [t("render.solo" if solo in members else "render.pair", lang)]
    shown, _ = fonts.fit(_name(names, members[0], lang), TEXT, max_width, fonts.BOLD)
    return [Name(shown)]


def _engine_meter(meter: Reason | str, melds: Sequence[MeldView], lang: str) -> list[Segment]:
    """The engine's own project meter worded in ``lang``: a ``Reason`` is worded from the
    catalogues; English text (an engine that still writes it) is kept for English pictures;
    anything else is worded here again, from the side's melds."""
    if isinstance(meter, Reason) and has(meter.key):
        return symbol_segments(say(meter, lang))
    if isinstance(meter, str) and lang == "en":
        return symbol_segments(meter)
    text, met = project_meter(melds, lang)
    return [text, Icon("check", MET)] if met else [text]


def _area_titles(
    view: GameView,
    side: int,
    melds: Sequence[MeldView],
    names: Sequence[str],
    max_width: int,
    lang: str,
) -> list[list[Segment]]:
    """The area's title, longest wording first: the side, then its project or biriba meter
    (the engine's own meter when it gives one), or whether a Hand player has opened."""
    who = _side_label(view, side, names, max_width // 2, lang)
    match view:
        case MorView(meters=meters) if side < len(meters):
            meter = _engine_meter(meters[side], melds, lang)
            text, met = project_meter(melds, lang)  # the picture's own, shorter wording
            short: list[Segment] = [text, Icon("check", MET)] if met else [text]
            return [
                [*who, "·", t("render.projects", lang), *meter],
                [*who, "·", *meter],
                [*who, "·", *short],
            ]
        case MorView() | More3View():
            meter_of = project_meter if isinstance(view, MorView) else biriba_meter
            word = t("render.projects" if isinstance(view, MorView) else "render.biribas", lang)
            wordings: list[list[Segment]] = []
            for compact in (False, True):
                text, met = meter_of(melds, lang, compact)
                tail: list[Segment] = [text, Icon("check", MET)] if met else [text]
                wordings += [[*who, "·", word, *tail], [*who, "·", *tail]]
            return wordings
        case HandView(opened=opened):
            sides = _sides(view)
            members = [i for i in range(view.n_seats) if sides[i] == side and i < len(opened)]
            if members and not any(opened[i] for i in members):
                return [
                    [*who, "·", t("render.not_opened_needs_51", lang)],
                    [*who, "·", t("render.needs_51", lang)],
                ]
    return [who]


def _title_line(wordings: Sequence[list[Segment]], max_width: int, rtl: bool) -> Image.Image:
    for words in wordings:
        line = rich_line(words, TEXT, SOFT_TEXT, fonts.MEDIUM, rtl=rtl)
        if line.width <= max_width:
            return line
    return fit_line(wordings[-1], TEXT, SOFT_TEXT, max_width, fonts.MEDIUM, rtl=rtl)


def _meld_card_width(melds: Sequence[MeldView], inner: Box) -> int:
    """The largest meld card whose rows fit the area (the smallest when none does: the area
    was made tall enough for it)."""
    space = inner[3] - inner[1]
    for card_w in MELD_CARD_WIDTHS:
        if _flow(melds, inner, card_w)[1] <= space:
            return card_w
    return MIN_CARD_W


def _draw_area(
    img: Image.Image,
    view: GameView,
    side: int,
    area: Box,
    names: Sequence[str],
    lit: set[int],
    four: bool,
    lang: str,
) -> None:
    rtl = is_rtl(lang)
    melds = sorted((m for m in _melds(view) if m.side == side), key=lambda m: m.id)
    x0, y0, x1, y1 = area
    max_w = x1 - x0 - 2 * AREA_PAD - 8
    line = _title_line(_area_titles(view, side, melds, names, max_w, lang), max_w, rtl)
    lx = place_x(x0 + AREA_PAD + 4, x1 - AREA_PAD - 4, line.width, rtl)
    paste(img, line, (lx, y0 + 8 - _text_top(TEXT)))
    inner = (x0 + AREA_PAD, y0 + LINE + 8, x1 - AREA_PAD, y1 - AREA_PAD)
    if not melds:
        note = fonts.text_sprite(t("render.no_melds", lang), TEXT, SOFT_TEXT, direction=_dir(rtl))
        paste(img, note, ((x0 + x1 - note.width) / 2, (inner[1] + y1 - note.height) / 2))
        return
    card_w = _meld_card_width(melds, inner)
    placed, _ = _flow(melds, inner, card_w)
    for p in placed:
        _draw_meld(img, p, card_w, four, p.meld.id in lit, lang)


def _dir(rtl: bool) -> str:
    return "rtl" if rtl else "ltr"


# ---------------------------------------------------------------- piles


def _side_pile_label(view: GameView, k: int, names: Sequence[str], lang: str) -> list[Segment]:
    match view:
        case MorView(n_seats=4):
            return [t("render.mor_pile_b" if k % 2 else "render.mor_pile_a", lang)]
        case MorView():
            shown, _ = fonts.fit(_name(names, k, lang), TEXT, 170, fonts.MEDIUM)
            return [t("render.mor_pile", lang), Name(shown)]
        case More3View(solo=int(solo)):
            sides = _sides(view)
            return [t("render.solo_pile" if sides[solo] == k else "render.pair_pile", lang)]
    return [t("render.more_pile_b" if k % 2 else "render.more_pile_a", lang)]


@dataclass
class _Pile:
    layers: list[tuple[Image.Image, int]]  # sprites bottom first, each with its offset up-left
    label: list[Segment]
    lit: bool = False
    taken: bool = False


def _stock_pile(view: RummyViews, kinds: set[type], lang: str) -> _Pile:
    stock = view.stock_count
    back = card_back(PILE_CARD_W)
    layers = (
        [(back, 4), (back, 0)]
        if stock > 1
        else [(back, 0)]
        if stock
        else [(empty_slot(PILE_CARD_W), 0)]
    )
    label = t("render.stock", lang, n=stock)
    return _Pile(layers, [label], bool(kinds & {Drew, StockRefilled}))


def _discard_pile(view: RummyViews, kinds: set[type], four: bool, lang: str) -> _Pile:
    discard = view.discard
    label: list[Segment] = [t("render.discard", lang, n=len(discard))]
    if not discard:
        return _Pile([(empty_slot(PILE_CARD_W), 0)], label, bool(kinds & {TookPile}))
    layers = [(card_face(discard[-1], PILE_CARD_W, four), 0)]
    if len(discard) > 1:  # the card under the top one peeks out, so a pile reads as a pile
        layers.insert(0, (card_face(discard[-2], PILE_CARD_W, four), 5))
    return _Pile(layers, label, bool(kinds & {Discarded, Returned, TookPile}))


def _side_piles(
    view: RummyViews, names: Sequence[str], events: Sequence[Event], lang: str
) -> list[_Pile]:
    piles, taken = view.side_piles, view.side_taken
    sides = _sides(view)
    took = {sides[e.seat] for e in events if isinstance(e, TookSidePile) and e.seat is not None}
    waits = {sides[e.seat] for e in events if isinstance(e, SidePileWaits) and e.seat is not None}
    if isinstance(view, MorView):  # a Mor waits for its taker's next turn
        waits |= {sides[seat] for seat in view.mor_waiting if 0 <= seat < len(sides)}
    out = []
    for k, n in enumerate(piles):
        label = _side_pile_label(view, k, names, lang)
        gone = (k < len(taken) and taken[k]) or n == 0
        if k in waits:
            label.append(t("render.pile_next_turn", lang))
        elif gone:  # "taken" agrees with the pile's noun (Arabic: المور, but كومة المورة)
            label.append(
                t(
                    "render.pile_taken" if isinstance(view, MorView) else "render.more_pile_taken",
                    lang,
                )
            )
        else:
            label.append(f"· {n}")
        shown = n and (not gone or k in waits)
        layers = [(card_back(PILE_CARD_W), 0)] if shown else [(empty_slot(PILE_CARD_W), 0)]
        out.append(_Pile(layers, label, k in took or k in waits, taken=not shown))
    return out


def _draw_piles(
    img: Image.Image,
    view: RummyViews,
    names: Sequence[str],
    events: Sequence[Event],
    band: Box,
    four: bool,
    lang: str,
) -> None:
    rtl = is_rtl(lang)
    kinds = {type(e) for e in events}
    items = [
        _stock_pile(view, kinds, lang),
        _discard_pile(view, kinds, four, lang),
        *_side_piles(view, names, events, lang),
    ]
    if rtl:  # a right-to-left reader starts at the right: the stock, then the discards...
        items.reverse()
    x0, y0, x1, _ = band
    ch = card_height(PILE_CARD_W)
    colours = [HIGHLIGHT if p.lit else WHITE for p in items]
    labels = [
        [rich_line(p.label, TEXT, c, fonts.MEDIUM, rtl=rtl)]
        for p, c in zip(items, colours, strict=True)
    ]
    if sum(lab[0].width for lab in labels) + PILE_GAP * (len(items) - 1) > x1 - x0:
        # Too long side by side: each label takes a second line rather than lose a word.
        slot_w = (x1 - x0 - PILE_GAP * (len(items) - 1)) // len(items)
        labels = [
            wrap_line(p.label, TEXT, c, slot_w, fonts.MEDIUM, rtl=rtl)
            for p, c in zip(items, colours, strict=True)
        ]
    widths = [max(PILE_CARD_W + 2 * HALO + 12, *(row.width for row in lab)) for lab in labels]
    gap = PILE_GAP
    if sum(widths) + gap * (len(items) - 1) > x1 - x0:
        gap = max(6, (x1 - x0 - sum(widths)) // max(1, len(items) - 1))
    x = (x0 + x1 - sum(widths) - gap * (len(items) - 1)) / 2
    top = y0 + 12
    for pile, lab, w in zip(items, labels, widths, strict=True):
        cx = x + w / 2
        card_x = cx - PILE_CARD_W / 2
        if pile.lit:
            halo = rounded_box(
                (PILE_CARD_W + 2 * HALO + 6, ch + 2 * HALO + 6), 12, (*HIGHLIGHT, 255)
            )
            paste(img, halo, (card_x - HALO - 6, top - HALO - 6))
        for sprite, offset in pile.layers:
            paste(img, sprite, (card_x - offset, top - offset))
        if pile.taken:
            paste(img, shape_sprite("check", 44, MET), (cx - 22, top + ch / 2 - 22))
        for i, row in enumerate(lab):
            paste(img, row, (cx - row.width / 2, top + ch + 14 + i * LINE - _text_top(TEXT)))
        x += w + gap


# ---------------------------------------------------------------- run fast


def _draw_trick(
    img: Image.Image,
    view: RunFastView,
    names: Sequence[str],
    events: Sequence[Event],
    area: Box,
    four: bool,
    lang: str,
) -> None:
    rtl = is_rtl(lang)
    x0, y0, x1, _ = area
    trick, trick_seat, kind, passes = view.trick, view.trick_seat, view.trick_kind, view.passes
    ch = card_height(TRICK_CARD_W)
    if trick:
        step = min(TRICK_STEP, (x1 - x0 - 40 - TRICK_CARD_W) // max(1, len(trick) - 1))
        w = TRICK_CARD_W + step * (len(trick) - 1)
        left = (x0 + x1 - w) // 2
        top = y0 + LINE + 14
        if any(isinstance(e, Played) for e in events):
            paste(
                img,
                rounded_box((w + 2 * HALO, ch + 2 * HALO), 12, (*HIGHLIGHT, 255)),
                (left - HALO, top - HALO),
            )
        for i, c in enumerate(trick):
            paste(img, card_face(c, TRICK_CARD_W, four), (left + i * step, top))
        who = _name(names, trick_seat, lang) if trick_seat is not None else ""
        kind_text = trick_kind(kind, lang) if kind else ""
        title: list[Segment] = [kind_text] if kind_text else []
        if passes:
            title.append(t_n("render.n_passes", passes, lang))
        if who:
            rest = rich_line(title, TEXT, WHITE, fonts.BOLD, rtl=rtl).width if title else 0
            shown, _ = fonts.fit(who, TEXT, x1 - x0 - rest - 60, fonts.BOLD)
            title = [Name(shown), "·", *title] if title else [Name(shown)]
        label = fit_line(title, TEXT, WHITE, x1 - x0, fonts.BOLD, rtl=rtl)
        paste(img, label, ((x0 + x1 - label.width) / 2, y0 + 4 - _text_top(TEXT)))
    elif view.turn is not None:
        # The game's first play must hold the 3 of hearts (specification §4); views give the card only
        # to the seat that holds it, but the rule is public: it is shown where the trick goes.
        must = view.must_include or view.opening_card
        opening = view.opening
        # "{who} leads" as one sentence, so each language puts the name where it belongs.
        tail: list[Segment] = [t("render.first_play_must_hold", lang), must] if opening else []
        width = x1 - x0 - 40
        bare = [s for s in with_name("render.leads", lang, "") if not isinstance(s, Name)]
        rest = rich_line([*bare, *tail], TEXT, SOFT_TEXT, fonts.MEDIUM, four, rtl).width
        shown, _ = fonts.fit(
            _name(names, view.turn, lang), TEXT, max(200, width - rest), fonts.MEDIUM
        )
        words = [*with_name("render.leads", lang, shown), *tail]
        label = fit_line(words, TEXT, SOFT_TEXT, width, fonts.MEDIUM, four, rtl)
        paste(img, label, ((x0 + x1 - label.width) / 2, y0 + 4 - _text_top(TEXT)))
        slot = card_face(must, TRICK_CARD_W, four) if opening else empty_slot(TRICK_CARD_W)
        paste(img, slot, ((x0 + x1 - TRICK_CARD_W) / 2, y0 + LINE + 14))


def _draw_fans(
    img: Image.Image, view: RunFastView, plates: dict[int, Box], bottom: int | None, lang: str
) -> None:
    """Run Fast: each seat's cards as a fan of backs by its plate, so counts show at a glance."""
    rtl = is_rtl(lang)
    ch = card_height(FAN_CARD_W)
    back = card_back(FAN_CARD_W)
    for seat in range(view.n_seats):
        n = view.hand_counts[seat] if seat < len(view.hand_counts) else 0
        if not n or _hands_left(view):
            continue
        x0, y0, x1, y1 = plates[seat]
        warn = None
        if n <= LAST_CARDS_WARNING:
            words: list[Segment] = [Icon("dot", RIBBON_CLEAN), t_n("render.n_left", n, lang)]
            warn = rich_line(words, TEXT, HIGHLIGHT, fonts.BOLD, rtl=rtl)
        w = FAN_CARD_W + FAN_STEP * (n - 1)
        full = w + (warn.width + 14 if warn else 0)
        left: float
        top: float
        if seat_slot(view, seat, bottom) == "bottom":
            left, top = x1 + GAP, (y0 + y1 - ch) / 2
        else:
            left, top = (x0 + x1 - full) / 2, y1 + GAP
        for i in range(n):
            paste(img, back, (left + i * FAN_STEP, top))
        if warn:
            paste(img, warn, (left + w + 14, top + (ch - warn.height) / 2))


# ---------------------------------------------------------------- the hands left


def _draw_hands_left(
    img: Image.Image,
    view: GameView,
    names: Sequence[str],
    area: Box,
    bottom: int | None,
    four: bool,
    lang: str,
) -> None:
    """Once the round is over: the cards each seat still holds, face up (they are scored)."""
    rtl = is_rtl(lang)
    x0, y0, x1, _ = area
    title = rich_line(
        [t("render.cards_left_in_hand", lang)], TEXT, SOFT_TEXT, fonts.MEDIUM, rtl=rtl
    )
    tx = place_x(x0 + AREA_PAD + 4, x1 - AREA_PAD - 4, title.width, rtl)
    paste(img, title, (tx, y0 + 8 - _text_top(TEXT)))
    top = y0 + LINE + 8
    groups = _hand_groups(view, bottom)
    for seat, x, row, cards in _hands_flow(groups, x0 + AREA_PAD, x1 - AREA_PAD):
        y = top + row * HANDS_ROW_H
        w = HANDS_CARD_W + HANDS_STEP * (len(cards) - 1)
        shown, size = fonts.fit(_name(names, seat, lang), TEXT, max(w, HAND_LABEL_W), fonts.BOLD)
        paste(img, fonts.text_sprite(shown, size, WHITE, fonts.BOLD), (x, y - _text_top(size)))
        for i, c in enumerate(cards):
            paste(img, card_face(c, HANDS_CARD_W, four), (x + i * HANDS_STEP, y + LINE))


# ---------------------------------------------------------------- header


def _cards_segments(cards: Sequence[Card], limit: int) -> list[Segment]:
    out: list[Segment] = list(cards[:limit])
    if len(cards) > limit:
        out.append(f"+{len(cards) - limit}")
    return out


_LAID = {"run": "render.laid_run", "set": "render.laid_set"}


def _phrase(view: GameView, e: Event, names: Sequence[str], lang: str = "en") -> list[Segment]:
    """What one event says in the caption. A drawn card is never named: only its drawer knows it."""
    melds = {m.id: m for m in _melds(view)}
    mor = isinstance(view, MorView)
    match e:
        case Drew():
            return [t("render.drew", lang)]
        case TookPile(cards=cards):
            if cards:
                return [t("render.took_pile_n", lang, n=len(cards))]
            return [t("render.took_pile", lang)]
        case Returned(card=card):
            return [t("render.returned", lang), card] if card else [t("render.returned_it", lang)]
        case Melded(meld=mid, cards=cards):
            kind = melds[mid].kind if mid in melds else "meld"
            laid = t(_LAID.get(kind, "render.laid_meld"), lang)
            return [laid, *_cards_segments(cards, 4)]
        case Added(cards=cards):
            return [t("render.added", lang), *_cards_segments(cards, 3)]
        case Swapped():
            return [t("render.took_back_joker", lang)]
        case Discarded(card=card):
            return [t("render.threw", lang), card] if card else [t("render.threw", lang)]
        case TookSidePile():
            return [t("render.took_mor" if mor else "render.took_more", lang)]
        case SidePileWaits():
            return [t("render.emptied_mor" if mor else "render.emptied_more", lang)]
        case StockRefilled():
            return [t("render.stock_refilled", lang)]
        case Played(cards=cards, kind=kind):
            return [t("render.played", lang), *_cards_segments(cards, 6)]
        case Passed():
            return [t("mv_pass", lang)]
        case TrickWon():
            return [t("render.won_trick", lang)]
        case BidMade():
            return [t("render.bid", lang)]
        case BidsRevealed(solo=solo):
            return with_name("render.bids_shown", lang, _name(names, solo, lang))
        case RoundOver():
            return [t("render.round_over", lang)]
        case GameOver():
            return [t("render.game_over", lang)]
    return []


def caption(view: GameView, names: Sequence[str], lang: str = "en") -> list[list[Segment]]:
    """The last move(s) as lines of segments, one per run of events by the same seat."""
    return [
        _said(view, seat, phrases, names, lang)
        for seat, phrases in _caption_groups(view, names, lang)
    ]


def _caption_groups(
    view: GameView, names: Sequence[str], lang: str
) -> list[tuple[int | None, list[list[Segment]]]]:
    """The last events' phrases, grouped by runs of the same seat."""
    groups: list[tuple[int | None, list[list[Segment]]]] = []
    for e in view.last_events:
        words = _phrase(view, e, names, lang)
        if not words:
            continue
        if groups and groups[-1][0] == e.seat:
            groups[-1][1].append(words)
        else:
            groups.append((e.seat, [words]))
    return groups


def _said(
    view: GameView,
    seat: int | None,
    phrases: Sequence[list[Segment]],
    names: Sequence[str],
    lang: str,
) -> list[Segment]:
    """One seat's run of phrases after its name, joined with the language's comma."""
    comma = t("render.comma", lang)
    said: list[Segment] = []
    for words in phrases:
        if said:
            if isinstance(said[-1], str) and not isinstance(said[-1], Name):
                said[-1] += comma
            else:
                said.append(comma)
        said.extend(words)
    who = with_name("render.actor", lang, _name(names, seat, lang)) if seat is not None else []
    return who + said


def _draw_header(
    img: Image.Image, view: GameView, names: Sequence[str], four: bool, lang: str
) -> None:
    rtl = is_rtl(lang)
    parts = [game_title(view.game, lang)]
    n = view.round_no + 1  # engines count rounds from 0
    match view:
        case HandView(rounds_total=total):
            parts.append(t("render.round_of", lang, n=n, total=total))
        case MorView() | More3View():
            parts.append(t("render.round", lang, n=n))
    if isinstance(view, MorView | More3View):
        parts.append(t("render.to_target", lang, target=view.target))
    if view.phase == "bid":
        parts.append(t("render.bidding", lang))
    if view.game_over:
        parts.append(t("render.game_over", lang))
    elif view.round_over:
        parts.append(t("render.round_over", lang))
    width = WIDTH - 2 * MARGIN
    title = fit_line(_spaced(parts), TEXT, HEADER_TEXT, width, fonts.BOLD, rtl=rtl)
    left, right = MARGIN - 6, WIDTH - MARGIN + 6
    paste(img, title, (place_x(left, right, title.width, rtl), 14 - _text_top(TEXT)))

    groups = _caption_groups(view, names, lang)
    if not groups:
        return
    lines = [_said(view, seat, phrases, names, lang) for seat, phrases in groups]
    # Newest last: drop the oldest groups until the line fits, then the oldest moves of the
    # newest group, so what is shown is whole (only a long name may still be shortened).
    k = min(len(lines), CAPTION_GROUPS)
    while True:
        words: list[Segment] = [t("render.last", lang), *_join(lines[-k:])]
        line = rich_line(words, TEXT, HEADER_TEXT, four_colour=four, rtl=rtl)
        if line.width <= width or k == 1:
            break
        k -= 1
    seat, phrases = groups[-1]
    for drop in range(1, len(phrases)):
        if line.width <= width:
            break
        words = [t("render.last", lang), *_said(view, seat, phrases[drop:], names, lang)]
        line = rich_line(words, TEXT, HEADER_TEXT, four_colour=four, rtl=rtl)
    if line.width > width:
        line = fit_line(words, TEXT, HEADER_TEXT, width, four_colour=four, rtl=rtl)
    paste(img, line, (place_x(left, right, line.width, rtl), 14 + LINE - _text_top(TEXT)))


def _join(groups: Sequence[list[Segment]]) -> list[Segment]:
    out: list[Segment] = []
    for words in groups:
        if out:
            out.append("·")
        out.extend(words)
    return out


# ---------------------------------------------------------------- the picture


def _lit_melds(events: Sequence[Event]) -> set[int]:
    return {e.meld for e in events if isinstance(e, Melded | Added | Swapped)}


def table_image(
    view: GameView,
    names: Sequence[str],
    *,
    computers: Collection[int] = (),
    style: CardStyle = DEFAULT_STYLE,
    bottom: int | None = None,
    lang: str = "en",
) -> Image.Image:
    """The table picture as an RGB image (``render_table`` encodes it)."""
    lang = language(lang)
    four = style.four_colour
    events = view.last_events
    box = layout(view, bottom)
    panels = [*box.areas.values(), *([box.hands] if box.hands else [])]
    img = _background(box.size, box.header, tuple(sorted(panels))).copy()
    _draw_header(img, view, names, four, lang)
    lit = _lit_melds(events)
    for side, area in box.areas.items():
        _draw_area(img, view, side, area, names, lit, four, lang)
    if isinstance(view, RunFastView):
        if box.trick is not None:
            _draw_fans(img, view, box.plates, bottom, lang)
            _draw_trick(img, view, names, events, box.trick, four, lang)
    elif box.band is not None:
        _draw_piles(img, view, names, events, box.band, four, lang)
    if box.hands is not None:
        _draw_hands_left(img, view, names, box.hands, bottom, four, lang)
    for seat in range(view.n_seats):
        name = _name(names, seat, lang)
        _draw_plate(img, view, seat, name, box.plates[seat], seat in computers, lang)
    return img


def render_table(
    view: GameView,
    names: Sequence[str],
    *,
    computers: Collection[int] = (),
    style: CardStyle = DEFAULT_STYLE,
    bottom: int | None = None,
    lang: str = "en",
) -> bytes:
    """The table as PNG bytes: pure, safe to run in ``asyncio.to_thread``.

    ``names`` are the seats' display names in seat order; ``computers`` the seats played by the
    computer; ``bottom`` the seat drawn at the bottom (default: the view's own seat); ``lang``
    the language of its labels (Arabic pictures read right to left).
    """
    return png_bytes(
        table_image(view, names, computers=computers, style=style, bottom=bottom, lang=lang)
    )
