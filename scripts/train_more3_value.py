"""Fit More's score predictor for ``hard``'s cut-short playouts: ``python scripts/train_more3_value.py
[--rounds N] [--every K] [--out PATH]``.

``normal`` plays every seat (it is the playouts' policy) through rounds dealt from tuning seeds
(0 up, below the ladder's reporting seeds); every ``K``-th decision of a round, each seat's
``bot.ai.more3.features`` is recorded and later paired with that seat's margin when the round
really ended. A least-squares fit (a little ridge, the standard library only) gives one weight
per feature, written as a small JSON table next to the player (``bot/ai/more3_value.json``),
with how well it predicts: the mean squared error against scoring the round as if it ended at
the recorded moment.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import more3
from bot.games.registry import new_game

RIDGE = 1e-3  # relative to each feature's scale: keeps the solve stable, moves nothing else


def samples(rounds: int, every: int) -> tuple[list[list[float]], list[float]]:
    xs: list[list[float]] = []
    ys: list[float] = []
    for seed in range(rounds):
        game = new_game("more3", {}, seed)
        pending: list[tuple[int, list[float]]] = []
        n = 0
        while not game.round_over:
            seat = game.turn
            if game.phase != "bid" and n % every == 0:
                pending.extend((s, more3.features(game, s)) for s in range(3))
            legal = game.legal_moves(seat)
            game.apply(seat, more3.choose_normal(game.view(seat), legal, random.Random(n)))
            n += 1
        scores = game.result.scores
        for s, x in pending:
            xs.append(x)
            ys.append(more3._margin(game, s, scores))
    return xs, ys


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Least squares by the normal equations, solved by Gaussian elimination."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for i in range(k):
        a[i][i] += RIDGE * (a[i][i] or 1.0)
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def mse(pred: list[float], ys: list[float]) -> float:
    return sum((p - y) ** 2 for p, y in zip(pred, ys, strict=True)) / len(ys)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=600)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--out", default=str(Path(more3.__file__).with_name("more3_value.json")))
    args = ap.parse_args(argv)
    xs, ys = samples(args.rounds, args.every)
    # Fit on the first four fifths of the rounds' samples, judge on the rest, then refit on all.
    cut = len(xs) * 4 // 5
    held = fit(xs[:cut], ys[:cut])
    predict = [sum(w * v for w, v in zip(held, x, strict=True)) for x in xs[cut:]]
    now = [x[0] for x in xs[cut:]]
    weights = fit(xs, ys)
    table = {
        "features": list(more3.FEATURES),
        "weights": [round(w, 6) for w in weights],
        "rounds": args.rounds,
        "samples": len(xs),
        "held_out_mse": round(mse(predict, ys[cut:]), 1),
        "held_out_mse_if_the_round_ended_now": round(mse(now, ys[cut:]), 1),
        "command": f"python scripts/train_more3_value.py --rounds {args.rounds} --every {args.every}",
    }
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in table.items() if k != "weights"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
