"""More's score predictor for hard's cut-short playouts: the shipped table is the one the player
reads, the training script's fit finds a linear rule, and the table predicts a round's
end better than scoring it as if it ended at once."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from bot.ai import more3

ROOT = Path(__file__).resolve().parents[2]


def _script():  # scripts/ is not a package: load the training script from its file
    spec = importlib.util.spec_from_file_location(
        "train_more3_value", ROOT / "scripts" / "train_more3_value.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
