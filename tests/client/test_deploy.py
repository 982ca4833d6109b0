"""The systemd template unit under deploy/ starts the bot as the README says: one process per
shard range (the instance name), restarted by systemd when it stops on its own."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from bot.__main__ import arguments

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "diwaniya@.service"


def test_the_unit_runs_one_shard_range_and_restarts_on_failure() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string(UNIT.read_text(encoding="utf-8"))
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert unit["Unit"]["StartLimitIntervalSec"] == "0"
    command = shlex.split(service["ExecStart"].replace("%i", "0-3"))
    assert command[1:3] == ["-m", "bot"]
    assert arguments(command[3:]) == {"DIWANIYA_SHARDS": "0-3"}
