"""The third Run Fast newcomer's findings (report newcomer-runfast-fresh3): an opponent down to
one card, and the review's reason that names what differs between two plays."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES
from bot.learning.hints import advise, hint_for
from tests.ai.repo_script import load_script
from tests.learning.test_hints_mor_runfast import _play, _runfast

check = load_script("scripts/check_hints.py")


_DECK = [
    f"{r}{s}"
    for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for s in "SHDC"
    if f"{r}{s}" != "AH"
] + ["2S"]


def _last_card(hand: str, trick: str) -> Any:
    # Seat 2 has led its last-but-one card and holds one more (K♦): any single that beats the
    # table after seat 1 lets it go out. Every card is dealt, as in a game: the cards the seat
    # can't see are the others'.
    dealt = set(hand.split())
    rest = [c for c in _DECK if c not in dealt and c not in ("KD", "9D")]
    return _runfast(
        [hand, " ".join(rest), "KD"],
        trick=trick.split(),
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )


def test_over_a_single_with_an_opponent_on_one_card_the_hint_plays_high() -> None:
    # Seed 4: "Play 10♠: … your higher cards stay in your hand for later" while seat 2, down
    # to one card, would go out on any single that beats it.
    engine = _last_card("6S 9S 10S JD", "9D")
    legal = engine.legal_moves(0)
    chosen = advise(engine, 0, legal, lambda ok: _play("10S"))
    assert chosen == _play("JD")
    h = hint_for(engine, 0, chosen)
    assert h.key == "hint_play_beat_near_out"
    assert check.check_reason(engine, 0, chosen, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "J♦" in h.text(lang), lang
    # The lowest beat is no longer said to keep the higher cards "for later".
    assert "later" not in h.text()


def test_a_bombs_card_is_not_spent_on_a_single_for_the_one_card_opponent() -> None:
    engine = _last_card("6S 10S QS QH QD QC", "9D")
    chosen = advise(engine, 0, engine.legal_moves(0), lambda ok: _play("10S"))
    assert chosen == _play("10S")


def test_a_lone_card_is_not_led_into_an_opponent_on_one_card_when_a_pair_is_there() -> None:
    engine = _runfast(["4S 7S 7H JD", "5D 8S 9H 4C", "KD"], turn=0, played=[True, True, True])
    chosen = advise(engine, 0, engine.legal_moves(0), lambda ok: _play("4S"))
    assert chosen == _play("7S 7H")
    h = hint_for(engine, 0, chosen)
    assert h.key == "hint_play_lead_near_out"
    assert check.check_reason(engine, 0, chosen, h.key, h.params) == []
