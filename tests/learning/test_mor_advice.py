"""Mor's advice a newcomer can trust (issue 61): the hint and the guided coach give one move,
by one chain of rules (``bot.learning.hints.advise``), checked on real engines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import Add, Discard, Draw, Meld, Move, Take
from bot.games.cards import Card
from bot.games.mor import Mor
from bot.games.registry import engine_class, new_game
from bot.i18n import LANGUAGES
from bot.learning.hints import (
    Hint,
    base_reason,
    betters_project,
    hint_for,
    hint_move,
    hint_rng,
    lays_before_stock_out,
    pile_favoured,
    sheds_high_at_end,
)
from bot.learning.lessons.guided import GUIDED, MEMBER, Stop, coach_move, play_round


def test_neither_coach_nor_hint_draws_where_the_piles_numbers_favour_the_take() -> None:
    """The coach and the hint said "draw" on a 30-card pile whose stated numbers favoured the
    take: over seeds 0, 1, 2 and the guided deal, at every stop of the member's where the pile
    may be taken and its numbers favour the take (``pile_favoured``), neither draws."""
    favoured = 0
    for seed in (0, 1, 2, GUIDED["mor"].seed):
        engine = new_game("mor", {}, seed)

        def pick(stop: Stop, legal: Sequence[Move], engine: Mor = engine, seed: int = seed) -> Move:
            assert stop.move is not None
            nonlocal favoured
            if Take() in legal and pile_favoured(engine, MEMBER):
                favoured += 1
                assert coach_move(engine, MEMBER) != Draw(), seed
                rng = hint_rng(engine.record)
                assert hint_move(engine, MEMBER, rng) != Draw(), seed
            return stop.move

        play_round("mor", pick, engine=engine)
    assert favoured, "no stop where the pile's numbers favour the take"


def _mor(hands: list[str], melds: Sequence[tuple[int, str]] = (), **extra: Any) -> Mor:
    """Four-player Mor, seat 0 to throw or lay (it has drawn), seat 2 its partner."""
    position = {
        "hands": [h.split() for h in hands],
        "discard": ["4C"],
        "turn": 0,
        "phase": "play",
        "melds": [{"seat": s, "cards": m.split()} for s, m in melds],
        **extra,
    }
    engine = engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 4}, "position": position}
    )
    assert isinstance(engine, Mor)
    return engine


def _first(ok: Sequence[Move]) -> Move | None:
    return ok[0] if ok else None


OTHERS = ["KH KS QC JC", "QH QS 9H 8C", "JH JS 5C 5S"]


def test_the_hint_adds_to_the_teams_run_where_that_makes_a_project() -> None:
    """A hint laid 4♦ 5♦ 6♦ as a new meld where adding them to the team's 7♦…10♦ made a 200
    project: the advice lays them onto the run (one add of three cards, which the legal moves'
    list holds one card at a time)."""
    engine = _mor(["4D 5D 6D 9C KD", *OTHERS], melds=[(2, "7D 8D 9D 10D")])
    legal = engine.legal_moves(0)
    apart = Meld(tuple(Card.parse(c) for c in ["4D", "5D", "6D"]))
    assert apart in legal
    onto = betters_project(engine, 0, legal, apart, _first)
    assert isinstance(onto, Add) and onto.meld == 1 and len(onto.cards) == 3
    after = Mor.from_json(engine.to_json())
    after.apply(0, onto)
    assert after.projects()[0] == [200]
    # The hint itself, and the guided coach on the same table, make the project.
    for move in (hint_move(engine, 0, random.Random(1)), coach_move(engine, 0)):
        assert move is not None
        copy = Mor.from_json(engine.to_json())
        copy.apply(0, move)
        assert copy.projects()[0] == [200], move


def _short_stock(engine: Mor, left: int) -> Mor:
    """The same table with ``left`` cards in the stock (the rest set aside, as dealt away)."""
    engine.stock = engine.stock[:left]
    return engine


def test_the_last_throw_keeps_the_cheaper_card_when_the_round_may_end() -> None:
    """With two cards left a hint threw one and kept the costlier: where the round may end
    before the seat plays again (an opponent nearly out, or the stock nearly out), the throw
    keeps the card that counts least in hand (Mor: 2♦ 1½, 7♥ 1)."""
    near = _mor(
        ["2D 7H", "QC", "QH QS 9H 8C 10S", "JH"],
        side_taken=[False, True],  # the other team has its Mor: seat 1 may close
    )
    low = _short_stock(_mor(["2D 7H", *OTHERS]), 2)
    for engine in (near, low):
        legal = engine.legal_moves(0)
        assert sheds_high_at_end(engine, 0, legal, Discard(Card.parse("7H")), _first) == Discard(
            Card.parse("2D")
        )
        for move in (hint_move(engine, 0, random.Random(3)), coach_move(engine, 0)):
            assert move == Discard(Card.parse("2D")), move
    # With the round's end far off, the rule leaves the throw alone.
    far = _mor(["2D 7H", *OTHERS])
    keep = Discard(Card.parse("7H"))
    assert sheds_high_at_end(far, 0, far.legal_moves(0), keep, _first) == keep


def test_with_the_stock_nearly_out_the_advice_lays_and_says_why() -> None:
    """Mor's round ends when the stock runs out: with three cards left in it the advice lays
    what it can rather than hold it, and its reason says once that the stock is nearly out."""
    engine = _short_stock(_mor(["5S 6S 7S 9C KD", *OTHERS]), 3)
    legal = engine.legal_moves(0)
    meld = Meld(tuple(Card.parse(c) for c in ["5S", "6S", "7S"]))
    throw = Discard(Card.parse("9C"))
    assert lays_before_stock_out(engine, 0, legal, throw, _first) == meld
    for move in (hint_move(engine, 0, random.Random(5)), coach_move(engine, 0)):
        assert move == meld, move
    said = hint_for(engine, 0, meld)
    assert said.key == "mor.hint_with_stock"
    for lang in LANGUAGES:
        text = said.text(lang)
        assert text.count("3") == 1, text  # the stock's count, once
        assert text.startswith(Hint(meld, *base_reason(said.key, said.params)).text(lang))
    # With a full stock: the lay's own reason, no word of the stock.
    full = hint_for(_mor(["5S 6S 7S 9C KD", *OTHERS]), 0, meld)
    assert not full.key.startswith("mor.hint_with_stock"), full.key
