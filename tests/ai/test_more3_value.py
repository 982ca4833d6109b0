"""More's tables for hard's cut-short playouts: the shipped table is the one the player reads, the
margin predicts a round's end better than scoring it as if it ended at once and the chances tell
contests better than their base rate, and a playout's end is judged by the contests the seat is
likely to win."""

from __future__ import annotations

import json
from collections.abc import Iterator

from bot.ai import fitted, more3
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
    assert table["contest_features"] == list(more3.FEATURES)
    assert tuple(table["contest_weights"]) == more3.CONTEST_WEIGHTS
    assert table["partner_features"] == list(more3.PARTNER_FEATURES)
    assert tuple(table["partner_weights"]) == more3.PARTNER_WEIGHTS
    for chance in ("contest", "partner"):
        loss = table[f"{chance}_held_out_log_loss"]
        assert loss < table[f"{chance}_held_out_log_loss_of_the_base_rate"]


def test_the_tables_tell_rounds_they_never_saw() -> None:
    """On rounds from other seeds than the table's (those from 1000 up): the margin nearer the
    end than the margin as it stands, the chances nearer than the base rate."""
    script = _script()
    margins, contests, partners = script.samples(rounds=8, every=6, first=1000)
    xs, ys = margins
    assert len(ys) > 100
    predicted = [fitted.dot(more3.WEIGHTS, x) for x in xs]
    assert fitted.mse(predicted, ys) < fitted.mse([x[0] for x in xs], ys)
    for weights, (xs, ys) in ((more3.CONTEST_WEIGHTS, contests), (more3.PARTNER_WEIGHTS, partners)):
        chances = [fitted.likely(weights, x) for x in xs]
        assert fitted.log_loss(chances, ys) < fitted.log_loss([sum(ys) / len(ys)] * len(ys), ys)


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
    """A playout's end is judged by the contests the seat is likely to win: the Solo's against
    each Pair player, whose own hands make the two differ, a Pair player's against the Solo and
    against its own partner; a round that ended by the contests it won."""
    partners = solos = ended = 0
    for game in _rounds_in_play():
        if game.phase == "bid":
            continue
        for seat in range(3):
            standing = more3._standing(game, seat)
            partner = game.partner(seat)
            rivals = [s for s in range(3) if game.side(s) != game.side(seat)]
            if game.round_over:
                scores = game.result.scores
                others = [scores[s] for s in [*rivals, partner] if s is not None]
                # A contest won counts 1, a tie (partners left with equal hands) half.
                assert standing == sum((x < scores[seat]) + (x == scores[seat]) / 2 for x in others)
                ended += 1
                continue
            assert 0.0 < standing < 2.0
            scores = game.round_scores()[0]
            chances = [
                fitted.likely(more3.CONTEST_WEIGHTS, more3.features(game, seat, scores, [s]))
                for s in rivals
            ]
            if partner is not None:
                mates = more3.partner_features(game, seat, partner, scores)
                chances.append(fitted.likely(more3.PARTNER_WEIGHTS, mates))
                partners += chances[1] != 0.5
            else:
                solos += chances[0] != chances[1]
            assert len(chances) == 2
            assert standing == sum(chances)
    assert ended == 3 * 2 and partners > 10 and solos > 5


def test_a_contest_is_likelier_the_more_it_is_ahead() -> None:
    """The fitted chances read a margin as a margin: more points ahead, as things stand, is a
    likelier win, against a rival and against the partner alike; and a Pair player's chance
    against its partner is the partner's chance lost (the features change sign with the seats)."""
    assert more3.CONTEST_WEIGHTS[0] > 0 and more3.PARTNER_WEIGHTS[0] > 0
    for game in _rounds_in_play():
        if game.phase == "bid" or game.round_over:
            continue
        scores = game.round_scores()[0]
        for seat in range(3):
            partner = game.partner(seat)
            if partner is not None:
                mine = more3.partner_features(game, seat, partner, scores)
                theirs = more3.partner_features(game, partner, seat, scores)
                assert mine == [-x for x in theirs]
                chance = fitted.likely(more3.PARTNER_WEIGHTS, mine)
                assert abs(chance + fitted.likely(more3.PARTNER_WEIGHTS, theirs) - 1) < 1e-9
