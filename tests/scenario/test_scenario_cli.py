"""The table-file command's own help and its --pretty output (docs/table-files.md)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.scenario import main

TABLE = Path(__file__).parents[1] / "table_files" / "mor" / "close_200_plus_100.json"


def test_help_says_what_a_table_file_is_the_exit_codes_and_an_example(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m bot.scenario")
    assert "A table file is a JSON object" in text
    for code in "012":
        assert re.search(rf"^  {code}  \w", text, re.M)
    # The example is one that works: fed to the command as the help shows, it exits 0.
    example = re.search(r"echo '(.+)'", text)
    assert example is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(example.group(1)))
    assert main(["-", "--pretty"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_pretty_indents_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(TABLE)]) == 0
    plain = capsys.readouterr().out
    assert main([str(TABLE), "--pretty"]) == 0
    shown = capsys.readouterr().out
    assert json.loads(shown) == json.loads(plain)
    assert plain.count("\n") == 1 and shown.count("\n") > 20
    assert '\n    "turn": null,' in shown
    assert '\n      ["AH", "AS", "7C"],' in shown  # a hand stays on one line


def test_a_wrong_command_line_is_the_usage_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(TABLE), "--prety"]) == 2
    out = capsys.readouterr()
    assert not out.out
    assert out.err.startswith("usage: python -m bot.scenario") and "--prety" in out.err


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """`python -m bot.scenario FILE --pretty | head` must not end in a BrokenPipeError: the
    pipe's read end is closed before the command writes, so every write fails."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot.scenario", str(TABLE), "--pretty"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=Path(__file__).parents[2],
        )
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0
