"""``python -m bot.tournament simulate GAME --format swiss --players 12 --rounds 4 [--level
normal]``: a whole tournament played by computer players, each round's tables and the final
standings printed in the language of ``--lang``. Bad arguments: one sentence, exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from bot.ai import LEVELS, Level
from bot.games.registry import available_games
from bot.i18n import ENGLISH, LANGUAGES, language, t
from bot.tournament.simulate import FORMATS

# Bounds that keep a simulation to minutes of CPU: a field of 200 plays 67 tables a round.
MAX_PLAYERS = 200
MAX_ROUNDS = 15
MAX_MINUTES = 240


class Refused(Exception):
    """A command line that can't be run: its one sentence."""


def chosen_language(argv: Sequence[str]) -> str:
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=ENGLISH)
    known, _ = early.parse_known_args(argv)
    return language(known.lang)


def parser(lang: str) -> argparse.ArgumentParser:
    def h(key: str, /, **params: Any) -> str:
        return t(key, lang, **params).replace("%", "%%")

    class Quiet(argparse.ArgumentParser):
        def error(self, message: str) -> Any:  # one sentence, not argparse's usage block
            raise Refused(t("tournament.arg.bad", lang, problem=message))

    ap = Quiet(prog="python -m bot.tournament", description=h("tournament.arg.description"))
    ap.add_argument("command", choices=["simulate"], help=h("tournament.arg.command"))
    ap.add_argument("game", help=h("tournament.arg.game", games=", ".join(available_games())))
    ap.add_argument("--format", dest="fmt", default="swiss", help=h("tournament.arg.format"))
    ap.add_argument("--players", type=int, default=12, help=h("tournament.arg.players"))
    ap.add_argument("--rounds", type=int, default=4, help=h("tournament.arg.rounds"))
    ap.add_argument("--minutes", type=int, default=60, help=h("tournament.arg.minutes"))
    ap.add_argument(
        "--level",
        default=Level.NORMAL.value,
        help=h("tournament.arg.level", levels=", ".join(LEVELS)),
    )
    ap.add_argument("--seats", type=int, choices=[2, 4], default=4, help=h("tournament.arg.seats"))
    ap.add_argument("--no-computers", action="store_true", help=h("tournament.arg.no_computers"))
    ap.add_argument("--seed", type=int, default=0, help=h("tournament.arg.seed"))
    ap.add_argument("--lang", default=ENGLISH, help=h("tournament.arg.lang"))
    return ap


def checked(args: argparse.Namespace, lang: str) -> None:
    """Every argument in range, or ``Refused`` with the sentence that says which is not."""
    if args.game not in available_games():
        raise Refused(
            t(
                "tournament.arg.unknown_game",
                lang,
                game=args.game,
                games=", ".join(available_games()),
            )
        )
    if args.fmt not in FORMATS:
        raise Refused(t("tournament.arg.unknown_format", lang, format=args.fmt))
    if args.level not in LEVELS:
        raise Refused(t("console.bad_level", lang, level=args.level, levels=", ".join(LEVELS)))
    if args.lang not in LANGUAGES:
        raise Refused(t("tournament.arg.unknown_lang", lang, lang=args.lang))
    least = 2 if args.game == "mor" and args.seats == 2 else 3 if args.game != "mor" else 4
    if not least <= args.players <= MAX_PLAYERS:
        raise Refused(t("tournament.arg.players_range", lang, least=least, most=MAX_PLAYERS))
    if args.fmt == "swiss" and not 1 <= args.rounds <= MAX_ROUNDS:
        raise Refused(t("tournament.arg.rounds_range", lang, most=MAX_ROUNDS))
    if args.fmt == "arena" and not 1 <= args.minutes <= MAX_MINUTES:
        raise Refused(t("tournament.arg.minutes_range", lang, most=MAX_MINUTES))


def main(argv: Sequence[str] | None = None, out: Any = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    lang = chosen_language(argv)
    try:
        args = parser(lang).parse_args(argv)
        checked(args, lang)
    except Refused as refused:
        print(refused, file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    if args.game == "mor":
        options = {"players": args.seats, "length": "quick"}
    simulate = FORMATS[args.fmt]
    if args.fmt == "swiss":
        sim = simulate(
            args.game,
            options,
            args.players,
            args.rounds,
            args.level,
            args.seed,
            lang,
            not args.no_computers,
        )
    elif args.fmt == "arena":
        sim = simulate(args.game, options, args.players, args.minutes, args.level, args.seed, lang)
    else:
        sim = simulate(args.game, options, args.players, args.level, args.seed, lang)
    for line in sim.lines:
        print(line, file=out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
