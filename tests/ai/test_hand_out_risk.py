"""Hand's out-risk table for hard's throw: the shipped table is the one the player reads, it holds
chances, and the fitting script counts every turn of a round and the one that went out."""

from __future__ import annotations

import json

from bot.ai import hand
from tests.ai.repo_script import ROOT, load_script


def _script():
    return load_script("scripts/fit_hand_out_risk.py")


def test_the_shipped_table_is_read() -> None:
    table = json.loads((ROOT / "bot" / "ai" / "hand_out_risk.json").read_text(encoding="utf-8"))
    assert {int(k): v for k, v in table["out_risk"].items()} == hand.OUT_RISK
    assert all(0.0 <= p <= 1.0 for p in hand.OUT_RISK.values())
    # The last card is thrown, not laid: one card or three go out far more often than two.
    assert hand.OUT_RISK[1] > 5 * hand.OUT_RISK[2] < hand.OUT_RISK[3]


def test_the_fit_counts_every_turn_and_the_one_that_went_out() -> None:
    played, out = _script().turns(rounds=4)
    assert played["unopened"] > 0
    assert all(out[k] <= played[k] for k in out)
    # Every round of normal's self-play ends with one player going out (the stock lasts).
    assert sum(out.values()) == 4
