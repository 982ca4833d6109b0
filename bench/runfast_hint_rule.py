"""Run Fast: does a rule of the hint's chain make the advice weaker? Seat 0 follows
``hints.advise`` (the hard player's pick, then the chain), the other two seats play ``hard``;
the same deals are played with the rule and without it (the rule replaced by "keep the pick").

    python bench/runfast_hint_rule.py [--deals N] [--seed S] [--rule leads_long]

Prints seat 0's mean points per deal and its wins, each way, and the deals where the two differ.
Not a speed benchmark: its figures are on docs/benchmarks.md beside the command."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import ai
from bot.games.runfast import RunFast
from bot.learning import hints


def deal(seed: int) -> int:
    """Seat 0's points at the end of the deal dealt from ``seed``."""
    game = RunFast.new({}, seed)
    rng = random.Random(f"bench:{seed}")
    while not game.round_over:
        seat = game.turn
        assert seat is not None
        legal = game.legal_moves(seat)
        view = game.view(seat)
        if seat == 0:
            move = hints.advise(
                game,
                0,
                legal,
                lambda ok, view=view: ai.choose_move(view, ok, hints.HINT_LEVEL, rng),
            )
        else:
            move = ai.choose_move(view, legal, "hard", rng)
        game.apply(seat, move)
    return int(game.totals()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", default="leads_long")
    args = parser.parse_args()
    rule = getattr(hints, args.rule)
    seeds = range(args.seed, args.seed + args.deals)
    with_rule = [deal(s) for s in seeds]
    setattr(hints, args.rule, lambda view, legal, move: move)
    without = [deal(s) for s in seeds]
    setattr(hints, args.rule, rule)
    for name, pts in (("with", with_rule), ("without", without)):
        wins = sum(p > 0 for p in pts)
        print(f"{name:8} {args.rule}: mean {statistics.mean(pts):+.2f} points a deal, wins {wins}")
    differ = [(a, b) for a, b in zip(with_rule, without, strict=True) if a != b]
    better = sum(a > b for a, b in differ)
    print(f"deals that differ: {len(differ)} (better with the rule: {better})")
    if len(differ) > 1:
        gain = [a - b for a, b in differ]
        se = statistics.stdev(gain) / len(gain) ** 0.5
        print(f"mean gain where they differ: {statistics.mean(gain):+.2f} (± {se:.2f})")


if __name__ == "__main__":
    main()
