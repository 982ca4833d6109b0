"""Hand hints a newcomer can trust: the second fresh newcomer's findings (scored 7/10)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Discard, Lay, Meld
from bot.games.cards import Card, parse_cards
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES
from bot.learning.hints import Hint, base_reason, hint, hint_for, riskier_for_next
from tests.ai.repo_script import load_script

check_reason = load_script("scripts/check_hints.py").check_reason


def _hand(hand: str, others: tuple[str, str] = ("KC 9C 4S", "QH 8H 3D"), **extra: Any) -> Any:
    """Seat 0 of Hand to play (after its draw) holding ``hand``; the others hold ``others``."""
    position = {
        "hands": [hand.split(), *(o.split() for o in others)],
        "discard": ["4D"],
        "stock": ["9S", "10S", "2C", "5H"],
        "turn": 0,
        "phase": "play",
        **extra,
    }
    return engine_class("hand").from_table_file({"game": "hand", "position": position})


def _near(h: Hint) -> str | None:
    """The near end added to a hint's reason, if any."""
    return h.params["near"].key if h.key == "hint_with_near" else None


def _lay(*melds: str) -> Lay:
    return Lay(tuple(tuple(parse_cards(m)) for m in melds))


def _trusted(engine: Any, h: Hint) -> None:
    """The hint as the checks read it, and every language's text filled in."""
    assert check_reason(engine, 0, h.move, h.key, h.params) == [], h.text()
    for lang in LANGUAGES:
        assert "{" not in h.text(lang), lang


def test_a_throw_long_after_opening_is_no_hand() -> None:
    # Seed 11, `again 55`: opened many turns before, 7S QD in hand, "Throw Q♦ … as you opened
    # this turn it is a Hand: you score −60". The throw keeps 7♠ and the turn passes: going
    # out comes on a later turn, and never as a Hand.
    engine = _hand("7S QD", melds=[{"seat": 0, "cards": ["AS", "AC", "JK"]}], opened=[0])
    h = hint_for(engine, 0, Discard(Card(12, "D")))
    # One card kept: how to go out next turn (the fourth fresh newcomer's finding 5).
    assert _near(h) == "hint_near_out_hand_one"
    assert "−60" not in h.text() and "Next turn" in h.text()
    _trusted(engine, h)
    # The check now catches the old claim, and the old "throw your last card" too.
    for key in ("hint_near_out_the_hand", "hint_near_out_hand"):
        wrong = dict(h.params, near=h.params["near"].__class__(key, h.params["near"].params))
        assert check_reason(engine, 0, h.move, h.key, wrong) != [], key


def test_a_lay_that_keeps_two_cards_goes_out_later() -> None:
    # Lesson step 1: after KS KH KD | 5C 6C 7C 8C, QH 2D are left; "throw your last card to
    # go out" was said of it, though a throw this turn keeps a card.
    engine = _hand("KS KH KD 5C 6C 7C 8C QH 2D")
    h = hint_for(engine, 0, _lay("KS KH KD", "5C 6C 7C 8C"))
    assert _near(h) == "hint_near_out_hand_later"
    _trusted(engine, h)


def test_a_lay_that_keeps_one_card_says_the_throw_goes_out_now() -> None:
    # Guided seed 2, hand 2H 5D 6D 7D, an opponent down to 3: "Lay 5♦ 6♦ 7♦ … you keep 1 card"
    # never said that throwing 2♥ right after wins the round.
    engine = _hand(
        "2H 5D 6D 7D",
        others=("KC 9C 4S", "QH 8H"),
        melds=[{"seat": 0, "cards": ["AS", "AC", "JK"]}],
        opened=[0],
    )
    h = hint_for(engine, 0, Meld(tuple(parse_cards("5D 6D 7D"))))
    assert _near(h) == "hint_near_out_hand"
    assert "throw your last card to go out" in h.text()
    _trusted(engine, h)


def test_opening_with_all_but_one_card_is_a_hand() -> None:
    # Unopened at the turn's start: laying all but one card and throwing it is a Hand (−60),
    # as the engine ends the round.
    engine = _hand("KS KH KD QS QH QD 2H")
    h = hint_for(engine, 0, _lay("KS KH KD", "QS QH QD"))
    assert _near(h) == "hint_near_out_the_hand"
    _trusted(engine, h)
    # Opened at the turn's start (an old meld on the table): the same lay goes out, no Hand.
    opened = _hand(
        "KS KH KD QS QH QD 2H", melds=[{"seat": 0, "cards": ["AS", "AC", "JK"]}], opened=[0]
    )
    assert _near(hint_for(opened, 0, _lay("KS KH KD", "QS QH QD"))) == "hint_near_out_hand"


def test_the_card_a_joker_stands_for_is_not_next_to_their_run() -> None:
    # Seed 4: "Throw 10♣: it goes onto none of the next player's melds, while A♠ Q♦ would",
    # Q♦ going onto 10♦ J♦ 🃏 only in the joker's place; a taken discard goes into a new meld.
    engine = _hand(
        "QD 9D 2C 5S",
        others=("KC 9C 4S 8H", "QH 8S 3D"),
        melds=[{"seat": 1, "cards": ["10D", "JD", "JK"]}],
        opened=[1],
    )
    h = hint_for(engine, 0, Discard(Card(2, "C")))
    # (The third fresh newcomer's finding 2: no card carrying on their run is named a danger.)
    assert h.key != "hand.hint_throw_not_next"
    _trusted(engine, h)


