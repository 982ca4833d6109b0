"""Run Fast's hard reads the other seats' play (bot/ai/runfast_reading.py): the deal's public
record in the view, ``normal``'s choice worked out on counts, and deals that explain what the
others did better than chance does."""

from __future__ import annotations

import random
import statistics

from bot.ai import runfast as rf
from bot.ai import runfast_counts as counts
from bot.ai import runfast_reading as reading
from bot.games.runfast import RunFast
from tests.ai.playout import decisions


def test_the_view_keeps_every_play_and_pass_for_every_seat() -> None:
    for engine, seat, _legal, _move, _rng in decisions(
        "runfast", ["normal", "simple", "random"], 2
    ):
        view = engine.view(seat)
        assert view.history == engine.view((seat + 1) % 3).history  # public: the same for all
        assert len(view.history) == len(engine.moves)
        for (who, cards), record in zip(view.history, engine.moves, strict=True):
            assert who == record["seat"]
            assert sorted(map(str, cards)) == sorted(record.get("cards", []))
        assert sum(len(c) for _, c in view.history) == len(view.played_cards)
        again = RunFast.from_json(engine.to_json())
        assert again.view(seat).history == view.history


def _placed_right(deal, truth, seat: int, pool: int) -> float:
    """The share of the hidden cards a deal gives to the right seat, by power (suits never rank)."""
    mine = rf.counts_of(deal[seat])
    true = rf.counts_of(truth)
    right = sum(min(a, b) for a, b in zip(mine, true, strict=True))
    return (2 * right + pool - 2 * len(truth)) / pool


def test_read_deals_follow_the_play_better_than_chance() -> None:
    """Against ``normal`` seats, the deals place more hidden cards with their true holder than
    deals at random, and no deal gives a seat that passed a hand that could have beaten the play."""
    read, blind = [], []
    passes = 0
    for seed in range(4):
        game = RunFast.new(seed=seed)
        n = 0
        while not game.round_over:
            seat = game.turn
            view = game.view(seat)
            legal = game.legal_moves(seat)
            if seat == 0 and len(legal) > 1 and len(view.history) > 3:
                pool = view.hand_counts[1] + view.hand_counts[2]
                past = reading.decisions(view)
                assert past is not None
                deals = reading.read_deals(view, random.Random(n), 8)
                assert deals is not None and len(deals) == 8
                for deal in deals:
                    assert sorted(map(str, deal[1] + deal[2])) == sorted(
                        map(str, game.hands[1] + game.hands[2])
                    )
                    assert [len(deal[s]) for s in range(3)] == list(view.hand_counts)
                    read.append(_placed_right(deal, game.hands[1], 1, pool))
                    for other in (1, 2):
                        held = rf.counts_of(deal[other])
                        for d in past[other]:
                            if d.made is None:
                                then = tuple(a + b for a, b in zip(held, d.since, strict=True))
                                assert not counts.answers(then, d.table, d.opening)
                                passes += 1
                for k in range(8):
                    blind.append(
                        _placed_right(
                            rf._deal_others(view, random.Random(k)), game.hands[1], 1, pool
                        )
                    )
                n += 1
            game.apply(seat, rf.choose_normal(view, legal, random.Random(0)))
    assert passes > 20
    assert statistics.mean(read) > statistics.mean(blind) + 0.05, (
        statistics.mean(read),
        statistics.mean(blind),
    )


def test_without_the_whole_record_hard_deals_from_the_passes() -> None:
    """A table file's position has no past: the reading declines and hard still decides."""
    position = {
        "hands": [
            ["3S", "4S", "5S", "6S", "7S", "9D"],
            ["8H", "8D", "10C", "JC"],
            ["QH", "QD", "KS", "AS", "2S"],
        ],
        "trick": ["8S"],
        "trick_seat": 2,
        "played": [True, True, True],
        "opening": False,
    }
    game = RunFast.from_table_file({"position": position})
    view = game.view(game.turn)
    assert reading.decisions(view) is None
    assert reading.read_deals(view, random.Random(0), 4) is None
    legal = game.legal_moves(game.turn)
    assert rf.choose_hard(view, legal, random.Random(0)) in legal
