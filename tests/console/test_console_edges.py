"""The terminal client's edges: each game's lay example is legal there, a hint's cards read in
order, an unknown game is named once, and Mor's default length is Discord's."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from bot.console.cli import game_options, parser, run
from bot.console.paint import Painter
from bot.console.words import words_for
from bot.games.base import Lay, Meld
from bot.games.cards import Card
from bot.games.melds import HAND_MELDS, MOR_MELDS, MORE_MELDS, try_meld
from bot.games.notation import in_order, move_text, parse_move
from bot.games.registry import new_game

RULES = {"mor": MOR_MELDS, "more3": MORE_MELDS, "hand": HAND_MELDS}


@pytest.mark.parametrize("game", sorted(RULES))
def test_each_games_lay_example_is_legal_there(game: str) -> None:
    words = words_for(game, 0, Painter(False), new_game(game, {}, 0).options)
    example = next(typed for typed, key in words.move_help() if typed.startswith("lay "))
    move = parse_move(example)
    assert isinstance(move, Lay) and len(move.melds) == 2
    for meld in move.melds:
        assert try_meld(meld, RULES[game]) is not None, (game, example)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def test_a_hints_cards_read_in_order() -> None:
    assert move_text(in_order(Meld(cards("QC JC KC")))) == "meld JC QC KC"
    assert move_text(in_order(Meld(cards("AS QS KS")))) == "meld QS KS AS"
    assert move_text(in_order(Meld(cards("3S AS 2S")))) == "meld AS 2S 3S"
    lay = Lay(melds=(cards("9H JK 8H"), cards("AD AC AS")))
    assert move_text(in_order(lay)) == "lay 8H 9H JK | AC AD AS"
    assert parse_move(move_text(in_order(lay))) is not None


def test_an_unknown_game_names_the_games_once() -> None:
    out = io.StringIO()
    assert run(parser().parse_args(["poker"]), io.StringIO(), out) == 2
    said = out.getvalue()
    assert said.count("runfast") == 1 and said.count("\n") == 1, said


def test_mor_has_one_default_length_for_discord_and_the_terminal() -> None:
    options = game_options(parser().parse_args(["mor"]))
    assert options == new_game("mor", {}, 0).options == {"players": 4, "length": "full"}


def test_a_taken_pile_agrees_with_its_name_in_arabic() -> None:
    # The Mor is المور (masculine), a More pile كومة (feminine): «كومتا المورة — المنفرد: أُخذت».
    for game, taken in (("mor", "أُخذ"), ("more3", "أُخذت")):
        engine = new_game(game, {}, 0)
        words = words_for(game, 0, Painter(False), engine.options, "ar")
        view = replace(engine.view(0), side_taken=(True, True))
        assert words.pile_state(view, 0) == taken, game
