"""Skipped lesson steps are counted apart from the answered ones (the second Hand newcomer:
"5 of 7 steps done, 0 of them right at the first try" after skipping most of them)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console.lesson import run_lesson
from bot.console.progress import ENV, Progress
from bot.i18n import t


def test_the_resume_line_says_how_many_steps_were_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ENV, str(tmp_path))
    run_lesson("hand", io.StringIO("skip\nskip\nquit\n"), io.StringIO(), False, "en")
    out = io.StringIO()
    run_lesson("hand", io.StringIO("quit\n"), out, False, "en")
    said = t("lesson_progress_skipped", "en", done=0, count=7, first=0, skipped=2)
    assert said in out.getvalue()
    assert "2 steps done" not in out.getvalue()


def test_a_skipped_step_answered_later_counts_as_answered(tmp_path: Path) -> None:
    progress = Progress.load(tmp_path / "lessons.json")
    progress.record("hand", 1, first_try=False, skipped=True)
    progress.record("hand", 2, first_try=True)
    assert progress.skipped_steps("hand", 7) == {1}
    progress.record("hand", 1, first_try=False)
    again = Progress.load(tmp_path / "lessons.json")
    assert again.skipped_steps("hand", 7) == set() and set(again.done("hand", 7)) == {1, 2}
    # A step answered and then skipped on a later run stays answered.
    again.record("hand", 2, first_try=False, skipped=True)
    assert again.skipped_steps("hand", 7) == set()


def test_skipping_the_take_step_teaches_the_take(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Step 2's rule read as feedback to a draw ("Drawing is allowed, but …"), so a skip taught
    # the wrong move's answer rather than the rule: take the discard when it lets you open.
    monkeypatch.setenv(ENV, str(tmp_path))
    Progress.load().record("hand", 1, first_try=True)
    out = io.StringIO()
    run_lesson("hand", io.StringIO("skip\nquit\n"), out, False, "en")
    assert "Take the top discard when it lets you open" in out.getvalue()
    assert "Drawing is allowed" not in out.getvalue()
