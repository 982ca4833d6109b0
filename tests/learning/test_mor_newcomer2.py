"""Mor hints a newcomer can trust (the second Mor newcomer's report, 7/10).

Each position is a real engine's; each sentence is also put to the checks of
``scripts/check_hints.py``, which must flag the false sentence the newcomer read."""

from __future__ import annotations

from typing import Any

from bot.games.base import Add, Take
from bot.games.cards import parse_cards
from bot.games.registry import engine_class
from bot.learning.hints import hint_for, hint_move, hint_rng, pile_use
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def _mor(hand: str, discard: str, others: list[list[str]], **extra: Any) -> Any:
    """Seat 0 of a four-player Mor to draw, holding ``hand``; seat 2 is its partner."""
    position = {
        "hands": [hand.split(), *others],
        "discard": discard.split(),
        "turn": 0,
        "phase": "draw",
        **extra,
    }
    return engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 4}, "position": position}
    )


OTHERS = [["KH", "KS", "4D"], ["QH", "QS", "4C"], ["JH", "JS", "5D"]]
CLUB_RUN = [{"seat": 2, "cards": ["8C", "9C", "10C"]}]  # the team's run, meld 1


def test_onto_a_meld_is_said_only_of_the_card_alone() -> None:
    # Seed 3, 4 players: "K♣ can go onto meld 1" of 8♣ 9♣ 10♣, pile K♣ 3♣; `add 1 KC` was
    # refused: the K♣ goes there only with the Q♣ and the 2♣ wild.
    engine = _mor("4S AH 7H KH 7D 9D 10D 2C 5C 7C QC", "KC 3C", OTHERS, melds=CLUB_RUN)
    false = {"card": "K♣", "meld": 1}
    assert check.check_pile_use(engine, 0, "hint_clue_pile_onto", false)
    use = pile_use(engine, 0)
    assert use is not None
    assert use != ("hint_clue_pile_onto", false)
    assert check.check_pile_use(engine, 0, use[0], use[1]) == []
    given = hint_for(engine, 0, Take())
    assert given.clue is not None
    assert check.check_clue(engine, 0, given.clue[0], given.clue[1], Take()) == []
    # The card named is the one the hint's own next move lays.
    after = engine_class("mor").from_json(engine.to_json())
    after.apply(0, Take())
    follow = hint_move(after, 0, hint_rng(after.record))
    assert follow is not None
    named = parse_cards(given.clue[1]["card"])
    assert named[0] in follow.cards
    then = given.params["then"]
    assert then.params["card"] == given.clue[1]["card"]


def test_onto_with_names_the_cards_the_addition_needs() -> None:
    # Seed 3, 2 players: "7♠ can go onto meld 4" of 9♠..K♠: only `add 4 7S 2S` took it.
    melds = [{"seat": 2, "cards": ["9S", "10S", "JS", "QS", "KS"]}]
    engine = _mor("2S 4H 6D", "7S", OTHERS, melds=melds)
    assert check.check_pile_use(engine, 0, "hint_clue_pile_onto", {"card": "7♠", "meld": 1})
    use = pile_use(engine, 0)
    assert use == ("hint_clue_pile_onto_with", {"card": "7♠", "meld": 1, "partners": "2♠"})
    assert check.check_pile_use(engine, 0, use[0], use[1]) == []
    after = engine_class("mor").from_json(engine.to_json())
    after.apply(0, Take())
    assert after.check(0, Add(1, tuple(parse_cards("7S 2S")))) is None
