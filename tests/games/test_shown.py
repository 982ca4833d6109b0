"""The cards the whole table saw go into a hand (``shown`` in every seat's view): taken from the
discard pile in Mor and More, a joker won back from a meld in Hand. They stay shown until laid,
thrown or returned, a new round forgets them, and a saved table keeps them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.ai.hand import SEARCH as HAND_SEARCH
from bot.ai.mor import SEARCH as MOR_SEARCH
from bot.ai.more3 import SEARCH as MORE3_SEARCH
from bot.games.base import Return
from bot.games.cards import parse_cards
from bot.games.registry import from_json, play_move, replay

TABLES = Path(__file__).resolve().parents[1] / "table_files"


def table(game: str, name: str, moves: int | None = None) -> Any:
    """The engine after the first ``moves`` moves of a table file (all of them: None)."""
    data = json.loads((TABLES / game / f"{name}.json").read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:moves]
    data.pop("expect", None)
    return replay(data)


def shown(engine: Any, seat: int) -> list[list[str]]:
    """What ``seat`` sees of every hand's shown cards, sorted for comparing."""
    return [sorted(map(str, cards)) for cards in engine.view(seat).shown]


def test_a_taken_pile_is_shown_to_every_seat_in_mor() -> None:
    engine = table("mor", "take_whole_pile_and_lay", moves=1)  # seat 1 takes QH 9S 5D
    for seat in range(4):
        assert shown(engine, seat) == [[], ["5D", "9S", "QH"], [], []]


def test_laid_and_thrown_cards_are_no_longer_shown() -> None:
    engine = table("more3", "take_uses_rest_of_pile", moves=1)  # seat 0 takes 6H 3S 7H
    assert shown(engine, 1)[0] == ["3S", "6H", "7H"]
    play_move(engine, {"seat": 0, "do": "meld", "cards": ["5H", "6H", "7H"]})
    assert shown(engine, 1)[0] == ["3S"]
    play_move(engine, {"seat": 0, "do": "discard", "card": "3S"})
    assert shown(engine, 1)[0] == []


def test_a_joker_won_back_is_shown_until_laid() -> None:
    engine = table("hand", "hand_spoiled_by_swap", moves=2)  # seat 0 swaps QH for the joker
    assert shown(engine, 2)[0] == ["JK"]
    engine = table("hand", "hand_spoiled_by_swap", moves=3)  # and lays it in 7H 8H JK
    assert shown(engine, 2)[0] == []


def test_a_returned_discard_is_no_longer_shown() -> None:
    engine = table("hand", "return_after_lay_refused", moves=1)
    taker = engine.turn
    assert shown(engine, 0)[taker], "the file starts with a take"
    engine.apply(taker, Return())
    assert shown(engine, 0)[taker] == []


def test_of_two_copies_one_leaving_stops_the_count() -> None:
    engine = table("mor", "take_whole_pile_and_lay", moves=1)
    engine.shown[1] = parse_cards(["9S", "9S"])  # as if both copies had been taken in sight
    engine._unshow(1, parse_cards(["9S"]))
    assert shown(engine, 0)[1] == ["9S"]


def test_a_saved_table_keeps_them_and_an_old_save_knows_none() -> None:
    engine = table("mor", "take_whole_pile_and_lay", moves=1)
    state = engine.to_json()
    assert shown(from_json(json.loads(json.dumps(state))), 0) == shown(engine, 0)
    del state["shown"]  # saved before tables remembered them
    assert shown(from_json(state), 0) == [[], [], [], []]


def test_a_new_round_forgets_them() -> None:
    engine = table("mor", "take_whole_pile_and_lay", moves=1)
    engine._end_round("stock_out", closer=None, events=[])
    engine.next_round()
    assert shown(engine, 0) == [[], [], [], []]


def test_a_search_deals_the_shown_cards_to_their_holder() -> None:
    """``hard``'s samples put the cards a hand is known to hold in that hand, every time, and
    deal the rest of it from the unseen cards."""
    cases = [
        (table("mor", "take_whole_pile_and_lay", moves=1), 0, MOR_SEARCH.deal),
        (table("more3", "take_uses_rest_of_pile", moves=1), 1, MORE3_SEARCH.deal),
        (table("hand", "hand_spoiled_by_swap", moves=2), 1, HAND_SEARCH.deal),
    ]
    for engine, seat, sample in cases:
        view = engine.view(seat)
        holder = next(s for s, cards in enumerate(view.shown) if cards)
        for n in range(20):
            state = sample(view, random.Random(n))
            hand = parse_cards(state["hands"][holder])
            assert len(hand) == view.hand_counts[holder]
            for card in view.shown[holder]:
                hand.remove(card)  # raises if a known card was dealt elsewhere
            assert from_json(state).view(seat).shown == view.shown
