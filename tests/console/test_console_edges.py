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


def test_add_typed_in_the_wrong_order_says_the_order_with_the_players_cards() -> None:
    from bot.games.base import BadMove
    from bot.i18n import say

    for typed, right in (
        ("add 10H 3", "add 3 10H"),
        ("add 10h 9h 2 high", "add 2 10H 9H high"),
        ("lay 3H 4H 5H | add 9S 2", "add 2 9S"),
    ):
        with pytest.raises(BadMove) as caught:
            parse_move(typed)
        said = say(caught.value.reason, "en")
        assert f"“{right}”" in said and "number comes first" in said, said
        assert parse_move(right) is not None  # the form it shows is one that reads
    with pytest.raises(BadMove) as caught:
        parse_move("add 10H")
    assert "“add 3 10H” adds the 10H to meld 3" in say(caught.value.reason, "en")


def test_just_got_leaves_out_a_taken_card_once_laid_though_a_copy_stays() -> None:
    # Mor plays with two decks: seat 0 holds an 8♥, takes the pile (5♠ 8♥) and lays
    # 6♥ 7♥ 8♥. One 8♥ stays in the hand, but the taken one is on the table.
    from bot.console.table import Console
    from bot.games.base import Take
    from bot.games.registry import engine_class

    position = {
        "game": "mor",
        "options": {"players": 4, "length": "full"},
        "dealer": 3,
        "position": {
            "hands": [["6H", "7H", "8H", "KD", "KS", "9C"], ["AH", "AS"], ["3C", "QD"], ["2C"]],
            "turn": 0,
            "phase": "draw",
            "discard": ["5S", "8H"],
            "melds": [{"seat": 2, "cards": ["3D", "4D", "5D"]}],
        },
    }
    engine = engine_class("mor").from_table_file(position)
    engine.apply(0, Take())
    engine.apply(0, Meld(cards("6H 7H 8H")))
    out = io.StringIO()
    console = Console(engine, 0, "normal", 0, io.StringIO(), out)
    console.show_hand()
    got = [ln for ln in out.getvalue().splitlines() if "just got" in ln]
    assert got == ["  just got: 5S"], out.getvalue()


def test_just_got_keeps_a_more_pile_card_named_as_one_laid_from_the_hand() -> None:
    # Issue 61: seat 0 lays 6♥ 7♥ 8♥ from its hand, which empties it and brings the More pile;
    # the pile holds another 8♥. The laid 8♥ came from the hand, not from the pile: "just got"
    # still names the pile's 8♥.
    from bot.console.table import Console
    from bot.games.registry import engine_class

    pile = ["8H", "5S", "9D", "JD", "QC", "3S", "4S", "KD", "AD", "2D", "6D"]
    position = {
        "game": "more3",
        "dealer": 2,
        "position": {
            "hands": [["6H", "7H", "8H"], ["KH", "KS"], ["QH", "QS"]],
            "solo": 2,
            "turn": 0,
            "phase": "play",
            "discard": ["3D"],
            "melds": [{"seat": 0, "cards": ["4C", "5C", "6C", "7C", "8C", "9C", "10C"]}],
            "side": [pile],
        },
    }
    engine = engine_class("more3").from_table_file(position)
    engine.apply(0, Meld(cards("6H 7H 8H")))
    out = io.StringIO()
    Console(engine, 0, "normal", 0, io.StringIO(), out).show_hand()
    got = next(ln for ln in out.getvalue().splitlines() if "just got" in ln)
    assert sorted(got.split(": ")[1].split()) == sorted(pile), out.getvalue()
