"""More hints a newcomer can trust (the third More newcomer's findings): no pankal thrown where a
natural card will do, no pure run one card short of a pure biriba made dirty while the side
still needs its pure one, throw reasons that tell the card apart from the rest of the hand, and
a late count of cards to draw that says the More piles become the stock. Real engine, real hard
player, real catalogues."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.console.paint import Painter
from bot.console.words import words_for
from bot.games.base import Add, Discard, Lay, Meld
from bot.games.cards import Card
from bot.games.more3 import More3
from bot.i18n import LANGUAGES, t
from bot.learning.hints import (
    advise,
    dirties_near_pure,
    hint,
    keeps_pankal_for_biriba,
    keeps_pure_chance,
    lays_kept_run,
    more_throw_order,
    reason,
    spends_pankal_early,
)
from tests.ai.repo_script import load_script

LESSONS = Path(__file__).parents[2] / "bot" / "learning" / "lessons" / "more3"

check = load_script("scripts/check_hints.py")


def lesson_table(prefix: str) -> More3:
    """The lesson's table before its answer (its position, no moves)."""
    (path,) = LESSONS.glob(f"{prefix}_*.json")
    data = json.loads(path.read_text())
    return More3.from_table_file({k: v for k, v in data.items() if k not in ("moves", "lesson")})


def more_at(hands: list[list[str]], **position: object) -> More3:
    pos: dict[str, object] = {"hands": hands, "solo": 2, "turn": 0, "phase": "play"}
    pos.update(position)
    data = {"game": "more3", "seed": 1, "dealer": 2, "totals": [0, 0, 0], "position": pos}
    return More3.from_table_file(data)


def c(text: str) -> Card:
    return Card.parse(text)


def first(ok: object) -> object:
    return ok[0]  # type: ignore[index]


def last(ok: object) -> object:
    return ok[-1]  # type: ignore[index]


