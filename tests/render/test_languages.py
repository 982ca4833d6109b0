"""The pictures in four languages: labels from the catalogues, Arabic right to left and shaped,
Hindi shaped, names and card indices in their own direction inside any line."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops

import render.fonts as fonts
import render.hand as hand
import render.score as score
import render.table as table
from bot.games.base import Discarded, because
from bot.games.cards import Card
from bot.i18n import LANGUAGES, catalogue, t
from render import render_hand, render_score_sheet, render_table, samples, words
from render.common import Icon, Name, Pip, rich_line, symbol_segments
from render.style import CARD_PAPER, TURN, WHITE
from render.table import layout as table_layout
from render.table import plates, sizes
from render.table.caption import caption

TABLES = [("mor", 4), ("mor", 2), ("more3", 3), ("hand", 3), ("runfast", 3)]
ARABIC_NAME = "عبد الله"


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def scripts(text: str) -> set[str]:
    """The scripts of a text's letters, by their Unicode names (ARABIC, DEVANAGARI, LATIN)."""
    return {unicodedata.name(c).split()[0] for c in text if c.isalpha()}


@pytest.fixture(scope="module")
def rounds() -> dict[tuple[str, int], dict[str, Any]]:
    return {(game, n): samples.engine_round(game, 5, n) for game, n in TABLES}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, str | None]]]:
    """Every text drawn from now on, with its size and the direction it was laid out in."""
    for module in (fonts, table, table_layout, plates, hand, score):  # the table's caches too
        for obj in list(vars(module).values()):
            if hasattr(obj, "cache_clear") and obj is not fonts.font:
                obj.cache_clear()
    import render.common as common

    common._rich_line.cache_clear()
    texts: list[tuple[str, int, str | None]] = []
    real = fonts.text_mask

    def spy(
        text: str, size: int, weight: int = 400, width: int = 100, direction: str | None = None
    ) -> Image.Image:
        texts.append((text, size, direction))
        return real(text, size, weight, width, direction)

    monkeypatch.setattr(fonts, "text_mask", spy)
    yield texts


def pictures(
    lang: str, rounds: dict[tuple[str, int], dict[str, Any]]
) -> Iterator[tuple[str, bytes]]:
    for (game, n), views in rounds.items():
        names = samples.names_for(n, lang)
        for key, view in (
            ("dealt", samples.dealt(game, n)),
            ("midgame", samples.midgame(game, n)),
            *views.items(),
        ):
            yield f"{game}{n} table {key}", render_table(view, names, computers={1}, lang=lang)
        mid = samples.midgame(game, n)
        yield f"{game}{n} hand", render_hand(mid, lang=lang)
        yield f"{game}{n} empty hand", render_hand([], lang=lang)
        result, totals = samples.sample_result(game, n)
        yield (
            f"{game}{n} score",
            render_score_sheet(result, names, totals, game, round_no=2, winners=(0,), lang=lang),
        )
        end = views["round_over"]
        long = samples.LONG_NAMES[n]
        sheet = render_score_sheet(
            end.result, long, end.totals, game, winners=(0,), game_over=True, lang=lang
        )
        yield f"{game}{n} final score", sheet


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_picture_renders_in_every_language_at_phone_size(
    lang: str,
    rounds: dict[tuple[str, int], dict[str, Any]],
    drawn: list[tuple[str, int, str | None]],
) -> None:
    for what, data in pictures(lang, rounds):
        img = decode(data)
        assert img.mode == "RGB" and img.width == fonts.CANVAS_WIDTH, what
    small = {(text, size) for text, size, _ in drawn if size < fonts.MIN_SIZE}
    assert not small, f"text under the phone's minimum size in {lang}: {sorted(small)[:5]}"
    own = {"ar": "ARABIC", "hi": "DEVANAGARI"}.get(lang)
    if own:  # the labels are in the language's own script, not English left in
        labels = [text for text, _, _ in drawn if own in scripts(text)]
        assert len(labels) > 30, labels


@pytest.mark.parametrize("lang", ["ar", "hi", "nl"])
def test_labels_differ_from_english(lang: str) -> None:
    view = samples.midgame("mor")
    names = samples.NAMES[4]
    assert render_table(view, names, lang=lang) != render_table(view, names)
    assert render_hand(view, lang=lang) != render_hand(view)
    result, totals = samples.sample_result("hand", 3)
    sheet = render_score_sheet(result, samples.NAMES[3], totals, "hand", lang=lang)
    assert sheet != render_score_sheet(result, samples.NAMES[3], totals, "hand")
    # The words themselves: the caption's and the header's, from the catalogue.
    lines = caption(view, names, lang)
    english = caption(view, names)
    assert [str(s) for s in lines[0]] != [str(s) for s in english[0]]
    assert t("render.added", lang) in lines[0]  # the sample's last move added a card


