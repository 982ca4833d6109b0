"""A tournament's pictures: the standings (a podium for the top three, then a table) and a
knockout's bracket (rounds as columns, each table a box, lines to the table it feeds).

Pure functions from plain data to PNG bytes: the tournament rules (``bot.tournament``) are not
imported here; the caller turns its standings and bracket into the rows and tables below, with
names and numbers already in the member's language. Like every picture, 1200 px wide and drawn to
be read at a third of that: no text under ``fonts.MIN_SIZE``; a long bracket grows taller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.i18n import is_rtl, language, number, t
from render import fonts
from render.common import fit_line, paste, place_x, png_bytes, rich_line, wrap_words
from render.shapes import rounded_box, shape_sprite
from render.style import PAPER, PAPER_INK, PAPER_RULE, PAPER_SOFT, PLUS, RGB, TURN, WILD_GOLD


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings, ready to draw: ``points`` and ``tiebreak`` are written by the
    caller in the member's language ("4.5", "4,5"); ``tiebreak`` None when the format has none."""

    place: int
    name: str
    games: int
    points: str
    tiebreak: str | None = None


@dataclass(frozen=True)
class BracketTable:
    """A knockout table as the bracket shows it: its entries' names (a member, Mor's pair as
    "Sara & Omar", or the word for a computer), the index of the entry that went on (None while
    it plays, or before it is seated), and whether it is a bye (one entry, through unplayed).
    A table with no entries is a slot still waiting for the tables that feed it."""

    entries: tuple[str, ...] = ()
    winner: int | None = None
    bye: bool = False


WIDTH = fonts.CANVAS_WIDTH
MARGIN = 28
TITLE_SIZE = 56
TITLE_LINE = round(TITLE_SIZE * 1.3)
HEAD_SIZE = fonts.MIN_SIZE
TEXT_SIZE = 52  # names shrink to fonts.MIN_SIZE, then lose whole letters
ROW_H = round(TEXT_SIZE * 1.35)
SECOND_LINE = round(fonts.MIN_SIZE * 1.2)  # a long name's second line

CARD: RGB = (255, 253, 246)  # the score sheet's card colour: boxes and rows on the paper
STRIPE: RGB = (241, 235, 219)
WON_ROW: RGB = (252, 234, 176)
SLOT: RGB = (240, 234, 218)
SILVER: RGB = (196, 201, 208)
BRONZE: RGB = (214, 150, 92)


def _title_rows(title: str, rtl: bool) -> list[Image.Image]:
    """The caller's title on as many rows as its words need; a single word too wide for the
    picture (a long name) is the only thing shortened."""
    room = WIDTH - 2 * MARGIN
    rows = wrap_words([title], TITLE_SIZE, PAPER_INK, room, fonts.BOLD, rtl=rtl)
    return [fit_line(row, TITLE_SIZE, PAPER_INK, room, fonts.BOLD, rtl=rtl) for row in rows]


def _paste_title(img: Image.Image, rows: Sequence[Image.Image], rtl: bool) -> None:
    for i, row in enumerate(rows):
        paste(img, row, (place_x(MARGIN, WIDTH - MARGIN, row.width, rtl), 8 + i * TITLE_LINE))


def _centred(img: Image.Image, sprite: Image.Image, x0: float, x1: float, y: float) -> None:
    paste(img, sprite, ((x0 + x1 - sprite.width) / 2, y))


def _on_row(sprite: Image.Image, row_top: float, row_h: int = ROW_H) -> float:
    """Where a text sprite goes so its line box sits in the middle of a row."""
    return row_top + (row_h - sprite.height) / 2


def _name(
    name: str, room: int, colour: RGB, weight: int, width: int = fonts.NORMAL_WIDTH
) -> Image.Image:
    """A member's name in its own direction, shrunk to fit ``room`` and then shortened."""
    shown, size = fonts.fit(name, TEXT_SIZE, room, weight, width)
    return fonts.text_sprite(shown, size, colour, weight, width)


