"""The lessons in the terminal: ``python -m bot.console --lesson GAME [--lang ar|hi|nl|en]``.

After the steps the learner may play the guided round (``bot.learning.lessons.guided``), or go straight
to it with ``--guided``; after the round, a whole game against computers.

Each step's position is shown as the terminal client shows a table; the player types a move (or
``hint``, ``moves``, ``skip``, ``quit``) and the step judges it as on Discord (``bot.learning.lessons``),
in the console's language: the step's texts and its verdict come from the ``lessons`` catalogue,
the frame around them from the ``bot`` domain's lesson sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, TextIO

from bot.ai import Level
from bot.console.progress import Progress
from bot.console.table import Console, distinct
from bot.console.words import title_of
from bot.games.base import BadMove, Engine, Event, Move, RoundResult
from bot.games.notation import BARE_VERBS, move_text, parse_move
from bot.games.registry import new_game
from bot.i18n import ENGLISH, language, say, t
from bot.learning.hints import forced_pass, hint_for
from bot.learning.lessons import GAMES, Step, answer_move, guided, lesson, rest_of_turn_note


class GuidedConsole(Console):
    """The terminal client at the guided round's deal, with the coach: before each of the
    member's moves the coach's new notes and its move, and at the score sheet how the round was
    counted. The member types any move; the coach follows the position."""

    # The deal is the guided round's own, whatever ``--seed`` says: no seed is named (the
    # fresh Hand newcomer's finding 6: "seed 2" printed for --seed 5).
    welcome = "console.welcome_guided"

    def __init__(self, game: str, stdin: TextIO, stdout: TextIO, color: bool, lang: str) -> None:
        deal = guided.GUIDED[game]
        engine = guided.guided_game(game)
        super().__init__(
            engine,
            guided.MEMBER,
            guided.COACH_LEVEL,
            deal.seed,
            stdin,
            stdout,
            color,
            max_rounds=1,
            lang=lang,
        )
        self.coach = guided.Coach(game)
        # ``hint`` gives the coach's move: the help names its level, the table's computers'.
        self.words.hint_help = ("console.help.hint_coach", {"level": self.level_name()})
        # The position and the coach's move before the member's move (None outside the round).
        self.before_move: tuple[Engine, Move] | None = None
        self.stopped_at = -1  # the number of moves played when the coach last stopped

    def coach_says(self) -> None:
        stop = self.coach.stop(self.engine)
        for note in stop.notes:
            self.say(self.t("coach_note", text=note.text(self.lang)))
        if stop.notes and stop.move is not None and not forced_pass(self.engine, self.seat):
            # The coach's advice is the hint's first stage (what to look at), as at a practice
            # table: ``hint`` then shows the next stage, and the one after it the move (issue 61:
            # the coach gave the move away at once).
            found = hint_for(self.engine, self.seat, stop.move)
            self.say(self.t("coach_tip", text=found.stage_text("nudge", self.lang)))
            self.say(self.t("console.coach_tip_more"))
            self.hint_stage = ((id(self.engine), len(self.engine.record["moves"])), "nudge")

    def human_turn(self) -> bool:
        moves = len(self.engine.record["moves"])
        if moves != self.stopped_at:  # a new position: the coach looks at it once
            self.stopped_at = moves
            self.coach_says()
        return super().human_turn()

    def try_move(self, line: str) -> None:
        """A move, as at any table; in the coached round the coach's move at this position is
        kept (with the position) for ``after_own_move`` to compare."""
        self.before_move = None
        if not self.engine.round_over and self.engine.view(self.seat).round_no == 0:
            coach = guided.coach_move(self.engine, self.seat)
            if coach is not None:
                self.before_move = (type(self.engine).from_json(self.engine.to_json()), coach)
        super().try_move(line)

    def after_own_move(self, move: Move) -> None:
        """A move other than the coach's gets a word: it is allowed, and what the coach would
        have played and why."""
        if self.before_move is None:
            return
        before, coach = self.before_move
        other = guided.other_move_note(before, self.seat, coach, move)
        if other is not None:
            self.say(other.text(self.lang))

    def say_hint(self, answer: Move | None = None) -> None:
        """In the guided round the hint is the coach's move, in stages as any hint."""
        if (
            answer is None
            and not self.engine.round_over
            and self.engine.view(self.seat).round_no == 0
        ):
            answer = guided.coach_move(self.engine, self.seat)
        super().say_hint(answer)

    def show_result(self, result: RoundResult | None) -> None:
        super().show_result(result)
        if self.engine.round_over:
            self.say(self.t("coach_score_sheet"))
            self.coach_says()


