"""The fourth Run Fast newcomer's findings (report newcomer-runfast-fresh4): hints that broke up
straights and runs of consecutive pairs without saying so, the coach's same words for a good and
a weak move, and the review's hard line. Each on the real engine, hints and catalogues."""

from __future__ import annotations

from typing import Any

from bot.games.base import Reason
from bot.i18n import LANGUAGES, t
from bot.learning.hints import advise, hint_for, splits
from bot.learning.lessons import guided
from tests.ai.repo_script import load_script
from tests.learning.test_hints_mor_runfast import _play, _runfast

check = load_script("scripts/check_hints.py")
OTHERS = ["4D 8D 10H JC", "4C 9D JH KC"]


def _lead(hand: str) -> Any:
    return _runfast([hand, *OTHERS], turn=0, played=[True, True, True])


def _advised(engine: Any, pick: str) -> Any:
    return advise(engine, 0, engine.legal_moves(0), lambda ok: _play(pick))


def test_a_lead_out_of_a_straight_leads_the_straight_and_says_why() -> None:
    # Seed 112 turn 5: "Lead 4♥: each lower card of yours would split up the triple 3♠ 3♦ 3♣"
    # threw away the straight 3..9.
    engine = _lead("3S 3D 3C 4H 5S 6H 6C 7S 7C 8S 9S QH KH")
    move = _advised(engine, "4H")
    assert move == _play("3S 4H 5S 6H 7S 8S 9S")
    h = hint_for(engine, 0, move)
    assert h.key == "runfast.hint_play_lead_long_straight"
    assert check.check_reason(engine, 0, move, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "3♠ 4♥ 5♠ 6♥ 7♠ 8♠ 9♠" in h.text(lang), lang
    # The old reason for 4♥ no longer says it keeps the hand whole.
    assert hint_for(engine, 0, _play("4H")).key != "hint_play_lead_whole"
    # The check catches the claim on a shorter straight than the hand holds.
    short = _play("4H 5S 6H 7S 8S")
    problems = check.check_reason(engine, 0, short, h.key, {**h.params, "count": h.params["count"]})
    assert any("longer" in p for p in problems)


def test_a_lead_out_of_consecutive_pairs_leads_them_all() -> None:
    # Seed 5 turn 4: "Lead 4♠ 4♦" out of 44 55 66, said to split nothing.
    engine = _lead("4S 4H 5S 5H 6D 6C 7C 10S QS QD QC KH AS")
    assert splits(_play("4S 4H").cards, engine.view(0).hand)
    move = _advised(engine, "4S 4H")
    assert move == _play("4S 4H 5S 5H 6D 6C")
    h = hint_for(engine, 0, move)
    assert h.key == "runfast.hint_play_lead_long_pairs"
    assert check.check_reason(engine, 0, move, h.key, h.params) == []
    # The engine's answers: a lower run of pairs would beat it, and the check says so.
    bad = check.check_reason(engine, 0, _play("4S 4H"), h.key, h.params)
    assert bad


def test_the_lowest_beat_that_breaks_a_straight_says_so() -> None:
    # Seed 23 turn 10: "Play 5♠: … it is the lowest, so your higher cards stay in your hand"
    # while 5♠ is in the straight 5..9.
    engine = _runfast(
        ["5S 6H 6D 7D 8S 9S JD QS", *OTHERS],
        trick=["3C"],
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )
    five = _play("5S")
    h = hint_for(engine, 0, five)
    assert h.key == "runfast.hint_play_beat_lowest_straight"
    assert "5♠ 6♥ 7♦ 8♠ 9♠" in h.text()
    assert check.check_reason(engine, 0, five, h.key, h.params) == []
    problems = check.check_reason(engine, 0, five, "hint_play_beat_lowest", h.params)
    assert "the play breaks a straight" in problems


def test_the_coach_tells_a_strong_move_from_a_weak_one() -> None:
    # The guided round: J J Q Q K K led where the coach had 4♥, and K♦ on 7♥ where it had 8♦,
    # both told only "that move is allowed too. Mine would have been another".
    engine = _lead("4H 7S JS JD QS QH KS KD")
    note = guided.other_move_note(engine, 0, _play("4H"), _play("JS JD QS QH KS KD"))
    assert note is not None and note.gain is not None
    assert note.gain.key == "coach_gain.runfast_more_out"
    on = _runfast(
        ["4H 8S KD KS QH", *OTHERS], trick=["7H"], trick_seat=2, turn=0, played=[True] * 3
    )
    weak = guided.other_move_note(on, 0, _play("8S"), _play("KD"))
    assert weak is not None and weak.better == Reason("coach_better.runfast_lower", {"cards": "K♦"})
    for lang in LANGUAGES:
        assert note.text(lang) != weak.text(lang)
        assert "{" not in note.text(lang) + weak.text(lang), lang


def test_the_review_line_on_moves_against_the_hint_reads_plainly() -> None:
    for lang in LANGUAGES:
        line = t("review.usual_off_hint", lang, count=2, moves="4, 12")
        assert "(" not in line and "4, 12" in line, lang


def test_the_moves_against_the_hint_are_listed_as_move_numbers() -> None:
    # The fifth Run Fast newcomer read "…went against the hint you were shown: 6." as a count,
    # in a game where no hint was asked: the line names move numbers, as the cap's line does,
    # in runs and in the language's own list.
    from bot.learning import review as rv

    found = rv.Review("runfast", 0, (), 20, 2, 0, 0, off_hint=(4, 5, 6, 12))
    for lang in LANGUAGES:
        assert rv.listed(["4–6", "12"], lang) in found.looked(lang), lang
    one = rv.Review("runfast", 0, (), 20, 2, 0, 0, off_hint=(6,))
    assert one.looked("en").endswith("the hint would have played otherwise at moves 6.")
    for lang in LANGUAGES:
        assert "shown" not in found.looked(lang) and "{" not in found.looked(lang)