def test_a_second_copy_is_the_reason_to_throw_one() -> None:
    # Guided seed 2: two 4♥ and "Throw 4♥: with 2♥ JK it makes a meld, but you can't lay that
    # meld this turn", which argued for keeping it and never named the second 4♥.
    engine = _hand("4H 4H 2H JK 9C KS 7D")
    h = hint_for(engine, 0, Discard(Card(4, "H")))
    assert h.key == "hand.hint_throw_twin"
    assert h.text() == (
        "Throw 4♥: you hold two of it, and the other 4♥ stays in your hand for the same melds."
    )
    _trusted(engine, h)
    # The check catches the sentence where there is one copy.
    one = _hand("4H 2H JK 9C KS 7D 8D")
    assert check_reason(one, 0, Discard(Card(4, "H")), h.key, h.params) != []


def _seed4_round1(hand: str = "AH 3H 6H 2C 6C") -> Any:
    """Seed 4, round 1, as the newcomer had it: seat 1, next, has opened and holds 3 cards
    (hidden: 2♥ 3♥ J♣); the hint threw A♥ and said nothing of them."""
    seat1 = [["JH", "QH", "KH", "AH"], ["9D", "10D", "JD", "JK"], ["AS", "2S", "3S", "4S"]]
    seat2 = [["10D", "JD", "QD"], ["KS", "KH", "KC"]]
    seat0 = [["QS", "QD", "QC"], ["7S", "8S", "9S", "10S", "JS"], ["5D", "6D", "7D", "8D"]]
    melds = [
        *({"seat": 1, "cards": m} for m in seat1),
        *({"seat": 2, "cards": m} for m in seat2),
        *({"seat": 0, "cards": m} for m in seat0),
    ]
    return _hand(
        hand,
        others=("2H 3H JC", "4D 5D 9C 9H KC"),
        melds=melds,
        opened=[0, 1, 2],
        discard=parse_cards("7S 2H 10C 6D 5S 9H 5C 5H 7D AC 10C AS 7H 6C JC AC"),
    )


def test_a_throw_to_a_next_player_nearly_out_weighs_what_can_be_seen() -> None:
    # Of the cards seat 0 can't see, fewest make a meld with A♥: by what it can know, the
    # safest throw; the hint now says why, and that the next player may go out with it.
    engine = _seed4_round1()
    h = hint_for(engine, 0, Discard(Card(1, "H")))
    assert h.key == "hand.hint_throw_next_few"
    assert "down to 3 cards" in h.text() and "safest" in h.text()
    _trusted(engine, h)
    # The check catches the sentence said of a riskier card.
    six = Discard(Card(6, "C"))
    assert check_reason(engine, 0, six, h.key, dict(h.params, card="6♣")) != []
    # And the advice keeps to the safest: seat 2's cards don't change what seat 0 sees.
    for seed in range(3):
        found = hint(engine, 0, random.Random(seed))
        assert found is not None and found.move == Discard(Card(1, "H")), found.text()


def test_a_joker_is_never_the_safe_throw() -> None:
    # Every-throw check, position 178: the joker counted as making no meld, as no card shares
    # its rank or suit; it goes with any two cards that make a meld with it.
    engine = _seed4_round1("AH 3H 6H 2C 6C JK")
    assert riskier_for_next(Card(0, None), engine, 0)
    h = hint_for(engine, 0, Discard(Card(0, None)))
    assert base_reason(h.key, h.params)[0] != "hand.hint_throw_next_few"


def test_several_melds_in_a_lay_read_apart() -> None:
    # "Lay K♦ K♥ K♠ 5♣ 6♣ 7♣ 8♣" read as one meld; only the typed form showed the split.
    engine = _hand("KS KH KD 5C 6C 7C 8C QH 2D")
    h = hint_for(engine, 0, _lay("KS KH KD", "5C 6C 7C 8C"))
    assert h.text().startswith("Lay K♦ K♥ K♠ and 5♣ 6♣ 7♣ 8♣: it opens you with 56 points")
    _trusted(engine, h)


def test_two_jokers_laid_both_get_their_warning() -> None:
    # Seeds 7/21/33: "Lay A♦ A♥ JK 7♦ 7♠ JK … Mind the joker: … holds A♠ A♣ can take it back",
    # and nothing of the second joker, which 7♥ 7♣ take back.
    engine = _hand(
        "AD AH JK 7D 7S JK 4C 9H 5S 10D",
        others=("AS 7H 9C KC", "7C QH 8H 3D"),
        stock=["AC", "10S", "2C", "5H"],
    )
    h = hint_for(engine, 0, _lay("AD AH JK", "7D 7S JK"))
    assert h.key == "hint_with_joker", h.text()
    assert h.params["joker"].key == "hint_jokers_two"
    assert "A♠ A♣" in h.text() and "7♥ 7♣" in h.text()
    _trusted(engine, h)
    # The check catches a note that names one joker only.
    one = dict(h.params, joker=h.params["joker"].params["first"])
    assert check_reason(engine, 0, h.move, h.key, one) != []
