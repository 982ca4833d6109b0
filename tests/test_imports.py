"""bot.games is pure: it imports only the standard library (docs/architecture.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAMES = Path(__file__).parent.parent / "bot" / "games"


def test_games_import_only_the_standard_library() -> None:
    for path in sorted(GAMES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                ok = top in sys.stdlib_module_names or name.startswith("bot.games")
                assert ok, f"{path.name} imports {name}"
