"""bot.computers.selfplay: the interval maths, and saved deals that bot.scenario replays."""

from __future__ import annotations

import json

import pytest

from bot.computers.selfplay import main, wilson
from bot.scenario import run as run_table_file


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3)
    assert hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    "game,seats", [("mor", "normal,simple"), ("runfast", "normal,simple,random")]
)
def test_saved_deals_replay(tmp_path, capsys, game: str, seats: str) -> None:
    assert (
        main([game, "--seats", seats, "--deals", "2", "--seed", "7", "--save", str(tmp_path)]) == 0
    )
    text = capsys.readouterr().out
    assert "95%" in text and "p99" in text
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for f in files:
        status, out = run_table_file(json.loads(f.read_text()))
        assert status == 0
        assert out["state"]["round_over"] is True


def test_unknown_level_is_refused(capsys) -> None:
    assert main(["mor", "--seats", "normal,wizard", "--deals", "1"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_whole_games_compare_final_totals(capsys) -> None:
    # A Quick Mor game is several deals; the report counts games and the deals they took.
    assert main(["mor", "--seats", "normal,random", "--deals", "2", "--seed", "3", "--games"]) == 0
    text = capsys.readouterr().out
    head = text.splitlines()[0]
    assert head.startswith("mor: seats normal,random rotated, 2 whole games (")
    deals = int(head.split("(")[1].split()[0])
    assert deals > 2
    assert "over 2 games" in text


def test_a_runfast_game_is_one_deal(capsys) -> None:
    argv = ["runfast", "--seats", "normal,simple,random", "--deals", "3", "--seed", "5"]
    assert main(argv) == 0
    per_deal = capsys.readouterr().out.splitlines()[-3:]
    assert main([*argv, "--games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("3 whole games (3 deals)")
    # The same seeds decide the same way, so the same outcomes, counted as games.
    assert [line.replace("games", "deals") for line in out[-3:]] == per_deal


def test_processes_give_the_same_figures(capsys) -> None:
    # Every seed's play stands alone, so two processes report what one does, decision times aside.
    argv = ["hand", "--seats", "normal,simple,random", "--deals", "4", "--seed", "11"]
    assert main(argv) == 0
    alone = capsys.readouterr().out.splitlines()
    assert main([*argv, "--jobs", "2"]) == 0
    shared = capsys.readouterr().out.splitlines()

    def outcome(line: str) -> str:
        return line.split("decision")[0]

    assert [outcome(x) for x in shared] == [outcome(x) for x in alone]
