"""Computer players against each other: ``python -m bot.computers.selfplay GAME --seats normal,simple,...``.

``python -m bot.computers.selfplay ladder ...`` is the fair ladder (duplicate deals, seats rotated): see
``bot.computers.ladder``; the README's figures come from it.

Each deal is one round of GAME dealt from its own seed (for games of several rounds a "deal" is one
round). The levels rotate one seat per deal, so each level sits in every seat and, in Mor, in
both teams equally. A level wins a deal when one of its seats has the best round score (the
lowest in Hand, where points are bad); a shared best counts half.

Prints per level: deals won with a 95% Wilson interval, the average score margin (its seats'
average round score minus the other seats' average), and decision time p50/p99.

Then, for every pair of levels at the table, the head-to-head measure that the README's figures
use ("A beats B"): in each deal every seat of A is compared with every seat of B, the better round
score winning the pair (a tie is half); the deal counts for A the share of those pairs A won (1, 0
or in between), and the figure is the mean over deals with a 95% interval. In Mor's 2 vs 2 both
partners share a score, so this is the plain team win rate. In the 3-seat games a level with two
seats gets no extra credit for having two chances: each of its seats must beat the lone other.
Fair share is 50% whatever the seat counts, so "beats" means the interval lies above 50%.

With ``--games`` each seed is a whole game instead (every round to the game's end: Mor's Quick
target, More's 3100, Hand's five rounds; in Run Fast one deal is the game) and the same measures
compare the final totals: "normal beats random in N% of games".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bot.ai import LEVELS, Level, choose_move
from bot.computers.pool import choose_computer_move
from bot.games.base import Engine, Move, TableFileRecord
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
    # (A, B) -> per deal, the share of (seat of A, seat of B) pairs that A's seat won
    pairs: dict[tuple[str, str], list[float]] = field(default_factory=lambda: defaultdict(list))
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    deals: int = 0
    rounds: int = 0

    def add(self, game: str, outcome: Outcome) -> None:
        for level, t in outcome.times.items():
            self.times[level].extend(t)
        self.rounds += outcome.rounds
        self.score(game, outcome.seats, outcome.scores)

    def score(self, game: str, seats: Sequence[str], raw: Sequence[float]) -> None:
        """Count one deal (or game) whose seats scored ``raw`` (round scores or final totals)."""
        sign = -1.0 if game in LOWER_IS_BETTER else 1.0
        scores = [sign * s for s in raw]
        best = max(scores)
        winners = {seats[s] for s, x in enumerate(scores) if x == best}
        for level in winners:
            self.wins[level] += 1.0 / len(winners)
        for level in set(seats):
            mine = [x for s, x in enumerate(scores) if seats[s] == level]
            rest = [x for s, x in enumerate(scores) if seats[s] != level]
            if rest:
                self.margins[level].append(sum(mine) / len(mine) - sum(rest) / len(rest))
        for a in dict.fromkeys(seats):
            for b in dict.fromkeys(seats):
                if a == b:
                    continue
                won = [
                    1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                    for i in range(len(seats))
                    for j in range(len(seats))
                    if seats[i] == a and seats[j] == b
                ]
                self.pairs[(a, b)].append(sum(won) / len(won))
        self.deals += 1


def options_for(game: str, n_levels: int) -> dict[str, Any]:
    if game == "mor":
        return {"players": n_levels, "length": "quick"}
    return {}


@dataclass(frozen=True)
class Outcome:
    """What one seed's play left: plain data, so worker processes can send it back."""

    seats: tuple[str, ...]
    scores: tuple[float, ...]  # round scores of a deal, or final totals of a whole game
    times: dict[str, list[float]]  # level -> seconds per decision
    rounds: int
    record: TableFileRecord  # the table file that replays it


def play(game: str, levels: Sequence[str], seed: int, whole: bool = False) -> Outcome:
    """Play the deal (or with ``whole`` the game: every round to the game's end; in Run Fast a
    game is one deal) dealt from ``seed``, with ``levels`` rotated by the seed."""
    seats = seating(levels, seed)
    engine = new_game(game, options_for(game, len(levels)), seed)
    times: dict[str, list[float]] = defaultdict(list)
    played = 0
    while True:
        # A game's first round draws as a lone deal does, so a one-deal game decides the same.
        play_round(engine, seats, f"{seed}:{played}" if played else str(seed), times)
        played += 1
        if not whole or engine.game_over:
            break
        engine.next_round()
    view = engine.view(0)
    assert view.result is not None  # the round was played to its end
    scores = view.totals if whole else view.result.scores
    return Outcome(tuple(seats), tuple(scores), dict(times), played, engine.record)


