"""The advice weighs every lay a position offers by what it does to the table (a biriba made or
bettered, a pure one spoilt, a project's value), and the engine tries a lay on a copy before
allowing it when a taken card is still to be laid. Both now read the lay's outcome, or try it
on a light copy of the game; over many self-play positions they answer exactly what playing
each lay on a copy rebuilt from JSON (or a deep copy) answered, which stays here as the
reference."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.base import Add, IllegalMove, Lay, Meld, Move, as_lay
from bot.games.lays import LayOutcome, play_lay
from bot.games.melds import MORE_MELDS_ACES
from bot.games.more3 import More3
from bot.learning.hints import biriba_gain, project_gain, side_adds, spoils_biriba
from tests.games.rummy_positions import positions

_BIRIBA_RANK = {"dirty": 1, "pure": 2}


def _lays(engine: Any, seat: int) -> list[Move]:
    """Every lay the advice weighs: the candidates (legal or not), the legal moves' lays and
    the adds of several cards to one meld."""
    moves = [*engine.candidate_moves(seat), *engine.legal_moves(seat), *side_adds(engine, seat)]
    return [m for m in moves if isinstance(m, Meld | Add | Lay)]


def _played(engine: Any, seat: int, move: Move) -> Any | None:
    """The game after ``move``, played on a copy rebuilt from JSON (None where it is refused)."""
    after = type(engine).from_json(engine.to_json())
    try:
        after.apply(seat, move)
    except IllegalMove:
        return None
    return after


def _ask(answer: Any, *args: Any) -> Any:
    try:
        return answer(*args)
    except IllegalMove:
        return None


def old_biriba_gain(engine: More3, seat: int, move: Move, after: More3) -> int:
    side = engine.side(seat)
    before = {m.id: _BIRIBA_RANK.get(m.biriba or "", 0) for m in engine.view(seat).melds}
    return sum(
        max(0, _BIRIBA_RANK.get(m.biriba or "", 0) - before.get(m.id, 0))
        for m in after.view(seat).melds
        if after.side(m.seat) == side
    )


def old_spoils(engine: More3, seat: int, after: More3) -> bool:
    pure = {m.id for m in engine.view(seat).melds if m.biriba == "pure"}
    if not pure:
        return False
    return any(m.id in pure and m.biriba != "pure" for m in after.view(seat).melds)


def more_positions() -> Iterator[More3]:
    yield from positions("more3", range(40), every=2)
    yield from positions("more3", range(40, 60), every=2, totals=1600)


def test_biriba_gain_and_spoilt_biribas_match_the_game_played_on_a_copy() -> None:
    weighed = gained = 0
    for engine in more_positions():
        seat = engine.turn
        for move in _lays(engine, seat):
            after = _played(engine, seat, move)
            if after is None:
                assert _ask(biriba_gain, engine, seat, move) in (None, 0)
                continue
            old = old_biriba_gain(engine, seat, move, after)
            assert biriba_gain(engine, seat, move) == old, move
            assert spoils_biriba(engine, seat, move) == old_spoils(engine, seat, after), move
            weighed += 1
            gained += old > 0
    assert weighed > 2000 and gained > 20  # the positions reach biribas


def test_project_gain_matches_the_game_played_on_a_copy() -> None:
    weighed = gained = 0
    for engine in positions("mor", range(30), every=2):
        seat = engine.turn
        team = engine.team(seat)
        for move in _lays(engine, seat):
            after = _played(engine, seat, move)
            if after is None:
                continue
            old = sum(after.projects()[team]) - sum(engine.projects()[team])
            assert project_gain(engine, seat, move) == old, move
            weighed += 1
            gained += old != 0
    assert weighed > 1000 and gained > 20


def old_meldable_after(engine: More3, seat: int, outcome: LayOutcome) -> bool:
    """``More3._meldable_after`` as it was: the lay tried on a deep copy of the game."""
    trial = copy.deepcopy(engine)
    trial._do_lay(seat, copy.deepcopy(outcome), [])
    taken = trial.must_lay[0]
    rest = list(trial.hands[seat])
    if taken not in rest:
        return False
    rest.remove(taken)
    for lay in trial._every_take_lay(seat, taken, rest):
        try:
            trial._lay_outcome(seat, lay, trial.hands[seat], [taken])
        except IllegalMove:
            continue
        return True
    return False


@pytest.mark.parametrize("totals", [None, 1600])
def test_a_lay_before_the_taken_card_is_tried_as_on_a_deep_copy(totals: float | None) -> None:
    tried = 0
    for engine in positions("more3", range(50), totals=totals):
        seat = engine.turn
        if not engine.must_lay:
            continue
        state = engine.to_json()
        for move in _lays(engine, seat):
            try:
                outcome = play_lay(
                    engine.hands[seat],
                    engine.melds,
                    as_lay(move),
                    engine.rules_for(seat),
                    lambda m, e=engine, s=seat: e._may_add(s, m),
                    lambda _m: MORE_MELDS_ACES,
                )
            except IllegalMove:
                continue
            if set(outcome.laid) & set(engine.must_lay):
                continue
            old = old_meldable_after(engine, seat, outcome)
            assert engine._meldable_after(seat, outcome) == old, move
            assert engine.to_json() == state  # the trial changed nothing of the game
            tried += 1
    assert tried > 50
