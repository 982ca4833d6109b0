"""Mor's tables for hard's cut-short playouts: the shipped table is the one the player reads, it
predicts a round's end better than scoring it as if it ended at once, on rounds it never saw, the
features see the round from either side alike, and a playout's end is judged by the table."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from bot.ai import fitted, mor
from bot.games.mor import Mor
from bot.games.registry import new_game
from tests.ai.repo_script import ROOT, load_script


def test_the_shipped_table_is_read() -> None:
    table = json.loads((ROOT / "bot" / "ai" / "mor_value.json").read_text(encoding="utf-8"))
    for size, weights in (("", mor.WEIGHTS), ("heads_up_", mor.HEADS_UP_WEIGHTS)):
        assert table[size + "features"] == list(mor.FEATURES)
        assert tuple(table[size + "weights"]) == weights
        assert table[size + "held_out_mse"] < table[size + "held_out_mse_if_the_round_ended_now"]


def test_the_tables_tell_rounds_they_never_saw() -> None:
    """On rounds from other seeds than the table's (those from 1000 up), 2 vs 2 and 1 vs 1: the
    predicted margin nearer the end than the margin as it stands."""
    script = load_script("scripts/train_mor_value.py")
    for players, weights in ((4, mor.WEIGHTS), (2, mor.HEADS_UP_WEIGHTS)):
        xs, ys = script.samples(rounds=30, every=3, first=1000, players=players)
        assert len(ys) > 500
        predicted = [fitted.dot(weights, x) for x in xs]
        assert fitted.mse(predicted, ys) < fitted.mse([x[0] for x in xs], ys)


def _rounds_in_play() -> Iterator[Mor]:
    """Mor rounds of ``normal``'s self-play, 2 vs 2 and 1 vs 1, at every fourth decision and at
    their end."""
    for seed, players in ((1, 4), (2, 4), (3, 2)):
        game = new_game("mor", {"players": players}, seed)
        n = 0
        while not game.round_over:
            if n % 4 == 0:
                yield game
            seat = game.turn
            legal = game.legal_moves(seat)
            game.apply(seat, mor.choose_normal(game.view(seat), legal, random.Random(n)))
            n += 1
        yield game


def test_the_sides_see_one_round() -> None:
    """Partners share every feature, the other side sees each one with its sign changed (no
    constant: the prediction is the same round from either side), so the two sides' predicted
    margins cancel."""
    seen = 0
    for game in _rounds_in_play():
        mine, theirs = mor.features(game, 0), mor.features(game, 1)
        assert theirs == [-x for x in mine]
        if game.n_seats == 4:
            assert mor.features(game, 2) == mine
        if not game.round_over:
            assert mor._value(game, 0) == pytest.approx(-mor._value(game, 1))
            seen += 1
    assert seen > 50


def test_a_playout_end_is_judged_by_the_table() -> None:
    """A round under way is worth the margin the table for its size predicts, its first feature
    the margin in points as if it ended now; an ended one its real margin."""
    ended = 0
    for game in _rounds_in_play():
        for seat in range(game.n_seats):
            now = mor.features(game, seat)
            if game.round_over:
                scores = game.result.scores
                margin = scores[seat] - scores[(seat + 1) % game.n_seats]
                assert mor._value(game, seat) == margin
                ended += 1
                continue
            weights = mor.WEIGHTS if game.n_seats == 4 else mor.HEADS_UP_WEIGHTS
            assert mor._value(game, seat) == fitted.dot(weights, now)
            halves = game.round_scores()[0]
            ours = game.team(seat)
            assert now[0] == (halves[ours] - halves[1 - ours]) / 2
    assert ended == 4 + 4 + 2


def test_without_the_table_a_playout_ends_as_if_the_round_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mor, "WEIGHTS", ())
    monkeypatch.setattr(mor, "HEADS_UP_WEIGHTS", ())
    for game in _rounds_in_play():
        if not game.round_over:
            assert mor._value(game, 0) == mor.features(game, 0)[0]


def test_the_script_fits_the_shipped_table(tmp_path) -> None:
    """The table is what its command writes, on fewer rounds: the same features and fields, and
    fits for each size of table that, like the shipped ones, beat scoring the round as if it
    ended."""
    out = tmp_path / "mor_value.json"
    load_script("scripts/train_mor_value.py").main(["--rounds", "150", "--out", str(out)])
    table = json.loads(out.read_text(encoding="utf-8"))
    shipped = json.loads((ROOT / "bot" / "ai" / "mor_value.json").read_text(encoding="utf-8"))
    assert table.keys() == shipped.keys()
    assert table["features"] == shipped["features"]
    assert table["command"] == "python scripts/train_mor_value.py --rounds 150 --every 4"
    for size in ("", "heads_up_"):
        assert table[size + "held_out_mse"] < table[size + "held_out_mse_if_the_round_ended_now"]
