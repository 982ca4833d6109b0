"""Arabic in a terminal: isolated left-to-right pieces in logical order (for a terminal that
runs the bidi algorithm), or shaped and reordered text (for one that doesn't)."""

from __future__ import annotations

import io
import os
import re
import unicodedata
from pathlib import Path

import pytest
from bidi import get_display

from bot.console.bidi import LRI, PDI, RLM, isolate, mode_for, shape, visual
from bot.console.cli import parser, run
from bot.console.progress import ENV
from bot.i18n import t

LINE = t("console.ev.threw_card", "ar", who=t("console.seat_cap", "ar", seat=1), card="9H")


@pytest.fixture(autouse=True)
def own_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lesson progress in a folder of the test's own: a skipped step is kept, and a lesson
    resumed from the user's progress would not show the step a test reads."""
    monkeypatch.setenv(ENV, str(tmp_path))


def test_every_left_to_right_piece_is_isolated() -> None:
    assert LINE == "المقعد 1: رمي 9H."
    out = isolate(LINE)
    assert out == f"{RLM}المقعد {LRI}1{PDI}: رمي {LRI}9H{PDI}."
    # Colour codes pass through, and the card inside them is isolated.
    painted = isolate("رمي \x1b[31m9H\x1b[0m.")
    assert painted == f"{RLM}رمي \x1b[31m{LRI}9H{PDI}\x1b[0m."
    assert isolate("  --save PATH, help") == f"{RLM}  {LRI}--save PATH{PDI}, {LRI}help{PDI}"
    # A command of several words is one piece, spaces and all; a number alone stays alone.
    assert isolate("اكتب discard KD الآن") == f"{RLM}اكتب {LRI}discard KD{PDI} الآن"
    assert isolate("المقعد 1 7H 8H") == f"{RLM}المقعد {LRI}1{PDI} {LRI}7H 8H{PDI}"
    # A lay's melds, bar and all; a bar after an Arabic word is the sentence's own.
    assert isolate("مثل «lay 3H 4H 5H | 9C 10C JC».") == (
        f"{RLM}مثل «{LRI}lay 3H 4H 5H | 9C 10C JC{PDI}»."
    )
    assert isolate("بـ | add 3 10H") == f"{RLM}بـ | {LRI}add 3 10H{PDI}"
    # Coloured cards in a row are one piece too, their colours inside it.
    painted = isolate("نزول \x1b[31m7H\x1b[0m \x1b[31m8H\x1b[0m.")
    assert painted == f"{RLM}نزول \x1b[31m{LRI}7H\x1b[0m \x1b[31m8H{PDI}\x1b[0m."


def test_cards_worded_for_discord_are_isolated_once() -> None:
    # bot.i18n marks a card for Discord's text; the terminal isolates it itself, once.
    line = t("runfast.not_held", "ar", cards="5♣ 6♣ 7♣")
    assert "\u200e" in line
    assert isolate(line) == f"{RLM}ليس في يدك {LRI}5♣ 6♣ 7♣{PDI}."
    assert "5♣ 6♣ 7♣" in re.sub("[\u200f\u2066-\u2069]", "", get_display(isolate(line)))


def test_a_bidi_terminal_keeps_each_piece_whole_and_in_the_lines_order() -> None:
    # What a terminal that runs the algorithm shows (python-bidi, the same algorithm), read
    # from the left: the cards left to right as the pictures show them, the seat number, the
    # seat, the verb - each piece whole.
    shown = get_display(isolate("رمي المقعد 1 10H 5♦."))
    shown = re.sub("[\u200e\u200f\u2066-\u2069]", "", shown)
    assert re.fullmatch(r"\.10H 5♦ 1 دعقملا يمر", shown), shown
    # English commands read in order inside Arabic: "discard KD", not "KD discard".
    for line, command in (
        ("اكتب discard KD الآن", "discard KD"),
        ("مثل meld 7H 8H 9H", "meld 7H 8H 9H"),
    ):
        shown = re.sub("[\u200e\u200f\u2066-\u2069]", "", get_display(isolate(line)))
        assert command in shown, shown
    # Without the isolates the card's digit and its suit come apart.
    assert "5♦" not in re.sub("[\u200f]", "", get_display("رمي المقعد 1 10H 5♦.", base_dir="R"))


