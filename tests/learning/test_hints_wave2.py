"""Issue 61, the hints' second wave: what fresh newcomers of More and Hand found wrong in the
hints, each against real engines, lessons and catalogues."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.games.base import Add, AddTo, Draw, Lay, Meld, Move, Take, as_lay
from bot.games.notation import move_text, parse_move
from bot.i18n import LANGUAGES
from bot.learning.hints import hint_for, typed_form
from bot.learning.lessons import GAMES, answer_move, lesson
from bot.learning.lessons.guided import Stop, guided_game, play_round, same_outcome
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