def _entry_lines(name: str, room: int, colour: RGB, weight: int, width: int) -> list[Image.Image]:
    """A name on one line if it fits there at the smallest size; else its first words on one
    line and the rest on a second (shortened there if it must be), so a long name or a pair
    ("Sara & Omar") in a narrow column keeps more of its letters."""
    clean = " ".join(name.split())
    shown, size = fonts.fit(clean, TEXT_SIZE, room, weight, width)
    words = clean.split(" ")
    if shown == clean or len(words) == 1:
        return [fonts.text_sprite(shown, size, colour, weight, width)]
    small = fonts.MIN_SIZE
    first = words[0]
    if fonts.text_width(first, small, weight, width) > room:
        return [fonts.text_sprite(shown, size, colour, weight, width)]
    taken = 1
    while taken < len(words):
        more = " ".join(words[: taken + 1])
        if fonts.text_width(more, small, weight, width) > room:
            break
        first, taken = more, taken + 1
    rest = fonts.fit_text(" ".join(words[taken:]), small, room, weight, width)
    return [
        fonts.text_sprite(first, small, colour, weight, width),
        fonts.text_sprite(rest, small, colour, weight, width),
    ]


# ---------------------------------------------------------------------------------- standings

CELL_PAD = 14
PODIUM_GAP = 24
STEP_HEIGHTS = (250, 180, 130)  # the middle step (first), the second's, the third's
STEP_COLOURS = (TURN, SILVER, BRONZE)
PLACE_SIZE = 96
STAR = 64
PODIUM_TOP_GAP = 24


def _columns(lang: str, with_tiebreak: bool) -> list[str]:
    keys = ["place", "player", "games", "points"] + (["tiebreak"] if with_tiebreak else [])
    return [t(f"render.standings.{k}", lang) for k in keys]


def _podium(img: Image.Image, rows: Sequence[StandingRow], y0: int, lang: str) -> None:
    """Up to three steps side by side: the first in the middle and highest, the second at the
    reading start's side (the left, the right in Arabic), the third at the other. Each name
    stands on its step, on two lines when it is long, its points below it."""
    rtl = is_rtl(lang)
    col_w = (WIDTH - 2 * MARGIN - 2 * PODIUM_GAP) // 3
    draw = ImageDraw.Draw(img)
    floor = y0 + _podium_height() - PODIUM_TOP_GAP
    slots = (1, 2, 0) if rtl else (1, 0, 2)  # the column each of the first three stands in
    for i, row in enumerate(rows[:3]):
        x0 = MARGIN + slots[i] * (col_w + PODIUM_GAP)
        x1 = x0 + col_w
        step_top = floor - STEP_HEIGHTS[i]
        block = rounded_box((col_w, STEP_HEIGHTS[i] + 12), 12, (*STEP_COLOURS[i], 255))
        paste(img, block, (x0, step_top))
        draw.rectangle((x0, floor, x1, floor + 12), fill=PAPER)  # a square foot on the floor
        place = fonts.text_sprite(number(row.place, lang), PLACE_SIZE, PAPER_INK, fonts.BLACK)
        # The numeral's own ink in the middle of its step (its line box would sit it low).
        cap = fonts.cap_height(PLACE_SIZE, fonts.BLACK)
        ink_top = step_top + (STEP_HEIGHTS[i] - cap) / 2
        _centred(img, place, x0, x1, ink_top - round(PLACE_SIZE * fonts.BASELINE) + cap)
        points = rich_line(
            [t("render.standings.points_is", lang, points=row.points)],
            fonts.MIN_SIZE,
            PAPER_SOFT,
            fonts.MEDIUM,
            rtl=rtl,
        )
        y = step_top - ROW_H - 4
        _centred(img, points, x0, x1, _on_row(points, y))
        lines = _entry_lines(row.name, col_w - 2 * CELL_PAD, PAPER_INK, fonts.BOLD, 100)
        for line in reversed(lines):
            line_h = ROW_H if len(lines) == 1 else SECOND_LINE
            y -= line_h
            _centred(img, line, x0, x1, _on_row(line, y, line_h))
        if i == 0:
            _centred(img, shape_sprite("star", STAR, WILD_GOLD), x0, x1, y - STAR - 4)
    draw.line((MARGIN, floor, WIDTH - MARGIN, floor), fill=PAPER_RULE, width=4)


def _podium_height() -> int:
    return STAR + 4 + max(ROW_H, 2 * SECOND_LINE) + ROW_H + 4 + max(STEP_HEIGHTS) + PODIUM_TOP_GAP


