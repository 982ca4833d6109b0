"""The hard level: the states it samples agree with everything the seat can see, and a fixed seed
gives the same decision."""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import replace

import pytest

from bot.ai import choose_move
from bot.games.base import Lay, Meld, Move, Play
from bot.games.registry import available_games, engine_class
from tests.ai.playout import N_SEATS, decision_rng, decisions

GAMES = [g for g in ("mor", "runfast", "more3", "hand") if g in available_games()]
# Hand's hard plans from its own hand and samples nothing (bot/ai/hand.py says why).
SAMPLING = [g for g in GAMES if g != "hand"]
# Fields a sampled state cannot reproduce: the story of the last move. A Run Fast sample starts
# its record afresh too: the playouts never read the deal's past, only hard's reading of the
# others' play does, from the real view (tests/ai/test_runfast_reading.py).
IGNORED = {"last_events": ()}
PAST = {"runfast": {"history": ()}}


def _unordered(moves: list[Move]) -> list[str]:
    return sorted(json.dumps(m.to_dict(), sort_keys=True) for m in _sorted_cards(moves))


def _sorted_cards(moves: list[Move]) -> list[Move]:
    out: list[Move] = []
    for m in moves:
        if isinstance(m, Meld | Play):
            m = type(m)(tuple(sorted(m.cards, key=str)))
        elif isinstance(m, Lay):
            m = Lay(tuple(sorted(tuple(sorted(c, key=str)) for c in m.melds)), m.adds)
        out.append(m)
    return out


@pytest.mark.parametrize("game", SAMPLING)
def test_a_sampled_state_shows_the_seat_what_it_saw(game: str) -> None:
    module = importlib.import_module(f"bot.ai.{game}")
    engine_cls = engine_class(game)
    checked = 0
    for seed in range(2):
        for n, (engine, seat, legal, _m, _r) in enumerate(
            decisions(game, ["normal"] * N_SEATS[game], seed)
        ):
            if n % 4 or getattr(engine, "phase", "") == "bid":
                continue
            view = engine.view(seat)
            sample = engine_cls.from_json(module.SEARCH.deal(view, random.Random(n)))
            ignored = IGNORED | PAST.get(game, {})
            assert replace(sample.view(seat), **ignored) == replace(view, **ignored), (seed, n)
            # The view sorts the hand, so lays may list their cards in another order.
            assert _unordered(sample.legal_moves(seat)) == _unordered(legal)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", GAMES)
def test_hard_is_deterministic_for_a_seed(game: str) -> None:
    levels = ["hard"] + ["normal"] * (N_SEATS[game] - 1)
    for n, (engine, seat, legal, move, _r) in enumerate(decisions(game, levels, 3)):
        if n > 40:
            break
        if seat == 0:
            again = choose_move(engine.view(seat), legal, "hard", decision_rng(3, n))
            assert again == move


def test_run_fast_samples_hide_only_unseen_cards() -> None:
    """Run Fast's view lists every card played, so a sample deals the other hands exactly the
    cards that really are in them, only placed at random."""
    from bot.ai.runfast import _sample_state

    for n, (engine, seat, _l, _m, _r) in enumerate(decisions("runfast", ["normal"] * 3, 4)):
        if n % 5:
            continue
        real = engine.to_json()["hands"]
        sampled = _sample_state(engine.view(seat), random.Random(n))["hands"]
        others = [s for s in range(3) if s != seat]
        assert sorted(c for s in others for c in sampled[s]) == sorted(
            c for s in others for c in real[s]
        )
        assert [len(sampled[s]) for s in others] == [len(real[s]) for s in others]


def test_run_fast_samples_agree_with_the_passes() -> None:
    """A Run Fast player may pass only when nothing in hand beats the play on the table (the specification (docs/specification.md)
    4), so hard's deals never give a seat that passed it a hand that could have beaten it."""
    from bot.ai.runfast import _consistent_hands, _passers, _sample_state
    from bot.games.cards import Card
    from bot.games.runfast_combos import can_beat, classify

    checked = unconstrained_beats = 0
    for seed in range(6):
        for engine, seat, _l, _m, _r in decisions("runfast", ["normal"] * 3, seed):
            view = engine.view(seat)
            passers = _passers(view)
            if not passers:
                continue
            combo = classify(view.trick)
            for k in range(4):
                hands = _consistent_hands(view, random.Random(k))
                assert not any(can_beat(hands[s], combo) for s in passers)
                loose = _sample_state(view, random.Random(k))["hands"]
                unconstrained_beats += any(
                    can_beat(map(Card.parse, loose[s]), combo) for s in passers
                )
                checked += 1
    assert checked > 20
    assert unconstrained_beats > 0  # the passes do narrow the deals


def test_a_deciding_process_freezes_what_a_hard_decision_leaves() -> None:
    """hard's caches stay out of the collector's walks in a process that only decides (a worker,
    the ladder), and the bot's own process never freezes anything."""
    import gc

    from bot.ai import chooser, search

    engine, seat, legal, _m, _r = next(iter(decisions("runfast", ["normal"] * 3, 0)))
    saved = search.FREEZE
    try:
        search.FREEZE = None  # as at start: decided from the process on first use
        gc.unfreeze()
        chooser("runfast", "hard")(engine.view(seat), legal, random.Random(0))
        assert search.FREEZE is False  # pytest's process is nobody's worker
        assert gc.get_freeze_count() == 0
        search.FREEZE = True
        chooser("runfast", "hard")(engine.view(seat), legal, random.Random(0))
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        search.FREEZE = saved
