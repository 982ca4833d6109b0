"""A move's written form, as a hint prints it for typing, is the same move (issue 61).

The hint said "Lay 6♠ 7♠ 2♦ … (type: meld 2D 6S 7S)", and typed that laid the 2♦ as the 5♠, not
the 8♠: the written form put the 2 first, and the listing order places a wild. Every legal move
of many positions in every game, written as ``in_order`` tidies it and read back, must do what
the move does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import choose_move
from bot.games.base import Add, Lay, Meld
from bot.games.cards import Card
from bot.games.notation import in_order, move_text, parse_move
from bot.games.registry import new_game

GAMES = ("mor", "more3", "hand", "runfast")
OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4}}


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def _after(engine: Any, seat: int, move: Any) -> dict[str, Any]:
    twin = type(engine).from_json(engine.to_json())
    twin.apply(seat, move)
    state = twin.to_json()
    state.pop("moves")  # the record holds the move as it came
    for m in state.get("melds", []):
        if m["meld"]["kind"] == "set":  # a set's cards in any order are the same set
            m["meld"]["cards"] = sorted(m["meld"]["cards"])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_written_out_reads_back_as_the_same_move(game: str) -> None:
    tried = 0
    for seed in range(3):
        engine = new_game(game, OPTIONS.get(game, {}), seed)
        n = 0
        while not engine.round_over:
            seat = engine.turn
            legal = engine.legal_moves(seat)
            if n % 2 == 0:
                for move in legal:
                    typed = parse_move(move_text(in_order(move)))
                    assert _after(engine, seat, typed) == _after(engine, seat, move), (
                        move_text(move),
                        move_text(in_order(move)),
                    )
                    tried += 1
            engine.apply(seat, choose_move(engine.view(seat), legal, "normal", random.Random(n)))
            n += 1
    assert tried > 100


def test_a_wild_keeps_its_place_when_a_meld_is_written_out() -> None:
    # 6S 7S 2D lays the 2D as the 8S; 2D 6S 7S would lay it as the 5S.
    assert move_text(in_order(Meld(_cards("6S 7S 2D")))) == "meld 6S 7S 2D"
    assert move_text(in_order(Meld(_cards("JK 5H 6H")))) == "meld JK 5H 6H"
    # Unordered cards are shown as the meld lies on the table when tidying would move a wild.
    assert move_text(in_order(Meld(_cards("7S 2D 6S")))) == "meld 6S 7S 2D"
    lay = Lay(melds=(_cards("9D 10D 2D QD"), _cards("10C 7C 9C 8C")))
    assert move_text(in_order(lay)) == "lay 9D 10D 2D QD | 7C 8C 9C 10C"
    # What a meld takes on may go at either end: added cards stay as they came.
    assert in_order(Add(3, _cards("KS AS"))) == Add(3, _cards("KS AS"))


def test_the_hinted_meld_of_more_seed_8_types_as_itself() -> None:
    """The position of the report: ``more3 --seed 8``, the first seat to play draws."""
    engine = new_game("more3", {}, 8)
    seat = engine.turn
    engine.apply(seat, next(m for m in engine.legal_moves(seat) if m.do == "draw"))
    melds = [m for m in engine.legal_moves(seat) if isinstance(m, Meld) and m.cards[-1].rank == 2]
    assert melds
    for move in melds:
        typed = parse_move(move_text(in_order(move)))
        assert _after(engine, seat, typed) == _after(engine, seat, move)