def _table(img: Image.Image, rows: Sequence[StandingRow], y0: int, lang: str) -> None:
    """The standings as a table: a heading row, then a striped row a member; in Arabic the
    columns run from the right. Numbers are centred in their columns, names start where a
    reader starts."""
    rtl = is_rtl(lang)
    tiebreak = any(r.tiebreak is not None for r in rows)
    heads = [
        fonts.text_sprite(h, HEAD_SIZE, PAPER_SOFT, fonts.BOLD, direction="rtl" if rtl else "ltr")
        for h in _columns(lang, tiebreak)
    ]
    cells: list[list[str]] = [
        [number(r.place, lang), "", number(r.games, lang), r.points]
        + ([r.tiebreak or ""] if tiebreak else [])
        for r in rows
    ]
    widths = [
        max([heads[c].width, *(fonts.text_width(row[c], TEXT_SIZE, fonts.BOLD) for row in cells)])
        + 2 * CELL_PAD
        for c in range(len(heads))
    ]
    widths[1] = WIDTH - 2 * MARGIN - sum(w for c, w in enumerate(widths) if c != 1)
    # Column c's left and right edges, in reading order from the start side.
    edges: list[tuple[int, int]] = []
    x = MARGIN
    for w in widths:
        edges.append((WIDTH - x - w, WIDTH - x) if rtl else (x, x + w))
        x += w
    draw = ImageDraw.Draw(img)
    for c, head in enumerate(heads):
        x0, x1 = edges[c]
        if c == 1:
            at = place_x(x0 + CELL_PAD, x1 - CELL_PAD, head.width, rtl)
            paste(img, head, (at, _on_row(head, y0)))
        else:
            _centred(img, head, x0, x1, _on_row(head, y0))
    y = y0 + ROW_H
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=PAPER_RULE, width=3)
    for i, (row, texts) in enumerate(zip(rows, cells, strict=True)):
        top = y + 4 + i * ROW_H
        if i % 2 == 0:
            draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW_H - 1), fill=STRIPE)
        for c, text in enumerate(texts):
            x0, x1 = edges[c]
            if c == 1:
                name = _name(row.name, x1 - x0 - 2 * CELL_PAD, PAPER_INK, fonts.MEDIUM)
                at = place_x(x0 + CELL_PAD, x1 - CELL_PAD, name.width, rtl)
                paste(img, name, (at, _on_row(name, top)))
                continue
            if not text:
                continue
            weight = fonts.BOLD if c == 3 else fonts.MEDIUM
            sprite = fonts.text_sprite(text, TEXT_SIZE, PAPER_INK, weight)
            _centred(img, sprite, x0, x1, _on_row(sprite, top))


def standings_image(
    title: str, rows: Sequence[StandingRow], lang: str, *, podium: bool
) -> Image.Image:
    """The standings as an RGB image (``render_standings`` encodes it)."""
    lang = language(lang)
    rtl = is_rtl(lang)
    titles = _title_rows(title, rtl)
    on_podium = list(rows[:3]) if podium else []
    rest = list(rows[3:]) if podium else list(rows)
    y = 8 + len(titles) * TITLE_LINE + 16
    podium_y = y
    if on_podium:
        y += _podium_height()
    table_y = y
    if rest:
        y += ROW_H + 4 + len(rest) * ROW_H
    img = Image.new("RGB", (WIDTH, y + MARGIN), PAPER)
    _paste_title(img, titles, rtl)
    if on_podium:
        _podium(img, on_podium, podium_y, lang)
    if rest:
        _table(img, rest, table_y, lang)
    return img


def render_standings(title: str, rows: Sequence[StandingRow], lang: str, *, podium: bool) -> bytes:
    """The standings as PNG bytes, in ``lang``: with ``podium`` the first three rows stand on a
    podium (the first in the middle, highest) above a table of the rest; without it, one table
    (standings on request). Rows are drawn in the order given. Pure: run it in a thread."""
    return png_bytes(standings_image(title, rows, lang, podium=podium))


# ------------------------------------------------------------------------------------ bracket

COL_GAP = 32  # between two rounds' columns: room for the lines joining them
SIDE = 20  # the bracket's margin at each side: five rounds need every pixel for names
MAX_COL_W = 470
BAND_GAP = 20  # between two tables of a round that feed different tables, at least
BOX_PAD = 8
ENTRY_PAD = 8
MARK = 28  # the mark beside the entry that went on
MARK_GAP = 6
TAG_GAP = 16
HEAD_LINE = round(HEAD_SIZE * 1.3)
LINE_W = 4
# Below this column width the names are drawn condensed: the same height, more letters.
CONDENSED_BELOW = 330


