"""Issue 61's newcomer run: reasons that say why the hinted move was chosen, each true of the
engine (``scripts/check_hints.py``'s checks) and the old, misleading sentence found false."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Discard, Draw, Meld, Play, Take
from bot.games.cards import Card, Reason, parse_cards
from bot.games.more3 import More3
from bot.games.registry import engine_class
from bot.i18n import t
from bot.learning.hints import (
    feeds_next,
    hands_joker,
    hint,
    keeps_joker,
    no_feeding_throw,
    pile_by_its_numbers,
    pile_favoured,
    reason,
)
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


def _more3_with_meld(hand: str, meld: list[str], meld_seat: int, solo: int) -> Any:
    """Seat 0 to lay and throw holding ``hand``, ``meld`` on the table as ``meld_seat``'s."""
    data: dict[str, Any] = {
        "game": "more3",
        "dealer": 2,
        "position": {
            "hands": [hand.split(), ["KH", "KS", "9C", "4S"], ["QH", "QS", "9D", "4C"]],
            "discard": ["4D"],
            "solo": solo,
            "turn": 0,
            "phase": "play",
            "melds": [{"seat": meld_seat, "cards": meld}],
        },
    }
    return More3.from_table_file(data)


def test_a_more_throw_that_feeds_the_next_side_is_avoided_and_the_safe_one_says_so() -> None:
    # Seat 0 is of the Pair; the next seat, 1, is the Solo, with 5♥ 6♥ 7♥ on the table. 8♥
    # would let the Solo take the pile; J♣ goes with nothing either and feeds nobody.
    engine = _more3_with_meld("8H JC 3S 9S KD", ["5H", "6H", "7H"], meld_seat=1, solo=1)
    assert feeds_next(Card(8, "H"), engine, 0) and not feeds_next(Card(11, "C"), engine, 0)
    h = hint(engine, 0, random.Random(0))
    assert h is not None and isinstance(h.move, Discard) and h.move.card != Card(8, "H")
    assert h.key == "hint_throw_not_next" and h.params["feeding"] == "8♥"
    assert check.check_reason(engine, 0, h.move, h.key, h.params) == []
    # Told of the feeding card itself, the check finds the sentence false.
    fed = check.Case(engine, 0, Discard(Card(8, "H")), h.key, {**h.params, "card": "8♥"})
    assert check.CHECKS[h.key](fed)
    # Even where the computer's own pick feeds, the hint throws a safe card as cheap.
    picked = no_feeding_throw(
        engine, 0, engine.legal_moves(0), Discard(Card(8, "H")), lambda ok: ok[0]
    )
    assert isinstance(picked, Discard) and not feeds_next(picked.card, engine, 0)


def _mor(hand: list[str], discard: list[str], melds: list[list[str]]) -> Any:
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [hand, ["5C", "6D", "QS", "9S"]],
                "discard": discard,
                "turn": 0,
                "phase": "draw",
                "melds": [{"seat": 0, "cards": m} for m in melds],
            },
        }
    )


def test_mor_take_or_draw_follows_the_numbers_its_reason_states() -> None:
    # The pile is 4♣ K♥: K♥ goes onto the team's Q♥ J♥ 10♥ at once, worth 1 of the pile's
    # 1½ in hand. A draw said "you could lay K♥ (1)" of 1½: the numbers favour the take.
    engine = _mor(["4S", "9D", "8C", "JC"], ["4C", "KH"], [["10H", "JH", "QH"]])
    assert pile_favoured(engine, 0)
    legal = engine.legal_moves(0)
    assert pile_by_its_numbers(engine, 0, legal, Draw()) == Take()
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "hint_draw_cost"
    assert check.check_reason(engine, 0, Draw(), key, params) == []
    # A pile of which less than half could go down: the draw stays, and says why.
    heavy = _mor(["4S", "9D", "8C", "JC"], ["AS", "AD", "KS", "KH"], [["10H", "JH", "QH"]])
    assert not pile_favoured(heavy, 0)
    assert pile_by_its_numbers(heavy, 0, heavy.legal_moves(0), Draw()) == Draw()
    key, params = reason(heavy, 0, heavy.view(0), Draw())
    assert key == "mor.hint_draw_cost_most" and "less than half" in t(key, "en", **params)
    assert check.check_reason(heavy, 0, Draw(), key, params) == []
    # The plain sentence on that draw is false by the check: its numbers favour the draw.
    assert check.check_reason(heavy, 0, Draw(), "hint_draw_cost", params)


