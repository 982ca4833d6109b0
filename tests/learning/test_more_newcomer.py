"""More as a fresh newcomer learns it (the More newcomer's findings): the guided coach, the hint's
rules and its stages, checked against the real engine, the real hard player and the catalogues."""

from __future__ import annotations

import pytest

from bot.games.base import Add, Discard, Lay, Meld, Move, Take, as_lay
from bot.games.cards import Card, Reason, sort_key
from bot.games.more3 import More3
from bot.i18n import LANGUAGES, left_to_right, t
from bot.learning.hints import (
    draws_left,
    feeds_next,
    hint_for,
    hint_move,
    hint_rng,
    lays_kept_run,
    no_feeding_throw,
    reaches_more_pile,
    reason,
)
from bot.learning.lessons import guided


def test_the_opening_rule_comes_before_the_first_lay_in_the_guided_round() -> None:
    # Finding 7: the 7.5 opening rule was explained nine stops after the learner's first lay:
    # three notes at a time put it off (and "not down yet" was read as a flag per seat).
    stops: list[guided.Stop] = []

    def pick(stop: guided.Stop, legal: object) -> Move:
        stops.append(stop)
        assert stop.move is not None
        return stop.move

    guided.play_round("more3", pick)
    first_lay = next(i for i, s in enumerate(stops) if isinstance(s.move, Meld | Lay | Add))
    told = [n.rule for s in stops[: first_lay + 1] for n in s.notes]
    assert "opening" in told
    assert "runs" in told


