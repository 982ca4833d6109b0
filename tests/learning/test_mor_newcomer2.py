"""Mor hints a newcomer can trust (the second Mor newcomer's report, 7/10).

Each position is a real engine's; each sentence is also put to the checks of
``scripts/check_hints.py``, which must flag the false sentence the newcomer read."""

from __future__ import annotations

from typing import Any

from bot.games.base import Add, Discard, Meld, Take
from bot.games.cards import parse_cards
from bot.games.notation import move_text
from bot.games.registry import engine_class
from bot.learning.hints import (
    cards,
    hint_for,
    hint_move,
    hint_rng,
    keeps_wild,
    pile_use,
    typed_form,
)
from tests.ai.repo_script import load_script
from tests.learning.test_pile_hints import _mor

check = load_script("scripts/check_hints.py")


OTHERS = [["KH", "KS", "4D"], ["QH", "QS", "4C"], ["JH", "JS", "5D"]]
CLUB_RUN = [{"seat": 2, "cards": ["8C", "9C", "10C"]}]  # the team's run, meld 1


def test_onto_a_meld_is_said_only_of_the_card_alone() -> None:
    # Seed 3, 4 players: "K♣ can go onto meld 1" of 8♣ 9♣ 10♣, pile K♣ 3♣; `add 1 KC` was
    # refused: the K♣ goes there only with the Q♣ and the 2♣ wild.
    engine = _mor("4S AH 7H KH 7D 9D 10D 2C 5C 7C QC", "KC 3C", OTHERS, melds=CLUB_RUN)
    false = {"card": "K♣", "meld": 1}
    assert check.check_pile_use(engine, 0, "hint_clue_pile_onto", false)
    use = pile_use(engine, 0)
    assert use is not None
    assert use != ("hint_clue_pile_onto", false)
    assert check.check_pile_use(engine, 0, use[0], use[1]) == []
    given = hint_for(engine, 0, Take())
    assert given.clue is not None
    assert check.check_clue(engine, 0, given.clue[0], given.clue[1], Take()) == []
    # The card named is the one the hint's own next move lays.
    after = engine_class("mor").from_json(engine.to_json())
    after.apply(0, Take())
    follow = hint_move(after, 0, hint_rng(after.record))
    assert follow is not None
    named = parse_cards(given.clue[1]["card"])
    assert named[0] in follow.cards
    then = given.params["then"]
    assert then.params["card"] == given.clue[1]["card"]


def test_onto_with_names_the_cards_the_addition_needs() -> None:
    # Seed 3, 2 players: "7♠ can go onto meld 4" of 9♠..K♠: only `add 4 7S 2S` took it.
    melds = [{"seat": 2, "cards": ["9S", "10S", "JS", "QS", "KS"]}]
    engine = _mor("2S 4H 6D", "7S", OTHERS, melds=melds)
    assert check.check_pile_use(engine, 0, "hint_clue_pile_onto", {"card": "7♠", "meld": 1})
    use = pile_use(engine, 0)
    assert use == ("hint_clue_pile_onto_with", {"card": "7♠", "meld": 1, "partners": "2♠"})
    assert check.check_pile_use(engine, 0, use[0], use[1]) == []
    after = engine_class("mor").from_json(engine.to_json())
    after.apply(0, Take())
    assert after.check(0, Add(1, tuple(parse_cards("7S 2S")))) is None


