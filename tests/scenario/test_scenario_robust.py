"""A broken table file gets exit 2 and one sentence, never a traceback (docs/table-files.md).

Valid table files from tests/table_files are mutated at random (seeded) -- values swapped for numbers,
lists, objects, unknown cards -- and played through the command's ``main``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import sys
from pathlib import Path

import pytest

from bot.scenario import main

FILES = sorted((Path(__file__).parents[1] / "table_files").glob("*/*.json"))
JUNK = [None, 1, -1, 2.5, "x", "", [], {}, [[]], ["ZZ"], [1, 2], {"a": 1}, True, "7H", ["JK"] * 9]


def mutate(data: object, rng: random.Random, depth: int = 0) -> None:
    if isinstance(data, dict) and data:
        key = rng.choice(list(data))
        if rng.random() < 0.5 or depth > 4:
            data[key] = copy.deepcopy(rng.choice(JUNK))
        else:
            mutate(data[key], rng, depth + 1)
    elif isinstance(data, list) and data:
        i = rng.randrange(len(data))
        if rng.random() < 0.5 or depth > 4:
            data[i] = copy.deepcopy(rng.choice(JUNK))
        else:
            mutate(data[i], rng, depth + 1)


def play(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["-"])
    return code, out.getvalue(), err.getvalue()


def test_mutated_table_files_never_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2026)
    for _ in range(600):
        data = json.loads(rng.choice(FILES).read_text(encoding="utf-8"))
        for _ in range(rng.randint(1, 3)):
            mutate(data, rng)
        code, out, err = play(json.dumps(data), monkeypatch)
        assert code in (0, 1, 2)
        if code == 2:
            assert err.strip() and err.strip().count("\n") == 0 and not out
        else:
            assert json.loads(out)["ok"] == (code == 0)


@pytest.mark.parametrize("text", ["", "{", "[]", '"mor"', '{"game": "chess"}', '{"game": 5}'])
def test_unusable_files(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = play(text, monkeypatch)
    assert code == 2 and not out and err.strip().endswith(".")


def test_a_file_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/no/such/table.json"]) == 2
    assert "Can't read" in capsys.readouterr().err
