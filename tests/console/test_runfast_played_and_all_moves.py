"""The third Run Fast newcomer's terminal findings: ``moves`` cut the list off with "(and 14
more)" and no way to see the rest, and no word showed the cards played so far, which the hints
count."""

from __future__ import annotations

import os

from bot.games.cards import parse_cards
from bot.games.runfast_combos import power
from bot.i18n import t
from tests.console.test_terminal_bidi import console_output

ARGV = ["runfast", "--lang", "en", "--seed", "13", "--level", "normal", "--no-color"]
# Seed 13: the member leads, then takes the trick with A♣ and leads again.
OPENING = "play 4C 4H\npass\npass\nplay AC\n"


def test_moves_all_lists_every_legal_move(tmp_path) -> None:
    os.environ["DIWANIYA_STATE_DIR"] = str(tmp_path)
    out = console_output(ARGV, OPENING + "moves\nmoves all\nquit\n")
    assert t("console.moves_all_tip") in out
    lines = [ln for ln in out.splitlines() if t("console.some_moves", moves="")[:-1] in ln]
    cut, every = lines[-2], lines[-1]
    assert "more)" in cut and "more)" not in every
    # Every legal move is in the long list, and only those.
    assert every.count("; ") + 1 > cut.count("; ") + 1 + 14


def test_played_lists_the_cards_played_so_far_and_the_unseen_count(tmp_path) -> None:
    os.environ["DIWANIYA_STATE_DIR"] = str(tmp_path)
    out = console_output(ARGV, OPENING + "played\nquit\n")
    line = next(ln for ln in out.splitlines() if "Played so far" in ln)
    shown = parse_cards(line.split(": ")[1].split(".")[0])
    assert set(parse_cards("4C 4H AC")) <= set(shown)
    assert len(shown) == len(set(shown))
    powers = [power(c) for c in shown]
    assert powers == sorted(powers, reverse=True)  # high to low
    hand = 16 - 3  # the member's 4♣ 4♥ and A♣ are out
    assert line.endswith(f": {48 - len(shown) - hand}.")
    assert "played" in console_output(ARGV, "help\nquit\n")
