"""bench/runfast_endgame.py searches Run Fast's endgames exactly inside ``hard``'s playouts: its
answers must be the rules' settlements, or the ceiling it measures means nothing."""

from __future__ import annotations

import pytest

from bot.ai import runfast_counts as counts
from tests.ai.playout import decisions
from tests.ai.repo_script import load_script

bench = load_script("bench/runfast_endgame.py")


def _hand(*powers: int) -> tuple[int, int]:
    """A hand on counts of cards of these powers (3..15, the 2 last): its code and size."""
    held = [0] * counts.N_POWERS
    for p in powers:
        held[p - 3] += 1
    return counts._code(tuple(held)), len(powers)


def test_the_search_keeps_the_two_back_when_a_low_single_lets_the_next_player_out() -> None:
    """Seat 0 leads holding the 2♠ and a 3; seat 1 holds one ace. Led first, the 3 is beaten by
    the ace and seat 1 is out, seat 0 owing its card and 10 for the 2♠. The 2 first holds the
    lead (nothing beats it), and the 3 then goes out: seat 1 owes 1, seat 2 its two cards."""
    hands = [_hand(15, 3), _hand(14), _hand(4, 5)]
    deal = counts.Deal([c for c, _ in hands], [n for _, n in hands], 0, played=[True] * 3)
    assert bench.rest_of(bench.position(deal), [1000]) == (3, -1, -2)


def test_the_search_gives_up_past_its_bound() -> None:
    hands = [_hand(15, 3), _hand(14), _hand(4, 5)]
    deal = counts.Deal([c for c, _ in hands], [n for _, n in hands], 0, played=[True] * 3)
    bench._answers.clear()
    with pytest.raises(bench.TooMany):
        bench.rest_of(bench.position(deal), [1])


def test_a_searched_playout_settles_as_the_rules_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """From real endgames of seeded deals the searched line's settlement sums to nothing, as every
    settlement does, and with the search off the playout is ``normal``'s, as before."""
    monkeypatch.setattr(counts, "EXACT_POSITIONS", 5000, raising=False)
    met = 0
    for seed in range(16):
        for engine, seat, _legal, _move, _rng in decisions("runfast", ["normal"], seed):
            view = engine.view(seat)
            if sum(view.hand_counts) > 12:
                continue
            start = counts.from_view(view, engine.hands)
            monkeypatch.setattr(counts, "EXACT_FROM", 12, raising=False)
            searched = bench.play_out(start.copy())
            assert sum(searched) == sum(start.settlement) == 0
            monkeypatch.setattr(counts, "EXACT_FROM", 0, raising=False)
            assert bench.play_out(start.copy()) == start.copy().play_out()
            met += 1
            break
    assert met >= 3
