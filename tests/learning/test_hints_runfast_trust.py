"""The second Run Fast newcomer's hint findings (report newcomer-runfast-new2): each reason true as
it reads, and the check that keeps each class caught."""

from __future__ import annotations

from typing import Any

from bot.games.base import Reason
from bot.i18n import LANGUAGES
from bot.learning.hints import NO_RULE, advise, hint_for
from tests.ai.repo_script import load_script
from tests.learning.test_hints_mor_runfast import _play, _runfast

check = load_script("scripts/check_hints.py")


def _on_the_table(hand: str, trick: str) -> Any:
    return _runfast(
        [hand, "5D 8S 9H", "6C 9S 9C"],
        trick=trick.split(),
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )


def test_a_card_of_the_hands_straight_is_not_said_to_break_up_nothing() -> None:
    # Seed 3: "Play K♦ … 10♦ beats it too, is lower and breaks up nothing in your hand" while
    # 10♦ is in the straight 10♦ J Q K♦ A♣.
    engine = _on_the_table("4S 4H 10D JS JH QS QH QC KD AC", "3S")
    king = _play("KD")
    h = hint_for(engine, 0, king)
    assert h.key != "runfast.hint_play_beat_higher_whole"
    assert "10♦" not in h.text()
    assert check.check_reason(engine, 0, king, h.key, h.params) == []
    old = {"cards": "K♦", "trick": "3♠", "lowest": "10♦"}
    problems = check.check_reason(engine, 0, king, "runfast.hint_play_beat_higher_whole", old)
    assert "the named play breaks up a combination of the hand" in problems
    # A loose card outside every combination is still named.
    loose = _on_the_table("4S 4H 7D JS JH QS QH KD", "3S")
    h = hint_for(loose, 0, king)
    assert h.key == "runfast.hint_play_beat_higher_whole"
    assert h.params["lowest"] == "7♦"
    assert check.check_reason(loose, 0, king, h.key, h.params) == []


def test_the_lowest_beat_that_splits_is_not_explained_by_must_beat() -> None:
    # Guided round, seed 75: "Play 10♥ 10♣: it beats 4♠ 4♣, and whoever can beat the table must"
    # with J J and Q Q in hand: the must-beat rule says why not pass, not why this play.
    engine = _on_the_table("10H 10C 10D JS JH QS QD 7S", "4S 4C")
    tens = _play("10H 10C")
    h = hint_for(engine, 0, tens)
    assert h.key == "runfast.hint_play_beat_lowest_split"
    assert check.check_reason(engine, 0, tens, h.key, h.params) == []
    for lang in LANGUAGES:
        text = h.text(lang)
        assert "{" not in text and "10♥ 10♣" in text and "10♦" in text, lang
    old = {"cards": "10♥ 10♣", "trick": "4♠ 4♣"}
    problems = check.check_reason(engine, 0, tens, "hint_play_beat", old)
    assert "beats of 3 heights to choose from" in problems
    # The only kind of beat keeps the must-beat reason.
    only = _on_the_table("10H 10C 10D 7S 8D", "4S 4C")
    h = hint_for(only, 0, tens)
    assert h.key == "hint_play_beat"
    assert check.check_reason(only, 0, tens, h.key, h.params) == []


def test_the_heavenly_bomb_lead_says_nothing_beats_it_and_it_earns_nothing() -> None:
    # Seed 71: "Lead 3♠ 3♥ 3♦ 3♣: the game's first play must contain the 3♥", which a plain 3♥
    # would satisfy too.
    engine = _runfast(["3S 3H 3D 3C 7H 9D KS", "4D 8S 10H JD", "4C 9S JH QC"], turn=0, opening=True)
    bomb = _play("3S 3H 3D 3C")
    h = hint_for(engine, 0, bomb)
    assert h.key == "runfast.hint_play_heavenly"
    assert check.check_reason(engine, 0, bomb, h.key, h.params) == []
    assert "heavenly bomb" in h.text() and "Nothing can beat it" in h.text()
    assert "bonus" in h.text()
    # Its first stage asks what four 3s make now, not "which card is hardest to get rid of".
    assert h.nudge == "runfast.hint_nudge_heavenly"
    assert check.check_heavenly_nudge(engine, 0, h.nudge, bomb) == []
    for lang in LANGUAGES:
        assert "{" not in h.stage_text("nudge", lang), lang
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "3♠ 3♥ 3♦ 3♣" in h.text(lang), lang
    # Four 3s later are an ordinary bomb: the check refuses the sentence there.
    later = _runfast(
        ["3S 3H 3D 3C 7H 9D KS", "4D 8S 10H JD", "4C 9S JH QC"], turn=0, played=[True, True, True]
    )
    problems = check.check_reason(later, 0, bomb, h.key, h.params)
    assert "the engine does not read a heavenly bomb" in problems
    assert hint_for(later, 0, bomb).nudge == "hint_nudge_lead"
    assert check.check_heavenly_nudge(later, 0, "runfast.hint_nudge_heavenly", bomb) != []


