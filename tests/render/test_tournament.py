"""A tournament's pictures: the standings (podium and table) and a knockout's bracket, drawn for
real with Pillow from plain data, the brackets drawn by the real pairing rules. Every text is
measured on its glyphs at phone width, long names lose whole letters only, the words of the
picture are never cut, and Arabic reads from the right."""

from __future__ import annotations

import contextlib
import io
import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render.tournament as tournament
from bot.i18n import LANGUAGES, catalogue, has, t
from bot.tournament import pairing
from render import fonts, preview, samples
from render.style import PAPER, PLUS, TURN, WILD_GOLD
from render.tournament import (
    BracketTable,
    StandingRow,
    bracket_layout,
    render_bracket,
    render_standings,
)
from tests.render import test_phone
from tests.render.test_phone import (  # the phone's measures, shared with the other pictures
    PHONE_MIN,
    TextDraw,
    decode,
    is_fitted,
    phone_px,
    same_colour,
)

# Every text drawn, recorded on its way to FreeType (the fixture the other pictures' tests use).
drawn = test_phone.drawn

LONG = [n for names in samples.LONG_NAMES.values() for n in names]
KEYS = [
    "render.standings.place",
    "render.standings.player",
    "render.standings.games",
    "render.standings.points",
    "render.standings.tiebreak",
    "render.standings.points_is",
    "render.bracket.round",
    "render.bracket.final",
    "render.bracket.bye",
]


def played(members: int, size: int, seed: int, decided: int) -> pairing.Bracket:
    """A real knockout of ``members`` at tables of ``size``, drawn by the pairing rules and its
    first ``decided`` rounds played (each table's order shuffled by ``seed``)."""
    bracket = pairing.draw_bracket(list(range(1, members + 1)), size, seed)
    rng = random.Random(seed)
    for r in range(decided):
        for rr, j in pairing.playable(bracket):
            if rr == r:
                order = list(bracket.rounds[r][j].entries)
                rng.shuffle(order)
                bracket = pairing.record_winner(bracket, r, j, order)
    return bracket


def as_tables(
    bracket: pairing.Bracket, names: dict[int, str], computer: str = "computer"
) -> list[list[BracketTable]]:
    """The bracket as the Discord cog hands it to the picture: names, the winner's index."""

    def name(entry: pairing.Entry) -> str:
        return " & ".join(names[m] if m is not None else computer for m in entry)

    return [
        [
            BracketTable(
                entries=tuple(name(e) for e in table.entries),
                winner=table.entries.index(table.winner) if table.winner else None,
                bye=table.bye,
            )
            for table in rnd
        ]
        for rnd in bracket.rounds
    ]


def member_names(count: int, pool: list[str] | None = None) -> dict[int, str]:
    pool = pool or list(samples.tournament_names())
    return {m: pool[(m - 1) % len(pool)] for m in range(1, count + 1)}


def all_pictures() -> list[tuple[str, Image.Image, tuple[str, ...]]]:
    """Every sample picture in every language, with the names it shows."""
    out = []
    for lang in LANGUAGES:
        names = samples.tournament_names(lang)
        rows = samples.sample_standings(lang, count=12)
        for podium in (True, False):
            data = render_standings("Standings", rows, lang, podium=podium)
            out.append((lang, decode(data), names))
        for entries, k, decided, pairs in ((8, 2, 1, True), (32, 2, 5, False), (27, 3, 2, False)):
            rounds = samples.sample_bracket(entries, k, decided, lang, pairs)
            out.append((lang, decode(render_bracket("Knockout", rounds, lang)), names))
    return out


# ------------------------------------------------------------------------------ size and text


def test_size_and_mode() -> None:
    rows = samples.sample_standings("en")
    with_podium = decode(render_standings("Final standings", rows, "en", podium=True))
    table_only = decode(render_standings("Standings", rows, "en", podium=False))
    bracket = decode(render_bracket("Mor", samples.sample_bracket(8, 2, 1), "en"))
    for img in (with_podium, table_only, bracket):
        assert img.mode == "RGB" and img.width == fonts.CANVAS_WIDTH
    # Each row of the table is a row's height; the podium stands where three rows would be.
    twice = decode(render_standings("Standings", rows * 2, "en", podium=False))
    assert twice.height - table_only.height == len(rows) * tournament.ROW_H
    assert with_podium.height > table_only.height - 3 * tournament.ROW_H


