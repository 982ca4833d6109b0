"""More's score predictor for hard's cut-short playouts: the shipped table is the one the player
reads, the training script's fit finds a linear rule, and the table predicts a round's
end better than scoring it as if it ended at once."""

from __future__ import annotations

import json

from bot.ai import more3
from tests.ai.repo_script import ROOT, load_script


def _script():
    return load_script("scripts/train_more3_value.py")


def test_the_shipped_table_is_read() -> None:
    table = json.loads((ROOT / "bot" / "ai" / "more3_value.json").read_text(encoding="utf-8"))
    assert table["features"] == list(more3.FEATURES)
    assert tuple(table["weights"]) == more3.WEIGHTS
    assert table["held_out_mse"] < table["held_out_mse_if_the_round_ended_now"]


def test_the_fit_finds_a_linear_rule() -> None:
    xs = [[float(a), float(b * b), 1.0] for a in range(-5, 6) for b in range(4)]
    ys = [2.0 * x[0] - 3.0 * x[1] + 5.0 for x in xs]
    weights = _script().fit(xs, ys)
    # The small ridge pulls the weights a hair toward zero, nothing more.
    assert all(abs(w - t) < 0.05 for w, t in zip(weights, [2.0, -3.0, 5.0], strict=True))


def test_the_table_predicts_better_than_ending_now() -> None:
    xs, ys = _script().samples(rounds=8, every=6)
    predicted = [sum(w * x for w, x in zip(more3.WEIGHTS, row, strict=True)) for row in xs]
    now = [row[0] for row in xs]
    assert len(ys) > 100
    assert _script().mse(predicted, ys) < _script().mse(now, ys)
