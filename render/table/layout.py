"""Where everything goes on the table picture: the seats' slots, the plates' rows, the meld
areas and how melds flow in them, the band of piles or the trick, the hands left; and the felt
drawn under them."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.games.base import (
    MeldView,
)
from bot.games.cards import Card
from bot.games.runfast import RunFastView
from bot.i18n import t
from render.cards import (
    INDEX_STRIP,
    MIN_CARD_W,
    card_height,
)
from render.common import (
    GameView,
    paste,
)
from render.hand import hand_order
from render.shapes import rounded_box
from render.style import (
    FELT,
    FELT_DARK,
    RIM,
    ROOM,
)
from render.table.caption import header_height
from render.table.sizes import (
    AREA_H,
    AREA_PAD,
    AREA_RADIUS,
    BAND_H,
    EMPTY_AREA_H,
    FAN_H,
    FELT_INSET,
    FELT_RADIUS,
    FOOT,
    FULL_FAN_W,
    GAP,
    HAND_GROUP_GAP,
    HAND_LABEL_W,
    HANDS_CARD_W,
    HANDS_ROW_H,
    HANDS_STEP,
    LINE,
    MARGIN,
    MELD_GAP,
    PLATE_GAP,
    PLATE_H,
    PLATE_WIDE,
    RIBBON_H,
    RIM_WIDTH,
    ROW_GAP,
    TRICK_H,
    WIDTH,
    Box,
)


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


# ---------------------------------------------------------------- how melds flow in an area


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
