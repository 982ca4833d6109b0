"""The preview's samples are what the engine would write: a reader checks the sums."""

from __future__ import annotations

from render import samples


def test_the_more_sample_adds_up_as_the_engine_does() -> None:
    result, _ = samples.sample_result("more3", 3)
    solo = {line.label: line.points for line in result.lines if line.seat == 0}
    assert solo["core.line.went_out"] == 100
    net = sum(p for k, p in solo.items() if k != "more3.line.solo_total")
    assert solo["more3.line.solo_total"] == net * 3 // 2 + 150 == result.scores[0] == 1080


def test_the_hand_sample_stars_the_lowest_total() -> None:
    _, totals = samples.sample_result("hand", 3)
    assert samples.leaders("hand", totals) == (totals.index(min(totals)),)
    _, totals = samples.sample_result("more3", 3)
    assert samples.leaders("more3", totals) == (totals.index(max(totals)),)