def test_a_lay_keeps_the_wild_where_a_natural_card_stands() -> None:
    # Seed 3, 4 players, after the take: "Lay 2♣ 3♥ 3♠ (type: lay 3S 2C 3H)" with a third 3♥
    # in hand, then "Add 3♥ to meld 13": a set of 3s with a wild tops at 150.
    hand = "3S 5S 8S QS 3H 3H 4H 4H 10H 2C 5C 8C KC"
    engine = _mor(hand, "KH", OTHERS, phase="play")
    spent = Meld(tuple(parse_cards("3S 2C 3H")))
    assert check._wild_spent(engine, 0, spent)
    assert keeps_wild(engine, 0, spent) == Meld(tuple(parse_cards("3S 3H 3H")))
    given = hint_for(engine, 0, keeps_wild(engine, 0, spent))
    assert check.check_reason(engine, 0, given.move, given.key, given.params) == []
    # One order for the meld in every stage: the cards, the reason and the typed move.
    typed = move_text(typed_form(engine, 0, given.move))
    assert given.stage_text("cards") == f"The cards to use: {cards(given.cards())}."
    assert cards(given.cards()) in given.text()
    assert typed.split(maxsplit=1)[1] == " ".join(str(c) for c in given.cards())
    # And the hint's own move spends no wild a natural card could stand for.
    own = hint_move(engine, 0, hint_rng(engine.record))
    assert own is not None
    assert check._wild_spent(engine, 0, own) == []


def _mor2(hand: str, discard: str, other: str, **extra: Any) -> Any:
    """Seat 0 of a two-player Mor to play (after its draw), holding ``hand``."""
    position = {
        "hands": [hand.split(), other.split()],
        "discard": discard.split(),
        "turn": 0,
        "phase": "play",
        **extra,
    }
    return engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 2}, "position": position}
    )


def test_a_loose_card_goes_before_one_with_a_partner() -> None:
    # Seed 1: "Throw 5♣: only 6♣ goes with it … The rest of your hand is worth more to keep",
    # hand 5♥ 6♥ 6♦ 10♦ 5♣ 6♣: the 6♦ and 10♦ go with nothing.
    engine = _mor2("5H 6H 6D 10D 5C 6C", "9S", "KH KS 4D 4S")
    false = {"card": "5♣", "partners": "6♣"}
    assert check.check_reason(engine, 0, Discard(parse_cards("5C")[0]), "hint_throw_few_one", false)
    own = hint_move(engine, 0, hint_rng(engine.record))
    assert isinstance(own, Discard)
    assert own.card in parse_cards("6D 10D")
    given = hint_for(engine, 0, own)
    assert check.check_reason(engine, 0, own, given.key, given.params) == []


def test_a_loose_card_that_feeds_the_other_team_stays() -> None:
    # The rule of thumb's exception: a loose card that goes onto the other team's meld is no
    # card to throw before one with a partner.
    melds = [{"seat": 1, "cards": ["7D", "8D", "9D"]}]
    engine = _mor2("5H 6H 6D 10D 5C 6C", "9S", "KH KS 4D 4S", melds=melds)
    own = hint_move(engine, 0, hint_rng(engine.record))
    assert not (isinstance(own, Discard) and own.card in parse_cards("6D 10D"))


def test_lesson_wrong_answers_fit_the_move() -> None:
    # Step 1's wrong answers ended with "your 7s never will" where no 7 was played; step 3's
    # `add 1 JK` was told as "You laid JK".
    from bot.games.notation import parse_move
    from bot.learning.lessons import lesson

    steps = lesson("mor")
    for typed in ("meld 3S 3H", "meld 9D KC 7D", "discard 9D", "meld 7S 7H 7D"):
        said = steps[0].judge(parse_move(typed)).message
        assert "7s" not in said, said
        assert "3s and aces" in said, said
    said = steps[2].judge(parse_move("add 1 JK")).message
    assert "You added 🃏 to meld 1." in said, said


def test_a_throw_beside_loose_cards_says_so() -> None:
    # The 5♣ thrown anyway (a review, a lesson): no "the rest of your hand is worth more to
    # keep" while 6♦ and 10♦ go with nothing.
    engine = _mor2("5H 6H 6D 10D 5C 6C", "9S", "KH KS 4D 4S")
    throw = Discard(parse_cards("5C")[0])
    given = hint_for(engine, 0, throw)
    assert given.key == "mor.hint_throw_few_loose"
    assert given.params["loose"] == "6♦ 10♦"
    assert "worth more to keep" not in given.text()
    assert check.check_reason(engine, 0, throw, given.key, given.params) == []
