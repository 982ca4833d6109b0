"""Run Fast throughput: whole deals per second with a random legal player, and the time to list
every legal play of a 16-card hand (leading, so nothing is filtered out by a table to beat).

    python bench/runfast_enum.py [--deals N] [--hands N] [--seed S]

Timings are wall-clock (time.perf_counter) on one core. Each hand is timed ``--runs`` times and
its fastest run counts, so a busy machine's scheduling pauses don't pose as slow hands; the deals
per second are one straight run, so run it on an idle machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.cards import deck_48
from bot.games.runfast import RunFast
from bot.games.runfast_combos import Combo, can_beat, classify, legal_plays


def deals_per_second(n: int, seed: int) -> tuple[float, float, float]:
    """Deals played to the end by a random legal player (legal_moves, then apply): deals per
    wall-clock second, per CPU second, and moves per deal."""
    moves = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for i in range(n):
        game = RunFast.new({}, seed + i)
        rng = random.Random(seed + i)
        while not game.game_over:
            turn = game.turn
            assert turn is not None
            game.apply(turn, rng.choice(game.legal_moves(turn)))
            moves += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return n / elapsed, n / cpu, moves / n


def _best_of(runs: int, fn: Callable[[], object]) -> float:
    """The fastest of a few runs: a hand's own cost, without the scheduler's hiccups."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def enumeration_times(n: int, seed: int, runs: int) -> tuple[list[float], list[int]]:
    """Seconds to list every play of a random 16-card hand when leading, and the list sizes."""
    rng = random.Random(seed)
    deck = deck_48()
    times, sizes = [], []
    for _ in range(n):
        hand = rng.sample(deck, 16)
        times.append(_best_of(runs, lambda hand=hand: legal_plays(hand)))
        sizes.append(len(legal_plays(hand)))
    return times, sizes


def must_beat_times(n: int, seed: int, runs: int) -> list[float]:
    """Seconds for the must-beat question (can this hand beat a random single?)."""
    rng = random.Random(seed)
    deck = deck_48()
    times = []
    for _ in range(n):
        cards = rng.sample(deck, 17)
        table = classify(cards[16:])
        assert isinstance(table, Combo)
        times.append(_best_of(runs, lambda cards=cards, table=table: can_beat(cards[:16], table)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="timed runs per hand; the best counts")
    args = parser.parse_args()

    wall, cpu, moves = deals_per_second(args.deals, args.seed)
    print(
        f"random legal play: {wall:,.0f} deals/s wall, {cpu:,.0f} deals/s CPU "
        f"({moves:.1f} moves per deal, {args.deals} deals)"
    )

    times, sizes = enumeration_times(args.hands, args.seed, args.runs)
    us = sorted(t * 1e6 for t in times)
    worst = max(range(len(times)), key=times.__getitem__)
    print(
        f"legal plays of a 16-card hand (leading), {args.hands} hands, best of {args.runs}: "
        f"median {statistics.median(us):.1f} µs, p99 {us[int(len(us) * 0.99)]:.1f} µs, "
        f"worst {us[-1]:.1f} µs ({sizes[worst]} plays); "
        f"plays per hand median {statistics.median(sizes):.0f}, most {max(sizes)}"
    )
    beat = sorted(t * 1e6 for t in must_beat_times(args.hands, args.seed, args.runs))
    print(
        f"must-beat check (can_beat vs a single): median {statistics.median(beat):.1f} µs, worst {beat[-1]:.1f} µs"
    )


if __name__ == "__main__":
    main()
