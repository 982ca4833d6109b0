"""The terminal's modules import one another in one direction (no circle: the entry reads the
arguments, the table plays, words and paint only word and colour). That nothing outside the
terminal imports it is tests/test_architecture.py's rule, with every other room's."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TERMINAL = {
    ".".join(p.relative_to(ROOT).with_suffix("").parts)
    for p in (ROOT / "bot" / "console").glob("*.py")
    if p.stem not in ("__init__", "__main__")
}


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function or TYPE_CHECKING block."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def module_path(name: str) -> Path:
    return ROOT / (name.replace(".", "/") + ".py")


def test_the_terminal_imports_in_one_direction() -> None:
    graph = {m: imported(module_path(m)) & TERMINAL for m in TERMINAL}
    seen: set[str] = set()

    def walk(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in seen:
            return
        for other in graph[module]:
            walk(other, (*path, module))
        seen.add(module)

    for module in sorted(TERMINAL):
        walk(module, ())