def per_table(rounds: Sequence[Sequence[BracketTable]]) -> int:
    """Entries a table takes (2 or 3): how many tables of a round feed one of the next; a
    bracket of one round says it by its fullest table. Raises ValueError for a bracket whose
    rounds don't divide that way, or whose tables name a winner they don't have."""
    if not rounds or not rounds[0]:
        raise ValueError("a bracket needs a round with a table")
    if len(rounds) > 1:
        k = len(rounds[0]) // max(1, len(rounds[1]))
    else:
        k = max(2, *(len(table.entries) for table in rounds[0]))
    if k < 2 or any(len(a) != len(b) * k for a, b in pairwise(rounds)):
        raise ValueError("each round of a bracket must have a k-th of the tables before it")
    for rnd in rounds:
        for table in rnd:
            if len(table.entries) > k:
                raise ValueError(f"a table of this bracket has at most {k} entries")
            if table.winner is not None and not 0 <= table.winner < len(table.entries):
                raise ValueError("a table's winner must be one of its entries")
            if table.bye and len(table.entries) != 1:
                raise ValueError("a bye is a table of one entry")
    return k


@dataclass(frozen=True)
class _Row:
    """One row of a table's box: an entry's name (one line, or two when it is long), the word
    for a bye, or an empty slot."""

    kind: str  # "entry", "bye", "slot"
    lines: tuple[Image.Image, ...] = ()
    won: bool = False
    tag: Image.Image | None = None  # the word for a bye, beside the name when it fits there

    @property
    def height(self) -> int:
        if self.kind == "bye":
            return max(1, len(self.lines)) * SECOND_LINE + 6
        return ROW_H + SECOND_LINE * max(0, len(self.lines) - 1)


def _rows(table: BracketTable, k: int, room: int, width: int, lang: str) -> list[_Row]:
    if not table.entries:
        return [_Row("slot")] * k
    decided = table.winner is not None
    out = []
    for i, name in enumerate(table.entries):
        won = decided and i == table.winner
        colour = PAPER_SOFT if decided and not won else PAPER_INK
        weight = fonts.BOLD if won else fonts.REGULAR if decided else fonts.MEDIUM
        out.append(_Row("entry", tuple(_entry_lines(name, room, colour, weight, width)), won))
    if table.bye:
        # "Bye" beside the name when both fit on its row (a first round of many byes stays
        # short), else on a row of its own, on as many lines as its words need.
        rtl = is_rtl(lang)
        label = [t("render.bracket.bye", lang)]
        tag = rich_line(label, fonts.MIN_SIZE, PAPER_SOFT, fonts.MEDIUM, rtl=rtl)
        beside = room - TAG_GAP - tag.width
        name = " ".join(table.entries[0].split())
        weight = fonts.BOLD if table.winner == 0 else fonts.MEDIUM
        if beside > 0 and fonts.fit(name, TEXT_SIZE, beside, weight, width)[0] == name:
            lines = _entry_lines(name, beside, PAPER_INK, weight, width)
            out[0] = replace(out[0], lines=tuple(lines), tag=tag)
        else:
            rows = wrap_words(label, fonts.MIN_SIZE, PAPER_SOFT, room + MARK, fonts.MEDIUM, rtl=rtl)
            lines = [rich_line(r, fonts.MIN_SIZE, PAPER_SOFT, fonts.MEDIUM, rtl=rtl) for r in rows]
            out.append(_Row("bye", tuple(lines)))
    return out


def _heading(r: int, rounds: Sequence[Sequence[BracketTable]], lang: str) -> str:
    if r == len(rounds) - 1 and len(rounds[r]) == 1:
        return t("render.bracket.final", lang)
    return t("render.bracket.round", lang, n=r + 1)


