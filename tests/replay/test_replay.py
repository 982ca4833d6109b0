"""Replays: a finished game's record read as positions (bot.replay) and stepped through in a
terminal (python -m bot.console --replay FILE)."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.ai import choose_move
from bot.console.cli import main as console_main
from bot.console.replay import ReplayScreen, run_replay
from bot.games.base import TableFileError
from bot.games.registry import new_game, replay
from bot.replay import SNAPSHOT_EVERY, Replay

GAMES = [
    ("runfast", {}),
    ("hand", {}),
    ("mor", {"players": 4, "length": "quick"}),
    ("more3", {}),
]


def whole_game(game: str, options: dict[str, Any], seed: int) -> Any:
    """A game played to its end by simple computer players."""
    rng = random.Random(seed)
    engine = new_game(game, options, seed)
    while not engine.game_over:
        if engine.round_over:
            engine.next_round()
            continue
        seat = engine.turn
        engine.apply(seat, choose_move(engine.view(seat), engine.legal_moves(seat), "simple", rng))
    return engine


@pytest.fixture(scope="module", params=GAMES, ids=[g for g, _ in GAMES])
def finished(request: pytest.FixtureRequest) -> Any:
    game, options = request.param
    return whole_game(game, options, seed=11)


def test_every_position_is_the_game_as_it_was(finished: Any) -> None:
    record = finished.record
    r = Replay(record)
    assert len(r) == len(record["moves"]) + 1
    assert r.engine_at(r.last).to_json() == finished.to_json()
    # Any position equals replaying that many moves from the deal, snapshots or not.
    for k in {0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, r.last // 2, r.last}:
        k = r.clamp(k)
        expected = replay({**record, "moves": record["moves"][:k]})
        assert r.engine_at(k).to_json() == expected.to_json()


def test_rounds_are_found_and_positions_know_theirs(finished: Any) -> None:
    r = Replay(finished.record)
    starts = [0] + [k for k, m in enumerate(finished.record["moves"], 1) if m["do"] == "next_round"]
    assert r.rounds == len(starts)
    for number, start in enumerate(starts, 1):
        step = r.step(start)
        assert (step.round_no, step.start, step.move) == (number, start, None)
        assert r.step(step.end).start == start
        if step.end < r.last:
            assert r.step(step.end + 1).start == step.end + 1
    assert r.step(r.last).end == r.last
    assert r.step(r.last + 50).position == r.last  # clamped, never past the game


def test_every_hand_is_shown_face_up(finished: Any) -> None:
    r = Replay(finished.record)
    start = r.engine_at(0)
    hands = r.view_at(0).hands_left
    assert [len(h) for h in hands] == list(start.view(0).hand_counts)
    assert all(tuple(start.view(s).hand) == tuple(hands[s]) for s in range(start.n_seats))


def test_a_position_is_a_copy_that_playing_never_changes(finished: Any) -> None:
    r = Replay(finished.record)
    engine = r.engine_at(1)
    before = r.engine_at(1).to_json()
    if not engine.round_over:
        seat = engine.turn
        engine.apply(seat, engine.legal_moves(seat)[0])
    assert r.engine_at(1).to_json() == before


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = whole_game("runfast", {}, seed=2).record
    broken = {**record, "moves": [*record["moves"][:3], {"seat": 0, "do": "draw"}]}
    with pytest.raises(TableFileError):
        Replay(broken)
    with pytest.raises(TableFileError):
        Replay({"moves": []})


def _screen(record: dict[str, Any], typed: str, lang: str = "en") -> str:
    out = io.StringIO()
    ReplayScreen(Replay(record), io.StringIO(typed), out, False, lang).run()
    return out.getvalue()


def test_the_terminal_steps_forward_back_and_jumps() -> None:
    record = whole_game("hand", {}, seed=4).record
    r = Replay(record)
    end = r.step(0).end
    text = _screen(record, f"\np\ne\ns\n{r.last}\nzz\nq\n")
    moves = [int(k) for k in re.findall(r"── Replay · Hand · move (\d+) of", text)]
    assert moves == [0, 1, 0, end, 0, r.last]
    assert "Round 1 is dealt." in text
    assert "That was the last move of the game." in text
    assert "“zz” is not a replay command" in text
    # Every seat's cards are listed at the deal.
    deal = text.split("── Replay")[1]
    for s, hand in enumerate(r.view_at(0).hands_left):
        assert " ".join(str(c) for c in hand) in deal, s


def test_the_move_that_led_here_is_worded() -> None:
    record = whole_game("runfast", {}, seed=3).record
    first = record["moves"][0]
    text = _screen(record, "\nq\n")
    cards = " ".join(first["cards"])
    # Seats count from 1, as Discord says "seat 1".
    assert f"Seat {first['seat'] + 1} played" in text and cards in text
    assert "Seat 0" not in text and "seat 0" not in text


def test_the_terminal_names_the_seats_its_file_keeps() -> None:
    record = {**whole_game("runfast", {}, seed=3).record, "names": ["Ally", "بدر", "Cy\x1b[2J"]}
    first = record["moves"][0]
    text = _screen(record, "\nq\n")
    name = ["Ally", "بدر", "Cy[2J"][first["seat"]]
    assert f"{name} played" in text
    for seat, shown in enumerate(["Ally", "بدر", "Cy[2J"], start=1):
        assert f"{shown} (seat {seat})" in text
    assert "\x1b[2J" not in text  # a name can't drive the terminal
    # A names list that does not fit the seats is left out: seats go by number.
    for names in (["Ally"], "Ally", [1, 2, 3]):
        text = _screen({**record, "names": names}, "\nq\n")
        assert f"Seat {first['seat'] + 1} played" in text, names


def test_the_terminal_replay_speaks_the_chosen_language() -> None:
    record = whole_game("runfast", {}, seed=3).record
    text = _screen(record, "\nq\n", lang="ar")
    assert "إعادة العرض" in text and "الحركة 1 من" in text


def test_a_bad_file_gets_one_sentence_and_exit_2(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_replay(str(tmp_path / "missing.json"), io.StringIO(), out, False) == 2
    assert out.getvalue().count("\n") == 1 and "can't be read" in out.getvalue()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = io.StringIO()
    assert run_replay(str(bad), io.StringIO(), out, False) == 2
    assert "not a table file" in out.getvalue()
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"game": "chess", "moves": []}))
    out = io.StringIO()
    assert run_replay(str(odd), io.StringIO(), out, False) == 2
    assert "can't be replayed" in out.getvalue()


def test_the_console_takes_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(whole_game("runfast", {}, seed=5).record))
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert console_main(["--replay", str(path), "--no-color"]) == 0
    assert "── Replay · Run Fast · move 0 of" in capsys.readouterr().out


def test_the_replay_picture_shows_every_hand_and_changes_with_each_move() -> None:
    from PIL import Image

    from render import render_table

    record = whole_game("mor", {"players": 4, "length": "quick"}, seed=6).record
    r = Replay(record)
    k = 5  # mid-round: nothing is public in the game's own views yet
    names = ["Sara", "Omar", "Huda", "Fahad"]
    public = Image.open(io.BytesIO(render_table(r.engine_at(k).view(-1), names)))
    shown = Image.open(io.BytesIO(render_table(r.view_at(k), names)))
    assert r.engine_at(k).view(-1).hands_left == ()
    assert shown.height > public.height  # the panel of every seat's cards
    after = Image.open(io.BytesIO(render_table(r.view_at(k + 1), names)))
    assert after.tobytes() != shown.tobytes()
