"""How often can anyone beat a random (or a ``normal``) player at Run Fast? A ceiling for a level.

    python bench/runfast_ceiling.py [--against random|normal] [--deals N] [--seed S] [--jobs N]
        [--samples K] [--candidates C]

Plays seeded deals of one *oracle* seat against two ``random`` seats (seats rotated per deal as
``bot.computers.selfplay`` does) and prints the oracle's share of seat pairs won, as selfplay's
head-to-head measure. The oracle cheats twice over: it sees every hand, and it knows the other
two play at random. For each of ``normal``'s best plays (one per shape of powers, up to
``--candidates``) it plays the deal out ``--samples`` times from the true state, the
random seats drawing their moves at random and the oracle playing on as ``normal``, every
candidate on the same random numbers, and keeps the play that wins the most seat pairs (then the
most points). It is not perfect play, but it knows far more than any fair player: where it stays
short of a share, the cards a random player is dealt decide the rest. A measurement tool, never a level.

``--against normal`` seats two ``normal`` players instead, whom the oracle knows to be ``normal``:
``normal`` never draws on its random numbers, so one playout per play (``--samples 1``) is the
exact future of each play, and the oracle's share is what seeing every hand and every answer buys
against ``normal`` one play deep, the ceiling for "hard beats normal".
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import choose_random
from bot.ai.runfast import choose_normal, counts_of, ranked
from bot.ai.search import Budget, search
from bot.computers.selfplay import Tally, mean_interval, seating
from bot.games.base import Move, Play
from bot.games.runfast import ENGINE, RunFast

OPPONENT = {"random": choose_random, "normal": choose_normal}  # the two seats the oracle faces
# The truth needs no sampling of cards: the samples are the random seats' choices.
DEFAULT = Budget(samples=24, horizon=None, candidates=16)


def pairs_won(game: RunFast, seat: int) -> float:
    """Seat pairs ``seat`` wins on the settlement (a tie is half), points breaking ties."""
    mine = game.settlement[seat]
    won = sum(
        1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        for s, theirs in enumerate(game.settlement)
        if s != seat
    )
    return won + 0.001 * mine


def oracle_move(
    game: RunFast, seat: int, seats: Sequence[str], rng: random.Random, budget: Budget
) -> Move:
    legal = game.legal_moves(seat)
    shapes: dict[tuple[int, ...], Move] = {}
    for m in ranked(game.view(seat), legal):  # one play per shape of powers: suits never matter
        shapes.setdefault(counts_of(m.cards) if isinstance(m, Play) else (), m)
    candidates = list(shapes.values())[: budget.candidates]
    truth = game.to_json()

    def policy(view: Any, moves: Sequence[Move], r: random.Random) -> Move:
        level = seats[view.seat]
        return (choose_normal if level == "oracle" else OPPONENT[level])(view, moves, r)

    return search(
        game.view(seat),
        candidates,
        rng,
        engine=ENGINE,
        build=lambda _view, _rng: truth,
        value=pairs_won,
        policy=policy,
        budget=budget,
    )


def play(budget: Budget, against: str, seed: int) -> tuple[list[str], tuple[float, ...]]:
    seats = seating(("oracle", against, against), seed)
    game = ENGINE.new({}, seed)
    n = 0
    while not game.round_over:
        seat = game.turn
        rng = random.Random(f"{seed}:{n}")
        if seats[seat] == "oracle":
            move = oracle_move(game, seat, seats, rng, budget)
        else:
            move = OPPONENT[against](game.view(seat), game.legal_moves(seat), rng)
        game.apply(seat, move)
        n += 1
    return seats, tuple(game.view(0).result.scores)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", choices=sorted(OPPONENT), default="random")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="processes (same results)")
    ap.add_argument("--samples", type=int, default=DEFAULT.samples, help="playouts per play")
    ap.add_argument("--candidates", type=int, default=DEFAULT.candidates, help="plays compared")
    args = ap.parse_args()
    tally = Tally()
    seeds = range(args.seed, args.seed + args.deals)
    task = partial(play, Budget(args.samples, None, args.candidates), args.against)
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        outcomes = pool.map(task, seeds, chunksize=4) if pool else map(task, seeds)
        for seats, scores in outcomes:
            tally.score("runfast", seats, scores)
    mean, lo, hi = mean_interval(tally.pairs[("oracle", args.against)])
    print(
        f"runfast: an oracle seat against two {args.against} seats, {tally.deals} deals "
        f"({args.samples} playouts of up to {args.candidates} plays): the oracle won "
        f"{mean:.3f} of seat pairs [95% {lo:.3f}-{hi:.3f}], {tally.wins['oracle']:g} deals outright"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
