"""The guided round in the terminal: the coach's notes before the member's moves, the score sheet
with how it was counted, and the offer of a whole game."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.console.cli import main, parser, run
from bot.console.lesson import GuidedConsole
from bot.console.paint import plain_text
from bot.console.progress import ENV
from bot.games.base import Move
from bot.games.notation import move_text
from bot.i18n import LANGUAGES, t
from bot.learning.hints import hint_for
from bot.learning.lessons import GAMES, guided, lesson


@pytest.fixture(autouse=True)
def own_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lesson progress in a folder of the test's own, never the user's."""
    monkeypatch.setenv(ENV, str(tmp_path))
    return tmp_path


class FollowTheCoach(io.StringIO):
    """Input that types the coach's move each time the terminal asks (at most ``limit``)."""

    def __init__(self, limit: int = 400) -> None:
        super().__init__()
        self.console: GuidedConsole | None = None
        self.limit = limit
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None and len(self.typed) < self.limit
        stop = self.console.coach.last
        line = move_text(stop.move) if stop is not None and stop.move is not None else "no"
        self.typed.append(line)
        return line + "\n"


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_plays_the_guided_round_to_the_score_sheet(game: str) -> None:
    typed = FollowTheCoach()
    out = io.StringIO()
    console = GuidedConsole(game, typed, out, False, "en")
    typed.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert console.engine.round_over
    rules = [n.rule for n in console.coach.shown]
    assert len(rules) == len(set(rules)) and rules[-1] == "scoring"
    for note in console.coach.shown:
        assert t("coach_note", text=note.text()) in text
    # The score sheet comes before its note.
    assert text.index(t("coach_score_sheet")) < text.index(console.coach.shown[-1].text())
    assert "not a move" not in text  # every typed suggestion was a move the engine took


def test_guided_from_the_command_line_then_no_whole_game() -> None:
    out = io.StringIO()
    args = parser().parse_args(["--lesson", "runfast", "--guided", "--no-color"])
    assert run(args, io.StringIO("quit\n"), out) == 0
    text = out.getvalue()
    assert text.startswith(t("coach_header", game="Run Fast"))
    assert plain_text(t("coach_note", text=t("coach.runfast.goal"))) in text


def test_after_the_steps_the_lesson_offers_the_guided_round_in_dutch() -> None:
    out = io.StringIO()
    answers = "\n".join(["skip"] * len(lesson("runfast")) + ["yes", "quit"]) + "\n"
    args = parser().parse_args(["--lesson", "runfast", "--lang", "nl", "--no-color"])
    assert run(args, io.StringIO(answers), out) == 0
    text = out.getvalue()
    assert plain_text(t("coach_after_steps.runfast", "nl", game="Run Fast")) in text
    assert t("coach_header", "nl", game="Run Fast") in text
    assert plain_text(t("coach.runfast.goal", "nl")) in text


def test_the_help_names_the_guided_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--guided" in capsys.readouterr().out


def test_the_hint_in_the_guided_round_gives_the_coachs_move() -> None:
    # Mor's first stop once had the coach say take and the hint draw, with no word on why.
    out = io.StringIO()
    args = parser().parse_args(["--lesson", "mor", "--guided", "--no-color"])
    assert run(args, io.StringIO("hint\nhint\nhint\nquit\n"), out) == 0
    text = out.getvalue()
    from bot.learning.lessons.guided import coach_move, guided_game

    coach = coach_move(guided_game("mor"))
    assert coach is not None
    typed = move_text(coach)
    hints = [ln for ln in text.splitlines() if "Hint: " in ln]
    assert hints[-1].endswith(f"(type: {typed})")


def guided_mor(typed: str) -> str:
    out = io.StringIO()
    args = parser().parse_args(["--lesson", "mor", "--guided", "--no-color"])
    assert run(args, io.StringIO(typed), out) == 0
    return out.getvalue()


def test_a_move_other_than_the_coachs_gets_a_word_from_the_coach() -> None:
    # The coach would lay 4♥ 5♥ 6♥ 7♥ at Mor's first stop; the member lays three of them.
    text = guided_mor("meld 4H 5H 6H\nquit\n")
    said = [ln for ln in text.splitlines() if ln.startswith("Coach: that move is allowed too.")]
    assert len(said) == 1, text
    assert (
        "Lay 4H 5H 6H 7H: it is your team's first meld, so from now on your team may take"
        in said[0]
    )
    # Then why it is better (issue 61): the 7♥ laid counts 1 for the team, not 1 against it.
    assert said[0].endswith(
        "If the round ended now, mine would score you 2 points more than yours."
    )
    # It comes straight after the move, before the hand is shown again.
    lines = text.splitlines()
    assert lines[lines.index(said[0]) - 1].endswith("You laid meld [1]: 4H 5H 6H.")


def test_the_coachs_own_move_typed_in_another_order_gets_no_word() -> None:
    text = guided_mor("meld 7H 6H 5H 4H\nquit\n")
    assert "You laid meld [1]" in text
    assert "that move is allowed too" not in text


