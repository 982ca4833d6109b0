"""More hints a newcomer can trust (the fourth More newcomer's findings): "there is no safe
throw" says what makes a card that fits none of the next player's melds risky. Real engine,
real catalogues, and ``scripts/check_hints.py``'s checks."""

from __future__ import annotations

from bot.games.base import Discard, Draw, Take
from bot.games.more3 import More3
from bot.i18n import LANGUAGES, t
from bot.learning.hints import reason
from bot.learning.review import review_reason
from tests.ai.repo_script import load_script
from tests.learning.test_more_newcomer2 import c, more_at

check = load_script("scripts/check_hints.py")


def test_no_safe_throw_names_the_picked_up_cards_a_card_goes_with() -> None:
    # Finding 2 (seed 3, round 4): "every card you could throw here might let them take the
    # discard pile" while Q♦ fit none of the Solo's melds: it goes with the K♦ the Solo picked
    # up, and the reason now says so. 10♥ goes onto the Solo's 7♥ 8♥ 9♥.
    engine = more_at(
        [["QD", "10H"], ["3S", "5C", "9S", "KD"], ["QS", "4S"]],
        discard=["3C"],
        melds=[{"seat": 1, "cards": ["7H", "8H", "9H"]}],
    )
    engine.shown[1] = [c("KD")]
    key, params = reason(engine, 0, engine.view(0), Discard(c("QD")))
    assert key == "hint_throw_gift_forced_shown_more" and params["partners"] == "K♦"
    assert check.check_reason(engine, 0, Discard(c("QD")), key, params) == []
    for lang in LANGUAGES:
        assert "K♦" in t(key, lang, **params)
    # A card the Solo didn't pick up is found false.
    wrong = dict(params, partners="J♦")
    assert check.check_reason(engine, 0, Discard(c("QD")), key, wrong)
    # 10♥ fits their meld: the plain sentence stays, true by the check.
    key, params = reason(engine, 0, engine.view(0), Discard(c("10H")))
    assert key == "hint_throw_gift_forced_more"
    assert check.check_reason(engine, 0, Discard(c("10H")), key, params) == []


def seed3_round3_pile() -> More3:
    """The fourth More newcomer's seed 3, round 3: the pile's 10♣ goes onto meld 2, and once it
    is down, 8♠ of the pile goes onto the partner's meld 1."""
    return More3.from_table_file(
        {
            "game": "more3",
            "dealer": 2,
            "position": {
                "hands": [["2H"], ["KH", "KS"], ["QH", "QS"]],
                "discard": ["6C", "3H", "KC", "8S", "10C"],
                "solo": 2,
                "turn": 0,
                "phase": "draw",
                "opened": [0, 1],
                "side_taken": [True, False],
                "melds": [
                    {"seat": 1, "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "2D"]},
                    {"seat": 1, "cards": ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "JK"]},
                ],
            },
        }
    )


def test_the_review_says_what_a_take_brings_over_a_draw() -> None:
    # Finding 9: the review's reason for a take over the member's draw only repeated the move
    # ("then you must first meld the top card"). It now names where the top card goes and
    # what of the pile could go down this turn: 10♣ onto meld 2, then 8♠ onto meld 1.
    engine = seed3_round3_pile()
    key, params = review_reason(engine, 0, Take(), Draw())
    assert key == "review.more_take_brings"
    assert check.check_reason(engine, 0, Take(), key, params) == []
    text = t(key, "en", **params)
    assert "10♣ could go onto meld 2" in text and "8♠ 10♣" in text
    for lang in LANGUAGES:
        assert "8♠ 10♣" in t(key, lang, **params)
    assert check.check_reason(engine, 0, Take(), key, dict(params, laid="10♣"))


def _stuck_on_dirty_biribas(hand: list[str]) -> More3:
    """The fourth newcomer's seed 3, round 3: the Pair took its More pile and holds two dirty
    biribas and no pure one, so it can't go out; seat 0 has drawn."""
    data = {
        "game": "more3",
        "seed": 1,
        "dealer": 2,
        "totals": [0, 0, 0],
        "position": {
            "hands": [hand, ["KD", "KH", "5S"], ["5H", "9S"]],
            "solo": 1,
            "turn": 0,
            "phase": "play",
            "melds": [
                {"seat": 0, "cards": ["4D", "5D", "6D", "JK", "8D", "9D", "10D"]},
                {"seat": 2, "cards": ["3C", "4C", "5C", "JK", "7C", "8C", "9C"]},
            ],
            "side_taken": [True, False],
            "stock": ["10S", "QC", "JC", "4H", "6H"],
        },
    }
    return More3.from_table_file(data)


def test_a_hand_near_its_end_is_told_why_it_cannot_go_out() -> None:
    # Finding 3: one card held for 18 turns beside dirty biribas, and no hint said that going
    # out needs a pure one; "3♦ can go onto them later" of a last card, which is never laid.
    engine = _stuck_on_dirty_biribas(["QS", "3D"])
    for card in ("QS", "3D"):
        move = Discard(c(card))
        key, params = reason(engine, 0, engine.view(0), move)
        assert key == "hint_with_near", (card, key)
        assert params["near"].key == "more3.hint_near_needs_biribas"
        inner = params["reason"].key
        assert inner not in ("hint_throw_alone_keeps_own_more", "hint_throw_own_meld_kept_more")
        assert check.check_reason(engine, 0, move, key, params) == []
        for lang in LANGUAGES:
            assert "{" not in t(key, lang, **params)
    # The engine agrees: the last card can't be thrown to go out.
    left = _stuck_on_dirty_biribas(["3D"])
    refusal = left.check(0, Discard(c("3D")))
    assert refusal is not None and refusal.key == "more3.go_out_needs_biribas"
    # The old sentences are false by the check where the throw keeps one card.
    said = {"card": "Q♠", "own": "3♦"}
    assert check.check_reason(engine, 0, Discard(c("QS")), "hint_throw_alone_keeps_own_more", said)
    # With a card to throw beside it, a card for the side's meld is still kept for it.
    roomy = _stuck_on_dirty_biribas(["QS", "3D", "KC", "QC"])
    key, params = reason(roomy, 0, roomy.view(0), Discard(c("QS")))
    assert (key, params["own"]) == ("hint_throw_alone_keeps_own_more", "3♦")
    assert check.check_reason(roomy, 0, Discard(c("QS")), key, params) == []
