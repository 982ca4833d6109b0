"""How often can anyone beat a random player at Run Fast? A ceiling for "normal beats random".

    python bench/runfast_ceiling.py [--deals N] [--seed S]

Plays seeded deals of one *oracle* seat against two ``random`` seats (seats rotated per deal as
``bot.selfplay`` does) and prints the oracle's share of seat pairs won, as selfplay's
head-to-head measure. The oracle is ``hard``'s search handed the real cards: it sees every hand,
and plays each of ``normal``'s best eight plays out to the end from the true state, keeping the
best. It is not perfect play, but it plays far better than any fair player here: where it stays
short of a share, the cards a random player is dealt decide the rest. This is a measurement
tool, never a level.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import choose_random
from bot.ai.runfast import _settled, choose_normal, counts_of, ranked
from bot.ai.search import Budget, search
from bot.games.base import Play
from bot.games.runfast import ENGINE
from bot.selfplay import Tally, mean_interval, seating

LEVELS = ("oracle", "random", "random")
# The true state needs one deal only; the budget goes on more candidates instead.
ORACLE = Budget(samples=1, horizon=None, candidates=8)


def oracle_move(game: ENGINE, seat: int, rng: random.Random):  # type: ignore[valid-type]
    legal = game.legal_moves(seat)
    order = ranked(game.view(seat), legal)
    shapes: dict[tuple[int, ...], object] = {}
    for m in order:  # one play per shape of powers: suits never matter
        shapes.setdefault(counts_of(m.cards) if isinstance(m, Play) else (), m)
    candidates = list(shapes.values())[: ORACLE.candidates]
    if len(candidates) == 1:
        return candidates[0]
    truth = game.to_json()
    return search(
        game.view(seat),
        candidates,
        rng,
        engine=ENGINE,
        build=lambda _view, _rng: truth,
        value=_settled,
        policy=choose_normal,
        budget=ORACLE,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    tally = Tally()
    for i in range(args.deals):
        seed = args.seed + i
        seats = seating(LEVELS, seed)
        game = ENGINE.new({}, seed)
        n = 0
        while not game.round_over:
            seat = game.turn
            rng = random.Random(f"{seed}:{n}")
            if seats[seat] == "oracle":
                move = oracle_move(game, seat, rng)
            else:
                move = choose_random(game.view(seat), game.legal_moves(seat), rng)
            game.apply(seat, move)
            n += 1
        tally.score("runfast", seats, game.view(0).result.scores)
    mean, lo, hi = mean_interval(tally.pairs[("oracle", "random")])
    print(
        f"runfast: an oracle seat against two random seats, {tally.deals} deals: the oracle won "
        f"{mean:.3f} of seat pairs [95% {lo:.3f}-{hi:.3f}], {tally.wins['oracle']:g} deals outright"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
