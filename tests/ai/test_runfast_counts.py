"""Run Fast on counts per power (bot/ai/runfast_counts.py): ``normal``'s choice and a deal played
to its end there are the engine's, so hard's playouts on counts judge as the engine's did."""

from __future__ import annotations

import random

import pytest

from bot.ai import runfast as rf
from bot.ai import runfast_counts as counts
from bot.ai.search import playout
from bot.games.base import Pass, Play
from bot.games.cards import deck_48
from bot.games.runfast import RunFast
from bot.games.runfast_combos import beats
from tests.ai.playout import decisions


def _danger(view, leading: bool) -> bool:
    """``normal``'s danger, read off the view as ``runfast._context`` does."""
    nxt = (view.seat + 1) % view.n_seats
    others = [n for s, n in enumerate(view.hand_counts) if s != view.seat]
    return view.hand_counts[nxt] == 1 or (leading and min(others) == 1)


@pytest.mark.parametrize("seed", range(12))
def test_normal_on_counts_is_normal(seed: int) -> None:
    """``normal`` on counts per power plays what ``normal`` plays and lists the same shapes;
    ``normal_would`` and ``ahead`` (a shape's place in ``normal``'s order, counted up to a
    limit, mostly without judging every play) answer as ranking every play by its judgement
    does. ``normal_play`` is ``normal``'s play."""
    game = RunFast.new(seed=seed)
    while not game.round_over:
        seat = game.turn
        view = game.view(seat)
        legal = game.legal_moves(seat)
        move = rf.choose_normal(view, legal, random.Random(0))
        hand = rf.counts_of(view.hand)
        table = game.trick_combo
        danger = _danger(view, table is None)
        shapes = counts.answers(hand, table, view.opening)
        assert {s for s, _ in shapes} == {
            rf.counts_of(m.cards) for m in legal if isinstance(m, Play)
        }
        assert len(shapes) == len({s for s, _ in shapes})
        best = counts.best_shapes(hand, table, view.opening, danger)
        if isinstance(move, Pass):
            assert not shapes
        else:
            assert rf.counts_of(move.cards) in best
        keys = {
            s: (
                counts.judge(hand, s, c.is_bomb, c.kind, table is None, danger),
                c.top,
                -c.size,
            )
            for s, c in shapes
        }
        for shape, _combo in shapes:
            assert counts.normal_would(hand, table, view.opening, danger, shape) == (shape in best)
            before = sum(1 for k in keys.values() if k < keys[shape])
            for limit in (1, 4):
                got = counts.ahead(hand, table, view.opening, danger, shape, limit)
                assert got == min(before, limit)
        play = counts.normal_play(hand, table, view.opening, danger)
        assert (play is None) == isinstance(move, Pass)
        assert play is None or play[0] in best
        game.apply(seat, move)


def test_the_shortcuts_answer_as_judging_every_play() -> None:
    """Over a play on the table ``answers`` looks only at plays of its kind and size and at
    bombs, and ``normal_play`` stops judging once nothing later can come first; both answer as
    the long way does (every lead kept if it ``beats`` the table, every play judged) for hands
    of every size against every play that can be on the table."""
    rng = random.Random(29)
    deck = deck_48()
    tables = [None, *(combo for _, combo, _ in counts._ALL)]
    for _ in range(4000):
        hand = counts.counts_of(rng.sample(deck, rng.randint(1, 16)))
        table = rng.choice(tables)
        opening = table is None and bool(hand[0]) and rng.random() < 0.2
        danger = rng.random() < 0.3
        plays = counts.leads(hand, opening)
        if table is not None:
            plays = tuple((s, c) for s, c in plays if beats(c, table))
        longway = tuple(sorted(plays, key=lambda sc: (sc[1].top, -sc[1].size)))
        assert counts.answers(hand, table, opening) == longway, (hand, table)
        best = min(
            longway,
            key=lambda sc: (*counts._key(hand, *sc, table is None, danger), sc[0]),
            default=None,
        )
        assert counts.normal_play(hand, table, opening, danger) == best, (hand, table, danger)


def test_a_deal_on_counts_settles_as_on_the_engine() -> None:
    """From positions of real games, ``normal`` playing every seat ends each deal in the same
    settlement on counts as on the engine."""
    checked = 0
    for seed in range(40):
        for n, (engine, seat, _legal, _move, _rng) in enumerate(
            decisions("runfast", ["normal", "simple", "random"], seed)
        ):
            if n % 4:
                continue
            on_engine = RunFast.from_json(engine.to_json())
            playout(on_engine, rf.choose_normal, 0, None)
            deal = counts.from_view(engine.view(seat), engine.hands)
            assert deal.play_out() == list(on_engine.settlement), (seed, n)
            checked += 1
    assert checked > 300


def test_a_bomb_waits_for_its_bonus_only_over_cards() -> None:
    """The view's record tells a bomb played over another play (its bonus waits for the trick to
    end) from a led one (it earns nothing)."""
    position = {
        "hands": [
            ["3S", "4S", "5S", "6S", "7S"],
            ["8H", "8D", "8C", "8S", "10C"],
            ["QH", "QD", "KS", "AS", "2S"],
        ],
        "turn": 1,
        "played": [True, True, True],
        "opening": False,
    }
    led = RunFast.from_table_file({"position": position})
    led.apply(1, Play(tuple(c for c in led.hands[1] if c.rank == 8)))
    over = RunFast.from_table_file({"position": {**position, "turn": 0}})
    over.apply(0, Play((over.hands[0][0],)))
    over.apply(1, Play(tuple(c for c in over.hands[1] if c.rank == 8)))
    assert counts.from_view(led.view(2), led.hands).bomb_seat is None
    assert counts.from_view(over.view(2), over.hands).bomb_seat == 1
    # Without the whole record (the position's own cards are not in it), assume it went over.
    placed = RunFast.from_table_file(
        {
            "position": {
                **{k: v for k, v in position.items() if k != "turn"},
                "trick": ["9S", "9H", "9D", "9C"],
                "trick_seat": 2,
            }
        }
    )
    assert counts.from_view(placed.view(0), placed.hands).bomb_seat == 2
