"""Variants of ``hard`` on the same duplicate deals, each against one opponent, told apart deal by
deal: ``python bench/variants.py GAME --against LEVEL --deals N [--tuning] [--jobs 2] [--heads-up]
VARIANT ...``.

A variant is ``NAME:KEY=EXPR;KEY=EXPR``: ``hard`` of GAME with names of its module
(``bot.ai.<game>``, or ``MODULE.NAME`` of another module of ``bot.ai``) set while it decides,
each EXPR evaluated in the module it sets, so ``c5:HARD=Budget(8,16,5)`` compares five
candidates in Mor and ``flat:runfast_reading.DEVIATE=0.3`` reads Run Fast's play with a flatter
model; ``base:`` is ``hard`` as it is. Every variant plays the same deals (the ladder's
duplicate deals, ``bot.computers.ladder``; ``--heads-up``: Mor 1 vs 1, where the ladder's Mor is
2 vs 2) against LEVEL, which may be ``oldhard`` or ``noread`` (``bench/ladder.py``). The first
variant is the baseline: each other one is also given as its difference from it, deal by deal,
with the 95% interval of that difference. A deal's luck weighs on every variant alike, so the
difference is surer than two ladders' figures side by side (over 100 Mor deals against
``oldhard``: ±0.086 on the difference against ±0.060 and ±0.071 on the two figures). In More
each variant's share is also given by kind of pairing, as the ladder gives it (as the Solo, in
the Pair against the Solo, against its partner): a variant may gain in one contest and lose in
another.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import search
from bot.computers import ladder
from bot.computers.selfplay import Z95

# bench/ladder.py's levels, the previous hard and Run Fast's hard not reading, as opponents.
sys.path.insert(0, str(Path(__file__).resolve().parent))
BENCH_LEVELS = importlib.import_module("ladder").LEVELS


def parse(text: str) -> tuple[str, dict[str, str]]:
    """``NAME:KEY=EXPR;KEY=EXPR`` as the name and the unevaluated settings."""
    name, _, sets = text.partition(":")
    if not name:
        raise ValueError("it has no name: write NAME:KEY=EXPR;...")
    settings: dict[str, str] = {}
    for item in filter(None, sets.split(";")):
        key, eq, expr = item.partition("=")
        if not eq:
            raise ValueError(f"“{item}” is not KEY=EXPR")
        settings[key.strip()] = expr
    return name, settings


def settings_of(game: str, settings: dict[str, str]) -> dict[str, Any]:
    """The settings' values, each expression evaluated among the names of the module it sets
    (``bot.ai.<game>``, or another of ``bot.ai`` for ``MODULE.NAME``: ``ladder.place``)."""
    values: dict[str, Any] = {}
    for key, expr in settings.items():
        try:
            module, name = ladder.place(game, key)
        except ImportError:
            raise ValueError(f"bot.ai has no module for {key}") from None
        if not hasattr(module, name):
            raise ValueError(f"{module.__name__} has no {name}")
        # A developer's command line, read as Python on purpose: Budget(8, 16, 5), {}, False.
        values[key] = eval(expr, vars(module))
    return values


def play(game: str, against: str, variant: str, seed: int, heads_up: bool = False) -> ladder.Deal:
    """One variant's deal ``seed`` against ``against``; in Mor 1 vs 1 if ``heads_up``."""
    search.FREEZE = True  # a bench process only decides (bot.ai.search.settle)
    name, settings = parse(variant)
    ladder.EXTRA.update(BENCH_LEVELS)
    ladder.EXTRA[name] = lambda g: ladder.swapped(g, settings_of(g, settings))
    try:
        deal = ladder.play_deal(game, (name, against), seed, players=2 if heads_up else None)
    finally:
        del ladder.EXTRA[name]
    return deal


def compare(
    game: str,
    against: str,
    variants: Sequence[str],
    seeds: range,
    jobs: int = 1,
    heads_up: bool = False,
) -> dict[str, list[ladder.Deal]]:
    """Every variant's outcome of each deal of ``seeds``, in the order of ``seeds``."""
    tasks = [(game, against, v, s, heads_up) for s in seeds for v in variants]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            deals = list(pool.map(play, *zip(*tasks, strict=True)))
    else:
        deals = [play(*task) for task in tasks]
    out: dict[str, list[ladder.Deal]] = {parse(v)[0]: [] for v in variants}
    for (_, _, variant, _, _), deal in zip(tasks, deals, strict=True):
        out[parse(variant)[0]].append(deal)
    return out


def report(game: str, against: str, deals: dict[str, list[ladder.Deal]]) -> list[str]:
    """Each variant's share with its interval (``ladder.Rung``, as the ladder counts), its
    difference from the first deal by deal, and in More its share in each kind of pairing."""
    rungs = {name: ladder.Rung(game, (name, against)) for name in deals}
    for name, outcomes in deals.items():
        for deal in outcomes:
            rungs[name].add(deal)
    names = list(rungs)
    base = rungs[names[0]].shares
    lines = []
    for name, rung in rungs.items():
        mean, lo, hi = rung.interval()
        line = (
            f"{name} vs {against}: {mean:.3f} [95% {lo:.3f}-{hi:.3f}] over {len(rung.shares)} deals"
        )
        if name != names[0] and len(rung.shares) > 1:
            diffs = [a - b for a, b in zip(rung.shares, base, strict=True)]
            # Not mean_interval: a difference lies in [-1, 1], and Wilson's interval is for shares.
            half = Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5
            line += (
                f"; against {names[0]}, deal by deal: {statistics.mean(diffs):+.3f} ± {half:.3f}"
            )
        lines.append(line)
        if rung.kinds:  # More's three contests: where a variant gains or loses
            lines.append(f"    {rung.pairings()}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=ladder.GAMES)
    ap.add_argument("variants", nargs="+", help="NAME:KEY=EXPR;... (the first is the baseline)")
    ap.add_argument("--against", default="normal")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--tuning", action="store_true", help="the tuning seeds (from 0)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--heads-up", action="store_true", help="Mor 1 vs 1 (the ladder plays 2 vs 2)")
    args = ap.parse_args(argv)
    if args.heads_up and args.game != "mor":
        print("Only Mor is played 1 vs 1.", file=sys.stderr)
        return 2
    names = [text.partition(":")[0] for text in args.variants]
    if len(set(names)) < len(names):
        print("Give each variant its own name.", file=sys.stderr)
        return 2
    for variant in args.variants:
        try:
            settings_of(args.game, parse(variant)[1])
        except (ValueError, SyntaxError, NameError, TypeError) as err:
            why = err.msg if isinstance(err, SyntaxError) else str(err)
            print(f"“{variant}” is not a variant of hard ({why}).", file=sys.stderr)
            return 2
    first = args.seed if args.seed is not None else 0 if args.tuning else ladder.REPORT_SEED
    seeds = range(first, first + args.deals)
    deals = compare(args.game, args.against, args.variants, seeds, args.jobs, args.heads_up)
    size = " 1 vs 1" if args.heads_up else ""
    print(f"{args.game}{size}, seeds {first}-{first + args.deals - 1}:")
    for line in report(args.game, args.against, deals):
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
