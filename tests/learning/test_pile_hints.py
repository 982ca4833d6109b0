"""The pile's hints say what the engine answers (issue 61, a newcomer learning Mor).

Stage 2 of a draw or a take paired the top discard with hand cards ("10♥ goes with 8♥ Q♥",
not a meld) and pointed at the pile right before "Draw from the stock"; the draw's reason was
"the hard player would rather keep your hand as it is"; the take named the pile's cards but not
which one can be laid where; the near-out reason followed the take the hint had advised; the
first stage of a lone last card asked for "the card that helps your melds least"; a hint typed
``lay add 1 8C``. Each position here is a real engine's; each sentence is also put to the
checks of ``scripts/check_hints.py``."""

from __future__ import annotations

from typing import Any

from bot.games.base import Add, AddTo, Count, Discard, Draw, Lay, Take
from bot.games.cards import Card, parse_cards
from bot.games.notation import in_order, move_text, parse_move
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES, t, t_n
from bot.learning.hints import hint_for, reason
from tests.ai.repo_script import load_script

check = load_script("scripts/check_hints.py")


def _mor(hand: str, discard: str, others: list[list[str]], **extra: Any) -> Any:
    """Seat 0 of a four-player Mor to draw, holding ``hand``; seat 2 is its partner."""
    position = {
        "hands": [hand.split(), *others],
        "discard": discard.split(),
        "turn": 0,
        "phase": "draw",
        **extra,
    }
    return engine_class("mor").from_table_file(
        {"game": "mor", "options": {"players": 4}, "position": position}
    )


OTHERS = [["KH", "KS"], ["QH", "QS"], ["JH", "JS"]]
ACES = [{"seat": 2, "cards": ["AS", "AH", "AD"]}]  # the team's set of aces, meld 1


def test_take_clue_names_the_pile_card_and_its_meld() -> None:
    # The guided round: "The top discard, A♣, goes with no card in your hand", then "take": the
    # A♣ went straight onto the team's set of aces.
    engine = _mor("4H 7S 9S QD KC", "10D AC", OTHERS, melds=ACES)
    given = hint_for(engine, 0, Take())
    assert given.clue == ("hint_clue_pile_onto", {"card": "A♣", "meld": 1})
    assert given.stage_text("cards") == (
        "From the discard pile, A♣ could go onto meld 1 right after you take it."
    )
    key, params = given.clue
    assert check.check_clue(engine, 0, key, params, Take()) == []
    # The same sentence before a draw is refused by the check: stage 2 agrees with the move.
    assert check.check_clue(engine, 0, key, params, Draw())


def test_take_reason_names_which_card_goes_where() -> None:
    # "then you must first lay one of those cards (7♦ J♦ 7♣ 9♣)": which one, and where?
    engine = _mor("4H 7S 9S QD KC", "10D AC", OTHERS, melds=ACES)
    given = hint_for(engine, 0, Take())
    assert given.text() == (
        "Take the whole discard pile (2 cards); then you must first lay one of those cards:"
        " A♣ can go onto meld 1."
    )
    assert check.check_reason(engine, 0, Take(), given.key, given.params) == []
    # A card laid with hand cards is named with them.
    pair = _mor(
        "AS AD 8H QH 4C 9S JC", "AC 10H", OTHERS, melds=[{"seat": 2, "cards": ["5S", "6S", "7S"]}]
    )
    made = hint_for(pair, 0, Take())
    assert made.text().endswith("A♣ makes a meld with A♠ A♦.")
    assert check.check_reason(pair, 0, Take(), made.key, made.params) == []
    for lang in LANGUAGES:
        assert "A♣" in made.text(lang) and "A♠ A♦" in made.text(lang), lang