def test_the_combinations_each_lower_card_would_split_are_joined_by_or() -> None:
    # Seed 71: "each lower card of yours would split up the 2 consecutive pairs 4♥ 4♦ 5♠ 5♣, the
    # pair 7♥ 7♣": each lower card splits one of them, not all.
    engine = _runfast(
        ["4H 4D 5S 5C 7H 7C 10S", "6D 8S 10H JD", "6C 9S JH QC"], turn=0, played=[True, True, True]
    )
    ten = _play("10S")
    h = hint_for(engine, 0, ten)
    assert h.key == "hint_play_lead_whole"
    assert isinstance(h.params["split"], Reason)
    assert h.params["split"].key == "runfast.hint_split_or"
    assert check.check_reason(engine, 0, ten, h.key, h.params) == []
    assert " or the pair 7♥ 7♣" in h.text()
    comma = Reason("hint_split_more", dict(h.params["split"].params))
    problems = check.check_reason(engine, 0, ten, h.key, {**h.params, "split": comma})
    assert any("not '…, … or …'" in p for p in problems)


def test_a_pick_with_no_rule_gives_way_to_the_plain_play_and_its_reason() -> None:
    # Seed 4: "Play K♥: it beats 6♣. 8♥ beats it too and is lower, but no simple rule of thumb
    # picks it": K♥ split the pair K♠ K♥, 8♥ split nothing. The hint teaches the plain play.
    engine = _on_the_table("KS KH 8H 4D 4C QD", "7S")
    legal = engine.legal_moves(0)
    move = advise(engine, 0, legal, lambda ok: _play("KH"))
    assert move == _play("8H")
    h = hint_for(engine, 0, move)
    assert h.key == "hint_play_beat_lowest"
    assert check.check_reason(engine, 0, move, h.key, h.params) == []
    # A lead with no rule: the lowest combination that splits nothing, with its reason.
    lead = _runfast(
        ["5S 5H 9D KC KD 2S", "6D 8S 10H JD", "6C 9S JH QC"], turn=0, played=[True, True, True]
    )
    king = _play("KC")
    assert hint_for(lead, 0, king).key == "runfast.hint_play_lead_pick"
    move = advise(lead, 0, lead.legal_moves(0), lambda ok: king)
    h = hint_for(lead, 0, move)
    assert h.key not in NO_RULE
    assert move == _play("5S 5H") and h.key == "hint_play_lead"
    assert check.check_reason(lead, 0, move, h.key, h.params) == []
    # A pick with its own reason stands.
    assert hint_for(lead, 0, _play("9D")).key == "hint_play_lead_whole"
    assert advise(lead, 0, lead.legal_moves(0), lambda ok: _play("9D")) == _play("9D")


def test_a_bomb_over_a_bomb_says_only_a_higher_one_beats_it() -> None:
    # Lesson step 8: "Play A♠ A♦ A♣: a bomb beats 9♠ 9♥ 9♦ 9♣": over a bomb only a higher one
    # does, and that is why the three aces (above every four of a kind) are the move.
    engine = _runfast(
        ["5H 6C AS AD AC", "4D 8S 10H", "6D 8D"],
        trick=["9S", "9H", "9D", "9C"],
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )
    aces = _play("AS AD AC")
    h = hint_for(engine, 0, aces)
    assert h.key == "runfast.hint_play_higher_bomb_sure"
    assert check.check_reason(engine, 0, aces, h.key, h.params) == []
    assert "only a higher bomb beats the bomb 9♠ 9♥ 9♦ 9♣" in h.text()
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "A♠ A♦ A♣" in h.text(lang), lang
    problems = check.check_reason(engine, 0, aces, "hint_play_bomb_sure", h.params)
    assert "the table is a bomb: only a higher one beats it" in problems
