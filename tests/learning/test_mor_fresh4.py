"""The fourth fresh Mor newcomer's read: a take's reason that named a meld of pile cards alone,
a take against the pile's numbers with no word of why, the review's two cards, and the
hand's notation beside the hints'."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from bot.games.base import Count, Discard, Take
from bot.games.cards import Card, Reason
from bot.games.notation import parse_move
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES, t
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


# The fourth newcomer's seed 11 game: every third decision against the hint (their move file).
SEED11_MOVES = [
    "draw",
    "meld 7C 8C 9C",
    "discard 4S",
    "take",
    "meld 10H JH QH",
    "discard 10S",
    "draw",
    "add 6 7H",
    "add 6 6H",
    "discard JD",
    "draw",
    "add 5 KH",
    "add 5 AH",
    "discard 10S",
    "draw",
    "discard AD",
    "draw",
    "add 6 2S",
    "discard 3C",
    "draw",
    "discard 9D",
    "draw",
    "discard 3D",
    "draw",
    "add 3 2H",
    "add 4 8S",
    "add 4 5S 2C",
    "add 5 9H 2D",
    "discard QS",
    "draw",
    "add 4 JS",
    "discard 4S",
    "draw",
    "add 6 JH",
    "discard 8S",
    "draw",
    "discard 9D",
    "",
    "meld 4H JK 6H",
    "discard AS",
    "draw",
    "add 1 8H",
    "add 3 4S",
    "discard 9D",
    "draw",
    "discard 7S",
    "draw",
    "discard JS",
    "draw",
    "meld QC KC AC",
    "discard 5D",
    "draw",
    "discard QD",
    "draw",
    "discard 8S",
    "take",
    "meld QD KD AD",
    "meld 5D 6D 7D",
    "discard JH",
    "take",
    "add 3 7S",
    "add 3 8S",
    "discard KS",
    "draw",
    "add 6 5C",
    "discard JH",
    "draw",
    "meld 3D 3D 3C",
    "discard 8C",
    "draw",
    "add 1 3H",
    "discard 4S",
]


def _console(args: list[str], moves: list[str], state: Any) -> str:
    env = {**os.environ, "DIWANIYA_STATE_DIR": str(state)}
    return subprocess.run(
        [sys.executable, "-m", "bot.console", *args],
        input="\n".join(moves) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    ).stdout


def test_the_review_names_one_card_as_the_better_throw_and_why_yours_was_not(
    tmp_path: Any,
) -> None:
    # Finding 3: "The hard computer player's move: discard 8H" beside "a rule of thumb …:
    # Throw 4♠", and nothing on the A♠ thrown from beside the A♣.
    args = ["mor", "--seed", "11", "--length", "quick", "--no-color"]
    out = _console(args, [*SEED11_MOVES, "review"], tmp_path)
    lines = out.splitlines()
    at = lines.index("Your move: discard AS")
    better, why = lines[at + 1], lines[at + 2]
    assert better == "The hard computer player's move: discard 4S", better
    assert "Throw 4S" in why and "AS went with AC" in why, why


def test_a_throw_s_partners_are_not_said_to_be_the_only_ones_beside_a_card_two_short() -> None:
    # Finding 5: "Throw 7♥: only 9♥ goes with it" while the 10♥ held makes 7♥ 8♥ 9♥ 10♥ too.
    engine = _mor(
        {
            "hands": [["7H", "9H", "9H", "10H", "4D", "4D", "5D"], ["AH", "AS"], ["3C"], ["9D"]],
            "melds": [{"seat": 0, "cards": ["4S", "5S", "6S"]}],
        }
    )
    move = Discard(Card.parse("7H"))
    h = hint_for(engine, 0, move)
    assert h.key == "mor.hint_throw_few_far", h.key
    assert h.params["far"] == "10♥"
    assert check.check_reason(engine, 0, move, h.key, h.params) == []
    old = {"card": "7♥", "partners": "9♥"}
    assert check.check_reason(engine, 0, move, "hint_throw_few_one", old)
    for lang in LANGUAGES:
        said = t(h.key, lang, **h.params)
        assert "9♥" in said and "10♥" in said, said


def test_without_colour_hints_write_cards_as_the_hand_does(tmp_path: Any) -> None:
    # Finding 5: the hand read "3S 3H", the hints "3♠ 3♥".
    args = ["mor", "--seed", "11", "--length", "quick", "--no-color"]
    out = _console(args, ["hint", "hint", "hint", "quit"], tmp_path)
    hints = [line for line in out.splitlines() if "Hint:" in line]
    assert hints, out
    assert not any(sign in line for line in hints for sign in "♠♥♦♣"), hints
    assert "(type: " in hints[-1]


def test_a_take_against_the_pile_s_numbers_says_the_project_it_makes() -> None:
    # Finding 2: a draw's "less than half goes down" one turn, a take of such a pile two turns
    # later with no word of the 200 it made.
    engine = _mor(
        {
            "hands": [["8C", "4H"], ["AH", "AS", "7C"], ["3C", "QD"], ["9D"]],
            "discard": ["KS", "KH", "QD", "JS", "9D", "6H", "9C", "10C"],
            "melds": [{"seat": 2, "cards": ["3C", "4C", "5C", "6C", "7C"]}],
        },
        phase="draw",
    )
    h = hint_for(engine, 0, Take())
    assert h.key == "mor.hint_take_then_project", h.key
    assert h.params["project"] == 200
    assert check.check_reason(engine, 0, h.move, h.key, h.params) == []
    wrong = {**h.params, "project": 300}
    assert check.check_reason(engine, 0, h.move, h.key, wrong)
    for lang in LANGUAGES:
        assert "200" in t(h.key, lang, **h.params)


def test_a_lay_s_reason_says_what_the_meld_is_on_its_way_to() -> None:
    # Finding 4: "Lay 4♥ 5♥ 6♥ 7♥: laid cards count for you, and you keep 8 cards" said of
    # nearly every lay. The team's first meld opens the pile to it; a clean set or run grows
    # toward a 300 or a 200.
    hand = ["5S", "6S", "7S", "AH", "AD", "AC", "KD", "9H"]
    first = _mor({"hands": [hand, ["QH"], ["3C"], ["9D"]]})
    moves = {
        "first": parse_move("meld 5S 6S 7S"),
        "run": parse_move("meld 5S 6S 7S"),
        "set": parse_move("meld AH AD AC"),
    }
    team = _mor(
        {
            "hands": [hand, ["QH"], ["3C"], ["9D"]],
            "melds": [{"seat": 2, "cards": ["8C", "9C", "10C"]}],
        }
    )
    for name, engine, key in (
        ("first", first, "mor.hint_lay_first_meld"),
        ("run", team, "mor.hint_lay_clean_run"),
        ("set", team, "mor.hint_lay_clean_set"),
    ):
        h = hint_for(engine, 0, moves[name])
        assert h.key == key, (name, h.key)
        assert check.check_reason(engine, 0, h.move, h.key, h.params) == []
        # The other two words would be false here.
        for other in {
            "mor.hint_lay_first_meld",
            "mor.hint_lay_clean_run",
            "mor.hint_lay_clean_set",
        } - {key}:
            assert check.check_reason(engine, 0, h.move, other, h.params), (name, other)
