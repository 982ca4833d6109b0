"""The lessons in the terminal: ``python -m bot.console --lesson GAME [--lang ar|hi|nl|en]``.

Each step's position is shown as the terminal client shows a table; the player types a move (or
``hint``, ``moves``, ``skip``, ``quit``) and the step judges it as on Discord (``bot.lessons``),
in the console's language: the step's texts and its verdict come from the ``lessons`` catalogue,
the frame around them from the ``bot`` domain's lesson sentences.
"""

from __future__ import annotations

import random
from typing import TextIO

from bot.console import Console, InputError, in_order, move_text, parse_move
from bot.console_words import title_of
from bot.games.base import Move
from bot.hints import STAGES, Hint, hint, hint_for
from bot.i18n import ENGLISH, language, say, t
from bot.lessons import GAMES, answer_move, lesson


def say_hint(console: Console, answer: Move | None = None) -> None:
    """The next stage of the hint for the console's seat, one line, in the console's language:
    what to look at, then the cards, then the move and why (with the move as it is typed). A
    ``hint`` typed again at the same position shows the next stage. In a lesson the hint is the
    step's ``answer``: a hint never contradicts what the step teaches."""
    if answer is not None:
        found: Hint | None = hint_for(console.engine, console.seat, answer)
    else:
        rng = random.Random(f"hint:{console.seed}:{len(console.engine.record['moves'])}")
        found = hint(console.engine, console.seat, rng)
    if found is None:
        console.say(console.t("no_moves"))
        return
    where = (id(console.engine), len(console.engine.record["moves"]))
    last = console.hint_stage
    fresh = last is None or last[0] != where
    now = STAGES[0] if fresh else found.next_stage(last[1]) or "move"  # type: ignore[index]
    console.hint_stage = (where, now)
    if now != "move":
        console.say(console.t("hint_prefix", text=found.stage_text(now, console.lang)))
        return
    # The reason names the move in card faces; the typed form follows once, for copying.
    # A lesson's hint is its answer, typed as the step writes it; a found move is tidied.
    typed = move_text(found.move if answer is not None else in_order(found.move))
    console.say(console.t("hint_console", reason=found.text(console.lang), typed=typed))


def run_lesson(
    game: str, stdin: TextIO, stdout: TextIO, color: bool = False, lang: str = ENGLISH
) -> int:
    lang = language(lang)
    if game not in GAMES:
        stdout.write(t("lesson_unknown_game", lang, games=", ".join(GAMES)) + "\n")
        return 2
    steps = lesson(game)
    name = title_of(game, lang)
    for step in steps:
        console = Console(step.position(), step.seat, "hard", 0, stdin, stdout, color, lang=lang)
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
                say_hint(console, answer_move(step))
            elif word == "moves":
                console.say("; ".join(move_text(m) for m in step.choices()))
            elif word == "skip":
                break
            elif word == "help":
                console.say(console.words.help())
                console.say(console.t("lesson_console_words"))
            elif word:
                try:
                    verdict = step.judge(parse_move(line), lang)
                except InputError as e:
                    console.say(say(e, lang))
                    continue
                console.say(verdict.message)
                if verdict.right:
                    break
    # Not /practice: that is a Discord command; here a whole game is the terminal client's.
    stdout.write(t("lesson_finished_console", lang, game=name, code=game) + "\n")
    return 0
