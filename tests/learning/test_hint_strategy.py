"""Issue 61's newcomer run: reasons that say why the hinted move was chosen, each true of the
engine (``scripts/check_hints.py``'s checks) and the old, misleading sentence found false."""

from __future__ import annotations

import random

from bot.games.base import Discard
from bot.games.cards import Card
from bot.learning.hints import hint, reason
from tests.ai.more3_tables import more3_table
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def test_a_ready_run_kept_for_the_throw_says_so_not_one_more_card() -> None:
    # The Solo holds 3♣ 4♣ 5♣ and nothing else, its side without a biriba: the run is a meld
    # already, and laying it would leave no card to throw. "One more card would make a meld"
    # read as if the run still needed a card.
    engine = more3_table("3C 4C 5C", ["4D"], solo=0, phase="play")
    h = hint(engine, 0, random.Random(0))
    assert h is not None and isinstance(h.move, Discard)
    assert h.key == "hint_throw_meld_refused"
    assert "one more card" not in h.text()
    assert "Keep a card" in h.text()
    assert check.check_reason(engine, 0, h.move, h.key, h.params) == []
    old = check.Case(engine, 0, h.move, "hint_throw_few", {"card": "5♣", "partners": "3♣ 4♣"})
    assert any("as they are" in p for p in check.CHECKS["hint_throw_few"](old))


def test_a_pankal_meld_held_back_names_the_pankal() -> None:
    # 8♥ 9♥ 🃏 is a meld in hand; the hard player keeps its pankal, and the reason says that.
    engine = more3_table("8H 8H 9H 7D JK KS QD", ["4D"], solo=0, phase="play")
    move = Discard(Card(9, "H"))
    key, params = reason(engine, 0, engine.view(0), move)
    assert key == "hint_throw_keeps_wild" and params["wild"] == "🃏"
    assert check.check_reason(engine, 0, move, key, params) == []
