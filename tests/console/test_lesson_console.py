"""The lessons and hints in the terminal client, driven through its real input and output."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.console.cli import parser, run
from bot.console.lesson import yes_or_no
from bot.console.paint import plain_text
from bot.console.progress import ENV, Progress
from bot.games.notation import move_text, parse_move
from bot.i18n import t
from bot.learning.lessons import answer_move, lesson


@pytest.fixture(autouse=True)
def own_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lesson progress in a folder of the test's own, never the user's."""
    monkeypatch.setenv(ENV, str(tmp_path))
    return tmp_path


def play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    code = run(parser().parse_args(argv), io.StringIO(typed), out)
    return code, out.getvalue()


def test_a_whole_lesson_with_a_wrong_answer_and_a_hint() -> None:
    steps = lesson("runfast")
    # Step 1: a refused answer, a hint, then the right one; the rest answered right.
    typed = ["play KS", "hint", "hint", "hint"] + [move_text(answer_move(s)) for s in steps]
    code, text = play(["--lesson", "runfast", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert "The rules refuse that: The game's first play must include 3H." in text
    assert "Hint: Lead 3H" in text and "(type: play 3H" in text
    for s in steps:
        assert plain_text(s.text("done")) in text
    # The game by its name, as on the table's heading, not its code.
    assert "last step of the Run Fast lesson" in text


def test_hint_in_a_game_and_bad_lesson_game() -> None:
    code, text = play(["runfast", "--seed", "1", "--no-color"], "hint\nquit\n")
    assert code == 0 and "Hint: " in text
    code, text = play(["--lesson", "poker"], "")
    assert code == 2 and "Lessons are for" in text
    code, text = play(["--lesson", "mor", "--no-color"], "")  # end of input leaves politely
    assert code == 0 and text.rstrip().endswith("Bye.")


def test_a_lesson_in_dutch() -> None:
    steps = lesson("runfast")
    wrong = "play KS"  # refused: the game's first play must include 3♥
    typed = [wrong] + [move_text(answer_move(s)) for s in steps]
    argv = ["--lesson", "runfast", "--lang", "nl", "--no-color"]
    code, text = play(argv, "\n".join(typed) + "\n")
    assert code == 0
    lines = text.splitlines()
    first = steps[0]
    title = first.text("title", "nl")
    assert lines[0] == t(
        "lesson_header", "nl", game="Run Fast", number=1, count=len(steps), title=title
    )
    # The table and the prompt are the console's Dutch; the step's texts and its verdicts come
    # from the lessons catalogue in Dutch, the frame around them from the bot domain's.
    assert "── Run Fast · één potje ──" in lines
    assert any(ln.startswith("Je hand (") for ln in lines)
    verdict = first.judge(parse_move(wrong), "nl")
    assert verdict.refused and f"plaats {first.seat} > {plain_text(str(verdict.message))}" in lines
    for s in steps:
        assert plain_text(t("lesson_task", "nl", task=s.text("task", "nl"))) in lines
        assert plain_text(s.text("done", "nl")) in text
    assert lines[-1] == t("lesson_finished_console", "nl", game="Run Fast", code="runfast")


def test_the_terminal_lesson_says_how_to_type_and_knows_help() -> None:
    steps = lesson("mor")
    first = steps[0]
    typed = ["help", "hint", "hint", "hint", move_text(answer_move(first)), "quit"]
    code, text = play(["--lesson", "mor", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    # How to type a move (with an example move), and the lesson's own words.
    assert "Type your move as in a game, for example meld 7H 8H 9H;" in text
    assert "hint, moves, rules, skip, help, quit" in text
    assert "not a move I know" not in text  # help works
    assert "Moves (type them as shown here):" in text
    assert "skip (on to the next step)" in text
    # The hint is the step's answer, named once in card faces and once as typed.
    # In stages: what to look at, the cards, then the move and why.
    stages = [ln.split("> ", 1)[-1] for ln in text.splitlines() if "Hint: " in ln]
    assert stages[0].startswith("Hint: Look for cards in your hand that go down together")
    assert stages[1] == "Hint: The cards to use: 3S 3H 3D."
    hint_line = stages[2]
    assert (
        hint_line.endswith(
            "Hint: Lay 3S 3H 3D: it makes a set that can grow to a project. (type: meld 3S 3H 3D)"
        )
        or "(type: meld 3S 3H 3D)" in hint_line
    )
    # Once in the reason, once in the move to type: plain text writes both as the hand does.
    assert hint_line.count("3S 3H 3D") == 2


def test_the_terminal_lesson_ends_with_a_terminal_command_not_a_discord_one() -> None:
    steps = lesson("runfast")
    typed = [move_text(answer_move(s)) for s in steps]
    code, text = play(["--lesson", "runfast", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0 and "/practice" not in text
    assert text.rstrip().endswith("python -m bot.console runfast.")


def test_more_hint_draw_hint_in_the_terminal_does_not_crash() -> None:
    # python -m bot.console more3 --seed 8, then hint, draw, hint: once a traceback.
    code, text = play(["more3", "--seed", "8", "--no-color"], "hint\ndraw\nhint\nquit\n")
    assert code == 0 and text.count("Hint: ") == 2 and "Traceback" not in text


def test_the_hand_step_is_played_through_to_the_hand() -> None:
    # The Hand's step says "throw the 5♦ now": that throw is played, not read as the next
    # step's answer or the guided round's yes or no (once it quit the lesson before the Hand was
    # ever shown).
    steps = lesson("hand")
    number = next(s.number for s in steps if s.name == "06_the_hand")
    typed = ["skip"] * (number - 1) + [move_text(answer_move(steps[number - 1])), "discard 5D"]
    typed += ["skip"] * (len(steps) - number) + ["no"]
    code, text = play(["--lesson", "hand", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert t("lesson_play_on") in text
    after = text.split(t("lesson_play_on"), 1)[1]
    assert "Hand" in after and "Round over" in after  # the round ends with the Hand
    assert t("lesson_finished_console", game="Hand", code="hand") in text


def test_the_stock_out_step_ends_the_round_at_the_throw() -> None:
    # Issue 61: nothing taught what happens when the stock runs out. The last step lays out all
    # 106 cards with the stock empty: after the learner's lay, the throw ends the round with
    # nobody going out, and the score sheet shows it.
    steps = lesson("hand")
    last = steps[-1]
    assert last.name == "07_the_stock_runs_out"
    typed = ["skip"] * (len(steps) - 1) + [move_text(answer_move(last)), "discard KD", "no"]
    code, text = play(["--lesson", "hand", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0 and t("lesson_play_on") in text
    after = text.split(t("lesson_play_on"), 1)[1]
    assert t("console.end.stock_out") in after and "Round over" in after


def test_a_taken_card_is_laid_in_the_same_step() -> None:
    # Mor's pile step: the taken 8♣ must be laid before the throw, and the learner does it.
    steps = lesson("mor")
    typed = ["skip", move_text(answer_move(steps[1])), "discard 8C", "quit"]
    code, text = play(["--lesson", "mor", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0 and t("lesson_play_on") in text
    # The engine's own refusal, in the same step: a card of the taken pile must be laid first.
    after = text.split(t("lesson_play_on"), 1)[1]
    assert "First lay one of the cards you took from the pile" in after
    assert "step 3 of 7" not in after


def test_the_terminal_keeps_lesson_progress_between_runs(own_state: Path) -> None:
    steps = lesson("runfast")
    # Two steps: the first after a refused answer, the second right at once; then she leaves.
    typed = ["play KS", move_text(answer_move(steps[0])), move_text(answer_move(steps[1])), "quit"]
    play(["--lesson", "runfast", "--no-color"], "\n".join(typed) + "\n")
    assert (own_state / "lessons.json").exists()
    # The next run starts at step 3 and says where she is, as /lesson does on Discord.
    code, text = play(["--lesson", "runfast", "--no-color"], "quit\n")
    assert code == 0
    count = len(steps)
    assert t("lesson_progress", done=2, count=count, first=1) in text
    assert f"step 3 of {count}" in text and f"step 1 of {count}" not in text


def test_an_unreadable_progress_file_is_said_and_left_as_it_is(own_state: Path) -> None:
    kept = own_state / "lessons.json"
    kept.write_text("{not json", encoding="utf-8")
    steps = lesson("runfast")
    code, text = play(["--lesson", "runfast", "--no-color"], move_text(answer_move(steps[0])))
    assert code == 0
    assert t("lesson_progress_unreadable", path=str(kept)) in text
    assert f"step 1 of {len(steps)}" in text
    assert kept.read_text(encoding="utf-8") == "{not json"  # never written over


def test_table_and_hand_work_during_a_step_as_help_says() -> None:
    """help lists ``table`` and ``hand``; a newcomer typed them during a step's task and was told
    they were no moves."""
    first = lesson("mor")[0]
    typed = ["table", "hand", move_text(answer_move(first)), "quit"]
    code, text = play(["--lesson", "mor", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert "is not a move I know" not in text
    assert text.count(first.text("task")) == 1


def test_a_lessons_list_says_it_holds_wrong_answers_and_a_hint_says_there_is_more() -> None:
    """Newcomers read a lesson's ``moves`` as the legal moves and took the first stage of a hint
    for all of it: the list says it holds wrong answers, and a hint's early stage says to ask
    again."""
    first = lesson("hand")[0]
    typed = ["moves", "hint", move_text(answer_move(first)), "quit"]
    code, text = play(["--lesson", "hand", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert t("console.lesson_choices", moves="").split("{")[0][:20] in text
    assert t("console.hint_again") in text


def test_a_progress_file_from_before_the_hands_new_step_keeps_its_answers(
    own_state: Path,
) -> None:
    """The Hand lesson gained a step before its last ("the Hand", step 5, now 6): a file written
    before keeps the Hand answered, on its new number, and the new step is not marked done."""
    kept = own_state / "lessons.json"
    old = {"hand": {str(n): True for n in range(1, 6)}, "mor": {"5": False}}
    kept.write_text(json.dumps({"games": old}), encoding="utf-8")
    progress = Progress.load(kept)
    assert progress.done("hand", 6) == {1: True, 2: True, 3: True, 4: True, 6: True}
    assert progress.done("mor", 6) == {5: False}
    progress.record("runfast", 1, True)
    again = Progress.load(kept)  # written in the new layout, so read again unmoved
    assert again.done("hand", 6) == {1: True, 2: True, 3: True, 4: True, 6: True}


def test_no_color_prints_the_joker_as_plain_text() -> None:
    """A newcomer saw 🃏 in a hint with ``--no-color`` (issue 61): plain text prints the token
    the hand shows and a move types, JK, everywhere in the terminal's output."""
    steps = lesson("hand")
    typed = ["hint", "hint", "hint", "skip"] * len(steps) + ["no"]
    code, text = play(["--lesson", "hand", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0
    assert "Hint: The cards to use: 7H 7S JK." in text
    assert "🃏" not in text


@pytest.mark.parametrize("throw", ["discard JK", "discard KD"])
def test_throwing_the_joker_just_won_back_gets_a_word(throw: str) -> None:
    # Issue 61: after winning the joker back, `discard JK` went by with only "You threw JK.".
    # Throwing the joker says why it was worth keeping; another throw says nothing of it.
    steps = lesson("hand")
    step = next(s for s in steps if s.name == "04_reclaim_the_joker")
    typed = ["skip"] * (step.number - 1) + [move_text(answer_move(step)), throw, "quit"]
    code, text = play(["--lesson", "hand", "--no-color"], "\n".join(typed) + "\n")
    assert code == 0 and t("lesson_play_on") in text
    after = text.split(t("lesson_play_on"), 1)[1]
    assert (t("lesson_threw_won_joker") in after) == (throw == "discard JK")


def test_rules_works_during_a_lesson_step(own_state: Path) -> None:
    # Issue 61: "“rules” is not a move I know" in the More lesson; help lists it now.
    from bot.console.paint import Painter, markdown
    from bot.console.table import terminal_words
    from bot.learning.rules import game_rules

    code, text = play(["--lesson", "more3", "--no-color"], "rules\nquit\n")
    assert code == 0
    assert "is not a move I know" not in text
    # The page as the terminal prints it: its own words, without Markdown marks.
    shown = markdown(terminal_words(game_rules("more3"), "en"), Painter(False))
    assert shown in text and "docs/rules.md" in text
    assert "hint, moves, rules, skip" in text  # the step says the word is there


def test_a_resumed_lesson_says_where_it_goes_on_and_restart_starts_over(own_state: Path) -> None:
    """Issue 61: the terminal went on at the step where the learner had quit without a word.
    It says so, with the way to start over; ``restart`` takes the lesson from step 1, its
    progress forgotten."""
    steps = lesson("runfast")
    count = len(steps)
    typed = [move_text(answer_move(steps[0])), move_text(answer_move(steps[1])), "quit"]
    play(["--lesson", "runfast", "--no-color"], "\n".join(typed) + "\n")
    code, text = play(["--lesson", "runfast", "--no-color"], "restart\nquit\n")
    assert code == 0
    resumed = t("lesson_resumed", step=3, count=count)
    assert resumed in text and "restart" in resumed
    before, after = text.split(t("lesson_restarting"), 1)
    assert f"step 3 of {count}" in before and f"step 1 of {count}" not in before
    assert f"step 1 of {count}" in after
    # Started over: the next run begins at step 1 and has nothing to resume.
    assert Progress.load(own_state / "lessons.json").done("runfast", count) == {}
    code, text = play(["--lesson", "runfast", "--no-color"], "quit\n")
    assert f"step 1 of {count}" in text and "You stopped at step" not in text
    # help names the word too.
    code, text = play(["--lesson", "runfast", "--no-color"], "help\nquit\n")
    assert "restart (the lesson over from step 1)" in text


def test_a_move_typed_at_the_guided_round_question_is_answered_not_taken_as_no() -> None:
    """After the Hand's last step ("Throw now: the round ends"), a learner who had skipped the
    throw typed it at the question about the guided round: it was read as "no" and the
    lesson ended. Now the move is answered, the question asked again, and yes still works."""
    steps = lesson("hand")
    head = ["skip"] * (len(steps) - 1) + [move_text(answer_move(steps[-1])), "skip"]
    code, text = play(
        ["--lesson", "hand", "--no-color"], "\n".join([*head, "discard KD", "hint", "no"]) + "\n"
    )
    assert code == 0
    question = t("coach_after_steps", game="Hand")
    after = text.split(question, 1)[1]
    assert t("lesson_yes_or_no_move", move="discard KD") in after
    assert t("lesson_yes_or_no") in after
    assert t("lesson_finished_console", game="Hand", code="hand") in after
    assert after.index(t("lesson_yes_or_no_move", move="discard KD")) < after.index(
        t("lesson_finished_console", game="Hand", code="hand")
    )
    # And yes after the move starts the guided round.
    code, text = play(
        ["--lesson", "hand", "--no-color"], "\n".join([*head, "discard KD", "yes", "quit"]) + "\n"
    )
    assert code == 0
    after = text.split(question, 1)[1]
    assert t("coach_header", game="Hand") in after
    assert t("lesson_finished_console", game="Hand", code="hand") not in after


@pytest.mark.parametrize(
    ("lang", "yes_words", "no_words"),
    [
        ("nl", ["ja", "J", "yes"], ["nee", "n", "no"]),
        ("ar", ["نعم", "yes", "y"], ["لا", "no"]),
        ("hi", ["हाँ", "हां", "yes"], ["नहीं", "नही", "no"]),
        ("en", ["yes", "y"], ["no", "n"]),
    ],
)
def test_a_yes_or_no_question_takes_the_languages_own_words(
    lang: str, yes_words: list[str], no_words: list[str]
) -> None:
    """A Dutch player typed "ja" where the question said yes, and was asked again: only
    English's yes and no were read. Each language's own words count now, English's too."""
    for word in yes_words:
        assert yes_or_no(io.StringIO(word + "\n"), io.StringIO(), lang, 0, "?") is True, word
    for word in no_words:
        assert yes_or_no(io.StringIO(word + "\n"), io.StringIO(), lang, 0, "?") is False, word


@pytest.mark.parametrize(("lang", "own"), [("nl", "ja"), ("ar", "نعم"), ("hi", "हाँ")])
def test_the_yes_or_no_questions_name_the_languages_own_yes(lang: str, own: str) -> None:
    for key in ("coach_offer_game", "coach_after_steps", "coach_after_steps.runfast"):
        text = t(key, lang, game="Hand")
        assert own in text and "yes" not in text, (lang, key)
    for text in (t("lesson_yes_or_no", lang), t("lesson_yes_or_no_move", lang, move="play 3H")):
        assert own in text and "yes" not in text, lang


def test_a_dutch_ja_at_the_guided_round_question_starts_it() -> None:
    steps = lesson("hand")
    head = ["skip"] * (len(steps) - 1) + [move_text(answer_move(steps[-1])), "skip"]
    code, text = play(
        ["--lesson", "hand", "--no-color", "--lang", "nl"], "\n".join([*head, "ja", "quit"]) + "\n"
    )
    assert code == 0
    after = text.split(t("coach_after_steps", "nl", game="Hand"), 1)[1]
    assert t("coach_header", "nl", game="Hand") in after
    assert t("lesson_yes_or_no", "nl") not in after


def test_a_refusal_in_the_rest_of_a_step_reads_as_the_steps_do() -> None:
    # The fresh Hand newcomer's finding 7: after "take" in step 2 the too-small opening was
    # refused without the lead-in "The rules refuse that:" that step 1 gives it.
    code, text = play(["--lesson", "hand", "--no-color"], "skip\ntake\nlay 9H 10H JH QH\nquit\n")
    assert code == 0
    assert (
        "The rules refuse that: Your opening must be worth at least 51 points in one lay;"
        " this meld is worth 39." in text
    )
