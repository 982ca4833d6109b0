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
from bot.hints import hint
from bot.i18n import ENGLISH, language, say, t
from bot.lessons import GAMES, lesson


def say_hint(console: Console) -> None:
    """The hard player's move for the console's seat and its reason, one line, in the console's
    language (the move itself as it is typed)."""
    rng = random.Random(f"hint:{console.seed}:{len(console.engine.record['moves'])}")
    found = hint(console.engine, console.seat, rng)
    if found is None:
        console.say(console.t("no_moves"))
        return
    console.say(
        console.t("hint_title", move=move_text(in_order(found.move)))
        + " "
        + found.text(console.lang)
    )


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
        while True:
            line = console.prompt()
            if line is None or line.lower() in ("quit", "exit"):
                console.say(console.t("console.bye"))
                return 0
            word = line.lower()
            if word == "hint":
                say_hint(console)
            elif word == "moves":
                console.say("; ".join(move_text(m) for m in step.choices()))
            elif word == "skip":
                break
            elif word:
                try:
                    verdict = step.judge(parse_move(line), lang)
                except InputError as e:
                    console.say(say(e, lang))
                    continue
                console.say(verdict.message)
                if verdict.right:
                    break
    stdout.write(t("lesson_finished", lang, game=name) + "\n")
    return 0
