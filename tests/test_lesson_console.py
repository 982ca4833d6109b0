"""The lessons and hints in the terminal client, driven through its real input and output."""

from __future__ import annotations

import io

from bot.console import move_text, parser, run
from bot.lessons import answer_move, lesson


def play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    code = run(parser().parse_args(argv), io.StringIO(typed), out)
    return code, out.getvalue()


def test_a_whole_lesson_with_a_wrong_answer_and_a_hint() -> None:
    steps = lesson("runfast")
    # Step 1: a refused answer, a hint, then the right one; the rest answered right.
    typed = ["play KS", "hint"] + [move_text(answer_move(s)) for s in steps]
    code, text = play(["--lesson", "runfast", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert "The rules refuse that: The game's first play must include 3♥." in text
    assert "Hint: play " in text
    for s in steps:
        assert s.done in text
    assert "last step of the runfast lesson" in text


def test_hint_in_a_game_and_bad_lesson_game() -> None:
    code, text = play(["runfast", "--seed", "1", "--no-color"], "hint\nquit\n")
    assert code == 0 and "Hint: " in text
    code, text = play(["--lesson", "poker"], "")
    assert code == 2 and "Lessons are for" in text
    code, text = play(["--lesson", "mor", "--no-color"], "")  # end of input leaves politely
    assert code == 0 and text.rstrip().endswith("Bye.")
