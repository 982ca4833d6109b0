"""The lessons in the terminal: ``python -m bot.console --lesson GAME``.

Each step's position is shown as the terminal client shows a table; the player types a move (or
``hint``, ``moves``, ``skip``, ``quit``) and the step judges it as on Discord (``bot.lessons``).
"""

from __future__ import annotations

import random
from typing import TextIO

from bot.console import Console, InputError, move_text, parse_move
from bot.hints import hint
from bot.i18n import t
from bot.lessons import GAMES, lesson


def say_hint(console: Console) -> None:
    """The hard player's move for the console's seat and its reason, one line."""
    rng = random.Random(f"hint:{console.seed}:{len(console.engine.record['moves'])}")
    found = hint(console.engine, console.seat, rng)
    if found is None:
        console.say(t("no_moves"))
        return
    console.say(t("hint_title", move=move_text(found.move)) + " " + found.text())


def run_lesson(game: str, stdin: TextIO, stdout: TextIO, color: bool = False) -> int:
    if game not in GAMES:
        stdout.write(t("lesson_unknown_game", games=", ".join(GAMES)) + "\n")
        return 2
    steps = lesson(game)
    for step in steps:
        console = Console(step.position(), step.seat, "hard", 0, stdin, stdout, color)
        console.say(
            t("lesson_header", game=game, number=step.number, count=len(steps), title=step.title)
        )
        console.show_table()
        console.show_hand()
        console.say(t("lesson_task", task=step.task))
        while True:
            line = console.prompt()
            if line is None or line.lower() in ("quit", "exit"):
                console.say("Bye.")
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
                    verdict = step.judge(parse_move(line))
                except InputError as e:
                    console.say(str(e))
                    continue
                console.say(verdict.message)
                if verdict.right:
                    break
    stdout.write(t("lesson_finished", game=game) + "\n")
    return 0
