"""More hints a newcomer can trust (the fourth More newcomer's findings): "there is no safe
throw" says what makes a card that fits none of the next player's melds risky. Real engine,
real catalogues, and ``scripts/check_hints.py``'s checks."""

from __future__ import annotations

from bot.games.base import Discard
from bot.i18n import LANGUAGES, t
from bot.learning.hints import reason
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
