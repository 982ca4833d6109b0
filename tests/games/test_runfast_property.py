"""Seeded random play: 20,000 whole deals of Run Fast by a random legal player.

At every step: cards are conserved, the move came from ``legal_moves`` (and must-beat holds: a pass
is offered only alone, never to a leader), the settlement so far sums to zero. At the end of each
deal: it ended (a hand emptied within the longest possible game), the settlement matches an
independent count, and ``registry.replay(record)`` rebuilds exactly the same ``to_json()``.
Every 40th deal also round-trips through JSON at a random moment and at the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest

from bot.games import registry
from bot.games.base import IllegalMove, Move, Pass, Play, Played, TrickWon
from bot.games.cards import Card, deck_48
from bot.games.runfast import RunFast
from bot.games.runfast_combos import BOMB_KINDS
from bot.i18n import LANGUAGES, say

DEALS = 20_000
CHUNKS = 4
MAX_MOVES = 48 * 3  # every play can be followed by at most two passes
TWO_S = Card(2, "S")


def _keys(cards: Iterable[Card]) -> list[Card]:
    """Cards in one order, to compare as multisets (cheaper than Counters over 20,000 deals)."""
    return sorted(cards)


DECK_KEYS = _keys(deck_48())


def expected_penalty(hand: list[Card], played: bool) -> int:
    """specification §4, counted here without the engine's helpers."""
    owed = len(hand) * (1 if played else 2)
    owed += 10 if TWO_S in hand else 0
    ranks = Counter(c.rank for c in hand)
    owed += 10 * sum(1 for r, n in ranks.items() if n == 4)
    owed += 10 if ranks[1] == 3 else 0
    return owed


def refuse_something_illegal(
    game: RunFast, seat: int, moves: list[Move], rng: random.Random
) -> None:
    """Two cards of the hand that are not a legal play are refused, and nothing changes."""
    hand = game.hands[seat]
    if len(hand) < 2:
        return
    legal = {frozenset(m.cards) for m in moves if isinstance(m, Play)}
    cards = tuple(rng.sample(hand, 2))
    if frozenset(cards) in legal:
        return
    before = game.to_json()
    why = game.check(seat, Play(cards))
    assert why is not None
    # The refusal reads in every language: its key and parameters (a nested kind, a count) fit.
    assert all(say(why, lang) for lang in LANGUAGES)
    if game.trick and not game.can(seat, Pass()):
        must_beat = game.check(seat, Pass())
        assert must_beat is not None and all(say(must_beat, lang) for lang in LANGUAGES)
    with pytest.raises(IllegalMove):
        game.apply(seat, Play(cards))
    assert game.to_json() == before


def play_one(seed: int, check_json: bool) -> None:
    game = RunFast.new({}, seed)
    rng = random.Random(seed)
    assert _keys(c for h in game.hands for c in h) == DECK_KEYS
    bonus = [0, 0, 0]
    waiting: int | None = None  # a bomb over cards, by the test's own bookkeeping
    ever_played = [False, False, False]
    snapshot_at = rng.randrange(1, 40) if check_json else -1
    for step in range(MAX_MOVES + 1):
        if game.game_over:
            break
        assert step < MAX_MOVES, "the deal must end"
        seat = game.turn
        assert seat is not None
        moves = game.legal_moves(seat)
        assert moves
        if isinstance(moves[0], Pass):
            assert moves == [Pass()] and game.trick, "pass only when nothing beats, never to lead"
        else:
            assert not isinstance(moves[-1], Pass), "no pass while something beats"
            if step % 5 == 0:
                assert not game.can(seat, Pass())
        if step == snapshot_at:
            refuse_something_illegal(game, seat, moves, rng)
        move = rng.choice(moves)
        leading = not game.trick
        size_before = len(game.hands[seat])
        events = game.apply(seat, move)
        if isinstance(move, Play):
            ever_played[seat] = True
            assert len(game.hands[seat]) == size_before - len(move.cards)
            played = events[0]
            assert isinstance(played, Played)
            waiting = seat if played.kind in BOMB_KINDS and not leading else None
            if not game.hands[seat] and waiting is not None:
                bonus[waiting] += 20
                bonus[(waiting + 1) % 3] -= 10
                bonus[(waiting + 2) % 3] -= 10
        if any(isinstance(e, TrickWon) for e in events) and waiting is not None:
            bonus[waiting] += 20
            bonus[(waiting + 1) % 3] -= 10
            bonus[(waiting + 2) % 3] -= 10
            waiting = None
        assert sum(len(h) for h in game.hands) + len(game.table) == 48
        assert sum(game.settlement) == 0
        if step == snapshot_at:
            data = game.to_json()
            assert RunFast.from_json(data).to_json() == data
    assert game.game_over and len(game.winners) == 1
    winner = game.winners[0]
    assert game.hands[winner] == []
    assert _keys([*(c for h in game.hands for c in h), *game.table]) == DECK_KEYS
    assert game.played == ever_played
    owed = [0 if s == winner else expected_penalty(game.hands[s], ever_played[s]) for s in range(3)]
    owed[winner] = -sum(owed)
    assert game.settlement == [b - o for b, o in zip(bonus, owed, strict=True)]
    state = game.scenario_state()
    assert state["round_scores"] == game.settlement and sum(state["round_scores"]) == 0
    assert state["totals"] == game.settlement
    data = game.to_json()
    assert registry.replay(game.record).to_json() == data
    if check_json:
        assert RunFast.from_json(data).to_json() == data


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_legal_play(chunk: int) -> None:
    per = DEALS // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        play_one(seed, check_json=seed % 40 == 0)
