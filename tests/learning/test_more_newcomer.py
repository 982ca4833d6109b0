"""More as a fresh newcomer learns it (the More newcomer's findings): the guided coach, the hint's
rules and its stages, checked against the real engine, the real hard player and the catalogues."""

from __future__ import annotations

from bot.games.base import Add, Lay, Meld, Move
from bot.learning.lessons import guided


def test_the_opening_rule_comes_before_the_first_lay_in_the_guided_round() -> None:
    # Finding 7: the 7.5 opening rule was explained nine stops after the learner's first lay:
    # three notes at a time put it off (and "not down yet" was read as a flag per seat).
    stops: list[guided.Stop] = []

    def pick(stop: guided.Stop, legal: object) -> Move:
        stops.append(stop)
        assert stop.move is not None
        return stop.move

    guided.play_round("more3", pick)
    first_lay = next(i for i, s in enumerate(stops) if isinstance(s.move, Meld | Lay | Add))
    told = [n.rule for s in stops[: first_lay + 1] for n in s.notes]
    assert "opening" in told
    assert "runs" in told
