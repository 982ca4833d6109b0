"""Hand's hard player: it finds every opening its hand holds, keeps high partial melds before it
opens, and throws the card whose loss costs the fewest melded cards after the next draw."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.ai.hand import (
    OUT_RISK,
    candidate_melds,
    choose_hard,
    choose_normal,
    most_melded,
    out_risk,
    plan_opening,
)
from bot.games.base import Discard, Draw, Lay, Meld, Take
from bot.games.cards import parse_cards
from bot.games.hand import Hand, meld_value
from bot.games.melds import HAND_MELDS, read_meld
from bot.games.registry import new_game

from .playout import decisions

# Four kings and J-Q of hearts: the engine's greedy listing tries the set of four (40) and the run
# J-Q-K of hearts (30), which share the king of hearts, so it lists no opening; three kings and
# the run make 60.
KINGS_AND_RUN = "KS KH KD KC JH QH 2C 6C 9C 4D 5D 7S 8S 3H"
# The same without the king of hearts, which the player then takes from the discard pile.
WANTS_KH = "KS KD KC JH QH 2C 6C 9C 4D 5D 7S 8S 3H"


def _at_play(hand: str, draw: str = "draw", discard: str = "2D", stock: str = "5C") -> Hand:
    """Seat 0, unopened, holding ``hand``, after drawing (``draw``) or taking the discard."""
    data: dict[str, Any] = {
        "game": "hand",
        "dealer": 2,
        "position": {
            "hands": [hand.split(), ["10S"], ["10H"]],
            "discard": discard.split(),
            "stock": stock.split(),
        },
    }
    engine = Hand.from_table_file(data)
    engine.apply(0, Draw() if draw == "draw" else Take())
    return engine


def test_the_plan_and_the_listing_both_find_the_opening() -> None:
    # The engine once built its openings greedily from the most valuable meld and listed none
    # here; it now lists every opening the hand holds, and hard's own plan agrees.
    engine = _at_play(KINGS_AND_RUN)
    legal = engine.legal_moves(0)
    listed = [m for m in legal if isinstance(m, Lay)]
    assert listed and all(engine.check(0, m) is None for m in listed)
    view = engine.view(0)
    move = choose_hard(view, legal, random.Random(0))
    assert isinstance(move, Lay)
    assert engine.check(0, move) is None
    assert sum(meld_value(read_meld(m, HAND_MELDS)) for m in move.melds) == 60
    assert sorted(map(str, (c for m in move.melds for c in m))) == sorted(
        ["KS", "KD", "KC", "JH", "QH", "KH"]
    )


def test_the_plan_lays_the_most_cards_and_keeps_one_to_throw() -> None:
    # Everything melds: 9-10-J-Q-K of spades and the three aces. Laying all 8 would leave nothing
    # to throw, so the plan lays 7 and keeps the 9 (the run from 10 still makes 51 with the aces).
    plan = plan_opening(parse_cards("9S 10S JS QS KS AH AD AC"))
    assert plan is not None
    laid = sorted(str(c) for m in plan.melds for c in m)
    assert len(laid) == 7
    assert "9S" not in laid


def test_the_plan_uses_the_taken_discard() -> None:
    hand = parse_cards(KINGS_AND_RUN)
    assert plan_opening(hand, parse_cards("2C")) is None  # no opening holds the 2 of clubs
    plan = plan_opening(hand, parse_cards("KH"))
    assert plan is not None
    assert any("KH" in map(str, m) for m in plan.melds)


def test_hard_opens_with_a_taken_card() -> None:
    # The engine's listing now holds this opening too (it once had none, and normal returned
    # the card): both players open with it.
    engine = _at_play(WANTS_KH, draw="take", discard="KH")
    legal = engine.legal_moves(0)
    view = engine.view(0)
    assert isinstance(choose_normal(view, legal, random.Random(0)), Lay)
    move = choose_hard(view, legal, random.Random(0))
    assert isinstance(move, Lay) and engine.check(0, move) is None
    assert any("KH" in map(str, m) for m in move.melds)


def test_before_opening_hard_keeps_the_high_pair() -> None:
    # Three pairs towards sets and nothing else: normal throws the highest card, a king; hard
    # keeps the kings (they bring the 51 sooner) and throws a 3.
    engine = _at_play("KS KH 3C 3D 7S", stock="7H")
    legal = engine.legal_moves(0)
    view = engine.view(0)
    assert choose_normal(view, legal, random.Random(0)) in (
        Discard(c) for c in parse_cards("KS KH")
    )
    assert choose_hard(view, legal, random.Random(0)) in (Discard(c) for c in parse_cards("3C 3D"))


def test_most_melded_finds_the_best_split_of_the_hand() -> None:
    # The run 4-7 of hearts alone lays 4; the run to 6 and the three 7s lay 6.
    cards = parse_cards("4H 5H 6H 7H 7S 7D KC")
    assert most_melded(candidate_melds(cards), Counter(cards)) == 6


def test_hard_throws_from_the_pair_whose_cards_are_gone() -> None:
    # Three pairs, each one card from a meld, and every queen that would make the set is in the
    # discard pile. normal throws a queen (equal need, most points); hard's order before the
    # opening keeps high partial melds and would break the 4-5 of hearts, but the queens can't
    # meld again while the 3 or 6 of hearts still can come: hard throws a queen.
    engine = _at_play("QS QC 4H 5H 9D", stock="9S", discard="QH QH QD QD")
    legal = engine.legal_moves(0)
    view = engine.view(0)
    queens = {Discard(c) for c in parse_cards("QS QC")}
    assert choose_normal(view, legal, random.Random(0)) in queens
    assert choose_hard(view, legal, random.Random(0)) in queens


def _at_draw(hand: str, discard: str) -> Hand:
    """Seat 0 to draw, holding ``hand``, with ``discard`` on top of the pile."""
    data: dict[str, Any] = {
        "game": "hand",
        "dealer": 2,
        "position": {
            "hands": [hand.split(), ["10S"], ["10H"]],
            "discard": discard.split(),
            "stock": ["5C", "6C"],
        },
    }
    return Hand.from_table_file(data)


def test_normal_leaves_a_discard_it_could_only_put_back() -> None:
    """Before opening, a card that makes no 51 with the hand would be taken only to be returned:
    a wasted move the whole table watches. The king of hearts makes 60 with this hand; the 9 of
    diamonds makes a meld of nothing."""
    for level in (choose_normal, choose_hard):
        engine = _at_draw(WANTS_KH, "9D")
        view = engine.view(0)
        assert isinstance(level(view, engine.legal_moves(0), random.Random(0)), Draw)
        engine = _at_draw(WANTS_KH, "KH")
        view = engine.view(0)
        assert isinstance(level(view, engine.legal_moves(0), random.Random(0)), Take)


def test_computers_rarely_put_a_taken_discard_back() -> None:
    """Over seeded deals, a computer that takes the discard nearly always lays it."""
    moves: Counter[str] = Counter()
    for seed in range(6):
        for _engine, _seat, _legal, move, _rng in decisions("hand", ["normal", "hard"], seed):
            moves[type(move).__name__] += 1
    assert moves["Take"] > 0
    assert moves["Return"] <= moves["Take"] // 5, moves


def _opened_table(opponent: str) -> Hand:
    """Seat 0 and seat 1 have opened; seat 0 holds a king-queen of spades and three lone low
    cards after its draw; seat 1 holds ``opponent``."""
    data: dict[str, Any] = {
        "game": "hand",
        "dealer": 2,
        "position": {
            "hands": [["KS", "QS", "3H", "4D"], opponent.split(), ["10H", "4C", "5C", "6D", "9D"]],
            "discard": ["2D"],
            "stock": ["5S"],
            "opened": [0, 1],
        },
    }
    engine = Hand.from_table_file(data)
    engine.apply(0, Draw())
    return engine


def test_hard_sheds_high_cards_when_an_opponent_may_go_out() -> None:
    # With every opponent holding five cards the king and queen are kept for a run and the
    # highest lone card goes; with an opened opponent down to one card, the round may end before
    # that run comes, and the points in hand are what it costs: the king goes.
    calm = _opened_table("10S 4S 8H 9S JD")
    move = choose_hard(calm.view(0), calm.legal_moves(0), random.Random(0))
    assert out_risk(calm.view(0)) < 0.01  # five cards rarely go out in one turn
    assert move == Discard(parse_cards("5S")[0])
    risky = _opened_table("10S")
    assert out_risk(risky.view(0)) == OUT_RISK[1]  # fitted: about 30%
    move = choose_hard(risky.view(0), risky.legal_moves(0), random.Random(0))
    assert move == Discard(parse_cards("KS")[0])


def test_an_unopened_opponent_is_no_risk_yet() -> None:
    engine = _at_play("KS QS 3H 4D")  # the opponents hold one card each but have not opened
    assert out_risk(engine.view(0)) == 0.0


def test_the_normal_player_never_takes_a_card_it_must_give_back() -> None:
    """An opened player holding a pair whose third card tops the pile: laying all three would
    leave no card for the final throw, so the engine then allows only the return (a wasted
    move the table watches). Over self-play (seeds 30 and 34 hold the pair), every take the
    normal player makes is of a card some lay then allows uses, as the engine answers."""
    takes = 0
    for seed in (0, 1, 30, 34):
        engine = new_game("hand", {}, seed)
        rng = random.Random(seed)
        while not engine.round_over:
            seat = engine.turn
            legal = engine.legal_moves(seat)
            move = choose_normal(engine.view(seat), legal, rng)
            if isinstance(move, Take):
                takes += 1
                after = type(engine).from_json(engine.to_json())
                after.apply(seat, move)
                taken = set(after.must_lay)
                uses = [m for m in after.legal_moves(seat) if isinstance(m, Meld | Lay)]
                assert any(taken & set(m.cards) for m in uses), (seed, engine.view(seat).hand)
            engine.apply(seat, move)
    assert takes