def test_a_higher_beat_that_gets_the_lead_back_says_so() -> None:
    # Self-play's positions: a beat above the lowest that no card the seat can't see answers
    # says so (the plain "whoever can beat must" never said why not the lowest), the check
    # finds it true, and false of a lower beat that an unseen card does answer.
    found = 0
    for engine, seat, _ in check.positions("runfast", 200):
        plays = [m for m in engine.legal_moves(seat) if isinstance(m, Play)]
        for play in plays:
            key, params = reason(engine, seat, engine.view(seat), play)
            if key != "hint_play_beat_lead_back":
                continue
            found += 1
            assert check.check_reason(engine, seat, play, key, params) == []
            for other in plays:
                if reason(engine, seat, engine.view(seat), other)[0] == "hint_play_beat":
                    said = {**params, "cards": " ".join(c.pretty for c in other.cards)}
                    assert check.check_reason(engine, seat, other, key, said)
    assert found >= 3


def _mor_play(hand: str, taken: list[bool], melds: list[str]) -> Any:
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [hand.split(), ["5C", "6D", "QS", "9S"]],
                "discard": ["8H"],
                "turn": 0,
                "phase": "play",
                "side_taken": taken,
                "melds": [{"seat": 0, "cards": m.split()} for m in melds],
            },
        }
    )


def test_a_throw_near_the_end_of_the_hand_says_what_emptying_it_brings() -> None:
    # Issue 61: no push to take the Mor or to close. Two cards left after the throw: the hint
    # says what emptying the hand brings, as the engine stands after the throw.
    throw = Discard(Card(13, "C"))
    cases = [
        (_mor_play("4S 9D KC", [False, False], ["10H JH QH"]), "hint_near_mor"),
        (_mor_play("4S 9D KC", [True, False], ["3S 3S 3H 3H 3D 3D 3C"]), "hint_near_close"),
        (_mor_play("4S 9D KC", [True, False], ["10H JH QH"]), "hint_near_close_needs"),
    ]
    for engine, near in cases:
        key, params = reason(engine, 0, engine.view(0), throw)
        assert key == "hint_with_near" and params["near"].key == near
        assert check.check_reason(engine, 0, throw, key, params) == []
        # Said of another state, the check finds it false.
        for other in {"hint_near_mor", "hint_near_close", "hint_near_close_needs"} - {near}:
            wrong = {**params, "near": Reason(other, params["near"].params)}
            assert check.check_reason(engine, 0, throw, key, wrong)
    # Four cards left: not near, no push.
    far = _mor_play("4S 9D KC 7H 8C", [False, False], ["10H JH QH"])
    assert reason(far, 0, far.view(0), throw)[0] != "hint_with_near"


def _hand_play(hand: str, melds: list[str], discard: list[str]) -> Any:
    return engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                "hands": [hand.split(), ["5S", "6D", "QS", "9C"], ["QH", "4D", "8C", "KS"]],
                "discard": discard,
                "turn": 0,
                "phase": "play",
                "melds": [{"seat": 0, "cards": m.split()} for m in melds],
                "opened": [True, False, False],
            },
        }
    )


def test_a_hand_joker_laid_where_it_can_be_taken_back_is_said_or_avoided() -> None:
    # Issue 61: a joker laid where another player could reclaim it, and nothing said.
    engine = _hand_play("7H 8H 9H JK 4C KD KC", ["2S 3S 4S"], ["10C"])
    lay = Meld(tuple(parse_cards("7H 8H JK")))
    key, params = reason(engine, 0, engine.view(0), lay)
    assert key == "hint_with_joker" and params["joker"].key == "hint_joker_open"
    assert check.check_reason(engine, 0, lay, key, params) == []
    # The hint prefers a lay of as many cards that hands no joker over.
    picked = keeps_joker(engine, 0, engine.legal_moves(0), lay, lambda ok: ok[0])
    assert picked != lay and not hands_joker(engine, 0, picked)
    # Both 9♥ in sight (one in the hand, one thrown): nobody can take the joker back.
    safe = _hand_play("7H 8H 9H JK 4C KD KC", ["2S 3S 4S"], ["9H"])
    lay9 = Meld(tuple(parse_cards("7H 8H JK")))
    key, params = reason(safe, 0, safe.view(0), lay9)
    assert params["joker"].key == "hint_joker_safe"
    assert check.check_reason(safe, 0, lay9, key, params) == []
    # Called safe where a 9♥ is still out, the check finds it false.
    wrong = {**params, "joker": Reason("hint_joker_safe", params["joker"].params)}
    assert check.check_reason(engine, 0, lay, key, wrong)
