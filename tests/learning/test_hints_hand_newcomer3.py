"""Hand hints a newcomer can trust: the third fresh newcomer's findings (scored 7/10)."""

from __future__ import annotations

from typing import Any

from bot.games.base import Count, Discard, Meld
from bot.games.cards import Card, parse_cards
from bot.learning.hints import base_reason, hint_for, next_takes_out
from tests.ai.repo_script import load_script
from tests.learning.test_hints_hand_newcomer2 import _hand, _trusted

check_reason = load_script("scripts/check_hints.py").check_reason


def _next_on(next_hand: str, hand: str = "AH 3H 6H 2C 6C") -> Any:
    """Seed 4, round 1, as the second newcomer had it, with seat 1 (next, opened) holding
    ``next_hand``."""
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
        others=(next_hand, "4D 5D 9C 9H KC"),
        melds=melds,
        opened=[0, 1, 2],
        discard=parse_cards("7S 2H 10C 6D 5S 9H 5C 5H 7D AC 10C AS 7H 6C JC AC"),
    )


def test_a_next_player_on_one_or_two_cards_cannot_take_the_throw_and_go_out() -> None:
    # Finding 1: "the next player has opened and is down to 1 card (or 2), so they may take it
    # into a meld and go out". A taken card goes into a new meld and a card is kept to throw:
    # the engine lets nobody on 1 or 2 cards do it, whatever they hold.
    for held in ("2H", "2H 3H"):
        engine = _next_on(held)
        ace = Discard(Card(1, "H"))
        assert not next_takes_out(ace.card, engine, 0), held
        h = hint_for(engine, 0, ace)
        assert base_reason(h.key, h.params)[0] != "hand.hint_throw_next_few", h.text()
        _trusted(engine, h)
        # The check now catches the old claim.
        n = len(held.split())
        said = {"card": "A♥", "count": Count("n_cards", n), "n": n}
        assert check_reason(engine, 0, ace, "hand.hint_throw_next_few", said) != [], held
    # On 3 cards they can (2♥ 3♥ with A♥, then J♣ thrown): the warning stays.
    engine = _next_on("2H 3H JC")
    assert next_takes_out(Card(1, "H"), engine, 0)
    h = hint_for(engine, 0, Discard(Card(1, "H")))
    assert h.key == "hand.hint_throw_next_few"
    _trusted(engine, h)


def test_a_card_carrying_on_their_run_is_named_no_danger() -> None:
    # Finding 2 (seed 11, round 1): "Throw A♥: it carries on none of the next player's runs,
    # while K♠ would." A taken discard goes into a new meld, never onto their run.
    engine = _hand(
        "5S KS AH 7H 8H 10H JH 3D 9D JD QD 3C 7C 9C QC",
        others=("2D 4C 6H", "QH 8S 3S 4D 5D 6D 7D 8D 2H 2C 2S 9H 10C JC"),
        melds=[{"seat": 1, "cards": ["7S", "8S", "9S", "10S", "JK", "QS"]}],
        opened=[1],
    )
    h = hint_for(engine, 0, Discard(Card(1, "H")))
    assert h.key != "hand.hint_throw_not_next", h.text()
    assert "runs" not in h.text()
    _trusted(engine, h)


def test_a_meld_the_throw_leaves_is_named_whole() -> None:
    # Finding 3 (guided round, before opening): "Throw Q♥: with 10♥ JK it makes a meld, but
    # you can't lay that meld this turn … this meld is worth 30" left out 9♥ of 9♥ 10♥ JK Q♥
    # (39) and read as a reason to keep Q♥.
    engine = _hand("2S 7S 2H 2H 4H 4H 9H 10H QH 2D 6D 6C 7C 9C JK")
    h = hint_for(engine, 0, Discard(Card(12, "H")))
    assert h.key == "hand.hint_throw_meld_short"
    assert h.text() == (
        "Throw Q♥: it is part of 9♥ 10♥ 🃏 Q♥, which you can't lay this turn. Your opening must"
        " be worth at least 51 points in one lay; this meld is worth 39. 9♥ 10♥ 🃏 stays a meld"
        " without Q♥, so the throw costs you no meld."
    )
    _trusted(engine, h)
    # The check catches the part of the meld named as if it were the whole, and a meld kept
    # that isn't one.
    part = dict(h.params, meld="10♥ 🃏 Q♥", reason=engine.check(0, Meld(parse_cards("10H JK QH"))))
    assert check_reason(engine, 0, h.move, h.key, part) != []
    assert check_reason(engine, 0, h.move, h.key, dict(h.params, kept="9♥ 10♥")) != []


def test_a_card_only_the_joker_goes_with_says_so() -> None:
    # Finding 4 (guided round, first move): "Throw 3♣: only JK goes with it, and the two need
    # one more card to make a meld. The rest of your hand is worth more to keep." A joker goes
    # with anything, and in Hand the cards kept count against you.
    engine = _hand("2S 7S 2H 2H 4H 4H 9H 10H QH 2D 6D 6C 7C 9C JK 3C")
    h = hint_for(engine, 0, Discard(Card(3, "C")))
    assert h.key == "hand.hint_throw_only_joker"
    assert h.text() == (
        "Throw 3♣: nothing in your hand goes with it except the joker, and a joker fits anything."
    )
    _trusted(engine, h)
    # A card with a partner besides: no "worth more to keep" in Hand either.
    h = hint_for(engine, 0, Discard(Card(7, "S")))
    assert "worth more to keep" not in h.text(), h.text()
    _trusted(engine, h)
    # The check catches the sentence said of a card a natural card goes with.
    wrong = {"card": "7♠", "partners": "🃏"}
    assert check_reason(engine, 0, Discard(Card(7, "S")), "hand.hint_throw_only_joker", wrong)


def test_a_run_mistake_in_the_joker_lesson_gets_a_rule_about_runs_too() -> None:
    # Finding 7: in step 5, "meld QD JK 4C" was refused as no run, and the rule that followed
    # spoke of sets alone. The rule now says what the other cards must still make.
    from bot.learning.lessons import lesson

    step = {s.name: s for s in lesson("hand")}["05_joker_in_a_set"]
    verdict = step.judge(Meld(tuple(parse_cards("QD JK 4C"))))
    assert verdict.refused and "a run must be cards of one suit" in verdict.message
    assert "a run (one suit, in order)" in verdict.message
    # The wrong example it teaches, a suit twice in a set, still gets the rule.
    wrong = step.judge(Meld(tuple(parse_cards("7H 7H 7S"))))
    assert wrong.refused and "a set (one rank, all suits different)" in wrong.message