def more_at(hands: list[list[str]], **position: object) -> More3:
    """A More table from a table file's position: seat 0 to play, seat 2 the Solo by default."""
    pos: dict[str, object] = {"hands": hands, "solo": 2, "turn": 0, "phase": "play"}
    pos.update(position)
    data = {"game": "more3", "seed": 1, "dealer": 2, "totals": [0, 0, 0], "position": pos}
    return More3.from_table_file(data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cards_stage_of_a_lay_of_two_melds_shows_them_apart(lang: str) -> None:
    # Finding 6: "The cards to use: 6♠ 7♠ 8♠ 9♦ 10♦ J♦." read as one meld of six cards.
    engine = more_at([["6S", "7S", "8S", "9D", "10D", "JD", "4C", "KH", "QC"], ["KS"], ["QS"]])
    lay = Lay(melds=(cs("6S 7S 8S"), cs("9D 10D JD")))
    assert engine.check(0, lay) is None
    shown = hint_for(engine, 0, lay).stage_text("cards", lang)
    first = left_to_right("6♠ 7♠ 8♠", lang)
    second = left_to_right("9♦ 10♦ J♦", lang)
    assert shown == t(
        "hint_cards_melds",
        lang,
        melds=Reason("hint_melds_two", {"first": "6♠ 7♠ 8♠", "second": "9♦ 10♦ J♦"}),
    )
    assert first in shown and second in shown
    assert shown.index(first) + len(first) < shown.index(second)
    # The move's own words name them apart too.
    said = hint_for(engine, 0, lay).stage_text("move", lang)
    both = t("hint_melds_two", lang, first="6♠ 7♠ 8♠", second="9♦ 10♦ J♦")
    assert both in said
    # One meld alone keeps the plain words.
    meld = Meld(cs("6S 7S 8S"))
    assert hint_for(engine, 0, meld).stage_text("cards", lang) == t(
        "hint_cards", lang, cards="6♠ 7♠ 8♠", n=3
    )


def cs(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def test_a_throw_the_next_player_can_meld_with_picked_up_cards_is_not_called_safe() -> None:
    # Finding 1: "Throw 10♥: it goes onto no meld of the next player's side" while the next
    # player had picked up J♥ Q♥ from the pile, in sight of the whole table.
    engine = more_at(
        [["10H", "5C", "4S", "9S", "9D", "KC"], ["JH", "QH", "KS"], ["QS", "KD"]],
        solo=0,
        discard=["3D"],
        melds=[{"seat": 2, "cards": ["6C", "7C", "8C"]}],
    )
    engine.shown[1] = [Card.parse("JH"), Card.parse("QH")]
    view = engine.view(0)
    key, _ = reason(engine, 0, view, Discard(Card.parse("10H")))
    assert key != "hint_throw_not_next"
    # 5♣ goes onto the Pair's meld, 10♥ with the cards seat 1 picked up: 4♠ is the safe throw.
    legal = engine.legal_moves(0)
    chosen = no_feeding_throw(engine, 0, legal, Discard(Card.parse("10H")), lambda ok: ok[0])
    assert chosen == Discard(Card.parse("4S"))
    key, params = reason(engine, 0, view, chosen)
    assert key == "hint_throw_not_next"
    assert params["feeding"] == "5♣"


def test_a_throw_onto_the_pairs_meld_goes_after_one_that_breaks_a_pair_of_cards() -> None:
    # Finding 2: the hint threw 10♥ onto the Pair's J♥ Q♥ K♥: every other card had a partner
    # in hand, and the check only looked among throws that broke up nothing more.
    engine = more_at(
        [["10H", "5C", "6C", "9D", "10D"], ["KS", "QS", "4D"], ["QC", "KD"]],
        solo=0,
        discard=["3D"],
        melds=[{"seat": 1, "cards": ["JH", "QH", "KH"]}],
    )
    ten = Discard(Card.parse("10H"))
    assert feeds_next(ten.card, engine, 0)
    legal = engine.legal_moves(0)
    chosen = no_feeding_throw(engine, 0, legal, ten, lambda ok: ok[0])
    assert isinstance(chosen, Discard) and not feeds_next(chosen.card, engine, 0)
    key, params = reason(engine, 0, engine.view(0), chosen)
    assert (key, params["feeding"]) == ("hint_throw_not_next", "10♥")


def solo_with_run(stock: int, piles_gone: bool = False) -> More3:
    """The Solo (seat 0) after its draw, holding Q♦ K♦ A♦ and three loose cards, with ``stock``
    cards left in the stock (the rest of the deck set aside) and the More piles still closed or,
    ``piles_gone``, already gone into the stock."""
    position: dict[str, object] = {"solo": 0, "discard": ["3D"]}
    if piles_gone:
        position["side"] = [[], []]
    hands = [["QD", "KD", "AD", "4S", "9C", "6H"], ["KS", "QS"], ["QC", "JC"]]
    engine = more_at(hands, **position)
    engine.stock = engine.stock[:stock]
    return engine


def test_the_solos_kept_run_is_laid_as_the_round_nears_its_end() -> None:
    # Finding 3: "keep your run Q♦ K♦ A♦" was said turn after turn while the stock ran out,
    # and cards held at the end count against the holder.
    early = solo_with_run(5)
    throw = Discard(Card.parse("9C"))
    assert draws_left(early, 0) is None  # both More piles still to come
    assert lays_kept_run(early, 0, early.legal_moves(0), throw) == throw
    late = solo_with_run(5, piles_gone=True)
    assert draws_left(late, 0) == 5
    laid = lays_kept_run(late, 0, late.legal_moves(0), throw)
    assert laid == Meld(cs("QD KD AD"))
    key, params = reason(late, 0, late.view(0), laid)
    assert key == "hint_lay_run_end_near"
    for lang in LANGUAGES:
        text = t(key, lang, **params)
        assert left_to_right("Q♦ K♦ A♦", lang) in text


def pair_near_its_pile() -> More3:
    """Seat 0 of the Pair after its draw, its partner's pure biriba on the table, holding a run
    with a joker and one card more: laid, the run leaves the card whose throw brings the pile."""
    return more_at(
        [["5S", "6S", "JK", "9D"], ["KS", "QS", "4D"], ["QC", "KD", "4H"]],
        discard=["3D"],
        melds=[{"seat": 1, "cards": ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]}],
    )


def test_the_guided_coach_lays_for_the_more_pile_as_the_hint_does() -> None:
    # Finding 4: the coach kept a run in hand and threw, where laying it left one card whose
    # throw empties the hand and brings the side's More pile.
    engine = pair_near_its_pile()
    move = guided.coach_move(engine, 0, notes=())
    assert move is not None and reaches_more_pile(engine, 0, move)
    assert isinstance(move, Meld | Add | Lay)
    hinted = hint_move(engine, 0, hint_rng(engine.record))
    assert hinted is not None and reaches_more_pile(engine, 0, hinted)


def test_a_takes_clue_names_the_lay_the_hint_gives_after_the_take() -> None:
    # Finding 5: the stages were about different moves: before the take the clue said 8♥ would
    # make a meld with 7♥ 2♣, and after it the hint laid 7♥ 8♥ 9♥ 10♥ J♥.
    engine = more_at(
        [["7H", "9H", "10H", "JH", "2C", "KS", "4D", "5C"], ["KC", "QS", "4S"], ["QC", "KD"]],
        phase="draw",
        discard=["3D", "8H"],
    )
    found = hint_for(engine, 0, Take())
    after = More3.from_json(engine.to_json())
    after.apply(0, Take())
    follow = hint_move(after, 0, hint_rng(after.record))
    assert isinstance(follow, Meld | Lay)
    meld = next(m for m in as_lay(follow).melds if Card.parse("8H") in m)
    partners = " ".join(c.pretty for c in sorted(set(meld) - {Card.parse("8H")}, key=sort_key))
    assert found.clue == ("hint_clue_pile_with", {"card": "8♥", "partners": partners})
