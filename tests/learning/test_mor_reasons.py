"""Mor's reasons fit the position a newcomer sees (issue 61's follow-up: a newcomer scored Mor's
teaching 7/10): a lay when the member's own throw ends the round says so, not that an opponent
is nearly out; each reason is held to the engine by scripts/check_hints.py's checks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import Count, Discard, Draw, Meld
from bot.games.cards import Card, parse_cards
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES
from bot.learning.hints import hint_for, reason
from bot.learning.lessons import answer_move, lesson
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def _stock_out_step() -> Any:
    return next(s for s in lesson("mor") if s.name == "08_the_stock_runs_out")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_lay_when_the_stock_is_out_says_the_throw_ends_the_round(lang: str) -> None:
    # Mor lesson 8: seat 0 drew the stock's last card; seat 1 holds 3 cards. The lay's reason
    # said "an opponent is down to 3 cards": the member's own throw ends the round.
    step = _stock_out_step()
    engine = step.position()
    move = answer_move(step)
    given = hint_for(engine, 0, move)
    assert given.key == "hint_lay_round_ends", given.key
    assert check.check_reason(engine, 0, move, given.key, given.params) == []
    assert "{" not in given.text(lang) and "4" in given.text(lang)
    # The near-out sentence of that position is false by the check: the round ends anyway.
    near = {**given.params, "count": Count("n_cards", 3), "n": 3}
    assert check.check_reason(engine, 0, move, "hint_lay_near_out", near)


def test_a_lay_before_the_stock_runs_out_keeps_the_near_out_reason() -> None:
    # The same hands with a card left in the stock: the opponent nearly out is the point, and
    # the round-ends sentence is false by the check.
    step = _stock_out_step()
    engine = step.position()
    engine.stock.append(engine.discard.pop(0))
    engine.stock_out = False
    move = Meld(tuple(parse_cards("4S 5S 6S")))
    key, params = reason(engine, 0, engine.view(0), move)
    assert key == "hint_lay_near_out"
    assert check.check_reason(engine, 0, move, key, params) == []
    assert check.check_reason(engine, 0, move, "hint_lay_round_ends", params)
    # And the throw that then ends no round is told no "ends the round".
    assert reason(engine, 0, engine.view(0), Discard(Card(13, "D")))[0] != "hint_throw_stock_out"


def _mor_draw(hand: str, discard: str, meld: str) -> Any:
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [hand.split(), ["5C", "6D", "QS", "9S"]],
                "discard": discard.split(),
                "turn": 0,
                "phase": "draw",
                "melds": [{"seat": 0, "cards": meld.split()}],
            },
        }
    )


def test_the_pile_cards_you_could_lay_are_those_that_go_down_together() -> None:
    # The pile 7♥ J♣ A♠: 7♥ makes 6♥ 7♥ JK, J♣ makes 10♣ J♣ JK, A♠ makes JK K♠ A♠, each
    # with the hand's one joker. One wild stands in one meld: only one of them goes down, and
    # the most worth is A♠ (1½). The draw's reason said all three ("you could lay 7♥ J♣ A♠").
    engine = _mor_draw("JK 6H 10C 4S 9D KS", "7H JC AS", "3S 3D 3H")
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "mor.hint_draw_cost_most", key
    assert params["laid"] == "A♠" and params["laid_points"].n == 1.5
    assert check.check_reason(engine, 0, Draw(), key, params) == []
    # The old sentence, every lay's cards at once, is false by the check.
    every = {**params, "laid": "7♥ J♣ A♠", "laid_points": Count("n_points", 3.5)}
    assert check.check_reason(engine, 0, Draw(), "hint_draw_cost", every)
    # Two wilds (the joker and a 2): two of the melds go down together.
    two = _mor_draw("JK 2D 6H 10C 4S 9D KS", "7H JC AS", "3S 3D 3H")
    key, params = reason(two, 0, two.view(0), Draw())
    assert len(params["laid"].split()) == 2
    assert check.check_reason(two, 0, Draw(), key, params) == []
