"""Mor's projects line and the near-close hint say what closing still needs (the second Mor
newcomer's findings 4 and 5): one source, the table's meter, and no ✓ read as "you may close"
while the team's Mor waits."""

from __future__ import annotations

import io
from typing import Any

from bot.console.table import Console
from bot.games.base import Discard
from bot.games.cards import parse_cards
from bot.games.registry import engine_class
from bot.i18n import t
from bot.learning.hints import hint_for
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")

RUNS = [
    {"seat": 0, "cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]},
    {"seat": 0, "cards": ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]},
]


def _mor(hand: str, melds: list[dict[str, Any]], **extra: Any) -> Any:
    position = {
        "hands": [hand.split(), ["KH", "KS", "4D"]],
        "discard": ["9C"],
        "turn": 0,
        "phase": "play",
        "melds": melds,
        **extra,
    }
    return engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 2, "length": "quick"}, "position": position}
    )


def _table(engine: Any) -> str:
    out = io.StringIO()
    Console(engine, 0, "normal", 0, io.StringIO(), out).show_table()
    return out.getvalue()


def test_the_tick_says_the_mor_is_still_to_take() -> None:
    # "projects, you: 200 + 200 + 100 + 100 ✓" with the Mor not yet taken: no closing yet.
    engine = _mor("QD KC 5C", RUNS)
    text = _table(engine)
    assert "200 + 200 ✓, but the Mor is still to take before closing" in text, text
    engine.mor_taken[0] = True
    text = _table(engine)
    assert "200 + 200 ✓" in text and "Mor is still to take" not in text, text


def test_the_near_close_hint_says_what_the_table_says() -> None:
    # Guided round: the table said "200, needs one more project"; the hint said "still needs a
    # 300 project, or a 200 and one more project".
    engine = _mor("QD KC 5C", RUNS[:1])
    engine.mor_taken[0] = True
    throw = Discard(parse_cards("5C")[0])
    given = hint_for(engine, 0, throw)
    text = given.text()
    table = _table(engine)
    assert "200, needs one more project" in table
    assert "(projects: 200, needs one more project)" in text, text
    assert check.check_reason(engine, 0, throw, given.key, given.params) == []
    # The old sentence, without the table's meter, is caught.
    near = given.params["near"]
    old = dict(given.params, near=type(near)(near.key, {"left": near.params["left"], "n": 2}))
    assert check.check_reason(engine, 0, throw, given.key, old)
    assert t("mor.meter.one_more", projects="200") in table


def _typed(engine: Any, lines: str) -> str:
    out = io.StringIO()
    Console(engine, 0, "normal", 0, io.StringIO(lines), out).play()
    return out.getvalue()


def test_a_set_of_tens_hears_which_ranks_make_sets() -> None:
    # `meld 10S 10S 3S` was refused as a bad run: "a run can't hold the same card twice".
    engine = _mor("10S 10S 3S 7D", [])
    text = _typed(engine, "meld 10S 10S 3S\nquit\n")
    assert "is not a meld: only sets of 3s or aces are allowed." in text, text
    assert "same card twice" not in text, text
    # A run with the same card twice, of a rank that makes sets, is still told as a run.
    engine = _mor("3S 3S 4S 7D", [])
    assert "same card twice" in _typed(engine, "meld 3S 3S 4S\nquit\n")


def test_help_lists_review_and_again_where_the_game_offers_them() -> None:
    # In-game `help` did not list `review` or `again`: the newcomer learnt of them at the end.
    engine = _mor("10S 10S 3S 7D", [])
    out = io.StringIO()
    Console(engine, 0, "normal", 0, io.StringIO("help\nquit\n"), out, review=0).play()
    text = out.getvalue()
    assert "  review      once the game is over: where the hard computer" in text, text
    assert "  again 12    once the game is over, after review: play on from your move 12" in text
    # A console that offers no review (a lesson's, a guided round's) doesn't list them.
    out = io.StringIO()
    Console(engine, 0, "normal", 0, io.StringIO("help\nquit\n"), out).play()
    assert "again 12" not in out.getvalue()
