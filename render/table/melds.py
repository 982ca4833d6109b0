"""Each side's meld area: its melds with their ribbons, and the area's title with the side's
meters (Mor's projects, More's biribas)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.games.base import (
    MeldView,
    Reason,
)
from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.i18n import has, is_rtl, say, t
from render import fonts
from render.cards import (
    MIN_CARD_W,
    card_chip,
    card_face,
    card_height,
    chip_height,
)
from render.common import (
    GameView,
    Icon,
    Name,
    Segment,
    fit_line,
    paste,
    place_x,
    rich_line,
    symbol_segments,
)
from render.shapes import rounded_box
from render.style import (
    HIGHLIGHT,
    MET,
    RIBBON_CLEAN,
    RIBBON_DIRTY,
    SOFT_TEXT,
    WHITE,
    WILD_GOLD,
)
from render.table.caption import _name
from render.table.layout import _flow, _melds, _Placed, _ribbon, _sides, _step
from render.table.plates import _team
from render.table.sizes import (
    AREA_PAD,
    HALO,
    LINE,
    MELD_CARD_WIDTHS,
    RIBBON_H,
    RIBBON_PAD,
    TEXT,
    Box,
    _text_top,
)


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
            titles = [[*who, "·", t("render.projects", lang), *meter], [*who, "·", *meter]]
            for compact in (False, True):  # the picture's own, shorter wording
                text, met = project_meter(melds, lang, compact)
                titles.append([*who, "·", text, Icon("check", MET)] if met else [*who, "·", text])
            return titles
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
