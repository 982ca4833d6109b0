"""A More practice game's review, screened and judged as the bot's workers do it: the CPU time
of ``screening`` and of ``judge_positions`` over games of ``normal`` computers, and, with
``--profile``, the functions that cost most (cProfile, by cumulative time)."""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

from bot.ai import choose_move
from bot.games.registry import new_game
from bot.learning.review import judge_positions, screening


def game_record(seed: int) -> dict[str, Any]:
    """A whole round of More played by ``normal`` computers from ``seed``."""
    engine = new_game("more3", {}, seed)
    n = 0
    while not engine.round_over:
        seat = engine.turn
        move = choose_move(engine.view(seat), engine.legal_moves(seat), "normal", random.Random(n))
        engine.apply(seat, move)
        n += 1
    return dict(engine.record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="rounds reviewed (seeds 1..N)")
    parser.add_argument("--samples", type=int, default=8, help="the hard player's samples")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    args = parser.parse_args()
    records = [game_record(seed) for seed in range(1, args.games + 1)]
    profile = cProfile.Profile() if args.profile else None
    screen = judged = 0.0
    looked = 0
    for record in records:
        if profile:
            profile.enable()
        start = time.process_time()
        found = screening(record, 0)
        middle = time.process_time()
        judge_positions(record, 0, found.positions, args.samples)
        end = time.process_time()
        if profile:
            profile.disable()
        screen += middle - start
        judged += end - middle
        looked += len(found.positions)
    print(
        f"{len(records)} rounds of More, seat 0: screening {screen:.2f} s CPU, "
        f"judging {looked} positions {judged:.2f} s CPU"
    )
    if profile:
        stats = pstats.Stats(profile).sort_stats("cumulative")
        stats.print_stats(25)
        stats.print_stats("biriba_gain|_meldable_after|deepcopy|from_json|to_json")


if __name__ == "__main__":
    main()
