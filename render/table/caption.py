"""The header: the game, the round, and the last moves in words (``caption``)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.games.base import (
    Added,
    Event,
    Melded,
    Phase,
    Played,
)
from bot.games.cards import Card
from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.runfast import RunFastView
from bot.i18n import is_rtl, moves, t
from bot.i18n.moves import Seat
from render import fonts
from render.common import (
    GameView,
    Name,
    Segment,
    fit_line,
    paste,
    place_x,
    rich_line,
)
from render.style import (
    HEADER_TEXT,
)
from render.table.sizes import CAPTION_GROUPS, HEADER_PAD, LINE, MARGIN, TEXT, WIDTH, _text_top
from render.words import game_title, with_name


def header_height(view: GameView) -> int:
    return (2 if caption(view, ()) else 1) * LINE + HEADER_PAD


def _spaced(words: Sequence[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for w in words:
        out += (["·"] if out else []) + [w]
    return out


def _name(names: Sequence[str], seat: int, lang: str = "en") -> Name:
    """A seat's name as a ``Name`` segment (its own direction), or "Seat 2" in ``lang``."""
    if seat < len(names) and names[seat]:
        return Name(names[seat])
    return Name(t("render.seat", lang, n=seat + 1))


def _cards_segments(cards: Sequence[Card], limit: int) -> list[Segment]:
    out: list[Segment] = list(cards[:limit])
    if len(cards) > limit:
        out.append(f"+{len(cards) - limit}")
    return out


# How many of a move's cards the caption has room for; "+2" says the rest.
_SHOWN: dict[type[Event], int] = {Melded: 4, Added: 3, Played: 6}


def _phrase(view: GameView, e: Event, names: Sequence[str], lang: str = "en") -> list[Segment]:
    """What one event says in the caption (worded by ``bot.i18n.moves.caption``), its cards
    drawn as cards and a seat it names as a ``Name``."""
    melds = () if isinstance(view, RunFastView) else view.melds
    said = moves.caption(e, view.game, {m.id: m.kind for m in melds})
    if said is None:
        return []
    params = dict(said.params)
    who = params.pop("who", None)
    if isinstance(who, Seat) and who.seat is not None:
        words = with_name(said.key, lang, _name(names, who.seat, lang), **params)
    else:
        words = [t(said.key, lang, **params)]
    return [*words, *_cards_segments(said.cards, _SHOWN.get(type(e), len(said.cards)))]


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


# ---------------------------------------------------------------- the header drawn


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
    if view.phase == Phase.BID:
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