def test_a_language_without_a_catalogue_draws_english() -> None:
    view = samples.midgame("hand")
    assert render_table(view, samples.NAMES[3], lang="xx") == render_table(view, samples.NAMES[3])


# ---------------------------------------------------------------- direction


def same_colour(img: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """A mask of the pixels that are exactly this colour."""
    diff = ImageChops.difference(img, Image.new("RGB", img.size, colour))
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v == 0 else 0)


def ink_box(img: Image.Image) -> tuple[int, int, int, int]:
    """Where a sprite's (or a picture region's) visible pixels are."""
    alpha = img.getchannel("A") if img.mode == "RGBA" else img.convert("L")
    box = alpha.point(lambda v: 255 if v > 64 else 0).getbbox()
    assert box is not None
    return box


def same_ink(a: Image.Image, b: Image.Image) -> bool:
    """Two drawings of one text alike (a pixel or two of anti-aliasing aside)."""
    a, b = (m.getchannel("A") if m.mode == "RGBA" else m.convert("L") for m in (a, b))
    a, b = a.crop(ink_box(a)), b.crop(ink_box(b))
    if abs(a.width - b.width) > 1 or abs(a.height - b.height) > 1:
        return False
    w, h = min(a.width, b.width), min(a.height, b.height)
    diff = ImageChops.difference(a.crop((0, 0, w, h)), b.crop((0, 0, w, h)))
    return sum(diff.histogram()[97:]) < 0.02 * w * h


def test_a_sentences_base_direction_puts_its_punctuation_on_its_side() -> None:
    """Why an Arabic name's colon could land on the wrong side: a text laid out from its first
    strong letter reads right to left when it starts with an Arabic name. The line's own
    direction decides now; a name alone still takes its own."""
    bare = fonts.text_mask(ARABIC_NAME, 48, direction="ltr")
    ltr = fonts.text_mask(ARABIC_NAME + ":", 48, direction="ltr")
    rtl = fonts.text_mask(ARABIC_NAME + ":", 48, direction="rtl")
    w = bare.width - 2
    # Left to right: the name first, the colon after it at the right.
    assert same_ink(ltr.crop((0, 0, w + 1, ltr.height)), bare)
    # Right to left: the colon is at the left of the name.
    assert same_ink(rtl.crop((rtl.width - w - 1, 0, rtl.width, rtl.height)), bare)
    assert not same_ink(ltr, rtl)
    # Unmarked, the text took its direction from the name: right to left, the old bug.
    assert same_ink(fonts.text_mask(ARABIC_NAME + ":", 48), rtl)


def test_an_english_line_with_an_arabic_name_keeps_last_at_the_left() -> None:
    view = replace(samples.midgame("mor"), last_events=(Discarded(1, card=Card(12, "D")),), turn=2)
    names = samples.NAMES[4]  # seat 1 is "عبد الله"
    words_ = ["Last:", *caption(view, names)[0]]
    assert isinstance(words_[1], Name) and words_[1] == ARABIC_NAME
    line = rich_line(words_, 48, (255, 255, 255))
    last = fonts.text_sprite("Last:", 48, (255, 255, 255), direction="ltr")
    name = fonts.text_sprite(ARABIC_NAME, 48, (255, 255, 255))
    # "Last:" starts the line at the left, the name follows it, joined as one shaped word.
    assert same_ink(line.crop((0, 0, last.width, line.height)), last)
    gap = round(48 * 0.2)
    start = last.width + gap
    assert same_ink(line.crop((start, 0, start + name.width, line.height)), name)
    letters = sum(fonts.text_width(c, 48) for c in ARABIC_NAME if c != " ")
    assert fonts.text_width(ARABIC_NAME, 48) < letters  # joined forms are narrower
    # The card chip ends the line at the right.
    right = line.crop((line.width - 40, 0, line.width, line.height)).convert("RGB")
    assert CARD_PAPER in {c for _, c in right.getcolors(10000)}


