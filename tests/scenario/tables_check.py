"""Run table files through ``bot.scenario`` and compare with the ``expect`` block each file carries.

``expect``: ``exit`` (0, 1 or 2), optional ``played``, ``error`` (a piece of the refusal sentence,
case-insensitive) and ``state``: each key compared with the output state; a dict given for a list
compares only the named entries (hands by seat, compared as multisets; melds by id, compared
field by field); ``hand_sizes`` compares the number of cards in each hand.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from bot.games.base import TableFileError
from bot.scenario import run

TABLES = Path(__file__).parents[1] / "table_files"


def table_files(game: str) -> list[Path]:
    return sorted((TABLES / game).glob("*.json"))


def check_table_file(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    try:
        code, out = run(data)
    except TableFileError as e:
        assert expect["exit"] == 2, f"{path.name}: unusable file: {e}"
        assert str(e).strip() and "\n" not in str(e)
        return
    assert code == expect["exit"], f"{path.name}: exit {code}, error {out['error']}"
    if "played" in expect:
        assert out["played"] == expect["played"], path.name
    if "error" in expect:
        assert expect["error"].lower() in out["error"]["message"].lower(), out["error"]
    compare_state(path.name, out["state"], expect.get("state", {}))


def compare_state(name: str, state: dict[str, Any], want: dict[str, Any]) -> None:
    for key, value in want.items():
        if key == "hand_sizes":
            assert [len(h) for h in state["hands"]] == value, name
        elif key == "hands" and isinstance(value, dict):
            for seat, cards in value.items():
                assert Counter(state["hands"][int(seat)]) == Counter(cards), (name, seat)
        elif key == "melds" and isinstance(value, dict):
            by_id = {str(m["id"]): m for m in state["melds"]}
            for mid, fields in value.items():
                assert mid in by_id, (name, mid)
                for f, v in fields.items():
                    assert by_id[mid][f] == v, (name, mid, f, by_id[mid][f])
        else:
            assert state[key] == value, (name, key, state[key])
