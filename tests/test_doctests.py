"""Every example written in a docstring (``>>> ...``) runs here, so a broken one fails the suite.

Each module of the code's rooms whose source holds an example is imported and run through
``doctest.testmod``; a module is found by its text, so a new example is collected without a list
to keep."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("bot", "cogs", "render")


def modules_with_examples() -> list[str]:
    found = []
    for room in ROOMS:
        for path in sorted((ROOT / room).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = modules_with_examples()


def test_the_engines_and_computers_examples_are_among_them() -> None:
    assert {"bot.games.base", "bot.games.melds", "bot.games.cards", "bot.ai"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} holds '>>> ' but doctest found no example"
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed (output above)"
