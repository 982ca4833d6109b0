"""The pile take of RULES.md §1 ("A turn"): a new meld of pile cards and at least one hand card
lets the team take the pile (issue 61); pile cards alone do not. The engine, its legal moves and
the computer players and hint that read them, on the table files' positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot import ai
from bot.ai import Level
from bot.games.base import Discard, Draw, IllegalMove, Take
from bot.games.cards import Card, parse_cards
from bot.games.meld_search import meld_across
from bot.games.melds import MOR_MELDS
from bot.games.mor import Mor
from bot.learning.hints import hint, hint_for

TABLES = Path(__file__).parents[1] / "table_files" / "mor"


def table(name: str) -> Mor:
    data = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    return Mor.from_table_file(data)


def laid(move: object) -> set[str]:
    return {str(c) for c in getattr(move, "cards", ())}


def test_two_pile_cards_and_a_hand_card_offer_the_take_and_the_lay() -> None:
    g = table("take_two_pile_cards_with_hand_card")
    assert Take() in g.legal_moves(1)
    g.apply(1, Take())
    legal = g.legal_moves(1)
    # The meld the take was allowed for is offered, and the throw waits for a taken card laid.
    assert any(laid(m) == {"7S", "8S", "9S"} for m in legal)
    assert not any(isinstance(m, Discard) for m in legal)
    # Among the computers' own candidates too (the lays a taken card must go into).
    assert any(laid(m) == {"7S", "8S", "9S"} for m in g.candidate_moves(1) if g.can(1, m))


@pytest.mark.parametrize("level", [Level.SIMPLE, Level.NORMAL, Level.HARD])
def test_the_computers_lay_a_taken_card_after_such_a_take(level: Level) -> None:
    g = table("take_two_pile_cards_with_hand_card")
    g.apply(1, Take())
    move = ai.choose_move(g.view(1), g.legal_moves(1), level, random.Random(1))
    g.apply(1, move)  # legal, and it lifts the duty to lay a taken card
    assert not g.must_lay and laid(move) & {"8S", "9S"}


def test_the_hint_reads_such_a_take() -> None:
    g = table("take_two_pile_cards_with_hand_card")
    assert hint_for(g, 1, Take()).key == "hint_take_then"
    # The hint's draw weighs the take as allowed, not as refused.
    given = hint(g, 1, random.Random(1))
    assert given is not None and given.key != "hint_draw_no_take"


def test_pile_cards_alone_still_refuse_the_take() -> None:
    g = table("take_refused_pile_cards_alone")
    assert Take() not in g.legal_moves(1) and Draw() in g.legal_moves(1)
    with pytest.raises(IllegalMove) as refused:
        g.apply(1, Take())
    assert refused.value.reason.key == "mor.take_nothing_layable"


def test_meld_across_needs_a_hand_card_and_finds_wilds_in_either() -> None:
    c = parse_cards
    # Two pile cards and the hand's joker; two pile cards and a hand card; a joker and a wild 2
    # from the hand between two pile cards (a Mor meld may hold one of each).
    assert meld_across(Card.parse("8S"), c("JK"), c("9S"), MOR_MELDS)
    assert meld_across(Card.parse("8S"), c("7S KD"), c("QH 9S"), MOR_MELDS)
    assert meld_across(Card.parse("5H"), c("JK 2C"), c("8H"), MOR_MELDS)
    # Pile cards alone, or a hand with nothing near the card, make none.
    assert meld_across(Card.parse("8S"), c(""), c("7S 9S"), MOR_MELDS) is None
    assert meld_across(Card.parse("8S"), c("KD 4C"), c("7S 9S"), MOR_MELDS) is None


def two_wilds_between_pile_cards() -> Mor:
    """The pile's 5H and 8H make a meld only with the hand's joker and wild 2 between them
    (5H JK 2C 8H): no meld of three holds a pile card and a hand card, and no run of the hand."""
    data = json.loads((TABLES / "take_two_pile_cards_with_hand_card.json").read_text("utf-8"))
    data["position"]["hands"][1] = ["JK", "2C", "KC", "4D"]
    data["position"]["discard"] = ["5H", "QS", "8H", "10D"]
    return Mor.from_table_file(data)


def test_a_meld_of_two_pile_cards_around_two_hand_wilds_is_offered_after_the_take() -> None:
    g = two_wilds_between_pile_cards()
    assert Take() in g.legal_moves(1)
    g.apply(1, Take())
    # The computers' own candidates hold it (the hand's melds don't), and each level lays it.
    offered = [m for m in g.candidate_moves(1) if g.can(1, m) and laid(m) & {"5H", "8H"}]
    assert offered
    for level in (Level.SIMPLE, Level.NORMAL, Level.HARD):
        after = two_wilds_between_pile_cards()
        after.apply(1, Take())
        after.apply(1, ai.choose_move(after.view(1), after.legal_moves(1), level, random.Random(1)))
        assert not after.must_lay
