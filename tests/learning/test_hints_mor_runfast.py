"""Issue 61, the Mor and Run Fast hints a fresh newcomer read: each reason true as it reads."""

from __future__ import annotations

from typing import Any

from bot.games.base import Play
from bot.games.cards import parse_cards
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES, t
from bot.learning.hints import hint_for
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def _runfast(hands: list[str], **pos: object) -> Any:
    position = {"hands": [h.split() for h in hands], **pos}
    return engine_class("runfast").from_table_file({"game": "runfast", "position": position})


def _play(text: str) -> Play:
    return Play(tuple(parse_cards(text)))


def test_a_lead_with_a_bigger_play_in_hand_claims_no_card_count() -> None:
    # Seed 5: "Lead Q♠ Q♦ Q♣: one play takes 3 cards out of your hand" while 4 4 5 5 6 6 was
    # there, a play of 6 cards.
    engine = _runfast(
        ["QS QD QC 4S 4D 5S 5H 6D 6C KH", "3D 8S 10H", "3C 9S JH"],
        turn=0,
        played=[True, True, True],
    )
    triple = _play("QS QD QC")
    h = hint_for(engine, 0, triple)
    assert h.key == "runfast.hint_play_lead_pick"
    assert check.check_reason(engine, 0, triple, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "Q♠ Q♦ Q♣" in h.text(lang), lang
    # The check catches the old sentence, and passes it for the biggest play.
    old = {"cards": "Q♠ Q♦ Q♣", "count": 3}
    assert any(
        "takes more cards out" in p
        for p in check.check_reason(engine, 0, triple, "hint_play_lead", old)
    )
    pairs = _play("4S 4D 5S 5H 6D 6C")
    # The whole run of pairs says so (the fourth Run Fast newcomer); the card count holds too.
    h = hint_for(engine, 0, pairs)
    assert h.key == "runfast.hint_play_lead_long_pairs"
    assert check.check_reason(engine, 0, pairs, h.key, h.params) == []
    assert check.check_reason(engine, 0, pairs, "hint_play_lead", {"count": 6}) == []


def test_a_lone_high_lead_is_not_told_it_takes_one_card_out() -> None:
    # "Lead K♥: one play takes 1 card out" said nothing: every single does that.
    engine = _runfast(["KH 5S 9D", "3D 8S JD", "3C 9S JC"], turn=0, played=[True, True, True])
    king = _play("KH")
    h = hint_for(engine, 0, king)
    assert h.key == "runfast.hint_play_lead_pick"
    assert "takes" not in h.text()
    problems = check.check_reason(engine, 0, king, "hint_play_lead", {"count": 1})
    assert any("a single" in p for p in problems)


def test_a_lead_of_the_last_card_asks_no_question() -> None:
    # "You lead: which of your cards will be hardest to get rid of later?" of a hand of one.
    engine = _runfast(["QS", "3D 8S", "3C 9S"], turn=0, played=[True, True, True])
    h = hint_for(engine, 0, _play("QS"))
    assert h.nudge == "runfast.hint_nudge_lead_last"
    assert check.check_lead_last_nudge(engine, 0, h.nudge, h.move) == []
    for lang in LANGUAGES:
        assert h.stage_text("nudge", lang) != t("hint_nudge_lead", lang), lang
    assert "hardest" not in h.stage_text("nudge")
    # Two cards still ask which one.
    two = _runfast(["QS 4D", "3D 8S", "3C 9S"], turn=0, played=[True, True, True])
    assert hint_for(two, 0, _play("4D")).nudge == "hint_nudge_lead"
    assert check.check_lead_last_nudge(two, 0, "runfast.hint_nudge_lead_last", _play("4D")) != []


def test_the_opening_lead_claims_no_card_count_when_a_bigger_play_holds_the_3h() -> None:
    # Check position 40: "the game's first play must contain the 3♥, and this one takes 5 cards
    # out" while a 6-card straight with the 3♥ was there.
    engine = _runfast(["3H 4C 5D 6S 7H 8C KD", "3D 8S 10H JD", "3C 9S JH QC"], turn=0, opening=True)
    five = _play("3H 4C 5D 6S 7H")
    h = hint_for(engine, 0, five)
    assert h.key == "runfast.hint_play_lead_first_pick"
    assert check.check_reason(engine, 0, five, h.key, h.params) == []
    old = {"cards": "", "count": 5}
    assert any(
        "takes more cards out" in p
        for p in check.check_reason(engine, 0, five, "hint_play_lead_first", old)
    )
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "3♥" in h.text(lang), lang


def test_a_beat_above_the_lowest_says_it_is_not_the_lowest() -> None:
    # Seed 7's review: "10♦ 10♣: it beats 3♠ 3♥, and whoever can beat the table must" while
    # 4♥ 4♣ beat it too, against the lesson's "play the lowest that beats", without a word.
    engine = _runfast(
        ["4H 4C 10D 10C KS 7D", "5D 8S JD", "6C 9S JH"],
        trick=["3S", "3H"],
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )
    tens = _play("10D 10C")
    h = hint_for(engine, 0, tens)
    assert h.key == "runfast.hint_play_beat_higher"
    assert h.params["lowest"] == "4♥ 4♣"
    assert check.check_reason(engine, 0, tens, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "4♥ 4♣" in h.text(lang), lang
    # The check catches a wrong "lowest".
    wrong = {**h.params, "lowest": "10♦ 10♣"}
    assert check.check_reason(engine, 0, tens, h.key, wrong) != []
