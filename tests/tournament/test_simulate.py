"""``python -m bot.tournament simulate``: whole tournaments played by computers, each round's
tables and the final standings; bad arguments get one sentence and exit status 2."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.tournament.__main__ import main
from bot.tournament.simulate import simulate_arena, simulate_knockout, simulate_swiss

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> list[str]:
    out = io.StringIO()
    assert main(list(argv), out) == 0
    return out.getvalue().splitlines()


def test_a_swiss_of_twelve_in_four_rounds_seats_everyone_each_round() -> None:
    lines = run(
        "simulate",
        "hand",
        "--format",
        "swiss",
        "--players",
        "12",
        "--rounds",
        "4",
        "--level",
        "simple",
    )
    rounds = [i for i, line in enumerate(lines) if line.startswith("Tournament round")]
    assert len(rounds) == 4
    for start, end in zip(rounds, [*rounds[1:], lines.index("Final standings")], strict=True):
        assert len([line for line in lines[start + 1 : end] if line.startswith("Table")]) == 4
    standings = lines[lines.index("Final standings") + 1 :]
    assert len(standings) == 12 and standings[0].startswith("1. ")


def test_swiss_is_the_same_for_the_same_seed_and_sums_the_points_handed_out() -> None:
    a = simulate_swiss("runfast", {}, 9, 3, "simple", 5, "en")
    assert a.lines == simulate_swiss("runfast", {}, 9, 3, "simple", 5, "en").lines
    # Each table of three hands out 6 half-points (4 + 2 + 0, shared alike when tied).
    assert sum(s.points for s in a.standings) == 3 * 3 * 6


def test_an_arena_seats_players_again_as_they_finish_until_the_end() -> None:
    sim = simulate_arena("runfast", {}, 5, 30, "simple", 1, "en")
    tables = [line for line in sim.lines if line.startswith("Minute")]
    assert len(tables) > 3
    assert all(int(line.split()[1].rstrip(",")) < 30 for line in tables)
    assert {s.member for s in sim.standings if s.games} == {1, 2, 3, 4, 5}


def test_a_knockout_of_eight_in_mor_two_vs_two_has_a_winning_pair() -> None:
    sim = simulate_knockout("mor", {"players": 4, "length": "quick"}, 8, "simple", 3, "en")
    assert [line for line in sim.lines if line.startswith("Tournament round")] == [
        "Tournament round 1",
        "Tournament round 2",
    ]
    assert sim.champion is not None and len(sim.champion) == 2
    assert sim.lines[-1].startswith("The tournament's winner: ")


def test_every_language_prints_its_own_words() -> None:
    ar = run(
        "simulate",
        "runfast",
        "--format",
        "knockout",
        "--players",
        "3",
        "--level",
        "simple",
        "--lang",
        "ar",
    )
    assert ar[0] == "جولة البطولة 1" and ar[-1].startswith("الفوز بالبطولة: ")
    nl = run(
        "simulate",
        "runfast",
        "--format",
        "knockout",
        "--players",
        "3",
        "--level",
        "simple",
        "--lang",
        "nl",
    )
    assert nl[0] == "Toernooironde 1"


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "chess"],
        ["simulate", "hand", "--format", "league"],
        ["simulate", "hand", "--players", "2"],
        ["simulate", "hand", "--players", "x"],
        ["simulate", "hand", "--rounds", "0"],
        ["simulate", "hand", "--format", "arena", "--minutes", "0"],
        ["simulate", "hand", "--level", "genius"],
        ["simulate", "mor", "--players", "3"],
        ["play", "hand"],
    ],
)
def test_bad_arguments_get_one_sentence_and_status_two(argv: list[str], capsys) -> None:
    assert main(argv, io.StringIO()) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err


def test_the_module_runs_as_a_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.tournament",
            "simulate",
            "runfast",
            "--format",
            "knockout",
            "--players",
            "4",
            "--level",
            "simple",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "The tournament's winner: " in done.stdout