def test_every_text_is_11px_tall_on_a_phone(drawn: tuple[list[TextDraw], Any]) -> None:
    texts, _ = drawn
    pictures = all_pictures()
    assert {img.width for _, img, _ in pictures} == {fonts.CANVAS_WIDTH}
    assert texts
    small = {
        (d.text, d.size, d.width): phone_px(fonts.cap_height(d.size, d.weight, d.width), 1200)
        for d in set(texts)
        if phone_px(fonts.cap_height(d.size, d.weight, d.width), 1200) < PHONE_MIN
    }
    assert not small, f"text under {PHONE_MIN} px on a phone: {sorted(small.items())[:8]}"
    # Numbers alone (places, points, games) measured on their own ink too.
    for d in set(texts):
        if d.text.replace(".", "").replace(",", "").isdigit():
            mask = fonts.text_mask(d.text, d.size, d.weight, d.width)
            assert phone_px(fonts.ink_height(mask), 1200) >= PHONE_MIN, d


def name_pieces_ok(shown: str, name: str) -> bool:
    """A name drawn whole, shortened by whole letters, or on two lines: its first whole words,
    then the rest (itself whole or shortened)."""
    if is_fitted(shown, name):
        return True
    words = " ".join(name.split()).split(" ")
    for cut in range(1, len(words)):
        if shown == " ".join(words[:cut]) or is_fitted(shown, " ".join(words[cut:])):
            return True
    return False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_names_lose_whole_letters_and_the_words_stay_whole(
    lang: str, drawn: tuple[list[TextDraw], Any]
) -> None:
    texts, _ = drawn
    rows = [
        StandingRow(place=i + 1, name=name, games=4, points="3", tiebreak="9")
        for i, name in enumerate(LONG * 2)
    ]
    render_standings("Standings", rows, lang, podium=True)
    names = {i: n for i, n in enumerate(LONG, start=1)}
    for k, decided in ((2, 1), (3, 1)):
        bracket = as_tables(played(len(LONG), k, 5, decided), names)
        render_bracket("Knockout", bracket, lang)
    cut = [d.text for d in texts if "…" in d.text]
    assert cut, "the long names needed shortening somewhere"
    for text in cut:
        assert any(name_pieces_ok(text, name) for name in LONG), text
    # Every drawn piece of a name is whole letters of it: nothing but names is ever shortened.
    shown = {d.text for d in texts}
    words = {t(key, lang) for key in KEYS if "{" not in t(key, lang)}
    words -= {t("render.bracket.bye", lang)}  # drawn beside a name only when a bye exists
    assert words <= shown, words - shown
    assert t("render.bracket.round", lang, n=1) in shown
    assert all(not any(w in text and "…" in text for w in words) for text in shown)


# ------------------------------------------------------------------------------ the standings


