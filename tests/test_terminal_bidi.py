"""Arabic in a terminal: isolated left-to-right pieces in logical order (for a terminal that
runs the bidi algorithm), or shaped and reordered text (for one that doesn't)."""

from __future__ import annotations

import io
import re

from bidi import get_display

from bot.console.bidi import LRI, PDI, RLM, isolate, mode_for, shape, visual
from bot.console.cli import parser, run
from bot.i18n import t

LINE = t("console.ev.threw_card", "ar", who=t("console.seat_cap", "ar", seat=1), card="9H")


def test_every_left_to_right_piece_is_isolated() -> None:
    assert LINE == "المقعد 1: رمي 9H."
    out = isolate(LINE)
    assert out == f"{RLM}المقعد {LRI}1{PDI}: رمي {LRI}9H{PDI}."
    # Colour codes pass through, and the card inside them is isolated.
    painted = isolate("رمي \x1b[31m9H\x1b[0m.")
    assert painted == f"{RLM}رمي \x1b[31m{LRI}9H{PDI}\x1b[0m."
    assert (
        isolate("  --save PATH, help") == f"{RLM}  {LRI}--save{PDI} {LRI}PATH{PDI}, {LRI}help{PDI}"
    )


def test_a_bidi_terminal_keeps_each_piece_whole_and_in_the_lines_order() -> None:
    # What a terminal that runs the algorithm shows (python-bidi, the same algorithm), read
    # from the left: the card, the verb, the seat number, the seat - each piece whole.
    shown = get_display(isolate("رمي المقعد 1 10H 5♦."))
    shown = re.sub("[\u200e\u200f\u2066-\u2069]", "", shown)
    assert re.fullmatch(r"\.5♦ 10H 1 دعقملا يمر", shown), shown
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