def test_an_arabic_line_reads_right_to_left_with_the_card_left_to_right() -> None:
    last = t("render.last", "ar")
    segs = [last, Name("Sara"), t("render.threw", "ar"), Card(12, "D")]
    line = rich_line(segs, 48, (255, 255, 255), rtl=True)
    first = fonts.text_sprite(last, 48, (255, 255, 255), direction="rtl")
    # The first words are drawn at the right, as the first glyphs a reader of Arabic meets.
    right = line.crop((line.width - first.width, 0, line.width, line.height))
    assert same_ink(right, first)
    # "آخر حركة:" laid out right to left, the colon at its left end, as in
    # ImageFont.getbbox(..., direction="rtl").
    f = fonts.font("arabic", 48)
    assert abs(first.width - 2 - f.getlength(last, direction="rtl")) <= 1
    colon_free = fonts.text_sprite(last.rstrip(":"), 48, (255, 255, 255), direction="rtl")
    tail = first.crop((first.width - colon_free.width, 0, first.width, first.height))
    assert same_ink(tail, colon_free)
    # The card ends the line at the left, and its chip still reads rank then suit.
    left = line.crop((0, 0, 40, line.height)).convert("RGB")
    assert CARD_PAPER in {c for _, c in left.getcolors(10000)}
    assert rich_line([Card(12, "D")], 48, (0, 0, 0), rtl=True).tobytes() == (
        rich_line([Card(12, "D")], 48, (0, 0, 0)).tobytes()
    )


def test_a_latin_name_in_an_arabic_line_reads_as_its_owner_writes_it() -> None:
    name = "Abdullah (" + ARABIC_NAME + ")"
    line = rich_line([Name(name)], 48, (0, 0, 0), rtl=True)
    own = fonts.text_sprite(name, 48, (0, 0, 0), direction="ltr")
    assert same_ink(line, own)
    # Laid out as the Arabic line goes, the Arabic part would come first, at the right.
    assert not same_ink(fonts.text_sprite(name, 48, (0, 0, 0), direction="rtl"), own)


def test_a_shortened_latin_name_in_an_arabic_line_ends_at_the_lines_end() -> None:
    # «سارة و Omar (the Bold)» cut to fit: the ellipsis ends the name in the line's reading
    # order, at its left («…Omar و سارة»), not between «و» and the name («Omar… و سارة»).
    black = (0, 0, 0)
    line = rich_line([Name("سارة"), "و", Name("Omar…")], 48, black, rtl=True)
    omar = fonts.text_sprite("Omar", 48, black)
    dots = fonts.text_sprite("…", 48, black)
    assert same_ink(line.crop((0, 0, dots.width + omar.width, line.height)), join(dots, omar))
    # «و» joins an Arabic word, never a word in Latin letters («سارة و Omar», as in text).
    glued = rich_line([Name("سارة"), "و", Name("Omar")], 48, black, rtl=True)
    apart = rich_line([Name("سارة"), "و ", Name("Omar")], 48, black, rtl=True)
    assert glued.width == apart.width, (glued.width, apart.width)
    # A left-to-right line keeps it after the name, and an Arabic name's cut is its own.
    assert same_ink(rich_line([Name("Omar…")], 48, black), fonts.text_sprite("Omar…", 48, black))
    arabic = fonts.text_sprite("عبد ال…", 48, black)
    assert same_ink(rich_line([Name("عبد ال…")], 48, black, rtl=True), arabic)


def test_a_shortened_name_that_starts_an_arabic_line_keeps_its_own_cut() -> None:
    # A meld area's owner in an Arabic picture («Alexandria Konstant…» alone, or before «·»):
    # nothing precedes the name in reading order, so it is cut as on the seat plates, the
    # ellipsis after its last letter, never at its left («…Alexandria Konstant»).
    black = (0, 0, 0)
    for name in ("Alexandria Konstant…", "प्रियंका चोप…"):
        own = fonts.text_sprite(name, 48, black)
        assert same_ink(rich_line([Name(name)], 48, black, rtl=True), own), name
        owner = rich_line([Name(name), "·", "بعد الفتح"], 48, black, rtl=True)
        assert same_ink(owner.crop((owner.width - own.width, 0, owner.width, owner.height)), own)


def join(left: Image.Image, right: Image.Image) -> Image.Image:
    out = Image.new("RGBA", (left.width + right.width, max(left.height, right.height)))
    out.alpha_composite(left, (0, 0))
    out.alpha_composite(right, (left.width, 0))
    return out


