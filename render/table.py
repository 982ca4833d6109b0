"""The table picture: seats around the felt, each side's melds, the piles, the last move.

``render_table(view, names)`` is pure: it reads only the public parts of an engine's view (never
``hand``, ``just_drawn`` or ``must_lay``, nor the card in a ``Drew`` event), so the same picture can
go in the public table message whichever seat's view it was made from.

Layout: a header bar (game, round, last move) above the felt. The seat at the bottom is the view's
own seat (or ``bottom``); the others follow in play order, right-hand around the picture for
counter-clockwise games and left-hand for clockwise ones (RULES.md section 0). The bottom seat's
side has the lower meld area, the other side(s) the upper; the piles sit in the band between.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

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
from render import fonts
from render.cards import card_back, card_chip, card_face, card_height, empty_slot
from render.common import Icon, Segment, fmt_points, paste, png_bytes, rich_line, symbol_segments
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

Box = tuple[int, int, int, int]

GAME_TITLES = {"mor": "Mor", "more3": "More", "hand": "Hand", "runfast": "Run Fast"}
# Which way play goes round, for the seat layout only. Mor, Hand and Run Fast are played
# counter-clockwise (seed pages 001, 004 and 002 say so); More clockwise (seed page 000).
COUNTER_CLOCKWISE = {"mor": True, "more3": False, "hand": True, "runfast": True}
HAND_ROUNDS = 5

TABLE_SIZE = (1200, 900)
HEADER_H = 48
FELT_BOX: Box = (8, 54, 1192, 892)
FELT_RADIUS = 120
RIM_WIDTH = 9
MARGIN = 30

PLATE_SIZE = (300, 80)
PLATE_RADIUS = 16
PLATE_PAD = 14
NAME_SIZE = 26
PLATE_INFO_SIZE = 19
TOTAL_SIZE = 22
DEALER_DISC = 26
TURN_GLOW = 6
PLATE_BLEED = 16  # room around a plate's sprite for its glow, dealer button and tag
# Where each seat plate is centred; which slots a table uses depends on its seats (seat_slots).
SLOT_CENTRES = {
    "bottom": (600, 845),
    "top": (600, 102),
    "left": (176, 474),
    "right": (1024, 474),
    "top_left": (300, 102),
    "top_right": (900, 102),
}
# Meld areas and the pile band between them.
UPPER: Box = (MARGIN, 152, TABLE_SIZE[0] - MARGIN, 392)
BAND: Box = (MARGIN, 400, TABLE_SIZE[0] - MARGIN, 548)
LOWER: Box = (MARGIN, 556, TABLE_SIZE[0] - MARGIN, 800)
SIDE_PLATES_BAND: Box = (334, 400, 866, 548)  # the band between left and right seat plates
TRICK_AREA: Box = (MARGIN, 152, TABLE_SIZE[0] - MARGIN, 800)
AREA_RADIUS = 18
AREA_PAD = 10

HEADER_SIZE = 22
AREA_TITLE_SIZE = 20
AREA_NAME_MAX_W = 260
PILE_LABEL_SIZE = 19
PILE_NAME_MAX_W = 150
CAPTION_SIZE = 20
CAPTION_MAX_W = 720
CAPTION_GROUPS = 3

# (card width, step between overlapped cards) for melds, largest first: the largest that fits.
MELD_SCALES = ((80, 34), (72, 31), (66, 29), (58, 26), (50, 22), (42, 18), (34, 15))
MELD_GAP = 16
RIBBON_OVERHANG = 12
ROW_GAP = 8
RIBBON_SIZE = 17
WILD_BADGE = 0.34  # wild badge height, share of the card width

PILE_CARD_W = 78
PILE_GAP = 34
TRICK_CARD_W = 124
TRICK_STEP = 60
FAN_CARD_W = 46
FAN_STEP = 12
FAN_GAP = 14
LAST_CARDS_WARNING = 2
OPENING_CARD = Card(3, "H")
HALO = 6

# Run Fast kinds as players say them; others read with "_" as a space ("ace_bomb").
TRICK_KINDS = {"pairs": "consecutive pairs", "heavenly": "heavenly bomb"}


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


def _bottom(view: Any, bottom: int | None) -> int:
    if bottom is not None:
        return bottom
    seat = getattr(view, "seat", None)
    return seat if isinstance(seat, int) and 0 <= seat < view.n_seats else 0


def seat_slot(view: Any, seat: int, bottom: int | None = None) -> str:
    slots = seat_slots(view.n_seats, COUNTER_CLOCKWISE.get(view.game, False))
    return slots[(seat - _bottom(view, bottom)) % view.n_seats]


def seat_box(view: Any, seat: int, bottom: int | None = None) -> Box:
    """Where a seat's plate is drawn (for tests and for anyone pointing at a seat)."""
    cx, cy = SLOT_CENTRES[seat_slot(view, seat, bottom)]
    w, h = PLATE_SIZE
    return (cx - w // 2, cy - h // 2, cx - w // 2 + w, cy - h // 2 + h)


def _sides(view: Any) -> tuple[int, ...]:
    sides = tuple(getattr(view, "sides", ()) or ())
    return sides if len(sides) == view.n_seats else tuple(range(view.n_seats))


def side_areas(view: Any, bottom: int | None = None) -> dict[int, Box]:
    """The meld area of each side: the bottom seat's side below, the others above."""
    b = _bottom(view, bottom)
    sides = _sides(view)
    own = sides[b]
    others: list[int] = []
    for k in range(1, view.n_seats):  # in play order from the bottom seat
        s = sides[(b + k) % view.n_seats]
        if s != own and s not in others:
            others.append(s)
    areas = {own: LOWER}
    if len(others) == 1:
        areas[others[0]] = UPPER
    elif len(others) >= 2:
        mid = (UPPER[0] + UPPER[2]) // 2
        left = (UPPER[0], UPPER[1], mid - 4, UPPER[3])
        right = (mid + 4, UPPER[1], UPPER[2], UPPER[3])
        # Each upper half goes to the side whose seat sits on that side of the picture.
        for s in others[:2]:
            seat = next(i for i in range(view.n_seats) if sides[i] == s)
            areas[s] = left if seat_slot(view, seat, bottom) in ("top_left", "left") else right
        if len({areas[s] for s in others[:2]}) == 1:
            areas[others[0]], areas[others[1]] = left, right
    return areas


def _band(view: Any) -> Box:
    return SIDE_PLATES_BAND if view.n_seats == 4 else BAND


# ---------------------------------------------------------------- background


@functools.cache
def _background(areas: tuple[Box, ...]) -> Image.Image:
    """Room, header bar, felt with its rim and the meld areas: the same for every move."""
    img = Image.new("RGB", TABLE_SIZE, ROOM)
    x0, y0, x1, y1 = FELT_BOX
    rim = rounded_box((x1 - x0, y1 - y0), FELT_RADIUS, (*RIM, 255))
    paste(img, rim, (x0, y0))
    felt = rounded_box(
        (x1 - x0 - 2 * RIM_WIDTH, y1 - y0 - 2 * RIM_WIDTH), FELT_RADIUS - RIM_WIDTH, (*FELT, 255)
    )
    paste(img, felt, (x0 + RIM_WIDTH, y0 + RIM_WIDTH))
    for ax0, ay0, ax1, ay1 in areas:
        paste(img, rounded_box((ax1 - ax0, ay1 - ay0), AREA_RADIUS, (*FELT_DARK, 255)), (ax0, ay0))
    return img


# ---------------------------------------------------------------- seat plates


def _role(view: Any, seat: int) -> str:
    game = view.game
    if game == "mor" and view.n_seats == 4:
        return f"Team {'AB'[_sides(view)[seat] % 2]}"
    if game == "more3":
        solo = getattr(view, "solo", None)
        if solo is None:
            return ""
        return "Solo" if seat == solo else "Pair"
    if game == "hand":
        opened = getattr(view, "opened", ())
        if seat < len(opened):
            return "opened" if opened[seat] else "not opened"
    if game == "runfast":
        played = getattr(view, "played", ())
        if seat < len(played) and not played[seat]:
            return "not played"
    return ""


def _draw_plate(
    img: Image.Image,
    view: Any,
    seat: int,
    name: str,
    box: Box,
    computer: bool,
) -> None:
    turn = view.turn == seat and not view.round_over
    total = fmt_points(view.totals[seat]) if seat < len(view.totals) else ""
    count = view.hand_counts[seat] if seat < len(view.hand_counts) else 0
    info: list[str] = [f"{count} card" + ("" if count == 1 else "s")]
    role = _role(view, seat)
    if role:
        info.append(role)
    if computer:
        info.append("CPU")
    dealer = getattr(view, "dealer", None) == seat
    sprite = _plate_sprite(name or f"Seat {seat + 1}", total, "  ·  ".join(info), turn, dealer)
    paste(img, sprite, (box[0] - PLATE_BLEED, box[1] - PLATE_BLEED))


@functools.lru_cache(maxsize=512)
def _plate_sprite(name: str, total: str, info: str, turn: bool, dealer: bool) -> Image.Image:
    """A seat plate with its glow, dealer button and turn tag, cached: most plates don't change
    from one move to the next. Drawn ``PLATE_BLEED`` inside the sprite's edges."""
    w, h = PLATE_SIZE
    b = PLATE_BLEED
    img = Image.new("RGBA", (w + 2 * b, h + 2 * b), (0, 0, 0, 0))
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

    total_sprite = fonts.text_sprite(total, TOTAL_SIZE, text, fonts.BOLD) if total else None
    name_w = w - 2 * PLATE_PAD - (total_sprite.width + 10 if total_sprite else 0)
    shown = fonts.fit_text(name, NAME_SIZE, name_w, fonts.BOLD)
    img.alpha_composite(
        fonts.text_sprite(shown, NAME_SIZE, text, fonts.BOLD), (b + PLATE_PAD, b + 2)
    )
    if total_sprite:
        ty = b + 2 + round(NAME_SIZE * fonts.BASELINE) - round(TOTAL_SIZE * fonts.BASELINE)
        img.alpha_composite(total_sprite, (b + w - PLATE_PAD - total_sprite.width, ty))

    iy = b + 46
    img.alpha_composite(card_back(16), (b + PLATE_PAD, iy + 2))
    line = fonts.fit_text(info, PLATE_INFO_SIZE, w - 2 * PLATE_PAD - 22)
    img.alpha_composite(
        fonts.text_sprite(line, PLATE_INFO_SIZE, soft), (b + PLATE_PAD + 22, iy - 6)
    )

    if dealer:  # the dealer's button on the plate's corner
        img.alpha_composite(shape_sprite("dot", DEALER_DISC + 4, PLATE_EDGE), (b - 12, b - 12))
        img.alpha_composite(shape_sprite("dot", DEALER_DISC, WHITE), (b - 10, b - 10))
        d = fonts.text_sprite("D", 17, INK, fonts.BOLD)
        dy = round(b - 10 + DEALER_DISC / 2 - 17 * 0.78)
        img.alpha_composite(d, (round(b - 10 + (DEALER_DISC - d.width) / 2), dy))
    if turn:  # a tag on the plate's edge, so the turn reads even without colour
        tag = rich_line([Icon("arrow", TURN), "TO PLAY"], 15, TURN, fonts.BOLD)
        tw, th = tag.width + 16, tag.height
        ty = b - th // 2 - 2
        img.alpha_composite(
            rounded_box((tw, th), th // 2, (*TURN_TEXT, 255)), (b + w - tw - 12, ty)
        )
        img.alpha_composite(tag, (b + w - tw - 4, ty))
    return img


# ---------------------------------------------------------------- melds


@dataclass(frozen=True)
class _Placed:
    meld: MeldView
    x: int
    y: int
    width: int


def _meld_width(meld: MeldView, card_w: int, step: int) -> int:
    return card_w + step * max(0, len(meld.cards) - 1)


def _flow(
    melds: Sequence[MeldView], area: Box, card_w: int, step: int
) -> tuple[list[_Placed], int]:
    """Place melds left to right, wrapping; return the places and the height used."""
    x0, y0, x1, _ = area
    row_h = RIBBON_OVERHANG + card_height(card_w) + ROW_GAP
    x, y = x0, y0
    out: list[_Placed] = []
    for m in melds:
        w = _meld_width(m, card_w, step)
        if x > x0 and x + w > x1:
            x, y = x0, y + row_h
        out.append(_Placed(m, x, y, w))
        x += w + MELD_GAP
    return out, (y - y0 + row_h) if melds else 0


def _ribbon(meld: MeldView, game: str) -> tuple[str, bool] | None:
    """The ribbon text of a project or biriba, and whether it is clean (no wild)."""
    if meld.project:
        return str(meld.project), meld.project in (200, 300) or not meld.wilds
    if meld.biriba:
        pure = meld.biriba == "pure"
        return ("PURE" if pure else "DIRTY"), pure
    return None


def _draw_meld(
    img: Image.Image, p: _Placed, card_w: int, step: int, game: str, four: bool, lit: bool
) -> None:
    ch = card_height(card_w)
    top = p.y + RIBBON_OVERHANG
    if lit:  # the last move: a gold halo behind the meld
        paste(
            img,
            rounded_box((p.width + 2 * HALO, ch + 2 * HALO), 10, (*HIGHLIGHT, 255)),
            (p.x - HALO, top - HALO),
        )
    wild_at = {i for i, _ in p.meld.wilds}
    for i, card in enumerate(p.meld.cards):
        paste(img, card_face(card, card_w, four, i in wild_at), (p.x + i * step, top))
    badge_h = max(14, round(card_w * WILD_BADGE))
    for i, stands_for in p.meld.wilds:
        chip = card_chip(stands_for, badge_h, four, WILD_GOLD)
        paste(img, chip, (p.x + i * step + 2, top + ch - badge_h - 4))
    ribbon = _ribbon(p.meld, game)
    if ribbon:
        text, clean = ribbon
        label = fonts.text_sprite(text, RIBBON_SIZE, WHITE, fonts.BLACK)
        rw, rh = label.width + 14, RIBBON_OVERHANG * 2 + 2
        rx = p.x + p.width - rw - 4
        colour = RIBBON_CLEAN if clean else RIBBON_DIRTY
        paste(img, rounded_box((rw, rh), 6, (*colour, 255), (*WHITE, 255), 1), (rx, p.y))
        paste(img, label, (rx + 7, p.y + rh / 2 - fonts.line_height(RIBBON_SIZE) / 2 + 1))


def project_meter(melds: Sequence[MeldView]) -> tuple[str, bool]:
    """Mor: the side's projects and whether they allow closing (a 300, or a 200 and another)."""
    projects = sorted((m.project for m in melds if m.project), reverse=True)
    met = 300 in projects or (200 in projects and len(projects) >= 2)
    have = " + ".join(str(p) for p in projects)
    if met:
        return have, True
    if not projects:
        return "needs a 300, or a 200 + one more", False
    if 200 in projects:
        return f"{have} · needs one more project", False
    return f"{have} · needs a 300 or a 200", False


def biriba_meter(melds: Sequence[MeldView]) -> tuple[str, bool]:
    """More: the side's biribas and whether they allow going out (a pure one and a second)."""
    kinds = sorted((m.biriba for m in melds if m.biriba), key=lambda k: k != "pure")
    met = "pure" in kinds and len(kinds) >= 2
    have = " + ".join(kinds)
    if met:
        return have, True
    if not kinds:
        return "needs a pure biriba and one more", False
    if "pure" in kinds:
        return f"{have} · needs one more biriba", False
    return f"{have} · needs a pure biriba", False


def _side_name(view: Any, side: int, names: Sequence[str]) -> list[Segment]:
    """The side's title; each name is its own segment so each is shaped and ordered alone."""
    sides = _sides(view)
    members = [i for i in range(view.n_seats) if sides[i] == side]
    who: list[Segment] = []
    for i in members:
        if who:
            who.append("&")
        who.append(fonts.fit_text(_name(names, i), AREA_TITLE_SIZE, AREA_NAME_MAX_W, fonts.BOLD))
    if view.game == "mor" and view.n_seats == 4:
        return [f"Team {'AB'[side % 2]} ·", *who]
    if view.game == "more3":
        solo = getattr(view, "solo", None)
        if solo is not None:
            return [f"{'Solo' if solo in members else 'Pair'} ·", *who]
    return who


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _area_title(
    view: Any, side: int, melds: Sequence[MeldView], names: Sequence[str]
) -> list[Segment]:
    title: list[Segment] = _side_name(view, side, names)
    meters = tuple(getattr(view, "meters", ()) or ())
    if view.game == "mor" and side < len(meters):  # the engine's own meter text, when it gives one
        title += ["  ", "projects:", *symbol_segments(meters[side])]
    elif view.game in ("mor", "more3"):
        text, met = project_meter(melds) if view.game == "mor" else biriba_meter(melds)
        title += ["  ", "projects:" if view.game == "mor" else "biribas:", text]
        if met:
            title.append(Icon("check", MET))
    if view.game == "hand":
        sides = _sides(view)
        opened = getattr(view, "opened", ())
        members = [i for i in range(view.n_seats) if sides[i] == side and i < len(opened)]
        if members and not any(opened[i] for i in members):
            title += ["  ", "not opened: needs 51"]
    return title


def _draw_area(
    img: Image.Image,
    view: Any,
    side: int,
    area: Box,
    names: Sequence[str],
    lit: set[int],
    four: bool,
) -> None:
    melds = [m for m in getattr(view, "melds", ()) if m.side == side]
    x0, y0, x1, y1 = area
    title = _area_title(view, side, melds, names)
    line = rich_line(title, AREA_TITLE_SIZE, SOFT_TEXT, fonts.MEDIUM)
    if line.width > x1 - x0 - 2 * AREA_PAD:
        line = line.crop((0, 0, x1 - x0 - 2 * AREA_PAD, line.height))
    paste(img, line, (x0 + AREA_PAD + 4, y0 + 2))
    inner = (x0 + AREA_PAD, y0 + fonts.line_height(AREA_TITLE_SIZE) + 2, x1 - AREA_PAD, y1 - 4)
    if not melds:
        note = fonts.text_sprite("no melds yet", AREA_TITLE_SIZE, SOFT_TEXT)
        paste(img, note, ((x0 + x1 - note.width) / 2, (inner[1] + y1 - note.height) / 2))
        return
    melds.sort(key=lambda m: m.id)
    space = inner[3] - inner[1]
    for card_w, step in MELD_SCALES:
        placed, used = _flow(melds, inner, card_w, step)
        if used <= space:
            break
    for p in placed:
        _draw_meld(img, p, card_w, step, view.game, four, p.meld.id in lit)


# ---------------------------------------------------------------- piles


def _pile_label(text: str, lit: bool) -> Image.Image:
    return fonts.text_sprite(text, PILE_LABEL_SIZE, HIGHLIGHT if lit else WHITE, fonts.MEDIUM)


def _side_pile_label(view: Any, k: int, names: Sequence[str]) -> list[Segment]:
    if view.game == "mor":
        if view.n_seats == 4:
            return [f"Mor {'AB'[k % 2]}"]
        return [
            "Mor ·",
            fonts.fit_text(_name(names, k), PILE_LABEL_SIZE, PILE_NAME_MAX_W, fonts.MEDIUM),
        ]
    solo = getattr(view, "solo", None)
    if view.game == "more3" and solo is not None:
        sides = _sides(view)
        return ["Solo's More" if sides[solo] == k else "Pair's More"]
    return [f"More {'AB'[k % 2]}"]


@dataclass
class _Pile:
    layers: list[tuple[Image.Image, int]]  # sprites bottom first, each with its offset up-left
    label: list[Segment]
    lit: bool = False
    taken: bool = False


def _stock_pile(view: Any, kinds: set[type]) -> _Pile:
    stock = getattr(view, "stock_count", 0)
    back = card_back(PILE_CARD_W)
    layers = (
        [(back, 4), (back, 0)]
        if stock > 1
        else [(back, 0)]
        if stock
        else [(empty_slot(PILE_CARD_W), 0)]
    )
    return _Pile(layers, [f"Stock {stock}"], bool(kinds & {Drew, StockRefilled}))


def _discard_pile(view: Any, kinds: set[type], four: bool) -> _Pile:
    discard = tuple(getattr(view, "discard", ()))
    if not discard:
        return _Pile([(empty_slot(PILE_CARD_W), 0)], ["Discard 0"], bool(kinds & {TookPile}))
    layers = [(card_face(discard[-1], PILE_CARD_W, four), 0)]
    if len(discard) > 1:  # the card under the top one peeks out, so a pile reads as a pile
        layers.insert(0, (card_face(discard[-2], PILE_CARD_W, four), 5))
    return _Pile(layers, [f"Discard {len(discard)}"], bool(kinds & {Discarded, Returned, TookPile}))


def _side_piles(view: Any, names: Sequence[str], events: Sequence[Event]) -> list[_Pile]:
    piles = tuple(getattr(view, "side_piles", ()) or ())
    taken = tuple(getattr(view, "side_taken", ()) or ())
    sides = _sides(view)
    took = {sides[e.seat] for e in events if isinstance(e, TookSidePile) and e.seat is not None}
    waits = {sides[e.seat] for e in events if isinstance(e, SidePileWaits) and e.seat is not None}
    waits |= {
        sides[seat] for seat in getattr(view, "mor_waiting", ()) or () if 0 <= seat < len(sides)
    }
    out = []
    for k, n in enumerate(piles):
        label = _side_pile_label(view, k, names)
        gone = (k < len(taken) and taken[k]) or n == 0
        if k in waits:
            label.append("· next turn")
        elif gone:
            label.append("· taken")
        else:
            label.append(f"· {n}")
        shown = n and (not gone or k in waits)
        layers = [(card_back(PILE_CARD_W), 0)] if shown else [(empty_slot(PILE_CARD_W), 0)]
        out.append(_Pile(layers, label, k in took or k in waits, taken=not shown))
    return out


def _draw_piles(
    img: Image.Image, view: Any, names: Sequence[str], events: Sequence[Event], four: bool
) -> None:
    kinds = {type(e) for e in events}
    items = [
        _stock_pile(view, kinds),
        _discard_pile(view, kinds, four),
        *_side_piles(view, names, events),
    ]
    x0, y0, x1, _ = _band(view)
    ch = card_height(PILE_CARD_W)
    labels = [
        rich_line(p.label, PILE_LABEL_SIZE, HIGHLIGHT if p.lit else WHITE, fonts.MEDIUM)
        for p in items
    ]
    widths = [max(PILE_CARD_W + 8, lab.width) for lab in labels]
    gap = PILE_GAP
    if sum(widths) + gap * (len(items) - 1) > x1 - x0:
        gap = max(6, (x1 - x0 - sum(widths)) // max(1, len(items) - 1))
    x = (x0 + x1 - sum(widths) - gap * (len(items) - 1)) / 2
    top = y0 + 10
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
            paste(img, shape_sprite("check", 34, MET), (cx - 17, top + ch / 2 - 17))
        paste(img, lab, (cx - lab.width / 2, top + ch + 2))
        x += w + gap


# ---------------------------------------------------------------- run fast


def _draw_trick(
    img: Image.Image, view: Any, names: Sequence[str], events: Sequence[Event], four: bool
) -> None:
    x0, y0, x1, y1 = TRICK_AREA
    trick = tuple(getattr(view, "trick", ()) or ())
    trick_seat = getattr(view, "trick_seat", None)
    kind = getattr(view, "trick_kind", "") or ""
    passes = getattr(view, "passes", 0) or 0
    cy = (y0 + y1) // 2
    ch = card_height(TRICK_CARD_W)
    if trick:
        step = min(TRICK_STEP, (x1 - x0 - 40 - TRICK_CARD_W) // max(1, len(trick) - 1))
        w = TRICK_CARD_W + step * (len(trick) - 1)
        left = (x0 + x1 - w) // 2
        top = cy - ch // 2 + 10
        if any(isinstance(e, Played) for e in events):
            paste(
                img,
                rounded_box((w + 2 * HALO, ch + 2 * HALO), 12, (*HIGHLIGHT, 255)),
                (left - HALO, top - HALO),
            )
        for i, c in enumerate(trick):
            paste(img, card_face(c, TRICK_CARD_W, four), (left + i * step, top))
        who = _name(names, trick_seat) if trick_seat is not None else ""
        kind_text = TRICK_KINDS.get(kind, kind.replace("_", " "))
        parts = [p for p in (who, kind_text) if p]
        title = " · ".join(parts)
        if passes:
            title += f"   ({passes} pass{'es' if passes > 1 else ''})"
        label = fonts.text_sprite(title, 24, WHITE, fonts.BOLD)
        paste(img, label, ((x0 + x1 - label.width) / 2, top - fonts.line_height(24) - 6))
    elif view.turn is not None:
        line: list[Segment] = [_name(names, view.turn), "leads"]
        # The game's first play must hold the 3 of hearts (RULES.md 4); views give the card only
        # to the seat that holds it, but the rule is public.
        must = getattr(view, "must_include", None) or OPENING_CARD
        if getattr(view, "opening", False):
            line += ["· the first play must hold", must]
        label = rich_line(line, 26, SOFT_TEXT, fonts.MEDIUM, four)
        paste(img, label, ((x0 + x1 - label.width) / 2, cy - label.height / 2))


def _draw_fans(img: Image.Image, view: Any, bottom: int | None) -> None:
    """Run Fast: each seat's cards as a fan of backs by its plate, so counts show at a glance."""
    ch = card_height(FAN_CARD_W)
    back = card_back(FAN_CARD_W)
    for seat in range(view.n_seats):
        n = view.hand_counts[seat] if seat < len(view.hand_counts) else 0
        if not n:
            continue
        x0, y0, x1, y1 = seat_box(view, seat, bottom)
        w = FAN_CARD_W + FAN_STEP * (n - 1)
        left = (x0 + x1 - w) / 2
        top = y0 - FAN_GAP - ch if seat_slot(view, seat, bottom) == "bottom" else y1 + FAN_GAP
        for i in range(n):
            paste(img, back, (left + i * FAN_STEP, top))
        if n <= LAST_CARDS_WARNING:
            warn = rich_line([Icon("dot", RIBBON_CLEAN), f"{n} left!"], 20, HIGHLIGHT, fonts.BOLD)
            paste(img, warn, (left + w + 10, top + (ch - warn.height) / 2))


# ---------------------------------------------------------------- header


def _cards_segments(cards: Sequence[Card], limit: int) -> list[Segment]:
    out: list[Segment] = list(cards[:limit])
    if len(cards) > limit:
        out.append(f"+{len(cards) - limit}")
    return out


def _phrase(view: Any, e: Event, names: Sequence[str]) -> list[Segment]:
    """What one event says in the caption. A drawn card is never named: only its drawer knows it."""
    melds = {m.id: m for m in getattr(view, "melds", ())}
    pile = "the Mor" if view.game == "mor" else "the More pile"
    match e:
        case Drew():
            return ["drew"]
        case TookPile(cards=cards):
            return [f"took the pile ({len(cards)})"] if cards else ["took the pile"]
        case Returned(card=card):
            return ["returned", card] if card else ["returned it"]
        case Melded(meld=mid, cards=cards):
            kind = melds[mid].kind if mid in melds else "meld"
            return [f"laid a {kind}", *_cards_segments(cards, 4)]
        case Added(cards=cards):
            return ["added", *_cards_segments(cards, 3)]
        case Swapped():
            return ["took back a joker"]
        case Discarded(card=card):
            return ["threw", card] if card else ["threw"]
        case TookSidePile():
            return [f"took {pile}"]
        case SidePileWaits():
            return [f"emptied the hand: {pile} next turn"]
        case StockRefilled():
            return ["the More piles became the stock"]
        case Played(cards=cards, kind=kind):
            return ["played", *_cards_segments(cards, 6)]
        case Passed():
            return ["passed"]
        case TrickWon():
            return ["won the trick"]
        case BidMade():
            return ["bid"]
        case BidsRevealed(solo=solo):
            return [f"bids shown: {_name(names, solo)} is Solo"]
        case RoundOver():
            return ["round over"]
        case GameOver():
            return ["game over"]
    return []


def caption(view: Any, names: Sequence[str]) -> list[list[Segment]]:
    """The last move(s) as lines of segments, one per run of events by the same seat."""
    groups: list[tuple[int | None, list[Segment]]] = []
    for e in getattr(view, "last_events", ()) or ():
        words = _phrase(view, e, names)
        if not words:
            continue
        if groups and groups[-1][0] == e.seat:
            said = groups[-1][1]
            if isinstance(said[-1], str):
                said[-1] += ","
            else:
                said.append(",")
            said.extend(words)
        else:
            groups.append((e.seat, words))
    out = []
    for seat, words in groups:
        who: list[Segment] = [_name(names, seat)] if seat is not None else []
        out.append(who + words)
    return out


def _draw_header(img: Image.Image, view: Any, names: Sequence[str], four: bool) -> None:
    parts = [GAME_TITLES.get(view.game, view.game)]
    round_no = getattr(view, "round_no", None)  # engines count rounds from 0
    if view.game == "hand" and round_no is not None:
        parts.append(f"Round {round_no + 1} of {getattr(view, 'rounds_total', HAND_ROUNDS)}")
    elif round_no is not None and view.game != "runfast":
        parts.append(f"Round {round_no + 1}")
    target = getattr(view, "target", None)
    if target:
        parts.append(f"to {target}")
    if view.game == "more3":
        parts.append("to 3100")
    if getattr(view, "phase", "") == "bid":
        parts.append("bidding for the Solo")
    if getattr(view, "game_over", False):
        parts.append("game over")
    elif getattr(view, "round_over", False):
        parts.append("round over")
    title = fonts.text_sprite("  ·  ".join(parts), HEADER_SIZE, HEADER_TEXT, fonts.BOLD)
    paste(img, title, (MARGIN - 6, (HEADER_H - title.height) / 2 + 2))

    lines = caption(view, names)
    if not lines:
        return
    # Newest last: drop the oldest groups until the line fits beside the title.
    k = min(len(lines), CAPTION_GROUPS)
    while True:
        line = rich_line(["Last:", *_join(lines[-k:])], CAPTION_SIZE, HEADER_TEXT, four_colour=four)
        if line.width <= CAPTION_MAX_W or k == 1:
            break
        k -= 1
    if line.width > CAPTION_MAX_W:
        line = line.crop((0, 0, CAPTION_MAX_W, line.height))
    paste(img, line, (TABLE_SIZE[0] - MARGIN - line.width + 6, (HEADER_H - line.height) / 2 + 2))


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
    view: Any,
    names: Sequence[str],
    *,
    computers: Collection[int] = (),
    style: CardStyle = DEFAULT_STYLE,
    bottom: int | None = None,
) -> Image.Image:
    """The table picture as an RGB image (``render_table`` encodes it)."""
    four = style.four_colour
    events = tuple(getattr(view, "last_events", ()) or ())
    rummy = view.game != "runfast"
    areas = side_areas(view, bottom) if rummy else {}
    img = _background(tuple(sorted(set(areas.values())))).copy()
    _draw_header(img, view, names, four)
    if rummy:
        lit = _lit_melds(events)
        for side, area in areas.items():
            _draw_area(img, view, side, area, names, lit, four)
        _draw_piles(img, view, names, events, four)
    else:
        _draw_fans(img, view, bottom)
        _draw_trick(img, view, names, events, four)
    for seat in range(view.n_seats):
        _draw_plate(
            img, view, seat, _name(names, seat), seat_box(view, seat, bottom), seat in computers
        )
    return img


def render_table(
    view: Any,
    names: Sequence[str],
    *,
    computers: Collection[int] = (),
    style: CardStyle = DEFAULT_STYLE,
    bottom: int | None = None,
) -> bytes:
    """The table as PNG bytes: pure, safe to run in ``asyncio.to_thread``.

    ``names`` are the seats' display names in seat order; ``computers`` the seats played by the
    computer; ``bottom`` the seat drawn at the bottom (default: the view's own seat).
    """
    return png_bytes(table_image(view, names, computers=computers, style=style, bottom=bottom))
