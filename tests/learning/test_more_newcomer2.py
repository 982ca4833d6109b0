"""More hints a newcomer can trust (the second More newcomer's findings): a throw that hands the
next player the pile is never advised or told as harmless, a draw's reason is a reason to draw,
and a throw's reason tells its card apart from the rest of the hand. Real engine, real hard
player, real catalogues."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Discard, Draw, Meld, Take
from bot.games.cards import Card
from bot.games.more3 import More3
from bot.i18n import LANGUAGES, t
from bot.learning.hints import (
    gifts_next,
    hint,
    hint_for,
    no_feeding_throw,
    pile_by_its_numbers,
    reason,
    throws_loose_first,
)
from bot.learning.lessons import answer_move, lesson


def more_at(hands: list[list[str]], **position: object) -> More3:
    """A More table from a table file's position: seat 0 to play, seat 1 the Solo by default,
    so the next player is of the other side."""
    pos: dict[str, object] = {"hands": hands, "solo": 1, "turn": 0, "phase": "play"}
    pos.update(position)
    data = {"game": "more3", "seed": 1, "dealer": 2, "totals": [0, 0, 0], "position": pos}
    return More3.from_table_file(data)


def c(text: str) -> Card:
    return Card.parse(text)


def first(ok: object) -> object:
    return ok[0]  # type: ignore[index]


def test_the_hint_throws_no_joker_to_the_solo_where_a_natural_card_will_do() -> None:
    # Finding 1 (seed 7, round 3): "Throw JK: only K♥ goes with it … The rest of your hand is
    # worth more to keep"; the Solo took the pile and laid JK 3D 4D. K♥ feeds the Solo's
    # 7♥…J♥ 2♣ too, so no throw is safe: the natural card goes, and the reason says so.
    engine = more_at(
        [["KH", "JK"], ["3S", "5C", "9S", "4D", "6H", "8S", "JS"], ["QS", "KD", "4S", "5S"]],
        discard=["3H", "3D"],
        melds=[
            {"seat": 1, "cards": ["7H", "8H", "9H", "10H", "JH", "2C"]},
            {"seat": 1, "cards": ["10D", "JD", "QD", "KD"]},
        ],
    )
    engine.shown[1] = [c("4D")]
    given = hint(engine, 0, random.Random(0))
    assert given is not None
    assert given.move == Discard(c("KH"))
    assert given.key == "hint_throw_gift_forced_more"
    # The joker's own reason (a lesson's or a review's) never calls the rest worth more.
    key, _ = reason(engine, 0, engine.view(0), Discard(c("JK")))
    assert key == "hint_throw_gift_forced_more"


@pytest.mark.parametrize("pankal", ["JK", "2H"])
def test_a_pankal_is_a_gift_to_the_other_side_when_a_safe_throw_exists(pankal: str) -> None:
    # Finding 1, seed 3: "Throw JK: only A♠ 3♥ go with it" while 9♣ fed nobody.
    engine = more_at(
        [["AS", "3H", pankal, "9C"], ["5D", "6D", "KS"], ["QS", "KD", "4S"]],
        discard=["7C"],
    )
    wild = Discard(c(pankal))
    assert gifts_next(wild.card, engine, 0)
    legal = engine.legal_moves(0)
    chosen = no_feeding_throw(engine, 0, legal, wild, first)  # type: ignore[arg-type]
    assert isinstance(chosen, Discard) and not gifts_next(chosen.card, engine, 0)
    key, _ = reason(engine, 0, engine.view(0), wild)
    assert key == "hint_throw_gift_pankal_more"
    given = hint(engine, 0, random.Random(0))
    assert given is not None and given.move != wild


def test_a_card_that_melds_with_the_piles_own_cards_is_a_gift() -> None:
    # Finding 3 (guided seed 244): "Throw 4♠: no other card in your hand can make a meld with
    # it" onto 3♠ 5♠ in the pile; the Solo took it and laid 3♠ 4♠ 5♠.
    engine = more_at(
        [["4S", "9C", "10C", "KD"], ["7H", "8D", "JC"], ["QS", "KH", "4H"]],
        discard=["3S", "8H", "5S"],
    )
    four = Discard(c("4S"))
    assert gifts_next(four.card, engine, 0)
    key, _ = reason(engine, 0, engine.view(0), four)
    assert key == "hint_throw_gift_more"
    legal = engine.legal_moves(0)
    chosen = no_feeding_throw(engine, 0, legal, four, first)  # type: ignore[arg-type]
    assert isinstance(chosen, Discard) and chosen.card != c("4S")
    # The Solo could, by the engine: 4♠ thrown, seat 1 takes the pile and melds it.
    after = More3.from_json(engine.to_json())
    after.apply(0, four)
    assert after.check(1, Take()) is None


def test_a_draw_where_the_whole_pile_could_go_down_becomes_the_take() -> None:
    # Finding 2 (seed 1): "Draw from the stock: the pile's 1 card would count 10 points
    # against you …; of them, this turn you could lay 8♦ (10 points)": no reason to draw.
    engine = more_at(
        [["6D", "7D", "KC", "4S", "9H"], ["5C", "JH", "QH"], ["QS", "KD", "4H"]],
        discard=["8D"],
        phase="draw",
    )
    legal = engine.legal_moves(0)
    assert Take() in legal
    assert pile_by_its_numbers(engine, 0, legal, Draw()) == Take()
    key, params = reason(engine, 0, engine.view(0), Draw())
    assert key == "hint_draw_pile_free_more"
    assert params["laid"] == "8♦"
    given = hint(engine, 0, random.Random(0))
    assert given is not None and given.move == Take()


def test_a_throw_breaks_no_pair_while_a_loose_card_waits() -> None:
    # Finding 4 (guided seed 244): "Throw 6♠: only 8♠ goes with it … The rest of your hand is
    # worth more to keep" with 3♣ going with nothing.
    engine = more_at(
        [["6S", "8S", "3C"], ["7H", "8D", "JC"], ["QS", "KH", "4H"]],
        discard=["9D"],
        melds=[{"seat": 0, "cards": ["6D", "2C", "8D"]}],
    )
    six = Discard(c("6S"))
    legal = engine.legal_moves(0)
    assert throws_loose_first(engine, 0, legal, six, first) == Discard(c("3C"))  # type: ignore[arg-type]
    key, params = reason(engine, 0, engine.view(0), six)
    assert key == "hint_throw_breaks_more"
    assert (params["partners"], params["loose"]) == ("8♠", "3♣")
    given = hint(engine, 0, random.Random(0))
    assert given is not None and given.move == Discard(c("3C"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_throw_that_keeps_a_pankal_meld_back_says_why(lang: str) -> None:
    # Finding 5 (guided seed 244): hand 6♠ 8♠ 6♦ 8♦ 2♣ 3♣, `meld 6D 2C 8D` legal, and the
    # hint said only "Throw 3♣ … The rest of your hand is worth more to keep".
    engine = more_at(
        [["6S", "8S", "6D", "8D", "2C", "3C"], ["7H", "9D", "JC"], ["QS", "KH", "4H"]],
        discard=["10S"],
    )
    key, params = reason(engine, 0, engine.view(0), Discard(c("3C")))
    assert key == "hint_with_kept_wild_more"
    assert params["wild"] == "2♣"
    said = t(key, lang, **params)
    assert "2♣" in said and params["meld"] in said


# The answer's two suits (hearts and diamonds) as each language names them at the table.
ANSWER_SUITS = {
    "en": ("hearts", "diamonds"),
    "ar": ("الكبة", "الديناري"),
    "hi": ("पान", "ईंट"),
    "nl": ("harten", "ruiten"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_75_steps_first_wrong_try_gives_the_rule_not_the_answer(lang: str) -> None:
    # The newcomer's lesson point: `meld 3S 4S 5S` at the 7.5 step answered "lay the hearts and
    # the diamonds together" at once. The rule comes first; the answer is the hint's.
    step = next(s for s in lesson("more3") if s.name == "03_the_7_5_rule")
    verdict = step.judge(Meld((c("3S"), c("4S"), c("5S"))), lang)
    assert not verdict.right
    assert "7.5" in verdict.message or "7,5" in verdict.message
    assert not any(suit in verdict.message for suit in ANSWER_SUITS[lang])
    # The hint still gives the answer: the lay of both runs.
    answer = answer_move(step)
    assert hint_for(step.position(), step.seat, answer).move == answer
