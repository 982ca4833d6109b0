"""More's normal player takes the pile as its role calls for: the Pair leaves a big pile late in
the stock (it alone would pay for the cards left in its hand), the Solo takes it whenever it may.
hard's Solo holds back: it keeps its runs in hand until one is a biriba and melds a pile it took
with the fewest cards."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from bot.ai import Chooser
from bot.ai.more3 import LATE_STOCK, choose_hard, choose_normal
from bot.ai.rummy import laid_cards
from bot.games.base import Discard, Draw, Meld, Move, Take
from bot.games.cards import parse_cards
from bot.games.more3 import More3
from bot.games.registry import replay
from tests.ai.more3_tables import more3_play, more3_table

# Odd cards under the 7H that melds with 5H 6H: a big pile, most of it dead weight in the hand.
PILE = ["3S", "8C", "JD", "10S", "4C", "9D", "KC", "3D", "4S", "8D", "9S", "10C"]


def _at_big_pile(solo: int) -> More3:
    """Seat 0 to draw with 5H 6H in hand and 7H on top of a pile of thirteen."""
    return more3_table("5H 6H 9C KD", [*PILE, "7H"], solo, "draw")


def _choice_at_big_pile(solo: int, stock_count: int, chooser: Chooser = choose_normal) -> Move:
    """Seat 0's draw at ``_at_big_pile``, ``stock_count`` cards left in the stock (a table file
    puts every unplaced card there, so the view says fewer)."""
    engine = _at_big_pile(solo)
    legal = engine.legal_moves(0)
    assert any(isinstance(m, Take) for m in legal)
    view = dataclasses.replace(engine.view(0), stock_count=stock_count)
    return chooser(view, legal, random.Random(0))


@pytest.mark.parametrize(("solo", "expected"), [(0, Take), (1, Draw)])
def test_late_in_the_stock_only_the_solo_takes_a_big_pile(solo: int, expected: type) -> None:
    assert isinstance(_choice_at_big_pile(solo, stock_count=LATE_STOCK), expected)


@pytest.mark.parametrize("solo", [0, 1])
def test_early_in_the_stock_both_roles_take_it(solo: int) -> None:
    assert isinstance(_choice_at_big_pile(solo, stock_count=LATE_STOCK + 1), Take)


def test_hard_does_not_search_the_solos_take() -> None:
    # A table file from seeded play, stopped where hard's playouts, which stop a round of turns on
    # and count the pile as cards left in hand, turned the Solo's take into a draw.
    engine = replay(json.loads((Path(__file__).parent / "more3_solo_take.json").read_text()))
    seat = engine.turn
    view, legal = engine.view(seat), engine.legal_moves(seat)
    assert view.solo == seat and view.phase == "draw"
    assert isinstance(choose_normal(view, legal, random.Random(0)), Take)
    assert isinstance(choose_hard(view, legal, random.Random(0)), Take)


def test_hards_solo_keeps_its_run_in_hand() -> None:
    # normal lays the 5-7 of hearts; hard's Solo keeps it, so that a 4 or 8 of hearts thrown by
    # the Pair takes the pile, and throws (what the search then picks among its throws).
    engine = more3_play("5H 6H 7H 9C KD 3S", solo=0)
    legal, view = engine.legal_moves(0), engine.view(0)
    run = Meld(tuple(parse_cards("5H 6H 7H")))
    assert choose_normal(view, legal, random.Random(0)) == run
    assert isinstance(choose_hard(view, legal, random.Random(0)), Discard)


def test_hard_in_the_pair_lays_its_run() -> None:
    engine = more3_play("5H 6H 7H 9C KD 3S", solo=1)
    run = Meld(tuple(parse_cards("5H 6H 7H")))
    assert choose_hard(engine.view(0), engine.legal_moves(0), random.Random(0)) == run


def test_hards_solo_lays_a_biriba() -> None:
    engine = more3_play("3H 4H 5H 6H 7H 8H 9H KD 3S", solo=0)
    move = choose_hard(engine.view(0), engine.legal_moves(0), random.Random(0))
    assert move == Meld(tuple(parse_cards("3H 4H 5H 6H 7H 8H 9H")))


def _after_the_take(solo: int) -> tuple[More3, Move, Move]:
    """``_at_big_pile`` once seat 0 took the pile, with normal's and hard's next move."""
    engine = _at_big_pile(solo)
    engine.apply(0, Take())
    view, legal = engine.view(0), engine.legal_moves(0)
    return (
        engine,
        choose_normal(view, legal, random.Random(0)),
        choose_hard(view, legal, random.Random(0)),
    )


def test_hards_solo_melds_the_pile_it_took_with_the_fewest_cards() -> None:
    # The take is allowed only because the top card is melded this turn, so the Solo that keeps
    # its runs still lays one with it; normal lays the most cards that meld the 7H, hard's Solo
    # the fewest, keeping the cards that came with the pile to meld the next top card with
    # (README, "More's Solo holds back").
    engine, normal, hard = _after_the_take(solo=0)
    seven = parse_cards("7H")[0]
    assert engine.check(0, normal) is None and engine.check(0, hard) is None
    assert seven in laid_cards(normal) and seven in laid_cards(hard)
    assert sorted(laid_cards(hard)) == parse_cards("5H 6H 7H")
    assert len(laid_cards(normal)) > len(laid_cards(hard))


def test_hard_in_the_pair_melds_the_pile_it_took_as_normal_does() -> None:
    _, normal, hard = _after_the_take(solo=1)
    assert hard == normal
