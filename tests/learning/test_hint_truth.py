"""Every hint's reason is true by the engine, on thousands of self-play positions per game.

The checks are ``scripts/check_hints.py``'s (``false_claims``): a card named as going with the
thrown one makes a meld with it and one more card, as the engine reads melds, and every card
left out does not; a number stated is the engine's (cards a take brings, cards left, an
opening's points, a card's cost); a rule stated is the engine's answer (which taken cards must
be laid, that nothing beats the table, that a pass is refused). The moves are the ``normal``
player's, decided right here (no worker processes), and at every third position every throw,
draw and take the seat could make: a reason must hold for any move it is given for.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import AddTo, Count, Discard, Lay, Take
from bot.games.cards import Card, Reason
from bot.games.registry import engine_class
from bot.learning.lessons import lesson
from tests.ai.more3_tables import more3_table
from tests.ai.repo_script import load_script

GAMES = ("mor", "more3", "hand", "runfast")
POSITIONS = 2000  # per game
THROWS_EVERY = 3  # every throw, draw and take checked at every 3rd position

check = load_script("scripts/check_hints.py")


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_in_self_play_is_true(game: str) -> None:
    tally = check.check_game(game, POSITIONS, "normal", THROWS_EVERY)
    assert tally.positions == POSITIONS
    assert sum(tally.reasons.values()) >= POSITIONS
    assert not tally.false, "\n".join(tally.false[:10])


def _lesson_position(game: str, name: str) -> Any:
    return next(s for s in lesson(game) if s.name == name).position()


def _case(engine: Any, move: Any, key: str, **params: Any) -> Any:
    return check.Case(engine, 0, move, key, params)


def test_the_checks_find_a_false_reason() -> None:
    # The checks themselves must be able to fail: the reasons the hints once gave.
    engine = more3_table("3S 10S 10S AH 4H 6D 8D 3C 8C 9C JC KC", ["4D"], solo=1, phase="play")
    throw = Discard(Card(10, "S"))
    twin = _case(engine, throw, "hint_throw_few", card="10♠", partners="10♠")
    found = check.CHECKS["hint_throw_few"](twin)
    assert found[0] == "10S can't share a meld with 10S"
    assert found[-1] == "1 partners named for hint_throw_few"
    # More: "the rest is worth more to keep" while loose cards stay (3♣ among them).
    assert "3C goes with nothing and is kept" in found[1:-1]
    # "Loose" beside a wild 2 that goes with it.
    wild = more3_table("10C 2H 5S 9D KD QS", ["4D"], solo=1, phase="play")
    loose = _case(wild, Discard(Card(10, "C")), "hint_throw_alone", card="10♣")
    assert check.CHECKS["hint_throw_alone"](loose) == ["2H goes with 10C too"]
    # More: the top card of a taken pile must be laid, not any taken card.
    pile = more3_table("5H 6H 9C KD 3S", ["JS", "QD", "7H"], solo=1, phase="draw")
    any_card = _case(pile, Take(), "hint_take", count=3)
    assert check.CHECKS["hint_take"](any_card)
    rule = Reason("more3.meld_taken_first", {"card": "7♥"})
    top = _case(pile, Take(), "hint_take_then", count=Count("n_cards", 3), rule=rule)
    assert check.CHECKS["hint_take_then"](top) == []
    other = Reason("more3.meld_taken_first", {"card": "J♠"})
    wrong = _case(pile, Take(), "hint_take_then", count=Count("n_cards", 2), rule=other)
    assert len(check.CHECKS["hint_take_then"](wrong)) == 2
    # Hand takes the top card alone: "take the discard pile (1 card)" beside a pile of two was
    # false (issue 59); "take the top discard" is true.
    hand = engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                "hands": [["8S", "9S", "KD", "4C", "5H"], ["KH"], ["QH"]],
                "discard": ["4D", "10S"],
                "turn": 0,
                "phase": "draw",
            },
        }
    )
    new_meld = Reason("hand.lay_or_return_taken", {"card": "10♠"})
    said = {"count": Count("n_cards", 1), "rule": new_meld}
    pile_of_one = _case(hand, Take(), "hint_take_then", **said)
    assert check.CHECKS["hint_take_then"](pile_of_one) == [
        "the take brings 1 of the pile's 2 cards"
    ]
    top_card = _case(hand, Take(), "hint_take_top_then", **said)
    assert check.CHECKS["hint_take_top_then"](top_card) == []
    # "Lay 9♥" for a move that adds 9♥ to a meld on the table: in Dutch "Leg 9♥ uit" for an
    # aanleggen (issue 59). The hint's verb is the move's.
    run = _lesson_position("mor", "03_clean_run_of_seven")
    add = Lay(adds=(AddTo(1, (Card(9, "H"),)),))
    lay_said = _case(run, add, "hint_lay_project", cards="9♥", project=200)
    assert check.CHECKS["hint_lay_project"](lay_said) == [
        "the move adds to meld 1, the hint says lay"
    ]
    act = Reason("hint_act_add", {"cards": "9♥", "meld": 1})
    add_said = _case(run, add, "hint_add_project", act=act, project=200)
    assert check.CHECKS["hint_add_project"](add_said) == []
    both = Reason("hint_act_lay_add", {"laid": "9♥", "added": "9♥"})
    assert check.CHECKS["hint_add_project"](
        _case(run, add, "hint_add_project", act=both, project=200)
    )


def test_every_lesson_step_s_hint_is_true() -> None:
    # A step's hint is its answer worded by the same reason: it must hold there too.
    from bot.learning.hints import hint_for
    from bot.learning.lessons import GAMES as LESSON_GAMES
    from bot.learning.lessons import answer_move, lesson

    false = []
    for game in LESSON_GAMES:
        for step in lesson(game):
            engine = step.position()
            h = hint_for(engine, step.seat, answer_move(step))
            found = check.check_reason(engine, step.seat, h.move, h.key, h.params)
            false += [f"{game}/{step.name} {h.text()}: {f}" for f in found]
    assert not false, false


def _hand(cards: str, other: list[str]) -> Any:
    from bot.games.registry import engine_class

    position = {"hands": [cards.split(), other, ["QH"]], "discard": ["4D"], "turn": 0}
    return engine_class("hand").from_table_file(
        {"game": "hand", "position": {**position, "phase": "play"}}
    )


def test_the_checks_find_false_new_reasons() -> None:
    # Issue 61's reasons, each given where it is false, must fail their checks.
    from bot.games.base import Meld, Play
    from bot.games.cards import parse_cards
    from bot.games.registry import engine_class

    nine = Discard(Card(9, "C"))
    loose = _hand("5H 6H KD AD 9C 7S", ["KH"])  # 7♠ goes with nothing either
    assert check.CHECKS["hint_throw_keeps_combos"](
        _case(loose, nine, "hint_throw_keeps_combos", card="9♣")
    ) == ["7S goes with no card kept"]
    # One partner worded as several, and the reverse.
    two = _hand("8H 10H QH 9H 2C", ["KH"])
    few = _case(two, Discard(Card(9, "H")), "hint_throw_few", card="9♥", partners="8♥ 10♥ Q♥")
    assert check.CHECKS["hint_throw_few_one"](few)
    # An opponent "down to 2" who holds 2, but whose team has not taken its Mor yet.
    mor = {
        "hands": [["4H", "5H", "6H", "9C", "KS"], ["KH", "KS"], ["QH", "QS"], ["JH", "JS"]],
        "discard": ["4D"],
        "turn": 0,
        "phase": "play",
    }
    far = engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 4}, "position": mor}
    )
    lay = Meld(tuple(parse_cards("4H 5H 6H")))
    said = _case(far, lay, "hint_lay_near_out", count=Count("n_cards", 2), left=Count("n_cards", 2))
    assert check.CHECKS["hint_lay_near_out"](said)
    # Run Fast: a pair "too much" for an opponent who holds 2 cards (a pair beats a pair).
    rf = engine_class("runfast").from_table_file(
        {
            "game": "runfast",
            "position": {
                "hands": [["4C", "4D", "9S"], ["6S", "6H"], ["8C", "9D", "JS"]],
                "turn": 0,
                "opening": False,
            },
        }
    )
    pair = Play(tuple(parse_cards("4C 4D")))
    lead = _case(
        rf, pair, "hint_play_lead_near_out", count=Count("n_cards", 2), size=Count("n_cards", 2)
    )
    assert check.CHECKS["hint_play_lead_near_out"](lead) == ["2 cards could answer 2"]