def test_visual_lines_are_shaped_and_in_display_order() -> None:
    assert shape("لاعب") == "\ufefb\ufecb\ufe90"  # lam-alef, ain (initial), beh (final)
    assert shape("سارة") == "\ufeb3\ufe8e\ufead\ufe93"
    out = visual(LINE)
    assert out == ".9H \ufef2\ufee3\ufead :1 \ufeaa\ufecc\ufed8\ufee4\ufedf\ufe8d"
    assert not re.search("[\u2066-\u2069\u200f\x1b]", visual("\x1b[31m" + isolate(LINE)))


def test_the_console_prints_arabic_isolated_by_default_and_visual_on_request() -> None:
    assert mode_for("ar", None) == "isolate" and mode_for("nl", None) == "off"
    # tmux and screen do no bidi whatever the terminal around them does: visual there.
    assert mode_for("ar", None, {"TMUX": "/tmp/tmux-0/default,1,0"}) == "visual"
    assert mode_for("ar", None, {"TERM": "screen-256color"}) == "visual"
    assert mode_for("ar", None, {"STY": "1.pts-0"}) == "visual"
    assert mode_for("ar", None, {"TERM": "xterm-256color"}) == "isolate"
    assert mode_for("ar", "isolate", {"TMUX": "x"}) == "isolate"
    assert mode_for("nl", None, {"TMUX": "x"}) == "off"
    for mode, check in (
        (None, lambda line: line.startswith(RLM) and f"{LRI}3H{PDI}" in line),
        ("visual", lambda line: "3H" in line and "\ufeaa\ufecc\ufed8\ufee4\ufedf\ufe8d" in line),
    ):
        argv = ["runfast", "--lang", "ar", "--seed", "11", "--level", "simple"]
        args = parser("ar").parse_args([*argv, *(["--bidi", mode] if mode else [])])
        out = io.StringIO()
        run(args, io.StringIO("quit\n"), out)
        first = next(ln for ln in out.getvalue().splitlines() if "3H" in ln)
        assert check(first), (mode, first)
        # Chosen by default, the logical order comes with what to type where it reads wrong.
        hint = "--bidi visual" in out.getvalue().splitlines()[0]
        assert hint == (mode is None), (mode, out.getvalue().splitlines()[0])


def test_the_help_says_moves_are_typed_in_english() -> None:
    # The slash commands are translated, so the terminal's help no longer points at them; nor
    # does it give "draw" as its example, which Run Fast has no move for.
    for lang, english in (("ar", "بالإنجليزية"), ("hi", "अंग्रेज़ी"), ("nl", "Engels")):
        title = t("console.help.moves_title", lang)
        assert english in title and "draw" not in title and "/" not in title, title


ISOLATES = re.compile("[\u200e\u200f\u2066-\u2069]")


def console_output(argv: list[str], typed: str, columns: int | None = None) -> str:
    """What the console prints for ``argv`` when ``typed`` is typed, its terminal ``columns``
    wide (as shutil reads it from COLUMNS)."""
    old = os.environ.get("COLUMNS")
    if columns:
        os.environ["COLUMNS"] = str(columns)
    try:
        out = io.StringIO()
        run(parser("ar").parse_args(argv), io.StringIO(typed), out)
        return out.getvalue()
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def rules_of(game: str, lang: str = "ar", *extra: str) -> str:
    argv = [game, "--lang", lang, "--seed", "5", "--level", "simple", "--no-color", *extra]
    return console_output(argv, "rules\nquit\n")


def test_a_negative_number_keeps_its_sign_before_the_digits() -> None:
    # Hand's rules: the one who goes out scores −30. The sign is isolated with its digits, so
    # a terminal running the algorithm shows «−30», not «30−».
    out = rules_of("hand", "ar", "--bidi", "isolate")
    line = next(ln for ln in out.splitlines() if "30" in ln and "−" in ln)
    assert f"{LRI}−30{PDI}" in line, line
    shown = ISOLATES.sub("", get_display(line))
    assert "−30" in shown and "30−" not in shown, shown
    assert isolate("المجموع −30، ثم +11") == f"{RLM}المجموع {LRI}−30{PDI}، ثم {LRI}+11{PDI}"