def _box(rows: Sequence[_Row], col_w: int, rtl: bool, champion: bool) -> Image.Image:
    """A table's box: its rows top to bottom, the entry that went on on a gold band with a mark
    at the row's end (an arrow towards the next round; a star for the tournament's winner)."""
    h = 2 * BOX_PAD + sum(r.height for r in rows)
    slot = bool(rows) and rows[0].kind == "slot"
    fill = SLOT if slot else CARD
    box = rounded_box((col_w, h), 12, (*fill, 255), (*PAPER_RULE, 255), 2).copy()
    draw = ImageDraw.Draw(box)
    y = BOX_PAD
    inner0, inner1 = ENTRY_PAD, col_w - ENTRY_PAD
    for i, row in enumerate(rows):
        if i:
            draw.line((inner0, y, inner1, y), fill=PAPER_RULE, width=2)
        if row.won:
            draw.rectangle((3, y + 2, col_w - 4, y + row.height - 2), fill=(*WON_ROW, 255))
            kind, colour = ("star", WILD_GOLD) if champion else ("arrow", PLUS)
            mark = shape_sprite(kind, MARK, colour)
            if rtl and kind == "arrow":
                mark = mark.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
            mx = inner0 if rtl else inner1 - MARK
            box.alpha_composite(mark, (mx, round(y + (ROW_H - MARK) / 2)))
        if row.kind == "slot":
            mid = y + row.height // 2
            draw.line((inner0 + 20, mid, inner1 - 20, mid), fill=PAPER_RULE, width=3)
        if row.tag is not None:
            tx = inner0 + MARK + MARK_GAP if rtl else inner1 - MARK - MARK_GAP - row.tag.width
            box.alpha_composite(row.tag, (tx, max(0, round(_on_row(row.tag, y)))))
        for n, line in enumerate(row.lines):
            if row.kind == "entry":
                line_y = y if n == 0 else y + ROW_H + (n - 1) * SECOND_LINE - 8
                ty = _on_row(line, line_y, ROW_H if n == 0 else SECOND_LINE + 8)
            else:
                ty = _on_row(line, y + 3 + n * SECOND_LINE, SECOND_LINE)
            x = place_x(inner0, inner1, line.width, rtl)
            box.alpha_composite(line, (round(x), max(0, round(ty))))
        y += row.height
    return box


Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class BracketLayout:
    """Where a bracket's parts go: the picture's size, the entries a table takes, each table's
    box (``boxes[r][j]``: left, top, right, bottom) and the sprites that draw it."""

    size: tuple[int, int]
    per_table: int
    boxes: tuple[tuple[Rect, ...], ...]
    titles: tuple[Image.Image, ...] = field(repr=False, compare=False)
    heads: tuple[tuple[Image.Image, ...], ...] = field(repr=False, compare=False)
    head_y: int = 0
    sprites: tuple[tuple[Image.Image, ...], ...] = field(default=(), repr=False, compare=False)


