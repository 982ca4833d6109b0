"""Fixtures for every test folder: a real PostgreSQL database for the tests that need one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import RunDatabase, close_run_database, open_run_database, unavailable


@pytest.fixture(scope="session")
def postgres_run() -> Iterator[RunDatabase | str]:
    """This run's database, created at the first test that needs it and dropped at the end; or
    the sentence saying why there is none."""
    run = open_run_database()
    yield run
    if isinstance(run, RunDatabase):
        close_run_database(run)


@pytest.fixture
def postgres(postgres_run: RunDatabase | str) -> RunDatabase:
    """This run's PostgreSQL database; the test is skipped (failed under CI=true) without one."""
    if isinstance(postgres_run, str):
        unavailable(postgres_run)
    assert isinstance(postgres_run, RunDatabase)
    return postgres_run


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The skipped PostgreSQL tests' one line, which ``-q`` would otherwise fold into a count."""
    for report in terminalreporter.stats.get("skipped", []):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else ""
        if "PostgreSQL tests skipped" in str(reason):
            terminalreporter.write_line(str(reason).removeprefix("Skipped: "))
            return


@pytest.fixture(autouse=True)
def kept_answers_at_their_own_size() -> Iterator[None]:
    """A test that starts computer workers leaves its process keeping few meld answers, as the
    bot's process does (``bot.games.answers``): give the next test in the process the sizes a
    worker has, so that searches it makes inline run as fast as they do there."""
    yield
    from bot.games import answers

    answers.keep_at_most(None)
