"""The table picture: seats around the felt, each side's melds, the piles, the last move.

``render_table(view, names)`` is pure: it reads only the public parts of an engine's view (never
``hand``, ``just_drawn`` or ``must_lay``, nor the card in a ``Drew`` event), so the same picture can
go in the public table message whichever seat's view it was made from. Once the round is over the
view's ``hands_left`` (every hand, scored and so public then) is drawn in a panel at the foot.

Sized for a phone: Discord shows the picture about 400 px wide, so every text is drawn at
``fonts.MIN_SIZE`` or more and every card at ``cards.MIN_CARD_W`` or wider (their capitals and
corner ranks are then at least 11 px tall on the phone). The picture is ``fonts.CANVAS_WIDTH``
wide; its height follows the layout (``layout.layout``).

Layout, top to bottom: a header (game, round, last move), then the felt: a row of the other seats'
plates, the other side(s)' meld area, the band of piles, the bottom seat's side's meld area, the
bottom seat's plate. The bottom seat is the view's own seat (or ``bottom``); the others follow in
play order, right-hand around the picture for counter-clockwise games and left-hand for clockwise
ones (specification §0). Run Fast has no melds: fans of backs by each plate and the trick between.

The parts, each drawing one piece onto the picture ``table_image`` lays out here: ``sizes`` (the
named sizes), ``layout`` (where everything goes, and the felt), ``plates`` (the seat plates),
``melds`` (each side's meld area, its title and meters), ``piles`` (the piles, Run Fast's trick and
fans, the hands left) and ``caption`` (the header and the last moves in words).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

from bot.games.base import Added, Event, Melded, Swapped
from bot.games.runfast import RunFastView
from bot.i18n import language
from render.common import GameView, png_bytes
from render.style import DEFAULT_STYLE, CardStyle
from render.table import layout
from render.table.caption import _draw_header, _name, header_height
from render.table.layout import (
    Layout,
    _background,
    plate_lines,
    seat_box,
    seat_slot,
    seat_slots,
    side_areas,
)
from render.table.melds import _draw_area, biriba_meter, project_meter
from render.table.piles import _draw_fans, _draw_hands_left, _draw_piles, _draw_trick
from render.table.plates import _draw_plate, dealer_mark

__all__ = [
    "Layout",
    "biriba_meter",
    "dealer_mark",
    "header_height",
    "plate_lines",
    "project_meter",
    "render_table",
    "seat_box",
    "seat_slot",
    "seat_slots",
    "side_areas",
    "table_image",
]


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
    box = layout.layout(view, bottom)
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
