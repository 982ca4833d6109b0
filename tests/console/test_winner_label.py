"""The game's end names its winners under a label that agrees with how many won: one Run Fast
winner reads "Winner: …", never "Winners: Sara" (issue 59), in English and Dutch alike; a Mor
team of two reads "Winners: … and …". Played to the end through the real terminal and engine."""

from __future__ import annotations

import io

import pytest

from bot.console.cli import Console
from bot.games.registry import new_game

from .test_console import AutoPlayer


def game_over_line(game: str, options: dict, seed: int, lang: str) -> tuple[str, int]:
    stdin = AutoPlayer()
    out = io.StringIO()
    engine = new_game(game, options, seed)
    console = Console(engine, 0, "simple", seed, stdin, out, color=False, lang=lang)
    stdin.console = console
    assert console.play() == 0 and engine.game_over
    first = {"en": "Game over.", "nl": "Partij afgelopen."}[lang]
    line = next(x for x in out.getvalue().splitlines() if x.startswith(first))
    return line, len(engine.view(0).winners)


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "Winner: ", "Winners:"), ("nl", "Winnaar: ", "Winnaars:")],
)
def test_one_winner_is_named_under_a_singular_label(lang: str, one: str, many: str) -> None:
    line, won = game_over_line("runfast", {}, 11, lang)
    assert won == 1
    assert one in line and many not in line, line


def test_a_winning_team_is_named_under_a_plural_label() -> None:
    line, won = game_over_line("mor", {"players": 4, "length": "quick"}, 5, "nl")
    assert won == 2
    assert "Winnaars: " in line and " en " in line, line
