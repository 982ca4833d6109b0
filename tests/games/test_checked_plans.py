"""``apply`` reuses the plan of a move ``check`` made a moment before (a computer player's move
comes from ``legal_moves``), and never a plan made before the state changed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import choose_move
from bot.games.base import Discard, IllegalMove, Meld
from bot.games.cards import parse_cards
from bot.games.mor import Mor
from bot.games.registry import new_game

RUMMIES = ("mor", "more3", "hand")
OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4, "length": "quick"}}


def _mor_after_the_draw() -> Mor:
    """Seat 0 has drawn and holds a run to lay, 5H 6H 7H, and two loose cards."""
    return Mor.from_table_file(
        {
            "game": "mor",
            "position": {
                "hands": [["5H", "6H", "7H", "KD", "9C"], ["3S"], ["4S"], ["5S"]],
                "discard": ["QC"],
                "turn": 0,
                "phase": "play",
            },
        }
    )


@pytest.mark.parametrize("game", RUMMIES)
def test_a_round_played_on_checked_plans_ends_as_one_played_on_fresh_ones(game: str) -> None:
    checked = new_game(game, OPTIONS.get(game, {}), 11)
    played = []
    n = 0
    while not checked.round_over:
        seat = checked.turn
        legal = checked.legal_moves(seat)  # checks every move: apply takes the plan from here
        move = choose_move(checked.view(seat), legal, "normal", random.Random(n))
        checked.apply(seat, move)
        played.append((seat, move))
        n += 1
    fresh = new_game(game, OPTIONS.get(game, {}), 11)
    for seat, move in played:
        fresh.apply(seat, move)  # nothing checked before: each plan made by apply itself
    assert fresh.to_json() == checked.to_json()


def test_a_plan_made_before_a_move_is_not_applied_after_it() -> None:
    engine = _mor_after_the_draw()
    run = Meld(tuple(parse_cards(["5H", "6H", "7H"])))
    throw = Discard(parse_cards(["5H"])[0])
    assert engine.can(0, run) and engine.can(0, throw)
    engine.apply(0, run)
    with pytest.raises(IllegalMove):
        engine.apply(0, throw)  # the 5H is on the table now, whatever was checked before
    assert engine.check(0, throw) is not None


def test_a_move_built_with_lists_is_checked_and_applied_as_any_other() -> None:
    # Code may build a move with a list where a tuple belongs; it cannot be kept as a plan's key,
    # so it is checked again when applied, and junk still gets its one sentence.
    engine = _mor_after_the_draw()
    assert engine.can(0, Discard(parse_cards(["KD"])[0]))  # a plan kept: the junk meets it
    assert engine.check(0, Discard([1])) is not None  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        engine.apply(0, Discard([1]))  # type: ignore[arg-type]
    run = Meld(parse_cards(["5H", "6H", "7H"]))  # type: ignore[arg-type]
    assert engine.can(0, run)
    engine.apply(0, run)
    assert len(engine.hands[0]) == 2