def test_a_row_of_cards_with_a_joker_is_one_piece() -> None:
    # The Hand lesson's hints name the joker as chat does, 🃏, printed JK in plain text: the
    # row «7♥ 7♠ 🃏», printed «7H 7S JK», is one left-to-right piece, not «JK 7H 7S».
    hints = "hint\nhint\nhint\nskip\n" * 5 + "quit\n"
    argv = ["--lesson", "hand", "--lang", "ar", "--bidi", "isolate", "--no-color"]
    out = console_output(argv, hints)
    assert f"{LRI}7H 7S JK{PDI}" in out
    assert f"{PDI} JK" not in out
    for line in (ln for ln in out.splitlines() if "7H 7S JK" in ln):
        assert "7H 7S JK" in ISOLATES.sub("", get_display(line)), line


def test_a_row_of_ranks_is_one_piece() -> None:
    # Run Fast's rules: the highest straight, consecutive pairs, the order of ranks.
    out = rules_of("runfast", "ar", "--bidi", "isolate")
    for run_ in ("10 J Q K A", "5 5 6 6", "2 A K Q J 10 9 8 7 6 5 4 3"):
        assert f"{LRI}{run_}{PDI}" in out, run_
        line = next(ln for ln in out.splitlines() if run_ in ln)
        assert run_ in ISOLATES.sub("", get_display(line)), line
    # Two bare numbers side by side may be two things: they stay two pieces.
    assert isolate("المقعد 2 10 نقاط") == f"{RLM}المقعد {LRI}2{PDI} {LRI}10{PDI} نقاط"


def test_a_visual_line_is_cut_to_the_terminal_and_reads_top_down() -> None:
    # In a terminal without bidi a long line, reordered whole, wrapped with its end on the
    # first row. Cut to the width first, each row reads on from the one above, set right.
    out = rules_of("runfast", "ar", "--bidi", "visual")
    wide = console_output(
        ["runfast", "--lang", "ar", "--seed", "5", "--bidi", "visual"], "rules\nquit\n", 60
    )
    rows = wide.splitlines()
    # Not the rows a prompt begins: the terminal would show the typed word there, and a new row.
    prompt = visual(t("console.prompt", "ar", seat=0))
    assert max(cells(row) for row in rows if prompt not in row) < 60
    # The bombs' paragraph: its first words on its first row, its last word on a row below,
    # the paragraph's short last row set against the right edge.
    top = next(i for i, row in enumerate(rows) if _reads(row, "القنابل. أربع أوراق"))
    bottom = next(i for i, row in enumerate(rows) if i > top and _reads(row, "أخرى."))
    assert 0 < bottom - top < 6, (top, bottom)
    assert rows[bottom].startswith("      ") and not rows[bottom].endswith(" "), rows[bottom]
    assert len(out.splitlines()) < len(rows)  # 80 columns by default: fewer rows than at 60


def cells(row: str) -> int:
    """The terminal cells a row takes: a mark on a letter (a haraka) none."""
    return sum(not unicodedata.combining(ch) for ch in row)


def _reads(row: str, logical: str) -> bool:
    """Whether ``row``, a visual row, holds the shaped ``logical`` words."""
    return get_display(shape(logical), base_dir="R") in row


def test_the_rules_print_without_markdown_marks() -> None:
    # `rules` prints the same page as /rules, in the terminal without ** and backticks.
    for lang in ("en", "ar"):
        for game in ("mor", "runfast"):
            out = rules_of(game, lang, "--bidi", "off")
            assert "**" not in out and "`" not in out and "<!--" not in out, (lang, game)
            assert "\n• " in out
    assert "Players and cards. Three players" in rules_of("runfast", "en")
    assert "(10 J Q K A is the highest);" in rules_of("runfast", "en")