def bracket_layout(
    title: str, rounds: Sequence[Sequence[BracketTable]], lang: str
) -> BracketLayout:
    """The bracket laid out: rounds as columns of equal width (from the right in Arabic); a
    table's band is as tall as its box or as the tables feeding it, and its box sits midway
    between its first and last feeders, so the tree's lines run straight."""
    lang = language(lang)
    rtl = is_rtl(lang)
    k = per_table(rounds)
    n = len(rounds)
    col_w = min(MAX_COL_W, (WIDTH - 2 * SIDE - (n - 1) * COL_GAP) // n)
    left = (WIDTH - n * col_w - (n - 1) * COL_GAP) // 2
    width = fonts.CONDENSED if col_w < CONDENSED_BELOW else fonts.NORMAL_WIDTH
    room = col_w - 2 * ENTRY_PAD - MARK - MARK_GAP

    def col_x(r: int) -> int:
        x = left + r * (col_w + COL_GAP)
        return WIDTH - x - col_w if rtl else x

    champion_round = n - 1 if len(rounds[-1]) == 1 else -1
    boxes = [
        [_box(_rows(table, k, room, width, lang), col_w, rtl, r == champion_round) for table in rnd]
        for r, rnd in enumerate(rounds)
    ]
    # Each table's band: the height its box and everything feeding it needs.
    bands: list[list[int]] = [[b.height for b in boxes[0]]]
    for r in range(1, n):
        bands.append(
            [
                max(box.height, sum(bands[r - 1][j * k : j * k + k]) + (k - 1) * BAND_GAP)
                for j, box in enumerate(boxes[r])
            ]
        )
    tops: list[list[int]] = [[0] * len(rnd) for rnd in rounds]

    def place(r: int, j: int, y: int) -> None:
        h = boxes[r][j].height
        if r == 0:
            tops[0][j] = y
            return
        kids = range(j * k, j * k + k)
        need = sum(bands[r - 1][c] for c in kids) + (k - 1) * BAND_GAP
        at = y + (bands[r][j] - need) // 2
        for c in kids:
            place(r - 1, c, at)
            at += bands[r - 1][c] + BAND_GAP
        first, last = kids[0], kids[-1]
        centre = (
            tops[r - 1][first]
            + boxes[r - 1][first].height / 2
            + tops[r - 1][last]
            + boxes[r - 1][last].height / 2
        ) / 2
        tops[r][j] = min(max(round(centre - h / 2), y), y + bands[r][j] - h)

    titles = _title_rows(title, rtl)
    head_room = col_w + COL_GAP - 8
    heads = tuple(
        tuple(
            rich_line(row, HEAD_SIZE, PAPER_SOFT, fonts.BOLD, rtl=rtl)
            for row in wrap_words(
                [_heading(r, rounds, lang)], HEAD_SIZE, PAPER_SOFT, head_room, fonts.BOLD, rtl=rtl
            )
        )
        for r in range(n)
    )
    head_y = 8 + len(titles) * TITLE_LINE + 12
    y = head_y + max(len(h) for h in heads) * HEAD_LINE + 16
    for j in range(len(rounds[-1])):
        place(n - 1, j, y)
        y += bands[-1][j] + BAND_GAP
    rects = tuple(
        tuple(
            (col_x(r), tops[r][j], col_x(r) + col_w, tops[r][j] + box.height)
            for j, box in enumerate(boxes[r])
        )
        for r in range(n)
    )
    return BracketLayout(
        size=(WIDTH, y - BAND_GAP + MARGIN),
        per_table=k,
        boxes=rects,
        titles=tuple(titles),
        heads=heads,
        head_y=head_y,
        sprites=tuple(tuple(rnd) for rnd in boxes),
    )


def bracket_image(title: str, rounds: Sequence[Sequence[BracketTable]], lang: str) -> Image.Image:
    """The bracket as an RGB image (``render_bracket`` encodes it)."""
    rtl = is_rtl(language(lang))
    lay = bracket_layout(title, rounds, lang)
    k = lay.per_table
    img = Image.new("RGB", lay.size, PAPER)
    _paste_title(img, lay.titles, rtl)
    for r, rows in enumerate(lay.heads):
        x0, _, x1, _ = lay.boxes[r][0]
        for i, row in enumerate(rows):
            _centred(img, row, x0 - COL_GAP / 2, x1 + COL_GAP / 2, lay.head_y + i * HEAD_LINE)
    draw = ImageDraw.Draw(img)

    def middle(rect: Rect) -> float:
        return (rect[1] + rect[3]) / 2

    # The lines from each table to the one it feeds: darker once the table is decided, so the
    # winners' paths read through the tree.
    for r in range(1, len(rounds)):
        for j, parent in enumerate(lay.boxes[r]):
            feeders = range(j * k, j * k + k)
            first = lay.boxes[r - 1][feeders[0]]
            out_x = first[0] if rtl else first[2]
            in_x = parent[2] if rtl else parent[0]
            mid_x = (out_x + in_x) / 2
            ys = [middle(parent)]
            for c in feeders:
                child_y = middle(lay.boxes[r - 1][c])
                ys.append(child_y)
                colour = PAPER_SOFT if rounds[r - 1][c].winner is not None else PAPER_RULE
                draw.line((out_x, child_y, mid_x, child_y), fill=colour, width=LINE_W)
            draw.line((mid_x, min(ys), mid_x, max(ys)), fill=PAPER_RULE, width=LINE_W)
            fed = all(rounds[r - 1][c].winner is not None for c in feeders)
            colour = PAPER_SOFT if fed else PAPER_RULE
            draw.line((mid_x, middle(parent), in_x, middle(parent)), fill=colour, width=LINE_W)
    for rects, sprites in zip(lay.boxes, lay.sprites, strict=True):
        for rect, sprite in zip(rects, sprites, strict=True):
            paste(img, sprite, rect[:2])
    return img


def render_bracket(title: str, rounds: Sequence[Sequence[BracketTable]], lang: str) -> bytes:
    """A knockout's bracket as PNG bytes, in ``lang``: ``rounds`` from the first, each a list of
    tables; table ``j`` of a round is fed by tables ``j * k`` to ``j * k + k - 1`` of the round
    before (``k`` entries a table: 2 or 3). Rounds are columns (from the right in Arabic); the
    picture grows taller with the first round's tables rather than drawing smaller text.
    Pure: run it in a thread."""
    return png_bytes(bracket_image(title, rounds, lang))
