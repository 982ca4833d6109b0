"""The preview's samples are what the engine would write: a reader checks the sums."""

from __future__ import annotations

from render import samples


def test_the_more_sample_adds_up_as_the_engine_does() -> None:
    result, _ = samples.sample_result("more3", 3)
    solo = {line.label: line.points for line in result.lines if line.seat == 0}
    assert solo["core.line.went_out"] == 100
    # RULES.md's worked example: 800, ×1.5 = 1200, +150 = 1350; every line but the subtotal
    # is an addend, so the column sums to the score (issue 61).
    addends = {k: p for k, p in solo.items() if k != "more3.line.solo_subtotal"}
    assert solo["more3.line.solo_subtotal"] == 800
    assert solo["more3.line.solo_times"] == 400 and solo["more3.line.solo_out"] == 150
    assert sum(addends.values()) == result.scores[0] == 1350


def test_the_hand_sample_stars_the_lowest_total() -> None:
    _, totals = samples.sample_result("hand", 3)
    assert samples.leaders("hand", totals) == (totals.index(min(totals)),)
    _, totals = samples.sample_result("more3", 3)
    assert samples.leaders("more3", totals) == (totals.index(max(totals)),)
