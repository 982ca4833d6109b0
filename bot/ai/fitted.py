"""Small fitted tables for ``hard``'s cut-short playouts, in one place for every game that has
one: a linear rule (a round's margin in points) or a logistic one (the chance of winning a
contest) over named features, fitted on ``normal``'s self-play by a script in ``scripts/`` and
shipped as JSON next to the player (``more3_value.json``, ``mor_value.json``).

The players read a table (``read_table``, ``weights``) and use it (``dot``, ``likely``); the
training scripts fit it (``fit``, ``fit_chance``) and say how well it does on samples it was not
fitted on (``held_out``). The standard library only, like the engines: no numerical package.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RIDGE = 1e-3  # relative to each feature's scale: keeps the solve stable, moves nothing else
NEWTON_STEPS = 12  # the logistic fit settles in fewer


def dot(weights: Sequence[float], xs: Sequence[float]) -> float:
    return sum(w * x for w, x in zip(weights, xs, strict=True))


def won(margin: float) -> float:
    """A contest decided by ``margin``: won 1, drawn 0.5, lost 0."""
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def likely(weights: Sequence[float], now: Sequence[float]) -> float:
    """How likely a contest is won, by the fitted ``weights``; without a table, as it stands
    (the first feature is the margin now)."""
    if not weights:
        return won(now[0])
    z = dot(weights, now)
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -z))))


def read_table(path: Path) -> dict[str, Any]:
    """A fitted table; none when the file is missing (the player then judges a playout's end
    as if the round ended there)."""
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return {}


def weights(table: dict[str, Any], fit: str, names: Sequence[str]) -> tuple[float, ...]:
    """The weights of one fit, ``fit`` + ``weights``, one per feature of ``names``; none when
    the table has no such fit or fitted it on other features."""
    if table.get(fit + "features") != list(names):
        return ()
    return tuple(float(w) for w in table[fit + "weights"])


# ---------------------------------------------------------------- fitting (the scripts)

Samples = tuple[list[list[float]], list[float]]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a w = b`` with a little ridge on ``a``'s diagonal, by Gaussian elimination."""
    k = len(b)
    a = [row[:] for row in a]
    b = b[:]
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


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Least squares by the normal equations."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    return solve(a, b)


def fit_chance(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Logistic regression by Newton's method (reweighted least squares); ``ys`` from 0 to 1."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(NEWTON_STEPS):
        a = [[0.0] * k for _ in range(k)]
        b = [0.0] * k
        for x, y in zip(xs, ys, strict=True):
            p = likely(w, x)
            h = max(p * (1.0 - p), 1e-9)
            for i, xi in enumerate(x):
                if xi:
                    b[i] += (y - p) * xi
                    row, hx = a[i], h * xi
                    for j, xj in enumerate(x):
                        row[j] += hx * xj
        step = solve(a, b)
        w = [u + d for u, d in zip(w, step, strict=True)]
        if max(map(abs, step)) < 1e-9:
            break
    return w


def mse(pred: list[float], ys: list[float]) -> float:
    return sum((p - y) ** 2 for p, y in zip(pred, ys, strict=True)) / len(ys)


def log_loss(chances: list[float], ys: list[float]) -> float:
    def one(p: float, y: float) -> float:
        p = min(max(p, 1e-12), 1.0 - 1e-12)
        return -(y * math.log(p) + (1.0 - y) * math.log(1.0 - p))

    return sum(map(one, chances, ys)) / len(ys)


def held_out(xs: list[list[float]], ys: list[float], chance: bool) -> tuple[float, float]:
    """The error on the last fifth of the samples of a fit on the first four fifths, and the
    error of the simple guess: the round as if it ended now (the first feature), or the base
    rate."""
    cut = len(xs) * 4 // 5
    if chance:
        found = fit_chance(xs[:cut], ys[:cut])
        rate = sum(ys[:cut]) / cut
        fitted = [likely(found, x) for x in xs[cut:]]
        return log_loss(fitted, ys[cut:]), log_loss([rate] * len(fitted), ys[cut:])
    found = fit(xs[:cut], ys[:cut])
    fitted = [dot(found, x) for x in xs[cut:]]
    return mse(fitted, ys[cut:]), mse([x[0] for x in xs[cut:]], ys[cut:])


def margin_fit(names: Sequence[str], margins: Samples, rounds: int) -> dict[str, Any]:
    """A round's margin fitted on ``margins`` (from ``rounds`` rounds), as a table's fields: the
    features and weights, and the held-out error against the round as if it ended now."""
    error, now = held_out(*margins, chance=False)
    return {
        "features": list(names),
        "weights": [round(w, 6) for w in fit(*margins)],
        "rounds": rounds,
        "samples": len(margins[0]),
        "held_out_mse": round(error, 1),
        "held_out_mse_if_the_round_ended_now": round(now, 1),
    }


def chance_fit(names: Sequence[str], contests: Samples) -> dict[str, Any]:
    """A contest's chance fitted on ``contests``, as a table's fields: the features and
    weights, how many samples, and the held-out log loss against the base rate alone."""
    loss, rate = held_out(*contests, chance=True)
    return {
        "features": list(names),
        "weights": [round(w, 9) for w in fit_chance(*contests)],
        "samples": len(contests[0]),
        "held_out_log_loss": round(loss, 4),
        "held_out_log_loss_of_the_base_rate": round(rate, 4),
    }


def write_table(table: dict[str, Any], out: str) -> None:
    """Write ``table`` to ``out`` and print what it says of itself (all but the weights)."""
    Path(out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in table.items() if not k.endswith("weights")}, indent=1))
