"""The fitted tables' arithmetic (``bot.ai.fitted``): the least-squares fit finds a linear rule,
the logistic fit the chance its outcomes were drawn from, and without a table a contest is
judged as it stands."""

from __future__ import annotations

import random

from bot.ai import fitted


def test_the_fit_finds_a_linear_rule() -> None:
    xs = [[float(a), float(b * b), 1.0] for a in range(-5, 6) for b in range(4)]
    ys = [2.0 * x[0] - 3.0 * x[1] + 5.0 for x in xs]
    weights = fitted.fit(xs, ys)
    # The small ridge pulls the weights a hair toward zero, nothing more.
    assert all(abs(w - t) < 0.05 for w, t in zip(weights, [2.0, -3.0, 5.0], strict=True))


def test_the_logistic_fit_finds_the_chance_it_was_drawn_from() -> None:
    """Outcomes drawn with a known chance, logit 0.8 a - 0.5 b + 0.3: the fit gets the weights
    back, and its chances tell the outcomes better than the base rate."""
    rng = random.Random(7)
    truth = [0.8, -0.5, 0.3]
    xs = [[rng.uniform(-3, 3), rng.uniform(-3, 3), 1.0] for _ in range(4000)]
    ys = [1.0 if rng.random() < fitted.likely(truth, x) else 0.0 for x in xs]
    weights = fitted.fit_chance(xs, ys)
    assert all(abs(w - t) < 0.15 for w, t in zip(weights, truth, strict=True))
    rate = sum(ys) / len(ys)
    chances = [fitted.likely(weights, x) for x in xs]
    assert fitted.log_loss(chances, ys) < fitted.log_loss([rate] * len(ys), ys) - 0.1


def test_without_tables_a_contest_is_judged_as_it_stands() -> None:
    assert fitted.likely((), [30.0, 1.0]) == 1.0
    assert fitted.likely((), [0.0, 1.0]) == 0.5
    assert fitted.likely((), [-5.0, 1.0]) == 0.0
    assert fitted.likely([1.0], [10_000.0]) == 1.0 - fitted.likely([1.0], [-10_000.0])
