"""Hand hints a newcomer can trust: the fourth fresh newcomer's findings (scored 8/10)."""

from __future__ import annotations

from bot.games.base import Discard
from bot.games.cards import Card
from bot.games.registry import engine_class
from bot.learning.hints import hand_least_wanted, hint_for, unseen_pairs
from tests.ai.repo_script import load_script
from tests.learning.test_hints_hand_newcomer2 import _hand, _trusted

check_reason = load_script("scripts/check_hints.py").check_reason


OTHERS = ("KC 9C 4S", "QH 9H 3D")


def test_a_second_copy_kept_is_named() -> None:
    # Finding 4: "Throw 8♥: only 6♥ goes with it" while the hand held two 8♥.
    engine = _hand("4S 7S JS 4H 6H 8H 8H 10C JC", OTHERS)
    h = hint_for(engine, 0, Discard(Card(8, "H")))
    assert h.key == "hand.hint_throw_twin_few_one", h.text()
    assert "you hold two of it" in h.text() and "6♥" in h.text()
    _trusted(engine, h)
    # With one 8♥ the copy is not claimed, and the check catches the claim.
    single = _hand("4S 7S JS 4H 6H 8H 9D 10C JC", OTHERS)
    h = hint_for(single, 0, Discard(Card(8, "H")))
    assert h.key != "hand.hint_throw_twin_few_one", h.text()
    said = {"card": "8♥", "partners": "6♥"}
    assert check_reason(single, 0, h.move, "hand.hint_throw_twin_few_one", said) != []


def test_a_cheap_loose_card_says_why_this_one() -> None:
    # Finding 4: "Throw 2♥: no other card can make a meld with it" beside an equally dead 7♠
    # and 6♦, the 2♥ the cheapest. Of the cards the seat can't see, the fewest pairs make a
    # meld with 2♥ (an A♥ 2♥ 3♥ or 2♥ 3♥ 4♥ run; 7♠ has three places in a run).
    engine = _hand("7S 2H 6D 9C", OTHERS)
    two = Card(2, "H")
    assert all(
        unseen_pairs(two, engine, 0) < unseen_pairs(c, engine, 0)
        for c in (Card(7, "S"), Card(6, "D"), Card(9, "C"))
    )
    h = hint_for(engine, 0, Discard(two))
    assert h.key == "hand.hint_throw_alone_unseen", h.text()
    assert "the cards you can't see" in h.text()
    _trusted(engine, h)
    # The check catches the claim said of a card more pairs make a meld with.
    seven = Discard(Card(7, "S"))
    said = {"card": "7♠", "others": "2♥ 6♦ 9♣"}
    assert check_reason(engine, 0, seven, "hand.hint_throw_alone_unseen", said) != []


def test_of_throws_that_cost_the_same_the_least_wanted_goes() -> None:
    # Finding 3: "Throw J♣" and the next player opened with J♠ J♥ J♣. J♣ and K♥ cost 10 each
    # and go with nothing in the hand; fewer unseen pairs make a meld with K♥ (a king has two
    # places in a run, a jack three): the hint throws K♥ and says why.
    engine = _hand("JC KH 4D 9S 2H", OTHERS)
    jack, king = Discard(Card(11, "C")), Discard(Card(13, "H"))
    assert unseen_pairs(king.card, engine, 0) < unseen_pairs(jack.card, engine, 0)
    legal = engine.legal_moves(0)
    assert hand_least_wanted(engine, 0, legal, jack, lambda ok: None) == king
    assert hand_least_wanted(engine, 0, legal, king, lambda ok: None) == king
    h = hint_for(engine, 0, king)
    assert h.key == "hand.hint_throw_alone_top_unseen", h.text()
    _trusted(engine, h)
    # A cheaper card is never swapped for a dearer one: the rule costs nothing else.
    four = Discard(Card(4, "D"))
    assert hand_least_wanted(engine, 0, legal, four, lambda ok: None) == four


def test_one_card_kept_says_how_to_go_out_next_turn() -> None:
    # Finding 5: "You are close to going out: you hold 1 card after this …" six turns running.
    # With one card kept, the line says how: after the draw, add one of the two cards to a
    # meld on the table and throw the other; two cards make no new meld.
    engine = engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                "hands": [["7S", "QD"], ["KC", "9C", "4S"], ["QH", "9H", "3D"]],
                "discard": ["4D"],
                "stock": ["9S", "10S", "2C", "5H"],
                "turn": 0,
                "phase": "play",
                "melds": [{"seat": 0, "cards": ["AS", "AC", "JK"]}],
                "opened": [0],
            },
        }
    )
    h = hint_for(engine, 0, Discard(Card(12, "D")))
    assert h.key == "hint_with_near" and h.params["near"].key == "hint_near_out_hand_one"
    assert "add it and throw the other" in h.text()
    _trusted(engine, h)
    # The check catches it said of a hand that keeps two cards.
    two = engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                "hands": [["7S", "QD", "2H"], ["KC", "9C", "4S"], ["QH", "9H", "3D"]],
                "discard": ["4D"],
                "stock": ["9S", "10S", "2C", "5H"],
                "turn": 0,
                "phase": "play",
                "melds": [{"seat": 0, "cards": ["AS", "AC", "JK"]}],
                "opened": [0],
            },
        }
    )
    h2 = hint_for(two, 0, Discard(Card(12, "D")))
    assert h2.key == "hint_with_near", h2.text()
    wrong = dict(
        h2.params,
        near=h2.params["near"].__class__("hint_near_out_hand_one", h2.params["near"].params),
    )
    assert check_reason(two, 0, h2.move, h2.key, wrong) != []


def test_the_endgame_throw_gives_its_reason_first() -> None:
    # Finding 5: "Throw 7♦: with 2 cards kept you can't lay a new meld and still keep a card to
    # throw …" read as the reason for this card. The reason comes first (an opponent nearly
    # out, the card costs the most), then why keeping cards for a new meld is no use.
    engine = engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                "hands": [["5D", "6D", "7D"], ["KC", "9C"], ["QH", "9H", "3D", "4S"]],
                "discard": ["4D"],
                "stock": ["9S", "10S", "2C", "5H"],
                "turn": 0,
                "phase": "play",
                "melds": [
                    {"seat": 0, "cards": ["AS", "AC", "JK"]},
                    {"seat": 1, "cards": ["QS", "QD", "QC"]},
                ],
                "opened": [0, 1],
            },
        }
    )
    h = hint_for(engine, 0, Discard(Card(7, "D")))
    inner = h.params["reason"].key if h.key == "hint_with_near" else h.key
    assert inner == "hint_throw_end_high", h.text()
    assert h.text().startswith("Throw 7♦: an opponent is down to 2 cards"), h.text()
    assert "Keeping cards for a new meld is no use now" in h.text()
    _trusted(engine, h)