def test_a_run_of_cards_and_a_written_card_keep_their_order_right_to_left() -> None:
    cards = [Card(4, "H"), Card(5, "H"), Card(6, "H")]
    ltr = rich_line(cards, 48, (0, 0, 0))
    rtl = rich_line(cards, 48, (0, 0, 0), rtl=True)
    assert ltr.tobytes() == rtl.tobytes()  # 4♥ 5♥ 6♥ as on the table, not 6 5 4
    # A card in an Arabic label, with Discord's direction marks around it (the 2♠ line once
    # read so; it now says «اثنان البستوني», and a card may stand in any label).
    segs = symbol_segments("\u200e2♠\u200e ما زالت في اليد")
    assert isinstance(segs[0], Pip) and segs[0].rank == "2"
    line = rich_line(segs, 48, (0, 0, 0), rtl=True)
    two = fonts.text_sprite("2", 48, (0, 0, 0))
    # The pip is the first thing read, at the right: its "2" to the left of its ♠.
    x = ink_box(line)[2]
    pip_w = two.width + round(48 * 0.2) + round(48 * 0.8)
    assert same_ink(line.crop((x - pip_w - 2, 0, x - pip_w + two.width, line.height)), two)


def test_mixed_arabic_and_devanagari_keep_their_spaces_and_order() -> None:
    text = "प्रिया और " + ARABIC_NAME + " ने"
    runs = fonts.text_runs(text, "ltr")
    assert [r.script for r in runs if r.text.strip()] == ["devanagari", "arabic", "devanagari"]
    assert fonts.text_width(text, 48, direction="ltr") > fonts.text_width(
        text.replace(" ", ""), 48, direction="ltr"
    )
    # In a right-to-left line the same runs go the other way round.
    back = [r.text for r in fonts.text_runs(text, "rtl") if r.text.strip()]
    assert back == [r.text for r in runs if r.text.strip()][::-1]


def test_hindi_is_shaped() -> None:
    label = t("render.projects", "hi")
    assert "DEVANAGARI" in scripts(label) and label.startswith("प्र")
    # "प्र" is a conjunct: the प takes its half form, narrower than प with a visible virama.
    assert fonts.text_width(label, 48) < fonts.text_width("प्", 48) + fonts.text_width(label[2:], 48)


def test_arabic_pictures_align_their_words_to_the_right() -> None:
    view = samples.midgame("hand")
    for lang, rtl in (("en", False), ("ar", True)):
        img = decode(render_hand(view, lang=lang))
        header = img.crop((0, 0, img.width, hand.TITLE_LINE + 8)).convert("L")
        x0, _, x1, _ = header.point(lambda v: 255 if v > 150 else 0).getbbox()
        if rtl:
            assert abs(x1 - (img.width - hand.MARGIN)) <= 6 and x0 > 3 * hand.MARGIN
        else:
            assert abs(x0 - hand.MARGIN) <= 6 and x1 < img.width - 3 * hand.MARGIN


def test_an_arabic_score_sheet_starts_at_the_right() -> None:
    result, totals = samples.sample_result("hand", 3)
    for lang, first_right in (("en", False), ("ar", True)):
        img = decode(
            render_score_sheet(result, samples.NAMES[3], totals, "hand", winners=(0,), lang=lang)
        )
        # The winner's column (seat 0) has the gold edge: at the left, or at the right.
        y = score.HEAD_H + 60
        left_edge = img.getpixel((score.MARGIN + 1, y))
        right_edge = img.getpixel((score.MARGIN + 2 * score.COL_W + score.SECTION_GAP - 2, y))
        assert (right_edge if first_right else left_edge) == TURN, lang


def test_arabic_plates_are_mirrored() -> None:
    view = samples.midgame("mor")
    role = plates._role(view, 0, "ar")
    en = plates._plate_sprite(
        "Sara", "84.5", 6, plates._role(view, 0), False, True, True, 560, "en"
    )
    ar = plates._plate_sprite("Sara", "84.5", 6, role, False, True, True, 560, "ar")
    # The dealer's white button: top right in English, top left in Arabic.
    top = en.crop((0, 0, en.width, sizes.PLATE_BLEED + sizes.DEALER_DISC)).convert("RGB")
    top_ar = ar.crop((0, 0, ar.width, sizes.PLATE_BLEED + sizes.DEALER_DISC)).convert("RGB")

    def white_x(img: Image.Image) -> float:
        white = same_colour(img, WHITE)
        xs = [x for x in range(img.width) if white.crop((x, 0, x + 1, img.height)).getbbox()]
        return sum(xs) / len(xs)

    assert white_x(top) > en.width * 0.75
    assert white_x(top_ar) < ar.width * 0.25


