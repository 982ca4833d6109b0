"""Play a table file (SCENARIOS.md): ``python -m bot.scenario FILE`` (``-`` for standard input).

Exit 0 when every move was legal, 1 when a move was refused (the output says which and why), 2 when
the file itself is unusable (one sentence on standard error, never a traceback).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from bot.games.base import BadMove, IllegalMove, TableFileError
from bot.games.cards import CardError
from bot.games.registry import UnknownGame, engine_class, play_move


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
    except CardError as e:
        raise TableFileError(str(e)) from None
    played = 0
    error = None
    for i, m in enumerate(data.get("moves", [])):
        try:
            play_move(engine, m)
        except BadMove as e:
            # A move that cannot even be read is a broken file, not a refused move.
            raise TableFileError(f"Move {i}: {e}") from None
        except IllegalMove as e:
            error = {"move": i, "message": e.reason}
            break
        played += 1
    out = {"ok": error is None, "played": played, "error": error, "state": engine.scenario_state()}
    return (0 if error is None else 1), out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(
            "Usage: python -m bot.scenario FILE  (FILE may be - for standard input)",
            file=sys.stderr,
        )
        return 2
    try:
        if args[0] == "-":
            text = sys.stdin.read()
        else:
            with open(args[0], encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"Can't read the table file {args[0]}: {e.strerror}.", file=sys.stderr)
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
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return code


if __name__ == "__main__":
    sys.exit(main())