def play_through(
    console: Console, engine: Engine, step: Step, events: Sequence[Event] = ()
) -> bool:
    """After a step's right answer, the rest of the learner's turn from the position it left:
    lay the card just taken, throw the last card of a Hand. The engine judges each move as in a
    game; ``skip`` moves on. Returns False when the learner leaves.

    ``events``: what the right answer did. A throw that undoes it (the Hand joker it won back, a
    card of the pile it took) gets one line of comment (issue 61)."""
    seat = step.seat
    if engine.round_over or engine.turn != seat:
        return True
    console.engine = engine
    # Refusals read as the steps' own do (the fresh Hand newcomer's finding 7).
    console.refused_lead = "lesson_refused_alone"
    console.say(console.t("lesson_play_on"))
    console.show_hand()
    while engine.turn == seat and not engine.round_over:
        line = console.prompt()
        if line is None:
            return False
        if line.lower() == "skip":
            return True
        moves = len(engine.record["moves"])
        if not console.handle(line):
            return False
        note = rest_of_turn_note(step, events, engine.record["moves"][moves:], console.lang)
        if note is not None:
            console.say(note)
    if engine.round_over:
        console.show_result(engine.view(seat).result)
    return True


YES = ("yes", "y")
NO = ("", "no", "n", "quit", "exit")


