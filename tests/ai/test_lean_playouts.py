"""``hard``'s playouts run ``normal`` on the engine's unchecked candidates (``Preference.play``):
it must make exactly the move it makes from the full list of legal moves, or the search would
judge a different player than the one it plays against."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any

import pytest

from bot.ai import search
from bot.ai.search import Preference
from bot.games.base import Discard, Draw, Move
from bot.games.registry import engine_class, new_game
from tests.games.test_checked_plans import _mor_after_the_draw

RUMMIES = ("mor", "more3", "hand")
LEAN = ("mor", "more3")  # the games whose normal is stated as a Preference
OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4, "length": "quick"}}


def _decisions(game: str, seeds: range, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """The engine before every decision of ``normal``'s rounds from ``seeds``."""
    module = importlib.import_module(f"bot.ai.{game}")
    for seed in seeds:
        engine = new_game(game, OPTIONS.get(game, {}) | (options or {}), seed)
        n = 0
        while not engine.round_over:
            yield engine
            seat = engine.turn
            view = engine.view(seat)
            engine.apply(
                seat, module.choose_normal(view, engine.legal_moves(seat), random.Random(n))
            )
            n += 1


@pytest.mark.parametrize("game", RUMMIES)
def test_the_legal_moves_are_the_candidates_the_check_passes_in_their_order(game: str) -> None:
    """...and, for a member's menu, the other new melds the hand holds, which a computer player
    sets aside (``own_legal``; tests/ai/test_own_moves.py)."""
    module = importlib.import_module(f"bot.ai.{game}")
    checked = 0
    for engine in _decisions(game, range(3)):
        seat = engine.turn
        candidates = engine.candidate_moves(seat)
        twin = engine_class(game).from_json(engine.to_json())
        passed = [m for m in candidates if twin.can(seat, m)]
        legal = engine.legal_moves(seat)
        assert passed == module.own_legal(engine.view(seat), legal)
        assert [m for m in legal if m in passed] == passed
        assert engine.candidate_moves((seat + 1) % engine.n_seats) == []  # not their turn
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", LEAN)
def test_normal_on_candidates_makes_the_move_it_makes_from_the_legal_list(game: str) -> None:
    module = importlib.import_module(f"bot.ai.{game}")
    assert isinstance(module.choose_normal, Preference)
    kinds: set[str] = set()
    for engine in _decisions(game, range(8)):
        seat = engine.turn
        lean = engine_class(game).from_json(engine.to_json())
        expected = module.choose_normal(engine.view(seat), engine.legal_moves(seat), None)
        assert module.choose_normal.play(lean, seat) == expected
        kinds.add(type(expected).__name__)
    assert {"Draw", "Take", "Discard", "Meld"} <= kinds  # every kind of decision was compared


@pytest.mark.parametrize("game", LEAN)
def test_a_glance_holds_what_the_view_shows(game: str) -> None:
    """``normal``'s order reads a glance in the playouts and a view elsewhere: every field they
    share is the same, from the seat whose turn it is and from the others (More's bids too)."""
    phases: set[str] = set()
    bidding = {"bid": True} if game == "more3" else {}
    for engine in chain(_decisions(game, range(2)), _decisions(game, range(1), bidding)):
        for seat in range(engine.n_seats):
            view, glance = engine.view(seat), engine.glance(seat)
            for name, value in glance._asdict().items():
                assert value == getattr(view, name, None), name  # Mor's view has no Solo: None
        phases.add(engine.phase)
    assert phases == ({"bid", "draw", "play"} if game == "more3" else {"draw", "play"})


@pytest.mark.parametrize("game", LEAN)
def test_a_lean_playout_from_a_sampled_state_ends_as_the_listing_one(game: str) -> None:
    """From the search's own sampled states: the same moves, so the same table after them."""
    module = importlib.import_module(f"bot.ai.{game}")
    engine_type = engine_class(game)
    rng = random.Random(3)
    compared = 0
    for k, engine in enumerate(_decisions(game, range(2))):
        if k % 7:
            continue
        state = module.SEARCH.deal(engine.view(engine.turn), rng)
        lean, listing = engine_type.from_json(state), engine_type.from_json(state)
        steps = search.playout(lean, module.choose_normal, 1, 20)
        assert search.playout(listing, search.listing(module.choose_normal), 1, 20) == steps
        assert lean.to_json() == listing.to_json()
        compared += 1
    assert compared > 10


def test_a_player_whose_favourites_are_all_refused_makes_the_first_legal_move() -> None:
    engine = _mor_after_the_draw()  # seat 0 has drawn: drawing again is refused
    first_legal = engine.legal_moves(0)[0]

    def draws_only(view: Any, moves: Sequence[Move]) -> Iterator[Move]:
        yield Draw()

    player = Preference(draws_only)
    assert player.play(engine, 0) == first_legal
    assert player(engine.view(0), engine.legal_moves(0), random.Random(0)) == first_legal


def test_a_move_checked_before_the_state_changed_is_checked_again() -> None:
    """``check`` answers from a kept plan only until the state changes."""
    engine = _mor_after_the_draw()
    throw = Discard(engine.hands[0][0])  # 5H, also in the run below
    assert engine.can(0, throw) and engine.can(0, throw)
    run = next(m for m in engine.legal_moves(0) if not isinstance(m, Discard))
    engine.apply(0, run)
    assert not engine.can(0, throw)
