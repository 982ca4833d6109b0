"""More's score predictor for hard's cut-short playouts: the shipped table is the one the player
reads, the training script's fit finds a linear rule, and the table predicts a round's
end better than scoring it as if it ended at once."""

from __future__ import annotations

import json
from collections.abc import Iterator

from bot.ai import more3
from bot.games.more3 import More3
from bot.games.registry import new_game
from tests.ai.repo_script import ROOT, load_script


def _script():
    return load_script("scripts/train_more3_value.py")


def test_the_shipped_table_is_read() -> None:
    table = json.loads((ROOT / "bot" / "ai" / "more3_value.json").read_text(encoding="utf-8"))
    assert table["features"] == list(more3.FEATURES)
    assert tuple(table["weights"]) == more3.WEIGHTS
    assert table["held_out_mse"] < table["held_out_mse_if_the_round_ended_now"]


def test_the_fit_finds_a_linear_rule() -> None:
    xs = [[float(a), float(b * b), 1.0] for a in range(-5, 6) for b in range(4)]
    ys = [2.0 * x[0] - 3.0 * x[1] + 5.0 for x in xs]
    weights = _script().fit(xs, ys)
    # The small ridge pulls the weights a hair toward zero, nothing more.
    assert all(abs(w - t) < 0.05 for w, t in zip(weights, [2.0, -3.0, 5.0], strict=True))


def test_the_table_predicts_better_than_ending_now() -> None:
    xs, ys = _script().samples(rounds=8, every=6)
    predicted = [sum(w * x for w, x in zip(more3.WEIGHTS, row, strict=True)) for row in xs]
    now = [row[0] for row in xs]
    assert len(ys) > 100
    assert _script().mse(predicted, ys) < _script().mse(now, ys)


def _rounds_in_play() -> Iterator[More3]:
    """More rounds of ``normal``'s self-play, at every fifth decision and at their end."""
    for seed in (1, 2):
        game = new_game("more3", {}, seed)
        n = 0
        while not game.round_over:
            if n % 5 == 0:
                yield game
            seat = game.turn
            game.apply(seat, more3.choose_normal(game.view(seat), game.legal_moves(seat), None))
            n += 1
        yield game


def test_a_pair_player_weighs_its_partner_and_the_solo_does_not(monkeypatch) -> None:
    """Each partner's total is their own: a Pair player's value adds, by PARTNER_WEIGHT, its
    round score less its partner's, as the round stands or as it ended."""
    checked = 0
    for game in _rounds_in_play():
        if game.phase == "bid":
            continue
        scores = game.result.scores if game.round_over else game.round_scores()[0]
        monkeypatch.setattr(more3, "PARTNER_WEIGHT", 0.0)
        alone = [more3._value(game, s) for s in range(3)]
        monkeypatch.setattr(more3, "PARTNER_WEIGHT", 2.0)
        for seat in range(3):
            partner = game.partner(seat)
            contest = 0 if partner is None else scores[seat] - scores[partner]
            assert more3._value(game, seat) == alone[seat] + 2.0 * contest
            checked += contest != 0
    assert checked > 10  # the partners' scores did differ