def test_draw_clue_and_reason_say_what_the_pile_would_cost() -> None:
    # Seed 5, first turn: pile A♣ 10♥; "10♥ goes with 8♥ Q♥ in your hand" (no meld), then
    # "Draw from the stock: … the hard player would rather keep your hand as it is".
    engine = _mor(
        "AS AD 8H QH 4C 9S JC", "AC 10H", OTHERS, melds=[{"seat": 2, "cards": ["5S", "6S", "7S"]}]
    )
    given = hint_for(engine, 0, Draw())
    key, params = given.clue or ("", {})
    assert key == "hint_clue_pile_cost" and "8♥" not in given.stage_text("cards")
    assert given.stage_text("cards") == (
        "Taking the discard pile would put 2 cards in your hand, worth 2.5 points against you"
        " if they were still there when the round ends."
    )
    assert given.text() == (
        "Draw from the stock: the pile's 2 cards would count 2.5 points against you while in"
        " your hand; of them, this turn you could lay A♣ (1.5 points)."
    )
    # The numbers are the engine's: its score falls by 2.5 with the two cards in the hand.
    assert check.in_hand_worth(engine, 0, parse_cards("AC 10H")) == 2.5
    assert check.check_clue(engine, 0, key, params, Draw()) == []
    assert check.check_reason(engine, 0, Draw(), given.key, given.params) == []
    wrong = {**given.params, "points": Count("n_points", 3)}
    assert check.check_reason(engine, 0, Draw(), given.key, wrong)
    # A half point reads as every language writes it.
    assert t_n("n_points", 2.5, "nl") == "2,5 punten"
    assert t_n("n_points", 1.5, "en") == "1.5 points"


def test_hand_draw_of_a_card_that_fits_nothing_says_it_would_go_back() -> None:
    position = {
        "hands": [["10S", "4C", "AD", "KD", "7C", "9H"], ["KH"], ["QH"]],
        "discard": ["3S"],
        "turn": 0,
        "phase": "draw",
    }
    engine = engine_class("hand").from_table_file({"game": "hand", "position": position})
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "hint_draw_idle" and params == {"card": "3♠"}
    assert check.check_reason(engine, 0, Draw(), key, params) == []
    given = hint_for(engine, 0, Draw())
    # Hand takes only the top discard: the clue speaks of the one card.
    assert given.clue == ("hand.hint_clue_top_none", {})


def test_no_near_out_reason_right_after_taking_the_pile() -> None:
    # Seed 11: "Take the whole discard pile (8 cards)", then "Add 10♣ to meld 4: an opponent is
    # down to 1 card, and the cards still in your hand when the round ends count against you".
    engine = _mor(
        "4H 9S KD 10C",
        "5D 8H 9D JC 6S QH 3D 10D",
        [["KH"], ["QH", "QS", "4C", "5C"], ["JH", "JS", "7C"]],
        side_taken=[False, True],
        melds=[{"seat": 2, "cards": ["7C", "8C", "9C"]}, {"seat": 1, "cards": ["AS", "AH", "AD"]}],
    )
    engine.apply(0, Take())
    add = Lay(adds=(AddTo(1, parse_cards("10C JC")),))
    given = hint_for(engine, 0, add)
    assert given.key == "hint_add"
    assert given.text() == (
        "Add 10♣ J♣ to meld 1: laid cards count for you, and you keep 10 cards in your hand."
    )
    # The near-out sentence would be flagged false by the checks here.
    near = {**given.params, "count": Count("n_cards", 1), "n": 1}
    assert check.CHECKS["hint_add_near_out"](check.Case(engine, 0, add, "hint_add_near_out", near))


def test_the_last_card_has_its_own_first_stage() -> None:
    position = {"hands": [["7C"], ["KH", "KS"], ["QH"]], "discard": ["3S"], "turn": 0}
    engine = engine_class("hand").from_table_file(
        {
            "game": "hand",
            "position": {
                **position,
                "phase": "play",
                "melds": [{"seat": 0, "cards": ["9D", "10D", "JD", "QD"]}],
                "opened": [True, False, False],
            },
        }
    )
    given = hint_for(engine, 0, Discard(Card(7, "C")))
    assert given.stage_text("nudge") == "You hold one card, your last: throwing it ends the round."
    assert check.check_nudge(engine, 0, given.nudge, given.move) == []
    for lang in LANGUAGES:
        assert given.stage_text("nudge", lang) != t("hint_nudge_discard", lang), lang


