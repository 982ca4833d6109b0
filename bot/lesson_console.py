"""The lessons in the terminal: ``python -m bot.console --lesson GAME [--lang ar|hi|nl|en]``.

Each step's position is shown as the terminal client shows a table; the player types a move (or
``hint``, ``moves``, ``skip``, ``quit``) and the step judges it as on Discord (``bot.lessons``),
in the console's language: the step's texts and its verdict come from the ``lessons`` catalogue,
the frame around them from the ``bot`` domain's lesson sentences.
"""

from __future__ import annotations

from typing import TextIO

from bot.console_table import Console
from bot.console_words import title_of
from bot.games.base import BadMove
from bot.games.notation import move_text, parse_move
from bot.i18n import ENGLISH, language, say, t
from bot.lessons import GAMES, answer_move, lesson


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
                console.say_hint(answer_move(step))
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
                except BadMove as e:
                    console.say(say(e, lang))
                    continue
                console.say(verdict.message)
                if verdict.right:
                    break
    # Not /practice: that is a Discord command; here a whole game is the terminal client's.
    stdout.write(t("lesson_finished_console", lang, game=name, code=game) + "\n")
    return 0
