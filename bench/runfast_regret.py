"""How much a Run Fast ``hard`` decision loses against the exact future, variant by variant.

    python bench/runfast_regret.py [--seeds FIRST LAST] [--variant NAME:KEY=VALUE,...] ...

Positions come from deals ``normal`` plays for every seat (tuning seeds, FIRST to LAST - 1; in
deal ``s`` the decisions of seat ``s mod 3`` with more than one play to choose from). At each,
``normal``'s best six plays (one per shape, as ``hard`` lists them) are played out from the
true hands with ``normal`` for every seat after it: since ``normal`` draws on no random numbers,
that is each play's exact future against ``normal`` opponents. A variant's **regret** at a
position is the best of those settlements less the one its own choice gets (a play beyond the
six is played out the same way), in points for the deciding seat; the figure is the mean over
positions, and each variant after the first is also given as its difference from the first,
position by position, with the standard error of that difference. It measures a decision's
quality with none of the luck of the deal a ladder has to average away, so it can tell two
variants apart on a few hundred positions; it assumes the others play ``normal``, so a ladder
still has the last word.

A variant is ``hard`` with names of ``bot.ai.runfast`` or ``bot.ai.runfast_reading`` set for
its run: ``--variant read20:BURN_IN=200,THIN=20``, ``--variant c4:CANDIDATES=4`` (the number of
plays compared; SAMPLES the deals), ``--variant blind:READ_PLAY=False`` (the hard before it read the others' play,
on the engine). Without ``--variant``: ``hard`` as it is, and ``normal`` for reference.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import runfast, runfast_counts, runfast_reading
from bot.games.base import Move, Play
from bot.games.runfast import RunFast, RunFastView
from bot.games.runfast_combos import classify

LISTED = 6  # plays whose futures are measured at every position


@dataclasses.dataclass
class Position:
    view: RunFastView
    legal: list[Move]
    truth: runfast_counts.Deal  # the deal as it really stands, on counts
    futures: dict[tuple[int, ...] | None, int]  # a play's shape (None: pass) -> its settlement


def _shape(move: Move) -> tuple[int, ...] | None:
    return runfast_counts.counts_of(move.cards) if isinstance(move, Play) else None


def future(truth: runfast_counts.Deal, view: RunFastView, move: Move) -> int:
    deal = truth.copy()
    if isinstance(move, Play):
        combo = classify(move.cards, opening=view.opening)
        deal.move(runfast_counts.counts_of(move.cards), combo)  # type: ignore[arg-type]
    else:
        deal.move(None, None)
    return deal.play_out()[view.seat]


def positions(first: int, last: int) -> list[Position]:
    out = []
    for seed in range(first, last):
        game = RunFast.new(seed=seed)
        while not game.round_over:
            seat = game.turn
            view = game.view(seat)
            legal = game.legal_moves(seat)
            plays = runfast._candidates(runfast.ranked(view, legal), LISTED)
            if len(plays) > 1 and seed % 3 == seat:
                truth = runfast_counts.from_view(view, game.hands)
                futures = {_shape(m): future(truth, view, m) for m in plays}
                out.append(Position(view, legal, truth, futures))
            game.apply(seat, runfast.choose_normal(view, legal, random.Random(0)))
    return out


def regrets(chosen: Sequence[Move], where: Sequence[Position]) -> list[int]:
    out = []
    for move, p in zip(chosen, where, strict=True):
        got = p.futures.get(_shape(move))
        if got is None:
            got = future(p.truth, p.view, move)
        out.append(max(p.futures.values()) - got)
    return out


def parse_variant(text: str) -> tuple[str, dict[str, object]]:
    name, _, sets = text.partition(":")
    values: dict[str, object] = {}
    for item in filter(None, sets.split(",")):
        key, _, raw = item.partition("=")
        values[key] = ast.literal_eval(raw)
    return name, values


def _home(key: str) -> object:
    for module in (runfast_reading, runfast):
        if hasattr(module, key):
            return module
    raise SystemExit(f"No {key} in bot.ai.runfast or bot.ai.runfast_reading.")


def run_variant(values: dict[str, object], where: Sequence[Position]) -> list[Move]:
    """``hard``'s choices at every position with ``values`` set for the run (CANDIDATES and
    SAMPLES: the plays it compares and the deals it plays them out on)."""
    values = dict(values)
    budget = {k.lower(): values.pop(k) for k in ("CANDIDATES", "SAMPLES") if k in values}
    if budget:
        values["HARD"] = dataclasses.replace(runfast.HARD, **budget)
    kept = {key: getattr(_home(key), key) for key in values}
    for key, value in values.items():
        setattr(_home(key), key, value)
    try:
        return [runfast.choose_hard(p.view, p.legal, random.Random(i)) for i, p in enumerate(where)]
    finally:
        for key, value in kept.items():
            setattr(_home(key), key, value)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=(100, 250), metavar=("FIRST", "LAST"))
    ap.add_argument("--variant", action="append", default=[], help="NAME:KEY=VALUE,...")
    args = ap.parse_args(argv)
    where = positions(*args.seeds)
    print(f"{len(where)} positions from seeds {args.seeds[0]}-{args.seeds[1] - 1}")
    normal = [runfast.choose_normal(p.view, p.legal, random.Random(0)) for p in where]
    print(f"normal: regret {statistics.mean(regrets(normal, where)):.3f} points a decision")
    first: list[int] | None = None
    for name, values in [parse_variant(v) for v in args.variant] or [("hard", {})]:
        start = time.process_time()
        mine = regrets(run_variant(values, where), where)
        cpu = time.process_time() - start
        line = f"{name}: regret {statistics.mean(mine):.3f}"
        if first is None:
            first = mine
        else:
            diff = [a - b for a, b in zip(mine, first, strict=True)]
            err = statistics.stdev(diff) / len(diff) ** 0.5
            line += f", {statistics.mean(diff):+.3f} +- {err:.3f} against the first"
        print(f"{line} ({cpu:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