def test_the_whole_game_after_the_guided_round_offers_the_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game started from the guided round's offer ends as a game started directly does: with
    the offer of a review."""
    import random

    from bot import console as console_pkg
    from bot.ai import choose_move
    from bot.console import lesson as lesson_module

    class Player(io.StringIO):
        """The coach's move in the guided round, yes to the whole game, then random legal
        moves, Enter under each score sheet and the end of input once the game is over."""

        def __init__(self) -> None:
            super().__init__()
            self.console: console_pkg.cli.Console | None = None
            self.typed = 0

        def readline(self, size: int | None = -1) -> str:
            c = self.console
            assert c is not None
            self.typed += 1
            assert self.typed < 2000
            if isinstance(c, GuidedConsole):
                if c.engine.round_over:
                    return "yes\n"
                stop = c.coach.last
                return (move_text(stop.move) if stop and stop.move else "no") + "\n"
            if c.engine.game_over:
                return ""
            if c.engine.round_over:
                return "\n"
            legal = c.engine.legal_moves(c.seat)
            move = choose_move(c.engine.view(c.seat), legal, "random", random.Random(self.typed))
            return move_text(move) + "\n"

    typed = Player()
    for name in ("GuidedConsole", "Console"):
        base = getattr(lesson_module, name)

        def init(self: object, *args: object, _base: type = base, **kw: object) -> None:
            _base.__init__(self, *args, **kw)
            typed.console = self  # type: ignore[assignment]

        monkeypatch.setattr(lesson_module, name, type(name, (base,), {"__init__": init}))
    out = io.StringIO()
    assert lesson_module.run_guided("runfast", typed, out) == 0
    text = out.getvalue()
    assert t("coach_offer_game", game="Run Fast") in text
    assert t("console.review_offer", moves=0).split(",")[0] in text


@pytest.mark.parametrize("game", GAMES)
def test_the_coachs_advice_comes_in_the_hints_stages(game: str) -> None:
    # Issue 61: the coach's stop gave its move at once, so the hint had no early stage there.
    # Now the coach's tip is the hint's first stage, and each hint typed shows one stage more.
    from bot.learning.lessons.guided import coach_hint

    out = io.StringIO()
    console = GuidedConsole(game, io.StringIO("hint\nhint\n"), out, False, "en")
    console.play()
    # The input ends at the member's first stop (after any computers who play before them):
    # the console's table is still there.
    found = coach_hint(console.engine)
    assert found is not None
    lines = out.getvalue().splitlines()
    tip = lines.index(t("coach_tip", text=found.stage_text("nudge")))
    shown = [line.split("> ", 1)[-1] for line in lines[tip:] if "Hint:" in line]
    if found.next_stage("nudge") == "cards":  # a middle stage: the tip, the cards, the move
        assert shown.pop(0) == t("hint_prefix", text=found.stage_text("cards"))
    assert found.text() in shown[0]
    assert not any(line.startswith("The coach would play:") for line in lines)


def test_the_coach_gives_no_tip_where_a_pass_is_the_only_move() -> None:
    # Issue 61: "Nothing in your hand beats this, so you pass." came straight before a tip asking
    # whether anything in the hand can beat the table. The opening summary left out the 10 for
    # a 2♠ or a bomb still held (RULES.md, Run Fast's settlement).
    typed = FollowTheCoach()
    out = io.StringIO()
    console = GuidedConsole("runfast", typed, out, False, "en")
    typed.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert t("coach_note", text="Nothing in your hand beats this, so you pass.") in text
    assert t("coach_tip", text=t("hint_nudge_pass")) not in text
    assert "10 more for the 2♠ and for each bomb still in their hand" in text


def test_after_the_run_fast_steps_hindi_offers_a_deal_not_a_round() -> None:
    # Issue 59: Hindi calls Run Fast's one deal बाज़ी; the other games' guided round stays a
    # राउंड.
    out = io.StringIO()
    answers = "\n".join(["skip"] * len(lesson("runfast")) + ["no"]) + "\n"
    args = parser().parse_args(["--lesson", "runfast", "--lang", "hi", "--no-color"])
    assert run(args, io.StringIO(answers), out) == 0
    text = out.getvalue()
    assert t("coach_after_steps.runfast", "hi", game="रन फ़ास्ट") in text
    assert "की एक बाज़ी" in text and "का एक राउंड" not in text
    assert "राउंड" in t("coach_after_steps", "hi", game="मोर")


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_help_and_hints_name_the_tables_level(game: str) -> None:
    """The guided round's hint is the coach's move, at the level of the table's computers
    (normal), yet its help and the throws' reasons named "the hard player" (issue 61): the help
    names the table's level, and no hint of the coached round names the hard player."""
    out = io.StringIO()
    console = GuidedConsole(game, io.StringIO("help\nquit\n"), out, False, "en")
    console.play()
    shown = out.getvalue()
    assert t("console.help.hint_coach", level=t(f"level.{guided.COACH_LEVEL}")) in shown
    assert t("console.help.hint") not in shown
    engine = guided.guided_game(game)
    said: list[str] = []

    def pick(stop: guided.Stop, legal: Sequence[Move]) -> Move:
        assert stop.move is not None
        found = hint_for(engine, guided.MEMBER, stop.move)  # the guided round's hint
        said.extend(found.text(lang) for lang in LANGUAGES)
        return stop.move

    guided.play_round(game, pick, engine=engine)
    assert said
    # The hard player, as each language names it in the hints it named it in.
    hard = {
        "en": "hard player",
        "ar": "الآلي الصعب",
        "hi": "कठिन कंप्यूटर खिलाड़ी",
        "nl": "moeilijke computerspeler",
    }
    assert not [s for s in said if any(name in s for name in hard.values())]


def test_the_guided_round_names_no_seed_it_ignores() -> None:
    # The fresh Hand newcomer's finding 6: "--seed 5" printed "Hand, seed 2": the guided deal
    # is fixed, so its first line names no seed.
    out = io.StringIO()
    args = parser().parse_args(["--lesson", "hand", "--guided", "--seed", "5", "--no-color"])
    assert run(args, io.StringIO("quit\n"), out) == 0
    text = out.getvalue()
    assert "seed" not in text.lower()
    assert "dealt the same way every time" in text