@pytest.mark.parametrize("seed", range(6))
def test_the_biriba_lessons_leftover_turn_never_throws_the_joker(seed: int) -> None:
    # Finding 1: step 4, after `add 1 10C`, hint: "Throw JK: only 5♥ K♦ go with it … The rest
    # of your hand is worth more to keep", with 5♥ K♦ JK in hand.
    engine = lesson_table("04")
    engine.apply(0, Add(1, (c("10C"),)))
    given = hint(engine, 0, random.Random(seed))
    assert given is not None and isinstance(given.move, Discard)
    assert not given.move.card.is_joker
    # The order itself never puts the joker first, whichever throw the adviser picks.
    chosen = more_throw_order(
        engine,
        0,
        engine.legal_moves(0),
        Discard(c("JK")),
        first,  # type: ignore[arg-type]
    )
    assert chosen != Discard(c("JK"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_joker_thrown_anyway_is_never_told_as_outweighed(lang: str) -> None:
    engine = lesson_table("04")
    engine.apply(0, Add(1, (c("10C"),)))
    key, params = reason(engine, 0, engine.view(0), Discard(c("JK")))
    inner = params.get("reason")
    base = inner.key if inner is not None else key
    assert base == "hint_throw_pankal_more"
    text = t(key, lang, **params)
    assert "5♥" in text and "K♦" in text
    assert "worth more to keep" not in t(key, "en", **params)


def test_a_kept_card_that_costs_less_makes_the_reason_the_cost() -> None:
    # "The rest of your hand is worth more to keep" only where it is so by the card values:
    # K♦ thrown, only the joker goes with it, and 5♥ (5 points) kept is worth less.
    engine = lesson_table("04")
    engine.apply(0, Add(1, (c("10C"),)))
    key, params = reason(engine, 0, engine.view(0), Discard(c("KD")))
    base = params.get("reason")
    assert (base.key if base else key) == "hint_throw_few_more_one"
    said = (base.params if base else params)["cheaper"]
    assert said == "5♥"


def test_a_card_for_the_sides_own_meld_is_kept_and_the_reason_says_so() -> None:
    # Finding 4, step 6: after `meld 6C 7C 8C`, "Throw 5♣: no other card in your hand can make
    # a meld with it", with 9♦ 5♣ in hand and 5♣ the card that goes onto 6♣ 7♣ 8♣.
    engine = lesson_table("06")
    engine.apply(0, Meld((c("6C"), c("7C"), c("8C"))))
    for seed in range(4):
        given = hint(engine, 0, random.Random(seed))
        assert given is not None and given.move == Discard(c("9D"))
        # One card kept and no biriba on the side: laying 5♣ after the next draw would empty
        # the hand, which the side may not do yet, so 5♣ is not "kept for the meld" (the
        # fourth newcomer's finding 3); the throw sheds the dearer loose card.
        assert given.key == "hint_throw_alone_highest_more"
        assert "5♣" in given.text()
    key = reason(engine, 0, engine.view(0), Discard(c("5C")))[0]
    assert key == "hint_throw_alone"
    # The own-meld reasons are false by the check there.
    kept = {"card": "5♣", "meld": 1, "others": "9♦"}
    assert check.check_reason(engine, 0, Discard(c("5C")), "hint_throw_own_meld_kept_more", kept)


def test_cards_equally_loose_are_told_apart_by_their_cost() -> None:
    # Finding 4, step 8: after `add 1 7H`, "Throw 3♠: no other card …" with 3♠ K♦ Q♣, all
    # three loose: the throw sheds the dearest, and says the others cost no more.
    engine = lesson_table("08")
    engine.apply(0, Add(1, (c("7H"),)))
    for seed in range(4):
        given = hint(engine, 0, random.Random(seed))
        assert given is not None and isinstance(given.move, Discard)
        assert given.move.card in (c("KD"), c("QC"))
        assert given.key == "hint_throw_alone_top_more"
        assert "3♠" in given.text()


def near_pure_table(other: str = "2S") -> More3:
    """Seat 0 (the Pair) holds 2♥; its side's 7♣…Q♣ is pure and six long, and its other meld
    a biriba, dirty (with the pankal 2♠ as its 3♥) unless ``other`` is the natural 3♥: a side
    with only a dirty biriba still needs a pure one to go out."""
    return more_at(
        [["2H", "5D", "9S", "KH"], ["4D", "6S", "10H", "JD"], ["QS", "KD", "4S", "5S"]],
        discard=["3D"],
        melds=[
            {"seat": 0, "cards": ["7C", "8C", "9C", "10C", "JC", "QC"]},
            {"seat": 1, "cards": [other, "4H", "5H", "6H", "7H", "8H", "9H"]},
        ],
    )


def test_a_near_pure_run_is_not_made_dirty_while_the_side_needs_its_pure_biriba() -> None:
    # Finding 3 (guided 244): "Add 2♥ to meld 6: it makes a dirty biriba" onto a pure 7♣…Q♣;
    # the partner's K♣ came next, and the side had only a dirty biriba.
    engine = near_pure_table()
    assert engine.side_biribas(engine.side(0)) == ["dirty"]
    dirty = Add(1, (c("2H"),))
    assert engine.check(0, dirty) is None
    assert dirties_near_pure(engine, 0, dirty)
    legal = engine.legal_moves(0)
    kept = keeps_pure_chance(engine, 0, legal, dirty, first)  # type: ignore[arg-type]
    assert kept != dirty and not dirties_near_pure(engine, 0, kept)
    for seed in range(3):
        given = hint(engine, 0, random.Random(seed))
        assert given is not None and not dirties_near_pure(engine, 0, given.move)


def test_with_a_pure_biriba_down_the_dirty_one_is_fine() -> None:
    engine = near_pure_table("3H")
    assert engine.side_biribas(engine.side(0)) == ["pure"]
    assert not dirties_near_pure(engine, 0, Add(1, (c("2H"),)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_late_count_says_the_more_pile_becomes_the_stock(lang: str) -> None:
    # Finding 6 (seed 7): "the round is near its end, with 12 cards left to draw" while the
    # table showed "stock 2": the Solo's More pile, not taken, becomes the stock.
    hands = [["QD", "KD", "AD", "4S", "9C", "6H"], ["KS", "QS"], ["QC", "JC"]]
    engine = more_at(hands, solo=0, discard=["3D"], side=[[], ["5H", "6S", "7D", "8C"]])
    engine.stock = engine.stock[:2]
    laid = lays_kept_run(engine, 0, engine.legal_moves(0), Discard(c("9C")))
    assert laid == Meld((c("QD"), c("KD"), c("AD")))
    key, params = reason(engine, 0, engine.view(0), laid)
    assert key == "hint_lay_run_end_near_pile"
    assert (params["count"].n, params["stock"].n, params["pile"].n) == (6, 2, 4)
    text = t(key, lang, **params)
    plain = {k: v for k, v in params.items() if k not in ("stock", "pile")}
    assert text != t("hint_lay_run_end_near", lang, **plain)
    if lang == "en":
        assert "with 6 cards left to draw: 2 cards in the stock, then 4 cards" in text


def test_the_table_shows_what_each_pankal_stands_for() -> None:
    # Finding 8 (guided 244): "2S 3S 4S 5S 6S 7S 2S 9S · dirty biriba" had two 2♠ and nothing
    # said which was the wild; "JK JD QD KD AD" nothing said the joker was the 10♦.
    engine = more_at(
        [["5D", "9S"], ["4D", "6S"], ["QS", "KD"]],
        discard=["3D"],
        melds=[
            {"seat": 0, "cards": ["2S", "3S", "4S", "5S", "6S", "7S", "2S", "9S"]},
            {"seat": 1, "cards": ["JK", "JD", "QD", "KD", "AD"]},
        ],
    )
    words = words_for("more3", 0, Painter(False), {})
    lines = "\n".join(words.table_lines(engine.view(0)))
    assert "2S 3S 4S 5S 6S 7S 2S(8S) 9S" in lines
    assert "JK(10D) JD QD KD AD" in lines


def test_the_coach_and_the_hint_keep_the_pankal_alike() -> None:
    # Finding 2 (guided 244): the coach's "Lay 8♥ 9♥ 10♥ and 8♣ 9♣ 2♠", then in the same turn
    # the hint's "you could lay 8♣ 9♣ 2♠ now, but only by spending your pankal 2♠". One chain
    # (``advise``) now keeps the pankal for both.
    engine = more_at(
        [
            ["8H", "9H", "10H", "8C", "9C", "2S", "KH", "6D"],
            ["4D", "6S", "10S", "JD"],
            ["QS", "KD", "4S", "5S"],
        ],
        solo=1,
        discard=["3D"],
        melds=[{"seat": 2, "cards": ["JD", "QD", "KD"]}],
    )
    both = Lay(((c("8H"), c("9H"), c("10H")), (c("8C"), c("9C"), c("2S"))))
    assert engine.check(0, both) is None
    assert spends_pankal_early(engine, 0, both)
    legal = engine.legal_moves(0)
    kept = keeps_pankal_for_biriba(engine, 0, legal, both, first)  # type: ignore[arg-type]
    assert kept == Meld((c("8H"), c("9H"), c("10H")))
    assert advise(engine, 0, legal, lambda ok: both if both in ok else ok[0]) == kept
    # A lone short pankal meld is never the advice either.
    alone = Meld((c("8C"), c("9C"), c("2S")))
    advised = advise(engine, 0, legal, lambda ok: alone if alone in ok else ok[0])
    assert not spends_pankal_early(engine, 0, advised)
