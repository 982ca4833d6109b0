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


def test_hard_plays_for_the_pairings_it_wins() -> None:
    """A playout's end is judged by the contests the seat is likely to win: a Pair player's
    against the Solo (by the side's margin) and against its own partner (by their two round
    scores), the Solo's against each Pair player, whose own hands make the two differ."""
    partners = solos = 0
    for game in _rounds_in_play():
        if game.phase == "bid":
            continue
        scores = game.result.scores if game.round_over else game.round_scores()[0]
        for seat in range(3):
            standing = more3._standing(game, seat)
            margin = more3._value(game, seat)
            assert 0.0 < standing < 2.0
            partner = game.partner(seat)
            if partner is not None:
                own = scores[seat] - scores[partner]
                assert standing == more3._likely(margin, more3.AGAINST_SIDE) + more3._likely(
                    own, more3.AGAINST_PARTNER
                )
                partners += own != 0
            else:
                pair = [s for s in range(3) if s != seat]
                chances = [
                    more3._likely(
                        margin + sum(scores[p] for p in pair) / 2 - scores[s], more3.AGAINST_SIDE
                    )
                    for s in pair
                ]
                assert standing == sum(chances)
                solos += chances[0] != chances[1]
    assert partners > 10 and solos > 5  # the partners' scores did differ


def test_a_contest_already_settled_weighs_little() -> None:
    """The point of judging by pairings: a hundred points more against a beaten Solo count
    for less than a few dozen in a close contest with the partner."""
    likely = more3._likely
    settled = likely(900.0, more3.AGAINST_SIDE) - likely(800.0, more3.AGAINST_SIDE)
    close = likely(20.0, more3.AGAINST_PARTNER) - likely(-20.0, more3.AGAINST_PARTNER)
    assert close > 5 * settled
    assert likely(0.0, 100.0) == 0.5
    assert likely(10_000.0, 1.0) == 1.0 - likely(-10_000.0, 1.0)  # no overflow either way
