"""Every Run Fast table file under tests/table_files/runfast/ played through the scenario runner.

Each file carries an ``expect`` object (ignored by the engine): the exit code, and for exit 1 the
refusal, for exit 2 the sentence on standard error, and any ``state`` fields that must match.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import TableFileError
from bot.i18n import say
from bot.scenario import load, run

ROOT = Path(__file__).resolve().parents[2]
TABLES = sorted((ROOT / "tests" / "table_files" / "runfast").glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    return load(path.read_text(encoding="utf-8"))


def test_there_are_table_files() -> None:
    assert len(TABLES) >= 40


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_table_file(path: Path) -> None:
    data = _load(path)
    expect = data["expect"]
    assert data.get("comment"), "every table file says which rule it shows"
    if expect["exit"] == 2:
        with pytest.raises(TableFileError) as e:
            run(data)
        assert say(e.value) == expect["stderr"]
        return
    code, out = run(data)
    assert code == expect["exit"], out["error"]
    if code == 1:
        assert out["error"]["message"] == expect["error"]
        assert out["played"] == expect["played"]
    else:
        assert out["error"] is None
        assert out["played"] == len(data["moves"])
    state = out["state"]
    for key, value in expect.get("state", {}).items():
        assert state[key] == value, key
    if "hand_sizes" in expect:
        assert [len(h) for h in state["hands"]] == expect["hand_sizes"]
    if state["round_over"]:
        assert sum(state["round_scores"]) == 0
    else:
        assert state["round_scores"] is None
    # The output is JSON as the command prints it.
    json.dumps(out, ensure_ascii=False)


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


@pytest.mark.parametrize(
    "name", ["heavenly_bomb_wins_everything", "must_beat_pass_refused", "bad_card_not_in_deck"]
)
def test_command_line_exit_codes(name: str) -> None:
    path = ROOT / "tests" / "table_files" / "runfast" / f"{name}.json"
    expect = _load(path)["expect"]
    done = _cli(path)
    assert done.returncode == expect["exit"]
    if expect["exit"] == 2:
        assert done.stderr.strip() == expect["stderr"]
        assert done.stdout == ""
        assert "Traceback" not in done.stderr
    else:
        out = json.loads(done.stdout)
        assert out["ok"] is (expect["exit"] == 0)