def answers(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words that say yes and no at ``lang``'s terminal: the language's own, listed in its
    catalogue (``lesson_yes_words``, ``lesson_no_words``: "ja, j" and "nee, n" in Dutch), and
    English's everywhere, as the moves are typed in English too."""

    def words(key: str) -> set[str]:
        return {w.strip().lower() for w in re.split("[,،]", t(key, lang)) if w.strip()}

    return frozenset(YES) | words("lesson_yes_words"), frozenset(NO) | words("lesson_no_words")


def yes_or_no(stdin: TextIO, stdout: TextIO, lang: str, seat: int, question: str) -> bool:
    """Ask a yes-or-no ``question``; ``yes`` (or ``y``, or the language's own word: ``ja``,
    «نعم», «हाँ») is yes, ``no`` (``nee``, «لا», «नहीं»), Enter or the end of input no. Anything else asks again, saying why: a move typed here (``discard 5D`` after a
    step said "throw the 5♦ now") has no table left to be played on, and was once read as "no"
    and ended the lesson (issue 61)."""
    yes_words, no_words = answers(lang)
    stdout.write(question + "\n")
    while True:
        stdout.write(t("console.prompt", lang, seat=seat) + " ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return False
        word = line.strip().lower()
        if word in yes_words:
            return True
        if word in no_words:
            return False
        try:
            move: Move | None = parse_move(line.strip())
        except BadMove:
            move = None
        if move is not None:
            stdout.write(t("lesson_yes_or_no_move", lang, move=move_text(move)) + "\n")
        else:
            stdout.write(t("lesson_yes_or_no", lang) + "\n")


def yes(console: Console, key: str, **params: Any) -> bool:
    """Ask a yes-or-no question at ``console`` (``yes_or_no``)."""
    return yes_or_no(
        console.stdin, console.out, console.lang, console.seat, console.t(key, **params)
    )


def run_guided(
    game: str, stdin: TextIO, stdout: TextIO, color: bool = False, lang: str = ENGLISH
) -> int:
    """The guided round in the terminal, then, if the member wants, a whole game."""
    lang = language(lang)
    if game not in GAMES:
        stdout.write(t("lesson_unknown_game", lang, games=", ".join(GAMES)) + "\n")
        return 2
    console = GuidedConsole(game, stdin, stdout, color, lang)
    name = title_of(game, lang)
    console.say(console.t("coach_header", game=name))
    console.play()
    if not console.engine.round_over:
        return 0  # the member left during the round
    if not yes(console, "coach_offer_game", game=name):
        console.say(console.t("console.bye"))
        return 0
    seed = random.randrange(1_000_000)
    engine = new_game(game, dict(guided.GUIDED[game].options), seed)
    # Offered the review at its end, as a game started directly is (review from the deal).
    return Console(
        engine, guided.MEMBER, Level.NORMAL, seed, stdin, stdout, color, lang=lang, review=0
    ).play()


def run_lesson(
    game: str,
    stdin: TextIO,
    stdout: TextIO,
    color: bool = False,
    lang: str = ENGLISH,
    guided_only: bool = False,
) -> int:
    lang = language(lang)
    if game not in GAMES:
        stdout.write(t("lesson_unknown_game", lang, games=", ".join(GAMES)) + "\n")
        return 2
    if guided_only:
        return run_guided(game, stdin, stdout, color, lang)
    steps = lesson(game)
    name = title_of(game, lang)
    # Where the learner is, kept between runs: on from the first step not done yet, said so
    # with the way to start over (issue 61: the terminal resumed at step 4 without a word).
    progress = Progress.load()
    if not progress.readable:
        stdout.write(t("lesson_progress_unreadable", lang, path=str(progress.path)) + "\n")
    done = progress.done(game, len(steps))
    start = progress.next_step(game, len(steps))
    if done and len(done) < len(steps):
        first = sum(done.values())
        skipped = progress.skipped_steps(game, len(steps))
        if skipped:
            # Skipped steps said apart from the ones answered (the Hand newcomer's "5 of 7
            # steps done" after skipping most of them).
            said = t(
                "lesson_progress_skipped",
                lang,
                done=len(done) - len(skipped),
                count=len(steps),
                first=first,
                skipped=len(skipped),
            )
        else:
            said = t("lesson_progress", lang, done=len(done), count=len(steps), first=first)
        stdout.write(said + "\n")
        if start > 1:
            stdout.write(t("lesson_resumed", lang, step=start, count=len(steps)) + "\n")
    number = start
    while number <= len(steps):
        step = steps[number - 1]
        number += 1
        tries = 0
        console = Console(
            step.position(), step.seat, Level.HARD, 0, stdin, stdout, color, lang=lang
        )
        console.words.hint_help = ("console.help.hint_lesson", {})
        console.say(
            console.t(
                "lesson_header",
                game=name,
                number=step.number,
                count=len(steps),
                title=step.text("title", lang),
            )
        )
        console.show_table()
        console.show_hand()
        console.say(console.t("lesson_task", task=step.text("task", lang)))
        # How to type a move: the game's own help example with cards (never this step's answer).
        example = next(typed for typed, _ in console.words.move_help() if " " in typed)
        console.say(console.t("lesson_console_how", example=example))
        while True:
            line = console.prompt()
            if line is None or line.lower() in ("quit", "exit"):
                console.say(console.t("console.bye"))
                return 0
            word = line.lower()
            if word == "hint":
                console.say_hint(answer_move(step))
            elif word == "moves":
                # A lesson's menu holds wrong answers on purpose: say so, or it reads as legal.
                choices = console.t("console.moves_sep").join(
                    move_text(m) for m in distinct(step.choices())
                )
                console.say(console.t("console.lesson_choices", moves=choices))
            elif word == "table":  # help lists these: they work during a step's task too
                console.show_table()
            elif word == "hand":
                console.show_hand()
            elif word == "rules":
                console.show_rules()
            elif word == "skip":
                # What the step teaches is said all the same (issue 61: the rules a right answer's
                # words gave were lost to a skip), and the step counts as passed: coming back
                # goes on after it, not at it.
                console.say(console.t("lesson_skipped", rule=step.text("rule", lang)))
                progress.record(game, step.number, first_try=False, skipped=True)
                break
            elif word == "restart":
                # The lesson from its first step, its progress forgotten: starting over.
                progress.reset(game)
                console.say(console.t("lesson_restarting"))
                number = 1
                break
            elif word == "help":
                console.say(console.words.help())
                console.say(console.t("lesson_console_words"))
            elif word:
                try:
                    move = parse_move(line, BARE_VERBS.get(console.engine.game))
                    verdict = step.judge(move, lang)
                except BadMove as e:
                    console.say(say(e, lang))
                    continue
                console.say(verdict.message)
                tries += 1
                if verdict.right:
                    progress.record(game, step.number, first_try=tries == 1)
                    if verdict.after is not None and not play_through(
                        console, verdict.after, step, verdict.events
                    ):
                        # The step was done at "Right"; the moves after it are not kept.
                        console.say(console.t("lesson_quit_mid_turn", step=step.number))
                        console.say(console.t("console.bye"))
                        return 0
                    break
    # Run Fast is one deal, not a round (Hindi बाज़ी, the glossary): its own sentence.
    after = "coach_after_steps.runfast" if game == "runfast" else "coach_after_steps"
    question = t(after, lang, game=name)
    if yes_or_no(stdin, stdout, lang, steps[-1].seat, question):
        return run_guided(game, stdin, stdout, color, lang)
    stdout.write("\n")
    # Not /practice: that is a Discord command; here a whole game is the terminal client's.
    stdout.write(t("lesson_finished_console", lang, game=name, code=game) + "\n")
    return 0
