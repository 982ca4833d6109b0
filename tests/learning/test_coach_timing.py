"""Issue 61: the guided coach says a Mor rule before the first stop where it matters, whatever
the member plays (a rule said only after it came up teaches nothing)."""

from __future__ import annotations

import random

import pytest

from bot import ai
from bot.games.base import Add, Lay, Meld, Move
from bot.learning.lessons import guided


def lays_a_wild(move: Move) -> bool:
    if isinstance(move, Lay):
        cards = [c for m in move.melds for c in m] + [c for a in move.adds for c in a.cards]
    elif isinstance(move, Meld | Add):
        cards = list(move.cards)
    else:
        return False
    return any(c.is_joker or c.rank == 2 for c in cards)


def matters(rule: str, view: guided.View, legal: list[Move]) -> bool:
    """Does ``rule`` matter at this stop: the move made here can turn on it?"""
    if rule == "wild_place":
        return any(lays_a_wild(m) for m in legal)
    if rule == "stock":
        return 0 <= view.stock_count <= view.n_seats  # the last round of turns
    if rule == "mor":
        side = view.sides[view.seat]
        return not view.side_taken[side] and 0 < len(view.hand) <= 3
    raise AssertionError(rule)


@pytest.mark.parametrize("seed", range(6))
def test_mor_rules_are_said_before_the_stop_where_they_matter(seed: int) -> None:
    # A member who plays the coach's move half the time and any legal move otherwise.
    engine = guided.guided_game("mor")
    coach = guided.Coach("mor")
    member = random.Random(seed)
    others = random.Random(f"others:{seed}")
    checked: set[str] = set()
    while not engine.round_over:
        seat = engine.turn
        legal = engine.legal_moves(seat)
        if seat != guided.MEMBER:
            engine.apply(seat, ai.choose_move(engine.view(seat), legal, guided.COACH_LEVEL, others))
            continue
        stop = coach.stop(engine)
        view = engine.view(seat)
        for rule in ("wild_place", "stock", "mor"):
            if matters(rule, view, legal):
                assert rule in coach.explained, (rule, len(engine.record["moves"]))
                checked.add(rule)
        move = (
            stop.move if member.random() < 0.5 and stop.move is not None else member.choice(legal)
        )
        engine.apply(seat, move)


def mor_table(hand: list[str], stock: int | None = None) -> guided.Engine:
    from bot.games.mor import Mor

    position: dict[str, object] = {
        "hands": [hand, ["5D", "6D", "QS"], ["8D", "9C", "JD"], ["4D", "10S", "KH"]],
        "turn": 0,
        "phase": "play",
        "discard": ["6S"],
    }
    engine = Mor.from_table_file(
        {"game": "mor", "options": {"players": 4}, "dealer": 3, "position": position}
    )
    if stock is not None:
        del engine.stock[stock:]
    return engine


def test_a_wild_the_member_can_lay_now_is_explained_at_this_stop() -> None:
    # Melds, aces and wilds were all due here; the few-at-a-time limit once left the wild's
    # place for a later stop, after the member had typed the wild.
    engine = mor_table(["JK", "5H", "6H", "9C", "KD"])
    legal = engine.legal_moves(0)
    assert any(lays_a_wild(m) for m in legal)
    said = guided.notes_now("mor", engine.view(0), legal, frozenset({"goal", "values", "turn"}))
    assert {"wilds", "wild_place"} <= {n.rule for n in said}


def test_the_stock_running_out_is_explained_before_the_last_round_of_turns() -> None:
    engine = mor_table(["JK", "5H", "6H", "9C", "KD"], stock=5)
    legal = engine.legal_moves(0)
    said = guided.notes_now("mor", engine.view(0), legal, frozenset({"goal", "values", "turn"}))
    assert "stock" in {n.rule for n in said}
