"""Computer players against each other: ``python -m bot.selfplay GAME --seats normal,simple,...``.

Each deal is one round of GAME dealt from its own seed (for games of several rounds a "deal" is one
round). The levels rotate one seat per deal, so each level sits in every seat and, in Mor, in
both teams equally. A level wins a deal when one of its seats has the best round score (the
lowest in Hand, where points are bad); a shared best counts half.

Prints per level: deals won with a 95% Wilson interval, the average score margin (its seats'
average round score minus the other seats' average), and decision time p50/p99.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ai import LEVELS, choose_move
from bot.games.registry import new_game

LOWER_IS_BETTER = frozenset({"hand"})
Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small n."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


@dataclass
class Tally:
    wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    margins: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    deals: int = 0


def options_for(game: str, n_levels: int) -> dict[str, Any]:
    if game == "mor":
        return {"players": n_levels, "length": "quick"}
    return {}


def play_deal(game: str, levels: Sequence[str], seed: int, tally: Tally) -> tuple[Any, list[str]]:
    """Play one round with ``levels`` rotated by the deal; record the outcome in ``tally``."""
    rot = seed % len(levels)
    seats = list(levels[rot:]) + list(levels[:rot])
    engine = new_game(game, options_for(game, len(levels)), seed)
    n = 0
    while not engine.round_over:
        seat = engine.turn
        view = engine.view(seat)
        legal = engine.legal_moves(seat)
        rng = random.Random(f"{seed}:{n}")
        start = time.perf_counter()
        move = choose_move(view, legal, seats[seat], rng)
        tally.times[seats[seat]].append(time.perf_counter() - start)
        engine.apply(seat, move)
        n += 1
    sign = -1.0 if game in LOWER_IS_BETTER else 1.0
    scores = [sign * s for s in engine.view(0).result.scores]
    best = max(scores)
    winners = {seats[s] for s, x in enumerate(scores) if x == best}
    for level in winners:
        tally.wins[level] += 1.0 / len(winners)
    for level in set(seats):
        mine = [x for s, x in enumerate(scores) if seats[s] == level]
        rest = [x for s, x in enumerate(scores) if seats[s] != level]
        if rest:
            tally.margins[level].append(sum(mine) / len(mine) - sum(rest) / len(rest))
    tally.deals += 1
    return engine, seats


def report(game: str, levels: Sequence[str], tally: Tally) -> str:
    lines = [f"{game}: seats {','.join(levels)} rotated, {tally.deals} deals"]
    for level in dict.fromkeys(levels):
        w = tally.wins[level]
        lo, hi = wilson(w, tally.deals)
        margin = tally.margins[level]
        avg = sum(margin) / len(margin) if margin else 0.0
        t = tally.times[level]
        lines.append(
            f"  {level:<7} won {w:g}/{tally.deals} = {w / max(1, tally.deals):.3f} "
            f"[95% {lo:.3f}-{hi:.3f}]  margin {avg:+.2f}  "
            f"decision p50 {1000 * percentile(t, 0.5):.2f} ms  "
            f"p99 {1000 * percentile(t, 0.99):.2f} ms  ({len(t)} decisions)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot.selfplay", description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument(
        "--seats", required=True, help="a level per seat, e.g. normal,simple,normal,simple"
    )
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="deal i uses seed SEED+i")
    ap.add_argument("--save", help="directory for each deal's table file (replay: bot.scenario)")
    args = ap.parse_args(argv)
    levels = [s.strip() for s in args.seats.split(",")]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        print(f"“{bad[0]}” is not a level: choose {', '.join(LEVELS)}.", file=sys.stderr)
        return 2
    out_dir = Path(args.save) if args.save else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    tally = Tally()
    for i in range(args.deals):
        seed = args.seed + i
        engine, _ = play_deal(args.game, levels, seed, tally)
        if out_dir:
            path = out_dir / f"{args.game}-{seed}.json"
            path.write_text(json.dumps(engine.record) + "\n", encoding="utf-8")
    print(report(args.game, levels, tally))
    return 0


if __name__ == "__main__":
    sys.exit(main())