# ---------------------------------------------------------------- words


def test_score_lines_are_worded_in_the_sheets_language() -> None:
    # The engines write each line's label as a catalogue key (or a Reason): worded per sheet.
    assert words.score_label("mor.line.project_200", "ar") == t("mor.line.project_200", "ar")
    assert words.score_label("core.line.cards_in_melds", "hi") != "core.line.cards_in_melds"
    assert words.score_label("runfast.line.received", "nl") == t("runfast.line.received", "nl")
    meter = because("mor.meter.one_more", projects="200")
    assert words.score_label(meter, "hi") == t("mor.meter.one_more", "hi", projects="200")
    assert words.score_label("a house rule bonus", "ar") == "a house rule bonus"


def test_every_key_the_words_tables_name_is_in_english() -> None:
    english = catalogue("en")
    known = set(english.texts) | set(english.plurals)
    for mapping in (words.GAME_TITLES, words.REASONS, words.TRICK_KINDS):
        assert set(mapping.values()) <= known
    for lang in LANGUAGES:
        assert words.game_title("mor", lang) and words.trick_kind("ace_bomb", lang)


def test_an_engines_meter_reason_is_worded_in_the_pictures_language(
    drawn: list[tuple[str, int, str | None]],
) -> None:
    meter = because("render.meter.one_more_project", have="200")
    mid = samples.midgame("mor")
    view = replace(mid, meters=(meter,) * 2)
    render_table(view, samples.NAMES[4], lang="ar")
    wanted = t("render.meter.one_more_project", "ar", have="200")
    assert any(wanted in text for text, _, _ in drawn)


def test_a_name_in_a_sentence_is_its_own_segment() -> None:
    segs = words.with_name("render.reason.closed", "en", ARABIC_NAME)
    assert segs == [ARABIC_NAME, "closed"] and isinstance(segs[0], Name)
    assert words.with_name("render.reason.stock_out", "ar", "x") == [
        t("render.reason.stock_out", "ar")
    ]
    # Hindi marks who made the last move.
    view = samples.midgame("hand")
    assert caption(view, samples.NAMES[3], "hi")[0][:2] == ["Sara", "ने"]


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_run_fast_sheet_numbers_no_round(
    lang: str, drawn: list[tuple[str, int, str | None]]
) -> None:
    # Run Fast is one deal (बाज़ी): its sheet's heading says no "round 1".
    result, totals = samples.sample_result("runfast", 3)
    render_score_sheet(result, samples.NAMES[3], totals, "runfast", round_no=1, lang=lang)
    heading = t("render.sheet_round", lang, n=1)
    assert drawn and not any(heading in text for text, _, _ in drawn)


def test_an_arrow_before_words_points_at_them_in_a_right_to_left_line() -> None:
    # The hand's note "▶ raised: just drawn": in Arabic the arrow stands at the words' right,
    # so it is mirrored to point left, at them, not away from the line.
    def alpha(rtl: bool) -> Image.Image:
        return rich_line([Icon("arrow", WHITE)], 40, WHITE, rtl=rtl).getchannel("A")

    ltr, rtl = alpha(False), alpha(True)
    assert ImageChops.difference(ltr, rtl).getbbox() is not None
    mirrored = ltr.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    assert ImageChops.difference(mirrored, rtl).getbbox() is None


def test_run_fast_sheet_has_one_settlement_row_not_a_round_and_a_total() -> None:
    # Run Fast is one deal: "this round" and "game total" would say the same number twice.
    assert [key for key, _, _ in score._total_rows("runfast", 12, 12)] == ["render.settlement"]
    assert [key for key, _, _ in score._total_rows("hand", -30, 40)] == [
        "render.this_round",
        "render.game_total",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_computers_plate_keeps_its_role_as_a_members_does(
    lang: str, drawn: list[tuple[str, int, str | None]]
) -> None:
    # A Hand seat that has not opened says so on a computer's plate too: the computer's mark
    # follows its name, where "computer" alone used to take the place of "not opened".
    view = replace(samples.midgame("hand"), opened=(False, False, False))
    names = [t(f"computer.name.{k}", lang) for k in (1, 2, 3)]  # computers' own short names
    render_table(view, names, computers={0, 1, 2}, lang=lang)
    cpu = t("render.computer", lang)
    assert any(text == cpu for text, _, _ in drawn)
    assert not any(cpu in text and " · " in text for text, _, _ in drawn), drawn