def test_a_lone_addition_is_typed_as_the_lesson_taught() -> None:
    # "lay add 1 8C" where the lesson taught "add 1 8C"; added cards in the run's order.
    lay = Lay(adds=(AddTo(1, parse_cards("8C")),))
    assert move_text(in_order(lay)) == "add 1 8C"
    assert move_text(in_order(Lay(adds=(AddTo(4, parse_cards("JC 10C")),)))) == "add 4 10C JC"
    assert parse_move("add 1 8C") == Add(1, tuple(parse_cards("8C")))
    # A wild or an ace keeps its place: its order may say which end it goes to.
    kept = Lay(adds=(AddTo(3, parse_cards("KS AS")),))
    assert move_text(in_order(kept)) == "add 3 KS AS"
    both = Lay(melds=(tuple(parse_cards("JH 9H 10H")),), adds=(AddTo(1, parse_cards("8C")),))
    assert move_text(in_order(both)) == "lay 9H 10H JH | add 1 8C"


def test_hints_of_a_mor_game_pass_the_checks() -> None:
    # A few dozen positions of a Mor game, the quicker normal hints, stage 2 included.
    tally = check.check_game("mor", 60, "normal")
    assert tally.false == []
    assert tally.reasons["hint_clue_pile_onto"] + tally.reasons["hint_clue_pile_with"] > 0


def test_hand_draw_beside_a_fitting_card_says_what_the_take_would_lay() -> None:
    # Not "the hard player would rather keep your hand as it is": the 10♠ taken would go down
    # at once in a new meld, here with 8♠ 9♠.
    position = {
        "hands": [["8S", "9S", "KD", "4C", "5H"], ["KH"], ["QH"]],
        "discard": ["4D", "10S"],
        "turn": 0,
        "phase": "draw",
        "melds": [{"seat": 0, "cards": ["9D", "10D", "JD", "QD"]}],
        "opened": [True, False, False],
    }
    engine = engine_class("hand").from_table_file({"game": "hand", "position": position})
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "hint_draw_keep" and params == {"card": "10♠", "partners": "8♠ 9♠"}
    assert t(key, "en", **params) == (
        "Draw from the stock: taking 10♠ would mean laying it at once in a new meld, for example"
        " with 8♠ 9♠; drawing keeps those cards in your hand."
    )
    assert check.check_reason(engine, 0, Draw(), key, params) == []
    assert check.check_reason(engine, 0, Draw(), key, {**params, "partners": "8♠ KD"})
    given = hint_for(engine, 0, Draw())
    assert given.clue == ("hint_clue_top_with", params)
    assert check.check_clue(engine, 0, *given.clue, Draw()) == []


def test_hand_draw_of_a_card_short_of_the_opening_says_51_not_no_meld() -> None:
    # A newcomer's guided round: 4♠ on the pile, 4♥ and the joker in hand, not yet opened. The
    # hint said 4♠ "could go into no new meld this turn", but 4♥ 4♠ 🃏 is a meld: what it can't
    # do is reach the 51 an opening needs, so taking it would only mean returning it.
    position = {
        "hands": [["4H", "JK", "9C", "KD", "7S", "2D"], ["KH"], ["QH"]],
        "discard": ["4S"],
        "turn": 0,
        "phase": "draw",
    }
    engine = engine_class("hand").from_table_file({"game": "hand", "position": position})
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "hint_draw_idle_unopened" and params == {"card": "4♠"}
    assert "51" in t(key, **params)
    assert check.check_reason(engine, 0, Draw(), key, params) == []
    # The old sentence is false here, and the check says so.
    assert check.check_reason(engine, 0, Draw(), "hint_draw_idle", params)
