"""Mor's reasons fit the position a newcomer sees (issue 61's follow-up: a newcomer scored Mor's
teaching 7/10): a lay when the member's own throw ends the round says so, not that an opponent
is nearly out; a throw says what it
means for the pile the next player may take; a review's reason tells its two moves apart. Each
hint's reason is held to the engine by scripts/check_hints.py's checks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import Count, Discard, Lay, Meld, Reason, Take
from bot.games.cards import Card, parse_cards
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES, t
from bot.learning.hints import base_reason, hint_for, reason
from bot.learning.lessons import answer_move, lesson
from bot.learning.review import claim, review_reason
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


def _mor_throw(hand: str, discard: str, theirs: str) -> Any:
    # Seat 0 to throw; seat 1, next to play, is of the other team and has the run ``theirs``.
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 4, "length": "full"},
            "dealer": 3,
            "position": {
                "hands": [hand.split(), ["AH", "AS", "7C"], ["3C", "QD"], ["2C", "9D"]],
                "discard": discard.split(),
                "turn": 0,
                "phase": "play",
                "melds": [{"seat": 1, "cards": theirs.split()}],
            },
        }
    )


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_throw_that_lets_the_next_player_take_the_pile_says_so(lang: str) -> None:
    # Their run 5♥ 6♥ 7♥; the 8♥ thrown goes onto it, so the next player may take the whole
    # pile (six cards with the throw). Its reason said only that the 8♥ makes no meld in hand.
    engine = _mor_throw("8H KC KD 4D", "9S 10D QH JC 4C", "5H 6H 7H")
    move = Discard(Card.parse("8H"))
    given = hint_for(engine, 0, move)
    assert given.key == "mor.hint_throw_feeds", given.key
    assert given.params["count"].n == 6 and given.params["meld"] == engine.view(0).melds[0].id
    assert check.check_reason(engine, 0, move, given.key, given.params) == []
    assert "{" not in given.text(lang)
    # The reason under it alone, with the pile's risk unsaid, is false by the check.
    inner = given.params["reason"]
    assert check.check_reason(engine, 0, move, inner.key, inner.params)
    # Every card in the hand goes on their run (4♥ low, 8♥ high): whatever is thrown.
    every = _mor_throw("8H 8H 4H 4H", "9S", "5H 6H 7H")
    said = hint_for(every, 0, Discard(Card.parse("8H")))
    assert said.key == "mor.hint_throw_feeds_all", said.key
    assert check.check_reason(every, 0, said.move, said.key, said.params) == []


def test_a_safe_throw_on_a_pile_already_theirs_is_not_told_it_keeps_the_pile() -> None:
    # The pile holds 4♥, which goes on their run: the next player may take it whatever is
    # thrown. "It goes on none of their melds, while 8♥ would, and the next player could then
    # take the whole pile" read as if the K♣ kept the pile from them.
    engine = _mor_throw("8H KC 9S JD", "QD 4H JC", "5H 6H 7H")
    move = Discard(Card.parse("KC"))
    given = hint_for(engine, 0, move)
    key, params = given.key, given.params
    assert key == "mor.hint_throw_pile_open", key
    assert params["feeding"] == "4♥" and params["count"].n == 4
    assert params["reason"].key != "hint_throw_not_theirs"
    assert check.check_reason(engine, 0, move, key, params) == []
    # The old sentence is false by the check on this pile.
    old = {"card": "K♣", "feeding": "8♥"}
    assert check.check_reason(engine, 0, move, "hint_throw_not_theirs", old)
    # A pile none of whose cards go on their melds keeps the old sentence, true.
    closed = _mor_throw("8H KC 9S JD", "QD 9D JC", "5H 6H 7H")
    said = hint_for(closed, 0, move)
    assert said.key == "hint_throw_not_theirs" and said.params["feeding"] == "8♥"
    assert check.check_reason(closed, 0, move, said.key, said.params) == []


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_review_reason_names_a_difference_between_the_two_moves(lang: str) -> None:
    # K♣, 4♦, 9♠ and J♦ each make no meld with the rest: "Throw K♣: no other card in your hand
    # can make a meld with it" is as true of the member's 4♦. The review names what differs:
    # the K♣ counts 1 in hand at the round's end, the 4♦ ½.
    engine = _mor_throw("KC 4D 9S JD", "QD", "5H 6H 7H")
    better, made = Discard(Card.parse("KC")), Discard(Card.parse("4D"))
    plain = reason(engine, 0, engine.view(0), better)
    assert claim(*plain) == claim(*reason(engine, 0, engine.view(0), made))
    key, params = review_reason(engine, 0, better, made)
    assert key == "review.same_but_sheds_more"
    assert (params["points"].n, params["made_points"].n) == (1, 0.5)
    assert params["reason"] == Reason(*plain)
    said = t(key, lang, **params)
    assert "K♣" in said and "4♦" in said and "{" not in said
    # 9♠ counts as much as K♣: nothing tells the two apart by the rule of thumb, and the
    # review says they are close by it.
    key, params = review_reason(engine, 0, better, Discard(Card.parse("9S")))
    assert key == "review.same_reason_close" and params["reason"] == Reason(*plain)


def test_a_review_reason_that_already_tells_the_moves_apart_stays() -> None:
    # The member threw 9♠, which goes with 10♠: the better move's reason ("no card can make a
    # meld with it") is not true of it, so it stands as the hint says it.
    engine = _mor_throw("KC 4D 9S 10S", "QD", "5H 6H 7H")
    better, made = Discard(Card.parse("KC")), Discard(Card.parse("9S"))
    plain = reason(engine, 0, engine.view(0), better)
    assert review_reason(engine, 0, better, made) == plain


def test_an_opponent_waiting_for_the_mor_is_not_nearly_out() -> None:
    # Seat 1 threw its last card and takes the Mor's 11 cards at its next turn: "an opponent is
    # down to 0 cards" urged the member's cards down as if the round were about to end.
    engine = engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 4, "length": "full"},
            "dealer": 3,
            "position": {
                "hands": [
                    ["9S", "10S", "JS", "4D", "KC"],
                    [],
                    ["3C", "QD"],
                    ["2C", "9D", "5H", "8C", "KD"],
                ],
                "discard": ["QH"],
                "turn": 0,
                "phase": "play",
                "side_taken": [False, True],
                "side": [["5C"], []],
                "melds": [{"seat": 1, "cards": ["5H", "6H", "7H"]}],
            },
        }
    )
    engine.mor_waiting = [1]
    move = Meld(tuple(parse_cards("9S 10S JS")))
    key, params = reason(engine, 0, engine.view(0), move)
    # A lay's own reason (the team's first meld here), not the near end.
    assert base_reason(key, params)[0] == "mor.hint_lay_first_meld", key
    assert check.check_reason(engine, 0, move, key, params) == []
    near = {**base_reason(key, params)[1], "count": Count("n_cards", 0), "n": 0, "left": 0}
    assert check.check_reason(engine, 0, move, "hint_lay_near_out", near)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_mor_lay_of_two_melds_shows_them_apart(lang: str) -> None:
    # Mor's hint read "Lay 6♠ 7♠ 8♠ 9♦ 10♦ J♦" as one run of six, where More and Hand name
    # each meld apart in the cards stage and in the move's own words.
    engine = engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [
                    ["6S", "7S", "8S", "9D", "10D", "JD", "4C", "KH", "QC"],
                    ["5C", "6D", "QS", "9S"],
                ],
                "discard": ["8H"],
                "turn": 0,
                "phase": "play",
            },
        }
    )
    lay = Lay(melds=(tuple(parse_cards("6S 7S 8S")), tuple(parse_cards("9D 10D JD"))))
    assert engine.check(0, lay) is None
    given = hint_for(engine, 0, lay)
    both = t("hint_melds_two", lang, first="6♠ 7♠ 8♠", second="9♦ 10♦ J♦")
    assert both in given.stage_text("cards", lang)
    assert both in given.stage_text("move", lang)
    assert check.check_reason(engine, 0, lay, given.key, given.params) == []
    assert given.clue is not None
    assert check.check_clue(engine, 0, *given.clue, lay) == []


def test_a_take_against_the_numbers_states_what_goes_down_as_a_bound() -> None:
    # The fifth fresh Mor newcomer (seed 7, round 2, move 55): "Of the pile's 10 points, only 4
    # points go down" where the lay onto 5♣ 6♣ 7♣ puts down 8♣ 9♣ J♣ of the pile (3 points):
    # the 4 counts 7♣, which only another lay puts down. The cards that can go down are those
    # of any one of the lays, so the number is said as what it is, a bound.
    engine = engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [["10C", "JC"], ["5D", "6D", "QS", "9S"]],
                "discard": [
                    "10S",
                    "KD",
                    "KC",
                    "JC",
                    "5S",
                    "4D",
                    "KH",
                    "9C",
                    "7C",
                    "4S",
                    "4D",
                    "8C",
                ],
                "turn": 0,
                "phase": "draw",
                "melds": [{"seat": 0, "cards": ["5C", "6C", "7C"]}],
            },
        }
    )
    key, params = reason(engine, 0, engine.view(0), Take())
    assert key == "mor.hint_take_then_project"
    assert check.check_reason(engine, 0, Take(), key, params) == []
    assert "no more than 4 points can go down this turn" in t(key, "en", **params)
    for lang in sorted(LANGUAGES):
        assert "{" not in t(key, lang, **params)
