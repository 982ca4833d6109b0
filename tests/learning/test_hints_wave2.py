"""Issue 61, the hints' second wave: what fresh newcomers of More and Hand found wrong in the
hints, each against real engines, lessons and catalogues."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.games.base import Add, AddTo, Count, Discard, Draw, Lay, Meld, Move, Take, as_lay
from bot.games.cards import Card, parse_cards
from bot.games.more3 import More3
from bot.games.notation import move_text, parse_move
from bot.i18n import LANGUAGES
from bot.learning.hints import base_reason, biriba_gain, hint, hint_for, makes_biriba, typed_form
from bot.learning.lessons import GAMES, answer_move, lesson
from bot.learning.lessons.guided import Stop, guided_game, play_round, same_outcome
from tests.ai.more3_tables import more3_table
from tests.ai.repo_script import load_script

STEPS = [(game, step) for game in GAMES for step in lesson(game)]


@pytest.mark.parametrize(("game", "step"), STEPS, ids=[f"{g}-{s.number}" for g, s in STEPS])
def test_typed_form_of_every_answer_is_plain_and_right(game: str, step: object) -> None:
    """A step's answer, typed as the hint shows it, is the plainest form ``help`` teaches (no
    ``lay`` of one meld or one addition, cards in order) and the step judges it right."""
    answer = answer_move(step)  # type: ignore[arg-type]
    engine = step.position()  # type: ignore[attr-defined]
    typed = move_text(typed_form(engine, step.seat, answer))  # type: ignore[attr-defined]
    if isinstance(answer, Lay) and len(answer.melds) + len(answer.adds) == 1:
        assert not typed.startswith("lay "), typed
    assert step.judge(parse_move(typed)).right, typed  # type: ignore[attr-defined]


def test_typed_form_of_a_lay_of_one_meld_is_meld_in_order() -> None:
    from bot.learning.lessons import lesson as steps_of

    for game in GAMES:
        for step in steps_of(game):
            engine = step.position()
            for move in engine.legal_moves(step.seat):
                if isinstance(move, Meld) and len(move.cards) == 3:
                    scrambled = Lay(melds=(tuple(reversed(move.cards)),))
                    shown = move_text(typed_form(engine, step.seat, scrambled))
                    if shown.startswith("meld "):
                        assert parse_move(shown) in (move, Meld(tuple(reversed(move.cards))))
                        return
    pytest.fail("no lesson position with a 3-card meld to lay")


def test_typed_form_of_one_addition_is_add() -> None:
    for game in GAMES:
        for step in lesson(game):
            engine = step.position()
            for move in engine.legal_moves(step.seat):
                if isinstance(move, Lay) and not move.melds and len(move.adds) == 1:
                    shown = move_text(typed_form(engine, step.seat, move))
                    assert shown.startswith("add "), shown
                    return
                add = getattr(move, "meld", None)
                if add is not None and type(move).__name__ == "Add":
                    lay = Lay(adds=(AddTo(move.meld, move.cards, move.end),))
                    shown = move_text(typed_form(engine, step.seat, lay))
                    assert shown.startswith("add "), shown
                    assert parse_move(shown).cards == move.cards or sorted(
                        parse_move(shown).cards
                    ) == sorted(move.cards)
                    return
    pytest.fail("no lesson position with an addition")


@pytest.mark.parametrize("game", ["more3", "hand", "mor"])
def test_the_coachs_move_is_typed_as_help_teaches(game: str) -> None:
    """Following the coach through the guided round (More's is seed 244): every move the hint
    gives is typed in the plainest form, ``add 2 6H`` and ``meld 6S 7S 8S`` (the newcomer saw
    ``lay add 2 6H`` and ``lay 7S 6S 8S``), and that typed form plays as the coach's move."""
    engine = guided_game(game)
    plain: list[str] = []

    def member(stop: Stop, legal: Sequence[Move]) -> Move:
        move = stop.move
        shown = move_text(typed_form(engine, 0, move))
        if isinstance(move, Lay | Meld | Add):
            parts = len(as_lay(move).melds) + len(as_lay(move).adds)
            if parts == 1:
                assert not shown.startswith("lay "), shown
            typed = parse_move(shown)
            assert same_outcome(engine, 0, typed, move), (shown, move_text(move))
            plain.append(shown)
        return move

    play_round(game, member, engine=engine)
    assert plain


check = load_script("scripts/check_hints.py")


def test_a_draw_hint_nests_no_brackets() -> None:
    """A draw where the pile can't be taken says why in a sentence of its own, in every
    language: "Draw from the stock: the discard can't be taken now (You can't take QC: you
    could not meld it this turn.)" nested the refusal in brackets."""
    seen = 0
    for engine, seat, _ in (
        p for game in ("more3", "hand", "mor") for p in check.positions(game, 150)
    ):
        if Draw() not in engine.legal_moves(seat) or engine.check(seat, Take()) is None:
            continue
        found = hint_for(engine, seat, Draw())
        for lang in LANGUAGES:
            text = found.text(lang)
            assert "(" not in text and "（" not in text, (lang, text)
        seen += 1
    assert seen


def test_the_hint_adds_to_make_the_pure_biriba_not_a_separate_run() -> None:
    """Guided More, seed 244: the Pair's 6♥…10♥ lacked 3♥ 4♥ 5♥ to be an 8-card pure biriba,
    the one thing the side needed to go out, and the hint laid 3♥ 4♥ 5♥ 6♥ apart."""
    from tests.learning.test_hint_strategy import _more3_with_meld

    engine = _more3_with_meld(
        "6S 3H 4H 5H 6H QH 3D QD 3C 4C QC", ["6H", "7H", "8H", "9H", "10H"], meld_seat=2, solo=1
    )
    legal = engine.legal_moves(0)
    apart = Meld(tuple(parse_cards("3H 4H 5H 6H")))
    assert engine.can(0, apart)
    assert biriba_gain(engine, 0, apart) == 0
    picked = makes_biriba(engine, 0, legal, apart, lambda ok: ok[0])
    assert biriba_gain(engine, 0, picked) == 2, move_text(picked)
    found = hint(engine, 0, random.Random(0))
    assert found is not None and biriba_gain(engine, 0, found.move) == 2, move_text(found.move)
    key, _ = base_reason(found.key, found.params)
    assert key in ("hint_add_biriba", "hint_lay_biriba"), (key, found.text())
    assert "pure" in found.text()
    assert check.check_reason(engine, 0, found.move, found.key, found.params) == []


def _more_near_out(biribas: list[list[str]]) -> Any:
    """Seat 0 (of the Pair) to lay 4♥ 5♥ 6♥; the Solo, seat 1, has taken its More pile and
    holds 1 card, with ``biribas`` on the table."""
    data: dict[str, Any] = {
        "game": "more3",
        "dealer": 2,
        "position": {
            "hands": [["4H", "5H", "6H", "9C", "KS"], ["KH"], ["QH", "QS", "9D", "4C"]],
            "discard": ["4D"],
            "solo": 1,
            "turn": 0,
            "phase": "play",
            "side_taken": [False, True],
            "melds": [{"seat": 1, "cards": m} for m in biribas],
        },
    }
    return More3.from_table_file(data)


def test_an_opponent_down_to_one_card_is_said_only_when_they_can_go_out() -> None:
    """More, seed 7: "an opponent is down to 1 card" of a Solo without a pure biriba, who could
    not go out: the danger the sentence suggests is one the rules rule out."""
    run = Meld(tuple(parse_cards("4H 5H 6H")))
    dirty = ["5S", "6S", "7S", "8S", "2C", "10S", "JS"]
    cannot = _more_near_out([dirty])
    said = hint_for(cannot, 0, run)
    assert base_reason(said.key, said.params)[0] != "hint_lay_near_out", said.text()
    old = check.Case(
        cannot,
        0,
        run,
        "hint_lay_near_out",
        {"count": Count("n_cards", 1), "left": Count("n_cards", 2)},
    )
    assert check.CHECKS["hint_lay_near_out"](old)
    pure = ["5D", "6D", "7D", "8D", "9D", "10D", "JD"]
    can = _more_near_out([dirty, pure])
    near = hint_for(can, 0, run)
    assert base_reason(near.key, near.params)[0] == "hint_lay_near_out", near.text()
    assert check.check_reason(can, 0, run, near.key, near.params) == []


def test_a_more_throw_among_loose_cards_says_it_costs_the_most() -> None:
    """Guided More: "Throw K♥: no other card in your hand can make a meld with it" while 3♣ was
    just as loose; the tie-breaker is that the K costs 10 in hand, the 3 costs 5."""
    engine = more3_table("KH 3C 7S 8S", ["4D"], solo=0, phase="play")
    said = hint_for(engine, 0, Discard(Card(13, "H")))
    assert said.key == "hint_throw_alone_highest_more", said.text()
    assert said.params["others"] == "3♣" and "(10 points)" in said.text()
    assert check.check_reason(engine, 0, said.move, said.key, said.params) == []
    for lang in LANGUAGES:
        assert "3♣" in said.text(lang) and "K♥" in said.text(lang)
    # Told of the 3♣, the check finds "costs the most" false.
    low = check.Case(
        engine, 0, Discard(Card(3, "C")), said.key, {**said.params, "card": "3♣", "others": "K♥"}
    )
    assert check.CHECKS[said.key](low)


def _hand(hand: str) -> Any:
    """Hand, seat 0 to lay and throw holding ``hand``; each opponent holds 1 card."""
    from tests.learning.test_hints import _rummy

    return _rummy("hand", hand)


def test_hand_endgame_throws_the_costly_card_and_says_why() -> None:
    """Hand, seed 11: with 5♠ 2♥ 5♦ and an opponent on 1 card the hint threw 2♥ to keep a pair
    that can never be laid (a meld of three leaves no card to throw)."""
    engine = _hand("5S 2H 5D")
    found = hint(engine, 0, random.Random(0))
    assert found is not None and isinstance(found.move, Discard)
    assert found.move.card.rank == 5, found.text()
    key, params = base_reason(found.key, found.params)
    assert key == "hint_throw_end_high", found.text()
    assert check.check_reason(engine, 0, found.move, found.key, found.params) == []
    for lang in LANGUAGES:
        assert found.move.card.pretty in found.text(lang)
    # The 2♥ told as the endgame throw, the check finds it false.
    low = check.Case(engine, 0, Discard(Card(2, "H")), key, {**params, "card": "2♥"})
    assert check.CHECKS[key](low)


def test_a_low_card_is_never_thrown_for_what_it_costs() -> None:
    """Hand: "if it is still in your hand when the round ends it costs you 4 points" is no
    reason to throw the 4♥ while 10♣ J♣ are kept; the check finds it false."""
    engine = _rummy_far("4H 6H 6C 10C JC KD")
    said = hint_for(engine, 0, Discard(Card(4, "H")))
    assert said.key not in ("hint_throw_few_hand", "hint_throw_few_hand_one"), said.text()
    assert "costs you" not in said.text()
    assert check.check_reason(engine, 0, said.move, said.key, said.params) == []
    old = check.Case(
        engine,
        0,
        said.move,
        "hint_throw_few_hand_one",
        {"card": "4♥", "partners": "6♥", "points": Count("n_points", 4)},
    )
    assert check.CHECKS["hint_throw_few_hand_one"](old)


def _rummy_far(hand: str) -> Any:
    """Hand, seat 0 holding ``hand``, the opponents far from out."""
    from bot.games.registry import engine_class

    others = [["KH", "QS", "9D", "4C", "7S"], ["QH", "JS", "8D", "3C", "6S"]]
    position = {
        "hands": [hand.split(), *others],
        "discard": ["4D"],
        "turn": 0,
        "phase": "play",
    }
    return engine_class("hand").from_table_file({"game": "hand", "position": position})
