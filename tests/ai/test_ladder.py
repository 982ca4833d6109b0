"""The fair ladder (bot.computers.ladder): duplicate deals, the levels rotated through every seat."""

from __future__ import annotations

import pytest

from bot.computers.ladder import (
    GAMES,
    PAIRINGS,
    PATTERNS,
    REPORT_SEED,
    ladder,
    play_deal,
    seatings,
)
from bot.computers.selfplay import main


def test_every_seat_holds_each_role_equally() -> None:
    assert seatings(PATTERNS["mor"]) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    three = seatings(PATTERNS["hand"])
    assert len(three) == 3
    # A sits alone once in each seat.
    assert sorted(r.index(0) for r in three) == [0, 1, 2]


@pytest.mark.parametrize("game", GAMES)
def test_a_level_against_itself_scores_exactly_half(game: str) -> None:
    # Every replay of a deal plays the same moves, and each ordered pair of seats is counted
    # once each way: 0.5 on every deal by construction, whatever the cards.
    for seed in (3, 4):
        deal = play_deal(game, ("normal", "normal"), seed)
        assert deal.pairs > 0
        assert deal.won / deal.pairs == 0.5, (game, seed)


def test_more_s_pairings_are_split_by_what_a_was_to_b() -> None:
    """Each of A's seat pairings in More counts once, under what A was that round; a level against
    itself wins as the Solo exactly what it loses in the Pair against the Solo, and half against
    its partner (the same moves in every replay, every pair counted both ways)."""
    for seed in (3, 4):
        deal = play_deal("more3", ("normal", "normal"), seed)
        assert set(deal.kinds) == set(PAIRINGS)
        assert sum(pairs for _, pairs in deal.kinds.values()) == deal.pairs
        assert sum(won for won, _ in deal.kinds.values()) == deal.won
        (solo_won, solo_n), (pair_won, pair_n), (mate_won, mate_n) = (
            deal.kinds[k] for k in PAIRINGS
        )
        assert solo_n == pair_n == mate_n == 2  # A sits as the Solo in one of the three replays
        assert solo_won + pair_won == 2 and mate_won == 1
    assert play_deal("mor", ("normal", "simple"), 3).kinds == {}  # one contest only


def test_random_is_clearly_below_normal() -> None:
    rungs = ladder(["hand", "runfast"], ("random", "normal"), deals=10, seed=0)
    for game, rung in rungs.items():
        mean, lo, hi = rung.interval()
        assert hi < 0.5, (game, mean, lo, hi)
        assert len(rung.shares) == 10


def test_one_command_reports_each_game(capsys) -> None:
    argv = ["ladder", "runfast", "hand", "--levels", "normal,simple", "--deals", "2", "--tuning"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = [x for x in out.splitlines() if not x.startswith(" ")]
    assert [x.split(":")[0] for x in lines] == ["runfast", "hand"]
    for line in lines:
        assert "normal vs simple" in line and "95%" in line and "over 2 deals" in line
        assert "seeds 0-1" in line
    assert out.count("p99") == 4  # both levels, both games
    assert "pairings" not in out  # only More's pairings are different contests


def test_more_s_line_gives_a_s_share_in_each_kind_of_pairing(capsys) -> None:
    assert main(["ladder", "more3", "--levels", "normal,simple", "--deals", "1", "--tuning"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "pairings" in x)
    assert line.startswith("  normal's pairings: as the Solo ")
    assert all(f"{kind} " in line for kind in PAIRINGS) and line.count(" of 2") == 3


def test_report_seeds_are_not_the_tuning_seeds(capsys) -> None:
    assert main(["ladder", "runfast", "--levels", "normal,simple", "--deals", "1"]) == 0
    assert f"seeds {REPORT_SEED}-{REPORT_SEED}" in capsys.readouterr().out


def test_processes_give_the_same_shares() -> None:
    alone = ladder(["runfast"], ("normal", "simple"), deals=3, seed=20)["runfast"].shares
    shared = ladder(["runfast"], ("normal", "simple"), deals=3, seed=20, jobs=2)["runfast"].shares
    assert alone == shared


@pytest.mark.parametrize(
    "argv",
    [
        ["ladder", "chess", "--levels", "normal,simple"],
        ["ladder", "hand", "--levels", "normal,wizard"],
        ["ladder", "hand", "--levels", "normal"],
        ["ladder", "hand", "--levels", "normal,simple", "--deals", "0"],
    ],
)
def test_bad_input_is_refused_in_one_sentence(capsys, argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err