def step_tops(img: Image.Image, colour: tuple[int, int, int]) -> tuple[int, int]:
    """The (top, centre x) of the podium step of this colour."""
    box = same_colour(img, colour).getbbox()
    assert box is not None, colour
    return box[1], (box[0] + box[2]) // 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_podium_puts_the_first_in_the_middle_and_highest(lang: str) -> None:
    rows = samples.sample_standings(lang, count=5)
    img = decode(render_standings("Final", rows, lang, podium=True))
    first, second, third = (step_tops(img, c) for c in tournament.STEP_COLOURS)
    assert first[0] < second[0] < third[0], "the first stands highest, then the second"
    assert abs(first[1] - img.width // 2) < 10
    # The second stands at the side a reader starts from: the left, the right in Arabic.
    assert (second[1] > first[1] > third[1]) if lang == "ar" else (second[1] < first[1] < third[1])


def test_the_podium_stands_the_first_three_rows_in_their_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    placed: list[str] = []
    real = tournament._entry_lines

    def spy(name: str, *args: Any) -> list[Image.Image]:
        placed.append(name)
        return real(name, *args)

    monkeypatch.setattr(tournament, "_entry_lines", spy)
    rows = [StandingRow(p, n, 3, str(5 - p)) for p, n in enumerate(("A", "B", "C", "D"), 1)]
    img = decode(render_standings("Final", rows, "en", podium=True))
    assert placed == ["A", "B", "C"]  # D is in the table below
    # A podium of two: no bronze step.
    two = decode(render_standings("Final", rows[:2], "en", podium=True))
    assert same_colour(two, tournament.BRONZE).getbbox() is None
    assert same_colour(img, tournament.BRONZE).getbbox() is not None


def test_standings_on_request_have_no_podium_and_tie_break_only_when_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = samples.sample_standings("en", count=6, swiss=False)
    img = decode(render_standings("Standings", rows, "en", podium=False))
    assert same_colour(img, TURN).getbbox() is None  # no gold step
    heads: list[str] = []
    real = tournament._columns
    monkeypatch.setattr(tournament, "_columns", lambda *a: heads.extend(real(*a)) or real(*a))
    render_standings("Standings", rows, "en", podium=False)
    assert t("render.standings.tiebreak", "en") not in heads
    heads.clear()
    render_standings("Standings", samples.sample_standings("en", 6), "en", podium=False)
    assert heads[-1] == t("render.standings.tiebreak", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tables_columns_run_from_the_readers_side(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Arabic the place is the rightmost column and the tie-break the leftmost."""
    pasted: list[tuple[Image.Image, float]] = []
    real = tournament.paste

    def spy(base: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
        pasted.append((sprite, xy[0]))
        real(base, sprite, xy)

    monkeypatch.setattr(tournament, "paste", spy)
    render_standings("Standings", samples.sample_standings(lang, 4), lang, podium=False)
    direction = "rtl" if lang == "ar" else "ltr"

    def x(key: str) -> float:
        head = fonts.text_sprite(
            t(key, lang), tournament.HEAD_SIZE, tournament.PAPER_SOFT, fonts.BOLD, 100, direction
        )
        (x,) = [x for s, x in pasted if s.size == head.size and s.tobytes() == head.tobytes()]
        return x

    place, name, tiebreak = (x(f"render.standings.{k}") for k in ("place", "player", "tiebreak"))
    if lang == "ar":
        assert place > name > tiebreak and place > fonts.CANVAS_WIDTH * 0.8
    else:
        assert place < name < tiebreak and place < fonts.CANVAS_WIDTH * 0.2


# -------------------------------------------------------------------------------- the bracket


# Seats a table: 2 (Mor 1 vs 1) and 3 take one member an entry; 4 (Mor 2 vs 2) a pair, an odd
# member out beside a computer.
BRACKETS = [(n, size) for n in (2, 8, 9, 27, 32) for size in (2, 3)] + [(9, 4), (27, 4)]


@pytest.mark.parametrize(("members", "size"), BRACKETS)
def test_brackets_of_the_real_draw_are_drawn_whole(members: int, size: int) -> None:
    """Every table of every round in its column, none overlapping another, each fed from tables
    above and below its middle, and the picture taller, never the text smaller, with more."""
    for decided in (0, 1, 3, 5):
        bracket = played(members, size, seed=members + decided, decided=decided)
        rounds = as_tables(bracket, member_names(members))
        lay = bracket_layout("Knockout", rounds, "en")
        assert lay.per_table == bracket.per_table
        img = decode(render_bracket("Knockout", rounds, "en"))
        assert img.size == lay.size and img.width == fonts.CANVAS_WIDTH
        k = lay.per_table
        for r, rects in enumerate(lay.boxes):
            assert len({x0 for x0, _, _, _ in rects}) == 1, "one column a round"
            for a, b in pairwise(rects):
                assert a[3] < b[1], "the tables of a round don't overlap"
            for x0, y0, x1, y1 in rects:
                assert 0 <= x0 < x1 <= img.width and 0 < y0 < y1 <= img.height
                # Drawn there: the box's own paper, not the page's.
                assert img.getpixel((x0 + 2, (y0 + y1) // 2)) != PAPER
            if r:
                before = lay.boxes[r - 1]
                assert rects[0][0] > before[0][2], "rounds go left to right"
                for j, (_, y0, _, y1) in enumerate(rects):
                    feeders = before[j * k : j * k + k]
                    mid = (y0 + y1) / 2
                    assert feeders[0][1] <= mid <= feeders[-1][3]


def test_a_bigger_bracket_grows_taller_and_keeps_its_text_size(
    drawn: tuple[list[TextDraw], Any],
) -> None:
    texts, _ = drawn
    heights = []
    for members in (2, 8, 32):
        rounds = as_tables(played(members, 2, 1, 0), member_names(members))
        heights.append(decode(render_bracket("Mor", rounds, "en")).height)
    assert heights == sorted(heights) and heights[-1] > 2 * fonts.CANVAS_WIDTH
    assert min(d.size for d in texts) == fonts.MIN_SIZE


def test_the_winner_is_marked_byes_said_and_undecided_tables_left_empty(
    drawn: tuple[list[TextDraw], Any],
) -> None:
    texts, _ = drawn
    rounds = [
        [BracketTable(("Sara", "Omar"), winner=1), BracketTable(("Noor",), winner=0, bye=True)],
        [BracketTable(("Omar", "Noor"))],
    ]
    img = decode(render_bracket("Mor", rounds, "en"))
    lay = bracket_layout("Mor", rounds, "en")
    x0, y0, x1, y1 = lay.boxes[0][0]
    box = img.crop((x0, y0, x1, y1))
    # Omar's row (the second) has the gold band and the green arrow; Sara's has neither.
    half = box.height // 2
    assert same_colour(box.crop((0, half, box.width, box.height)), tournament.WON_ROW).getbbox()
    assert same_colour(box.crop((0, 0, box.width, half - 4)), tournament.WON_ROW).getbbox() is None
    assert same_colour(box, PLUS).getbbox() is not None
    assert "Bye" in {d.text for d in texts}
    bold = {d.text for d in texts if d.weight == fonts.BOLD}
    assert "Omar" in bold and "Sara" not in bold
    # The final is seated but not played: no mark; a bracket with its final still to come
    # shows empty slots there.
    final = img.crop(lay.boxes[1][0])
    assert same_colour(final, PLUS).getbbox() is None
    waiting = [[BracketTable(("Sara", "Omar")), BracketTable(("Noor", "Layla"))], [BracketTable()]]
    slot = decode(render_bracket("Mor", waiting, "en")).crop(
        bracket_layout("Mor", waiting, "en").boxes[1][0]
    )
    assert same_colour(slot, tournament.SLOT).getbbox() is not None
    assert same_colour(slot, PLUS).getbbox() is None
    # The tournament's winner gets the gold star.
    done = [rounds[0], [BracketTable(("Omar", "Noor"), winner=1)]]
    champion = decode(render_bracket("Mor", done, "en")).crop(lay.boxes[1][0])
    assert same_colour(champion, WILD_GOLD).getbbox() is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_draws_the_bracket_and_arabic_from_the_right(lang: str) -> None:
    rounds = samples.sample_bracket(9, 3, 1, lang)
    lay = bracket_layout("Knockout", rounds, lang)
    img = decode(render_bracket("Knockout", rounds, lang))
    assert img.size == lay.size
    first_round, final = lay.boxes[0][0], lay.boxes[-1][0]
    if lang == "ar":
        assert first_round[0] > final[2], "the first round at the right"
    else:
        assert first_round[2] < final[0]
    # The arrow beside each winner points to the next round: towards the final.
    x0, _, x1, _ = first_round
    arrow = same_colour(img.crop(first_round), PLUS).getbbox()
    assert arrow is not None
    near_final_side = arrow[0] < (x1 - x0) / 2 if lang == "ar" else arrow[2] > (x1 - x0) / 2
    assert near_final_side


def test_a_bracket_that_does_not_divide_is_refused() -> None:
    table = BracketTable(("A", "B"))
    with pytest.raises(ValueError):
        render_bracket("x", [[table] * 3, [BracketTable()] * 2], "en")
    with pytest.raises(ValueError):
        render_bracket("x", [[BracketTable(("A", "B"), winner=2)]], "en")
    with pytest.raises(ValueError):
        render_bracket("x", [[BracketTable(("A", "B"), bye=True)]], "en")
    with pytest.raises(ValueError):
        render_bracket("x", [], "en")
    assert tournament.per_table([[table] * 9, [table] * 3, [table]]) == 3


# ---------------------------------------------------------------------------------- the words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_words_are_in_every_language(lang: str) -> None:
    english = catalogue("en").texts
    for key in KEYS:
        assert has(key, lang) and key in catalogue(lang).texts, (lang, key)
        if lang != "en":
            assert catalogue(lang).texts[key] != english[key], (lang, key)
    scripts = {"ar": "\u0600", "hi": "\u0900"}
    if lang in scripts:
        low = scripts[lang]
        for key in KEYS:
            text = t(key, lang, n=1, points="4.5")
            assert any(low <= c <= chr(ord(low) + 0xFF) for c in text), (lang, key, text)


def test_the_preview_draws_every_tournament_picture_in_every_language(tmp_path: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert preview.main(["tournament", "--lang", "all", "--out", str(tmp_path)]) == 0
    per_language = 3 + len(preview.BRACKETS)
    for lang in LANGUAGES:
        suffix = "" if lang == "en" else f"_{lang}"
        drawn_ = [p for p in tmp_path.glob("tournament_*.png") if p.stem.endswith(suffix)]
        if lang == "en":
            drawn_ = [p for p in drawn_ if not p.stem.endswith(("_ar", "_hi", "_nl"))]
        assert len(drawn_) == per_language, lang
        assert all(decode(p.read_bytes()).width == fonts.CANVAS_WIDTH for p in drawn_)
