"""The fourth fresh Mor newcomer's read: a take's reason that named a meld of pile cards alone,
a take against the pile's numbers with no word of why, the review's two cards, and the
hand's notation beside the hints'."""

from __future__ import annotations

from typing import Any

from bot.games.base import Count, Take
from bot.games.cards import Reason
from bot.games.registry import engine_class
from bot.learning.hints import hint_for
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def _mor(position: dict[str, Any], phase: str = "play") -> Any:
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 4, "length": "full"},
            "dealer": 3,
            "position": {"turn": 0, "phase": phase, **position},
        }
    )


def _pile_only_table() -> Any:
    # 7♦ 8♦ 9♦ 10♦ all lie in the pile: a meld of them alone doesn't let the team take it
    # (RULES.md §1); 10♠ onto the team's 7♠ 8♠ 9♠ does.
    return _mor(
        {
            "hands": [["4C", "KH", "QC", "5H"], ["AH", "AS", "7C"], ["3C", "QD"], ["9D"]],
            "discard": ["10D", "8D", "9D", "7D", "10S"],
            "melds": [{"seat": 2, "cards": ["7S", "8S", "9S"]}],
        },
        phase="draw",
    )


def test_a_take_names_a_use_the_rules_count_for_it() -> None:
    # Finding 1: "7♦ makes a meld with 8♦ 9♦ 10♦" as the take's reason, all four from the pile.
    engine = _pile_only_table()
    h = hint_for(engine, 0, Take())
    then = h.params["then"]
    assert then.key == "hint_then_lay_onto", then
    assert then.params["card"] == "10♠"
    assert check.check_reason(engine, 0, h.move, h.key, h.params) == []


def test_the_checks_reject_a_meld_of_pile_cards_alone_as_a_take_s_reason() -> None:
    engine = _pile_only_table()
    rule = engine.check(0, Take())
    assert rule is None
    old = Reason("hint_then_lay_with", {"card": "7♦", "partners": "8♦ 9♦ 10♦"})
    h = hint_for(engine, 0, Take())
    params = {"count": Count("n_cards", 5), "rule": h.params["rule"], "then": old}
    found = check.check_reason(engine, 0, Take(), "hint_take_then", params)
    assert any("pile cards alone" in f for f in found), found
    found = check.check_clue(
        engine, 0, "hint_clue_pile_with", {"card": "7♦", "partners": "8♦ 9♦ 10♦"}, Take()
    )
    assert any("pile cards alone" in f for f in found), found
