"""The middle of the table: the stock, the discard pile and the side piles; Run Fast's trick and
the fans of backs by each plate; and, once the round is over, the hands left."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.games.base import (
    Discarded,
    Drew,
    Event,
    Played,
    Returned,
    SidePileWaits,
    StockRefilled,
    TookPile,
    TookSidePile,
)
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.runfast import RunFastView
from bot.i18n import is_rtl, t, t_n
from render import fonts
from render.cards import (
    card_back,
    card_face,
    card_height,
    empty_slot,
)
from render.common import (
    GameView,
    Icon,
    Name,
    RummyViews,
    Segment,
    fit_line,
    paste,
    place_x,
    rich_line,
    wrap_line,
)
from render.shapes import rounded_box, shape_sprite
from render.style import (
    HIGHLIGHT,
    MET,
    RIBBON_CLEAN,
    SOFT_TEXT,
    WHITE,
)
from render.table.caption import _name
from render.table.layout import _hand_groups, _hands_flow, _hands_left, _sides, seat_slot
from render.table.sizes import (
    AREA_PAD,
    FAN_CARD_W,
    FAN_STEP,
    GAP,
    HALO,
    HAND_LABEL_W,
    HANDS_CARD_W,
    HANDS_ROW_H,
    HANDS_STEP,
    LAST_CARDS_WARNING,
    LINE,
    PILE_CARD_W,
    PILE_GAP,
    TEXT,
    TRICK_CARD_W,
    TRICK_STEP,
    Box,
    _text_top,
)
from render.words import trick_kind, with_name


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
