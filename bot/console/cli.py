"""Play any game in a terminal against computer players: ``python -m bot.console GAME``.

You take one seat; computer players take the others. Moves are typed like the slash commands
(``draw``, ``meld 7H 8H 9H``, ``discard KD`` ... ``help`` lists them). Refusals are the engine's own
reasons, worded from the same catalogues as on Discord, so the terminal, Discord and table files all
say the same thing.

``--lang ar|hi|nl|en`` picks the language of everything printed (the ``console`` catalogue, with
the ``bot`` domain's shared sentences and the engines' refusals). Cards and the move words stay as
members type them in every language: ``draw``, ``meld 7H 8H 9H``.

The loop reads from and writes to the streams it is given (``run(args, stdin, stdout)``) so tests
drive whole games through it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from bot.ai import LEVELS, Level
from bot.console.bidi import MODES, mode_for, terminal_stream
from bot.console.lesson import run_lesson
from bot.console.paint import plain_stream, use_color
from bot.console.replay import run_replay
from bot.console.table import Console
from bot.games.base import (
    TableFileError,
)
from bot.games.mor import DEFAULT_LENGTH, DEFAULT_PLAYERS
from bot.games.registry import UnknownGame, available_games, new_game
from bot.i18n import ENGLISH, LANGUAGES, language, listed, say, t


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Only the options the chosen game reads (docs/table-files.md ``options``)."""
    if args.game == "mor":
        return {"players": args.players or DEFAULT_PLAYERS, "length": args.length or DEFAULT_LENGTH}
    if args.game == "more3":
        return {"bid": bool(args.bid)}
    return {}


def language_arg(text: str) -> str:
    """``--lang``: one of ours, else argparse's error with one sentence (in English: the language
    asked for is the one we don't have)."""
    if text in LANGUAGES:
        return text
    choices = [f"{code} ({name})" for code, name in LANGUAGES.items()]
    raise argparse.ArgumentTypeError(
        t("console.bad_language", word=text, languages=", ".join(choices[:-1]), last=choices[-1])
    )


def chosen_language(argv: Sequence[str] | None) -> str:
    """The ``--lang`` on the command line, read before the parser is built so that ``--help``
    itself is in that language; English when it is missing or not one of ours."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=ENGLISH)
    known, _ = early.parse_known_args(argv)
    return language(known.lang)


def parser(lang: str = ENGLISH) -> argparse.ArgumentParser:
    def h(key: str, /, **params: Any) -> str:
        # argparse formats help with %: a literal % in a translation must not be read as one.
        return t(key, lang, **params).replace("%", "%%")

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
            super().add_usage(usage, actions, groups, t("console.arg.usage", lang) + " ")

    ap = argparse.ArgumentParser(
        prog="python -m bot.console",
        description=h("console.arg.description"),
        formatter_class=Formatter,
        add_help=False,
    )
    ap._positionals.title = t("console.arg.positionals", lang)
    ap._optionals.title = t("console.arg.options", lang)
    ap.add_argument("-h", "--help", action="help", help=h("console.arg.help"))
    ap.add_argument("game", nargs="?", help=h("console.arg.game"))
    languages = listed((f"{code} {name}" for code, name in LANGUAGES.items()), lang)
    ap.add_argument(
        "--lang",
        type=language_arg,
        default=ENGLISH,
        metavar="LANG",
        help=h("console.arg.lang", languages=languages),
    )
    ap.add_argument("--lesson", metavar="GAME", help=h("console.arg.lesson"))
    ap.add_argument("--guided", action="store_true", help=h("coach_arg_guided"))
    ap.add_argument("--replay", metavar="FILE", help=h("console.arg.replay"))
    ap.add_argument("--players", type=int, choices=(4, 2), help=h("console.arg.players"))
    ap.add_argument("--length", choices=("quick", "full"), help=h("console.arg.mor_length"))
    ap.add_argument("--bid", action="store_true", help=h("console.arg.bid"))
    ap.add_argument("--seat", type=int, default=0, help=h("console.arg.seat"))
    ap.add_argument("--level", default=Level.NORMAL.value, help=h("console.arg.level"))
    ap.add_argument("--seed", type=int, help=h("console.arg.seed"))
    ap.add_argument("--save", help=h("console.arg.save"))
    ap.add_argument("--no-color", action="store_true", help=h("console.arg.no_color"))
    ap.add_argument("--bidi", choices=MODES, help=h("console.arg.bidi"))
    return ap


# argparse's own sentences (its gettext msgids, Python 3.11) and the keys we word them with: its
# errors would otherwise stay English in every language. A key's {fields} are argparse's %-fields.
ARGPARSE_WORDS = {
    "%(prog)s: error: %(message)s\n": ("console.arg.error", ("prog", "message")),
    "argument %(argument_name)s: %(message)s": (
        "console.arg.argument",
        ("argument_name", "message"),
    ),
    "unrecognized arguments: %s": ("console.arg.unrecognized", ("s",)),
    "the following arguments are required: %s": ("console.arg.required", ("s",)),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "console.arg.invalid_choice",
        ("value", "choices"),
    ),
    "invalid %(type)s value: %(value)r": ("console.arg.invalid_value", ("type", "value")),
    "expected one argument": ("console.arg.expected_one", ()),
    "ambiguous option: %(option)s could match %(matches)s": (
        "console.arg.ambiguous",
        ("option", "matches"),
    ),
}


def argparse_text(text: str, lang: str) -> str | None:
    """argparse's sentence ``text`` in ``lang``, its %-fields kept for argparse to fill; None
    for a sentence we don't word."""
    if text not in ARGPARSE_WORDS:
        return None
    key, fields = ARGPARSE_WORDS[text]
    marks = {field: f"\x00{field}\x00" for field in fields}
    worded = t(key, lang, **marks).replace("%", "%%")
    for field, mark in marks.items():
        spec = "%s" if field == "s" else f"%({field})r" if field == "value" else f"%({field})s"
        worded = worded.replace(mark, spec)
    return worded + "\n" if text.endswith("\n") else worded


