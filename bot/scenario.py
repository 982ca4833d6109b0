"""Play a table file (docs/table-files.md): ``python -m bot.scenario FILE [--pretty]`` (``-`` for standard
input; ``--help`` says what a table file is).

Exit 0 when every move was legal, 1 when a move was refused (the output says which and why), 2 when
the file itself is unusable (one sentence on standard error, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from typing import Any, NoReturn

from bot.games.base import BadMove, IllegalMove, TableFileError
from bot.games.cards import CardError
from bot.games.registry import UnknownGame, engine_class, play_move
from bot.i18n import say


def load(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TableFileError(
            f"The table file is not valid JSON (line {e.lineno}: {e.msg})."
        ) from None
    if not isinstance(data, dict):
        raise TableFileError("The table file must be a JSON object with a “game” field.")
    if "game" not in data:
        raise TableFileError("The table file has no “game”: use mor, more3, hand or runfast.")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        raise TableFileError('“moves” must be a list of objects like {"seat": 0, "do": "draw"}.')
    return data


def run(data: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """Set up the table and play its moves: (exit code, output object).

    Raises TableFileError for an unusable file (exit 2).
    """
    try:
        engine = engine_class(str(data["game"])).from_table_file(data)
    except UnknownGame as e:
        raise TableFileError(str(e)) from None
    except (CardError, TableFileError) as e:
        # A card or meld the file gets wrong carries the players' reason: said here in English.
        raise TableFileError(say(e)) from None
    played = 0
    error = None
    for i, m in enumerate(data.get("moves", [])):
        try:
            play_move(engine, m)
        except BadMove as e:
            # A move that cannot even be read is a broken file, not a refused move.
            raise TableFileError(f"Move {i}: {say(e)}") from None
        except IllegalMove as e:
            error = {"move": i, "message": say(e.reason)}
            break
        played += 1
    out = {"ok": error is None, "played": played, "error": error, "state": engine.scenario_state()}
    return (0 if error is None else 1), out


DESCRIPTION = """\
Play a table file and print where it ends, as one JSON object on standard output.

A table file is a JSON object that sets up one round of mor, more3, hand or runfast (dealt from a
seed, or laid out card by card in a "position") and lists moves to play on it, each with its
"seat" and what it does ("do"). It is a bug report, a puzzle, a saved game or a test: the terminal
client writes one with --save, and the rules' tests are table files (tests/table_files/). The format is described in
docs/table-files.md."""

EPILOG = """\
exit codes:
  0  every move was legal
  1  a move was refused: "error" in the output says which and why, and nothing after it is played
  2  the file itself is unusable (not JSON, an unknown game or card, ...), or the command line
     is wrong: one sentence on standard error, no output

example:
  echo '{"game": "hand", "seed": 1, "moves": [{"seat": 2, "do": "discard", "card": "KD"}]}' \\
    | python -m bot.scenario - --pretty"""


class UsageError(Exception):
    """The command line itself is wrong; the message is one sentence."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse would exit from here; main answers with the usage line and exit 2 itself.
        raise UsageError(message)


def parser() -> Parser:
    ap = Parser(
        prog="python -m bot.scenario",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("file", metavar="FILE", help="the table file, or - for standard input")
    ap.add_argument("--pretty", action="store_true", help="indent the output for reading")
    return ap


def pretty(value: Any, depth: int = 0) -> str:
    """JSON indented by two spaces a level, with each list of plain values (a hand, a pile, the
    scores) kept on one line so a position reads like a table, not a column of cards."""
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {pretty(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [f"{inner}{pretty(v, depth + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    try:
        args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        print(f"{ap.format_usage().strip()}\n{ap.prog}: {e} (--help says more)", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help has been printed
        return e.code if isinstance(e.code, int) else 0
    path = args.file
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"Can't read the table file {path}: {e.strerror}.", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("The table file is not UTF-8 text.", file=sys.stderr)
        return 2
    try:
        code, out = run(load(text))
    except TableFileError as e:
        print(str(e), file=sys.stderr)
        return 2
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        # A shape no check anticipated (a list where a number belongs, ...): still one sentence
        # and exit 2, never a traceback. Logged details would help, but stdout is the contract.
        print(
            f"The table file has a value of the wrong kind ({type(e).__name__}: {e}).",
            file=sys.stderr,
        )
        return 2
    try:
        sys.stdout.write(pretty(out) if args.pretty else json.dumps(out, ensure_ascii=False))
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`| head`): what it read is what it wanted. Point stdout at
        # nothing so the interpreter's last flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code


if __name__ == "__main__":
    sys.exit(main())
