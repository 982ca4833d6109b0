"""Moves built in code may hold anything: each gets one sentence back and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import registry
from bot.games.base import AddTo, Bid, Discard, IllegalMove, Lay, Meld, Play
from bot.games.cards import Card
from bot.i18n import say
from bot.tables import Refusal, TableService

from .test_tables import G, started_mor

MALFORMED: list[Any] = [
    None,
    Discard(Card(99, "X")),
    Bid(None),  # type: ignore[arg-type]
    Lay(None, None),  # type: ignore[arg-type]
    Discard("7H"),  # type: ignore[arg-type]
    Meld((Card(5, None),)),  # a suitless rank stands for a wild in a set, never a card in hand
    Lay(adds=(AddTo(True, (Card(7, "H"),)),)),  # type: ignore[arg-type]
    Play(None),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("game", ["mor", "more3", "hand", "runfast"])
def test_every_engine_refuses_a_malformed_move_in_words(game: str) -> None:
    engine = registry.new_game(game, None, 7)
    seat = engine.turn if engine.turn is not None else 0
    before = engine.to_json()
    for move in MALFORMED:
        reason = engine.check(seat, move)
        assert reason is not None and say(reason).endswith("."), move
        # Every language words it (the key is in every catalogue, so no English falls through).
        assert say(reason, "nl") != say(reason), move
        with pytest.raises(IllegalMove) as refused:
            engine.apply(seat, move)
        assert refused.value.reason == reason
    assert engine.to_json() == before


async def test_the_service_refuses_a_malformed_move_and_nothing_changes(
    service: TableService,
) -> None:
    live = await started_mor(service)
    seat = live.engine.turn
    user = live.seats[seat].user_id
    before, version = live.engine.to_json(), live.version
    for move in MALFORMED:
        with pytest.raises(Refusal) as refused:
            await service.play(G, live.id, user, move, expected_version=version)
        assert refused.value.key == "illegal" and str(refused.value).endswith(".")
    assert live.engine.to_json() == before and live.version == version
    assert (await service.store.get_table(G, live.id)).version == version