def careless_game(game: str, seed: int, member: int = 0) -> TableFileRecord:
    """The record of a whole practice game dealt from ``seed`` in which seat ``member`` plays
    carelessly (the random level) against ``simple`` computers: a game with mistakes for a
    review to find (the review's tests and bench/ai_loop.py)."""

    def careless(engine: Engine, seat: int, rng: random.Random) -> Move:
        return choose_computer_move(engine, seat, Level.RANDOM, rng)

    return practice_game(game, seed, careless, member)


def practice_game(
    game: str,
    seed: int,
    member_move: Callable[[Engine, int, random.Random], Move],
    member: int = 0,
) -> TableFileRecord:
    """The record of a whole practice game dealt from ``seed``: seat ``member`` plays
    ``member_move``'s moves, the others are ``simple`` computers; each decision seeded by its
    number, so the game is the same every time."""
    engine = new_game(game, {}, seed)
    n = 0
    while not engine.game_over:
        if engine.round_over:
            engine.next_round()
            continue
        seat = engine.turn
        if seat is None:  # More's sealed bids: whoever still has a bid to make
            seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
        rng = random.Random(n)
        if seat == member:
            move = member_move(engine, seat, rng)
        else:
            move = choose_computer_move(engine, seat, Level.SIMPLE, rng)
        engine.apply(seat, move)
        n += 1
    return engine.record


def seating(levels: Sequence[str], seed: int) -> list[str]:
    rot = seed % len(levels)
    return list(levels[rot:]) + list(levels[:rot])


def play_round(
    engine: Engine, seats: Sequence[str], key: str, times: dict[str, list[float]]
) -> None:
    """Play the round in progress to its end; decision ``n`` draws from ``Random(f"{key}:{n}")``."""
    n = 0
    while not engine.round_over:
        seat = engine.turn
        assert seat is not None  # a round in play always has a seat to move
        view = engine.view(seat)
        legal = engine.legal_moves(seat)
        rng = random.Random(f"{key}:{n}")
        start = time.perf_counter()
        move = choose_move(view, legal, seats[seat], rng)
        times[seats[seat]].append(time.perf_counter() - start)
        engine.apply(seat, move)
        n += 1


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean of per-deal values in [0, 1] and its 95% interval. All-0/1 values (every pair of a
    deal decided the same way, as in Mor) get the Wilson interval; otherwise the normal
    approximation with the sample variance, sound for the 1000+ deals the README's figures use."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 1.0)
    mean = sum(values) / n
    if all(v in (0.0, 1.0) for v in values):
        lo, hi = wilson(sum(values), n, z)
        return (mean, lo, hi)
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    half = z * math.sqrt(var / n)
    return (mean, max(0.0, mean - half), min(1.0, mean + half))


def report(game: str, levels: Sequence[str], tally: Tally, games: bool = False) -> str:
    what = f"{tally.deals} whole games ({tally.rounds} deals)" if games else f"{tally.deals} deals"
    lines = [f"{game}: seats {','.join(levels)} rotated, {what}"]
    unit = "games" if games else "deals"
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
    names = list(dict.fromkeys(levels))
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            mean, lo, hi = mean_interval(tally.pairs[(a, b)])
            verdict = (
                f"{a} beats {b}"
                if lo > 0.5
                else f"{b} beats {a}"
                if hi < 0.5
                else "no clear winner"
            )
            lines.append(
                f"  head-to-head {a} vs {b}: {a} won {mean:.3f} of seat pairs "
                f"[95% {lo:.3f}-{hi:.3f}] over {len(tally.pairs[(a, b)])} {unit}: {verdict}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["ladder"]:
        from bot.computers.ladder import (
            main as ladder_main,  # it imports this module's interval maths
        )

        return ladder_main(argv[1:])
    ap = argparse.ArgumentParser(
        prog="python -m bot.computers.selfplay", description=__doc__.split("\n")[0]
    )
    ap.add_argument("game")
    ap.add_argument(
        "--seats", required=True, help="a level per seat, e.g. normal,simple,normal,simple"
    )
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument(
        "--games",
        action="store_true",
        help="play whole games (every round to the end) and compare final totals: --deals games",
    )
    ap.add_argument("--seed", type=int, default=0, help="deal i uses seed SEED+i")
    ap.add_argument("--save", help="directory for each deal's table file (replay: bot.scenario)")
    ap.add_argument(
        "--jobs", type=int, default=1, help="play seeds in this many processes (same results)"
    )
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
    seeds = range(args.seed, args.seed + args.deals)
    task = partial(play, args.game, levels, whole=args.games)
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        # Each seed's play depends on nothing else, so the outcomes are the same in any order
        # and with any number of processes; map keeps the seeds' order for the tally.
        outcomes = pool.map(task, seeds, chunksize=4) if pool else map(task, seeds)
        for seed, outcome in zip(seeds, outcomes, strict=True):
            tally.add(args.game, outcome)
            if out_dir:
                path = out_dir / f"{args.game}-{seed}.json"
                path.write_text(json.dumps(outcome.record) + "\n", encoding="utf-8")
    print(report(args.game, levels, tally, games=args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
