"""Issue 61, the last newcomers' Hand and Run Fast hints: a throw that hands the next player
the card they wait for, a higher beat that named a cheaper play splitting the hand, and "no
rule of thumb" said of a lead of the lowest pair."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Discard, Play
from bot.games.cards import parse_cards
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES
from bot.learning.hints import hint, hint_for
from tests.ai.repo_script import load_script

CHECK = load_script("scripts/check_hints.py").check_reason


def _hand_table(mine: str) -> Any:
    """Hand, seat 0 (not opened) to throw holding ``mine``; seat 1, next, has laid 10♥ J♥ Q♥."""
    position = {
        "hands": [mine.split(), ["5S", "9D", "2C", "3C"], ["6D", "9S", "4H", "8D"]],
        "opened": [1, 2],
        "melds": [{"seat": 1, "cards": ["10H", "JH", "QH"]}],
        "discard": ["4S"],
        "stock": ["7C", "8S", "9C"],
        "turn": 0,
        "phase": "play",
    }
    return engine_class("hand").from_table_file({"game": "hand", "position": position})


def test_a_hand_hint_keeps_the_card_the_next_player_waits_for() -> None:
    engine = _hand_table("KH 4C 2D")
    for seed in range(4):
        found = hint(engine, 0, random.Random(seed))
        assert found is not None
        assert isinstance(found.move, Discard)
        assert str(found.move.card) != "KH", found.text()
    found = hint_for(engine, 0, Discard(parse_cards("4C")[0]))
    # A taken discard never goes onto their run: the reason names no such danger (the third
    # fresh newcomer's finding 2).
    assert found.key != "hand.hint_throw_not_next"
    assert CHECK(engine, 0, found.move, found.key, found.params) == []
    for lang in LANGUAGES:
        assert "4♣" in found.text(lang)


def _runfast(hand: str, others: tuple[str, str] = ("6S 7S", "9H AS"), **pos: object) -> Any:
    position = {"hands": [hand.split(), *(o.split() for o in others)], **pos}
    return engine_class("runfast").from_table_file({"game": "runfast", "position": position})


def test_a_higher_beat_names_the_cheaper_play_that_splits_nothing() -> None:
    # 4♠ is the lowest beat of 3♠ but splits the 4s; 5♣, loose (no 7 makes 3 to 7 a
    # straight), is the cheaper play.
    engine = _runfast(
        "3D 3C 4S 4D 5C 6C 9C 8H 8C 10S 10H JS JH QS QH KD",
        trick=["3S"],
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )
    move = Play(tuple(parse_cards("6C")))
    found = hint_for(engine, 0, move)
    assert found.key == "runfast.hint_play_beat_higher_whole", found.text()
    assert found.params["lowest"] == "5♣"
    assert CHECK(engine, 0, move, found.key, found.params) == []
    said = dict(found.params, lowest="4♠")
    assert CHECK(engine, 0, move, found.key, said) != []


def test_a_lead_of_the_lowest_triple_gives_that_reason() -> None:
    engine = _runfast(
        "4S 4D 4C 7H 7C 10H JS JH JD QH QD",
        ("5S 6S 8S 9S", "5H 6H 8H 9H"),
        turn=0,
        played=[True, True, True],
    )
    move = Play(tuple(parse_cards("4S 4D 4C")))
    found = hint_for(engine, 0, move)
    assert found.key == "runfast.hint_play_lead_lowest_kind", found.text()
    assert "rule of thumb" not in found.text()
    assert CHECK(engine, 0, move, found.key, found.params) == []
    # Not said of a triple with a lower triple in the hand.
    higher = Play(tuple(parse_cards("JS JH JD")))
    assert hint_for(engine, 0, higher).key != "runfast.hint_play_lead_lowest_kind"
    assert CHECK(engine, 0, higher, found.key, found.params) != []


def test_a_hand_draws_clue_speaks_of_the_one_card_a_take_brings() -> None:
    # The sixth native read of Arabic: a Hand draw's clue said "none of the cards you would
    # take", where Hand takes only the top discard. Over self-play, a Hand draw whose taken
    # card can't be laid says so of the one card, in every language.
    from bot.games.base import Draw
    from bot.i18n import t
    from bot.learning.hints import clue

    positions = load_script("scripts/check_hints.py").positions
    said = set()
    for engine, seat, _ in positions("hand", 120):
        if Draw() in engine.legal_moves(seat):
            found = clue(engine, seat, Draw())
            if found is not None:
                said.add(found[0])
    assert "hand.hint_clue_top_none" in said
    assert "hint_clue_pile_none" not in said
    for lang in LANGUAGES:
        assert t("hand.hint_clue_top_none", lang) != t("hint_clue_pile_none", lang)
