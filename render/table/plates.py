"""The seat plates: a seat's name, score, cards in hand and role, its turn's glow and the
dealer's button."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.runfast import RunFastView
from bot.i18n import is_rtl, language, t, t_n
from render import fonts
from render.cards import (
    card_back,
)
from render.common import (
    GameView,
    fit_line,
    fmt_points,
    paste,
    rich_line,
)
from render.shapes import rounded_box, shape_sprite
from render.style import (
    INK,
    PLATE,
    PLATE_EDGE,
    SOFT_TEXT,
    TURN,
    TURN_EDGE,
    TURN_TEXT,
    WHITE,
)
from render.table.caption import _spaced
from render.table.layout import _plate_height, _sides, plate_lines
from render.table.sizes import (
    DEALER_DISC,
    LINE,
    NAME_SIZE,
    PLATE_BLEED,
    PLATE_PAD,
    PLATE_RADIUS,
    TEXT,
    TURN_GLOW,
    Box,
    _text_top,
)


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
        dy -= mark.height - DEALER_DISC - 4  # a taller button grows upwards, clear of the total
        img.alpha_composite(mark, (at(dx, d), dy))
    return img


@functools.lru_cache(maxsize=8)
def dealer_mark(lang: str) -> Image.Image:
    """The dealer's button: a white disc, or a pill as wide as a longer word ("डीलर"), with
    the word's ink centred in it, so a letter that sits low (Arabic «م») stays inside; a word
    whose marks stand above and below its letters (the shadda of «موزّع») makes it taller."""
    word = fonts.text_sprite(t("render.dealer_mark", lang), TEXT, INK, fonts.BOLD)
    box = word.getchannel("A").getbbox() or (0, 0, word.width, word.height)
    ink_w, ink_h = box[2] - box[0], box[3] - box[1]
    d = max(DEALER_DISC, ink_h + 10)
    w = max(d, ink_w + d // 2)
    out = Image.new("RGBA", (w + 4, d + 4), (0, 0, 0, 0))
    out.alpha_composite(rounded_box((w + 4, d + 4), (d + 4) // 2, (*PLATE_EDGE, 255)), (0, 0))
    out.alpha_composite(rounded_box((w, d), d // 2, (*WHITE, 255)), (2, 2))
    x = 2 + (w - ink_w) / 2 - box[0]
    y = 2 + (d - ink_h) / 2 - box[1]
    out.alpha_composite(word, (round(x), round(y)))
    return out