@contextmanager
def argparse_speaks(lang: str) -> Iterator[None]:
    """argparse's errors in ``lang`` while the command line is read: argparse looks its
    sentences up through its module's ``_`` (gettext) at the moment it says them."""
    english = argparse._  # type: ignore[attr-defined]
    argparse._ = lambda text: argparse_text(text, lang) or english(text)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = language(getattr(args, "lang", ENGLISH))
    # Arabic: logical order with isolates, or shaped and reordered for a terminal without bidi
    # (which prints no colours: a colour code would be reordered with the text). Only a real
    # terminal's environment says which kind it is; text written elsewhere stays logical.
    asked = getattr(args, "bidi", None)
    bidi = mode_for(lang, asked, os.environ if stdout.isatty() else None)
    if bidi == "visual":
        args.no_color = True
    color = use_color(stdout, args.no_color)
    # Plain text first (the joker 🃏 as JK), then the bidi turn of each line, which reads 🃏 as
    # a card and isolates it with its row.
    stdout = terminal_stream(plain_stream(stdout, color), lang, bidi)

    def tell(key: str, /, **params: Any) -> None:
        stdout.write(t(key, lang, **params) + "\n")

    if bidi == "isolate" and asked is None:
        # Chosen for a terminal that runs the bidi algorithm, which we cannot ask about: say
        # what to type where the letters come out unjoined or backwards.
        tell("console.bidi_hint")

    if args.lesson:
        return run_lesson(args.lesson, stdin, stdout, color, lang, guided_only=args.guided)
    if args.replay:
        return run_replay(args.replay, stdin, stdout, color, lang)
    if args.game is None:
        tell("console.name_a_game")
        return 2
    level = args.level
    if level not in LEVELS:
        tell("console.bad_level", level=level, levels=", ".join(LEVELS))
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        engine = new_game(args.game, game_options(args), seed)
    except UnknownGame as e:  # its sentence already names the games
        stdout.write(say(e, lang) + "\n")
        return 2
    except TableFileError as e:
        tell("console.games_here", error=say(e, lang), games=", ".join(available_games()))
        return 2
    if not 0 <= args.seat < engine.n_seats:
        tell("console.no_seat", seat=args.seat, last=engine.n_seats - 1)
        return 2
    console = Console(
        engine, args.seat, level, seed, stdin, stdout, color, args.save, lang=lang, review=0
    )
    return console.play()


def main(argv: Sequence[str] | None = None) -> int:
    lang = chosen_language(argv)
    with argparse_speaks(lang):
        args = parser(lang).parse_args(argv)
    try:
        return run(args, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        sys.stdout.write("\n" + t("console.bye", args.lang) + "\n")
        return 0


if __name__ == "__main__":
    sys.exit(main())
