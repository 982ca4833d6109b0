"""Run Fast's end says what wins: the first to empty the hand, whatever the points. A bomb's
20 can leave another player with the most points, and "Winner: seat 1" beside one's own
higher total read as a mistake (issue 61)."""

from __future__ import annotations

import io
import random

import pytest

from bot.ai import Level, choose_move
from bot.console.table import Console
from bot.games.registry import new_game
from bot.i18n import LANGUAGES, t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_a_deal_says_the_first_out_wins(lang: str) -> None:
    engine = new_game("runfast", {}, 5)
    rng = random.Random(5)
    while not engine.game_over:
        seat = engine.turn
        assert seat is not None
        engine.apply(seat, choose_move(engine.view(seat), engine.legal_moves(seat), "simple", rng))
    out = io.StringIO()
    console = Console(engine, 0, Level.NORMAL, 5, io.StringIO(""), out, False, lang=lang)
    console.show_game_over()
    lines = out.getvalue().splitlines()
    said = t("console.runfast.who_wins", lang)
    assert said in lines
    # Right after the line naming the winner.
    assert lines.index(said) == len(lines) - 1 and len(lines) >= 2
