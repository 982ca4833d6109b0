"""Issue 61: when the member plays another move, the coach says why its own was better, and
only what the engine shows to be so."""

from __future__ import annotations

import random

import pytest

from bot import ai
from bot.games.base import Discard
from bot.i18n import LANGUAGES, say
from bot.learning.hints import plain_top
from bot.learning.lessons import guided


def test_a_throw_instead_of_the_coachs_meld_is_told_what_each_leaves() -> None:
    engine = guided.guided_game("mor")
    coach = guided.coach_move(engine, guided.MEMBER)
    assert coach is not None and coach.do == "meld"
    throw = next(m for m in engine.legal_moves(guided.MEMBER) if isinstance(m, Discard))
    note = guided.other_move_note(engine, guided.MEMBER, coach, throw)
    assert note is not None and note.better is not None
    hand = len(engine.view(guided.MEMBER).hand)
    text = note.text()
    assert f"Mine leaves {hand - len(coach.cards)} cards in your hand, yours {hand - 1}" in text
    for lang in LANGUAGES:
        assert note.text(lang).endswith(say(note.better, lang))


@pytest.mark.parametrize("game", ["mor", "hand", "more3", "runfast"])
def test_the_coachs_why_is_true_of_both_moves(game: str) -> None:
    # A member who plays any legal move: wherever the coach says its move is better, the
    # engine agrees (fewer cards left, or more points were the round to end now).
    engine = guided.guided_game(game)
    member, others = random.Random(3), random.Random(4)
    said = 0
    for _ in range(400):
        if engine.round_over:
            break
        seat = engine.turn
        if seat is None:
            seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
        legal = engine.legal_moves(seat)
        if seat != guided.MEMBER:
            engine.apply(seat, ai.choose_move(engine.view(seat), legal, "normal", others))
            continue
        coach = guided.coach_move(engine, seat)
        move = member.choice(legal)
        if coach is not None:
            note = guided.other_move_note(engine, seat, coach, move)
            if note is not None and note.better is not None:
                said += 1
                mine = guided._after(engine, seat, coach)
                yours = guided._after(engine, seat, move)
                if note.better.key == "coach_better_cards":
                    assert len(mine.view(seat).hand) < len(yours.view(seat).hand)
                elif note.better.key == "coach_better.runfast_lower":
                    # Run Fast: a beat of as many cards, the coach's with the lower top card.
                    assert len(mine.view(seat).hand) == len(yours.view(seat).hand)
                    assert 0 < plain_top(coach.cards) < plain_top(move.cards)  # type: ignore[attr-defined]
                else:
                    ours, theirs = guided._score_now(mine, seat), guided._score_now(yours, seat)
                    assert ours is not None and theirs is not None and ours >= theirs + 1
        engine.apply(seat, move)
    assert said >= 1 or game == "runfast"  # a random play there often sheds as many cards
