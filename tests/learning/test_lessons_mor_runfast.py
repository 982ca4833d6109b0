"""Mor and Run Fast lessons and coach: what a newcomer's run found missing (issue 61).

Each test drives the real lesson steps, catalogues, engines or terminal client."""

from __future__ import annotations

import pytest

from bot.console.paint import plain_text
from bot.console.progress import Progress
from bot.games.notation import move_text, parse_move
from bot.i18n import t
from bot.learning.lessons import answer_move, guided, lesson

# The terminal's lesson driver with progress in the test's own folder (autouse).
from tests.console.test_lesson_console import own_state, play  # noqa: F401


def step(game: str, name: str):  # type: ignore[no-untyped-def]
    return next(s for s in lesson(game) if s.name == name)


@pytest.mark.parametrize("lang", ["en", "ar", "hi", "nl"])
def test_tasks_teach_before_the_answer(lang: str) -> None:
    """Rules once said only in `rules`, the coach or a "Right:" reply are in a step's task."""
    bomb = step("runfast", "05_bomb").text("task", lang)
    mor = step("mor", "04_take_the_mor").text("task", lang)
    wilds = step("mor", "07_wilds").text("task", lang)
    if lang == "en":
        assert "break up a bomb" in bomb
        assert "if a bomb is your only way to beat it, you must play it" in bomb
        assert "never takes its Mor loses 10" in mor
        assert "A wild never moves to another meld" in wilds
    # Every language says the -10 and shows the add's high/low.
    assert " 10 " in mor
    assert "(add 3 7H low)" in wilds


def test_a_skipped_step_says_its_rule_and_counts_as_passed() -> None:
    steps = lesson("runfast")
    code, text = play(["--lesson", "runfast", "--no-color"], "skip\nskip\nquit\n")
    assert code == 0
    for s in steps[:2]:
        assert plain_text(t("lesson_skipped", rule=s.text("rule"))) in text
    # Coming back goes on after the skipped steps, not at them.
    assert Progress.load().next_step("runfast", len(steps)) == 3
    code, text = play(["--lesson", "runfast", "--no-color"], "quit\n")
    assert t("lesson_resumed", step=3, count=len(steps)) in text


def test_quitting_mid_turn_says_the_step_is_done() -> None:
    steps = lesson("mor")
    mor = step("mor", "04_take_the_mor")
    typed = ["skip"] * (mor.number - 1) + [move_text(answer_move(mor)), "quit"]
    code, text = play(["--lesson", "mor", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert t("lesson_quit_mid_turn", step=mor.number) in text
    assert Progress.load().next_step("mor", len(steps)) == mor.number + 1


def test_the_guided_run_fast_round_words_the_first_triple() -> None:
    _, coach = guided.play_round("runfast")
    assert "triple" in {n.rule for n in coach.shown}
    note = next(n for n in coach.shown if n.rule == "triple")
    assert note.text() == t("coach.runfast.triple")


def test_the_guided_mor_round_words_a_wild_that_can_move() -> None:
    _, coach = guided.play_round("mor")
    names = [n.rule for n in coach.shown]
    assert "wild_moves" in names
    assert "never moves to another meld" in t("coach.mor.wild_moves")


def test_a_lay_holding_the_coachs_says_mine_and_more() -> None:
    """The coach's lay inside the member's: "you did mine and more", not "another"."""
    coach = parse_move("meld 4C 5C 6C")
    more = parse_move("lay 4C 5C 6C | 9D 10D JD")
    other = parse_move("meld 9D 10D JD")
    assert guided.holds_move(coach, more)
    assert not guided.holds_move(coach, other)
    assert not guided.holds_move(coach, coach)  # the same lay is the coach's own
    assert not guided.holds_move(parse_move("discard 4C"), more)


def test_the_coach_says_mine_and_more_at_the_guided_mor_table() -> None:
    """At a real position of the guided Mor round where the coach lays, a lay of its cards and
    more is worded as holding the coach's move."""
    engine = guided.guided_game("mor")
    seat = guided.MEMBER
    for _ in range(200):
        if engine.round_over:
            break
        turn = engine.turn
        if turn == seat:
            coach = guided.coach_move(engine, seat)
            if coach is not None and coach.do in ("meld", "lay"):
                melds = [m for m in engine.legal_moves(seat) if m.do == "meld"]
                lays = (
                    parse_move(
                        f"lay {' '.join(map(str, coach.cards))} | {' '.join(map(str, m.cards))}"
                    )
                    for m in melds
                    if not set(m.cards) & set(coach.cards)
                )
                bigger = next((m for m in lays if engine.check(seat, m) is None), None)
                if bigger is not None:
                    note = guided.other_move_note(engine, seat, coach, bigger)
                    assert note is not None and note.within
                    assert "You did mine and more" in note.text()
                    assert "Mine would have been another" not in note.text()
                    return
            move = coach if coach is not None else engine.legal_moves(seat)[0]
        else:
            move = engine.legal_moves(turn)[0]
        engine.apply(turn, move)
    pytest.skip("no position of the guided round offered a lay holding the coach's")
