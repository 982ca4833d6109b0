"""Each ``hint`` typed at a position shows one stage more (issue 61: the stages jumped to the
move): what to look at, then the cards (before a draw or a take, the hand's cards the top
discard goes with), then the move and why, on self-play positions of every game, in the real
terminal client. No stage before the last gives the move's sentence away."""

from __future__ import annotations

import io

import pytest

from bot.console.table import Console
from bot.games.base import Discard, Draw, Move, Play, Take
from bot.i18n import t
from bot.learning.hints import hint, hint_rng
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")

GAMES = ("mor", "more3", "hand", "runfast")
POSITIONS = 60  # per game
SEED = 7  # the console's seed, which seeds its hints


def _presses(engine: object, seat: int, count: int) -> list[list[str]]:
    """The lines each of ``count`` ``hint`` typed in a row shows, at a terminal table."""
    out = io.StringIO()
    console = Console(engine, seat, "normal", SEED, io.StringIO(), out)  # type: ignore[arg-type]
    shown = []
    for _ in range(count):
        out.seek(0)
        out.truncate()
        console.say_hint()
        shown.append(out.getvalue().splitlines())
    return shown


def _choice(engine: object, seat: int, move: Move) -> bool:
    """A move picked among others of its kind: a throw, a play, a draw or a take."""
    legal = engine.legal_moves(seat)  # type: ignore[attr-defined]
    return len(legal) > 1 and isinstance(move, Discard | Play | Draw | Take)


@pytest.mark.parametrize("game", GAMES)
def test_each_hint_typed_shows_one_stage_more(game: str) -> None:
    staged = 0
    for engine, seat, _ in check.positions(game, POSITIONS):
        # Drawn as the terminal draws it: from the record, as the review after the game does.
        found = hint(engine, seat, hint_rng(engine.record))
        assert found is not None
        (first, *again), (second, *after), (third, *_) = _presses(engine, seat, 3)
        # What is still to come is said truly: the cards and the move, or the move alone.
        narrowed = found.next_stage("nudge") == "cards"
        assert again == [t("console.hint_again" if narrowed else "console.hint_again_move")]
        move_line = found.text()
        assert first == t("hint_prefix", text=t(found.nudge)), first
        assert move_line in third
        if _choice(engine, seat, found.move):
            # A choice among moves: the second stage narrows it without giving the move.
            assert found.next_stage("nudge") == "cards"
            assert move_line not in second and second not in (first, third), second
            assert after == [t("console.hint_again_move")], after
            staged += 1
        for stage in ("nudge", "cards"):
            assert found.stage_text(stage) != move_line
    assert staged >= POSITIONS // 3
