"""The third Run Fast newcomer's findings (report newcomer-runfast-fresh3): an opponent down to
one card, and the review's reason that names what differs between two plays."""

from __future__ import annotations

from typing import Any

from bot.computers.selfplay import careless_game, practice_game
from bot.games.base import Count
from bot.i18n import LANGUAGES, t
from bot.learning import review as rv
from bot.learning.hints import advise, hint_for, hint_move, hint_rng
from bot.learning.review import review_reason
from bot.replay import Replay
from tests.ai.repo_script import load_script
from tests.learning.test_hints_mor_runfast import _play, _runfast

check = load_script("scripts/check_hints.py")


_DECK = [
    f"{r}{s}"
    for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for s in "SHDC"
    if f"{r}{s}" != "AH"
] + ["2S"]


def _last_card(hand: str, trick: str) -> Any:
    # Seat 2 has led its last-but-one card and holds one more (K♦): any single that beats the
    # table after seat 1 lets it go out. Every card is dealt, as in a game: the cards the seat
    # can't see are the others'.
    dealt = set(hand.split())
    rest = [c for c in _DECK if c not in dealt and c not in ("KD", "9D")]
    return _runfast(
        [hand, " ".join(rest), "KD"],
        trick=trick.split(),
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )


def test_over_a_single_with_an_opponent_on_one_card_the_hint_plays_high() -> None:
    # Seed 4: "Play 10♠: … your higher cards stay in your hand for later" while seat 2, down
    # to one card, would go out on any single that beats it.
    engine = _last_card("6S 9S 10S JD", "9D")
    legal = engine.legal_moves(0)
    chosen = advise(engine, 0, legal, lambda ok: _play("10S"))
    assert chosen == _play("JD")
    h = hint_for(engine, 0, chosen)
    assert h.key == "hint_play_beat_near_out"
    assert check.check_reason(engine, 0, chosen, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "{" not in h.text(lang) and "J♦" in h.text(lang), lang
    # The lowest beat is no longer said to keep the higher cards "for later".
    assert "later" not in h.text()


def test_a_bombs_card_is_not_spent_on_a_single_for_the_one_card_opponent() -> None:
    engine = _last_card("6S 10S QS QH QD QC", "9D")
    chosen = advise(engine, 0, engine.legal_moves(0), lambda ok: _play("10S"))
    assert chosen == _play("10S")


def test_a_lone_card_is_not_led_into_an_opponent_on_one_card_when_a_pair_is_there() -> None:
    engine = _runfast(["4S 7S 7H JD", "5D 8S 9H 4C", "KD"], turn=0, played=[True, True, True])
    chosen = advise(engine, 0, engine.legal_moves(0), lambda ok: _play("4S"))
    assert chosen == _play("7S 7H")
    h = hint_for(engine, 0, chosen)
    assert h.key == "hint_play_lead_near_out"
    assert check.check_reason(engine, 0, chosen, h.key, h.params) == []


def test_the_review_names_what_its_play_keeps_whole_and_what_yours_leaves_alone() -> None:
    # Seed 13, move 12: "Lead 7♦ 7♣: 2 cards out at once …" beside the member's 7♦ 7♣ 8♥ 8♣,
    # which took 4 out: the difference is the triple 8 8 8 kept, and 8♠ 9♥ left alone.
    engine = _runfast(
        ["7D 7C 8S 8H 8C 9H", "5D 8D 9S 4C", "KD QS"], turn=0, played=[True, True, True]
    )
    better, made = _play("7D 7C"), _play("7D 7C 8H 8C")
    key, params = review_reason(engine, 0, better, made)
    assert key == "review.runfast_keeps_whole_loose"
    assert check.check_reason(engine, 0, better, key, params) == []
    text = t(key, "en", **params)
    assert "the triple 8♠ 8♥ 8♣" in text and "(8♠ 9♥)" in text, text
    assert "out at once" not in text
    for lang in LANGUAGES:
        said = t(key, lang, **params)
        assert "{" not in said and "8♠ 9♥" in said and "7♦ 7♣ 8♥ 8♣" in said, lang
    # The check catches a wrong list of the cards left alone, and a kept group the play splits.
    wrong = {**params, "loose": "9♥", "count": Count("n_cards", 1)}
    assert check.check_reason(engine, 0, better, key, wrong) != []
    assert check.check_reason(engine, 0, _play("8S 8H 8C"), key, params) != []


def test_the_review_keeps_the_hints_reason_where_the_hands_left_do_not_differ() -> None:
    engine = _runfast(["4S 9H KD", "5D 8D 9S 4C", "KC QS"], turn=0, played=[True, True, True])
    key, _ = review_reason(engine, 0, _play("4S"), _play("9H"))
    assert not key.startswith("review.runfast_")


def _follower(engine: Any, seat: int, rng: Any) -> Any:
    return hint_move(engine, seat, hint_rng(engine.record))


def test_the_review_says_plainly_which_moves_went_against_the_hint() -> None:
    # Finding 4: "one of those moves may still have gone against a hint" after a game whose
    # every hint was followed (seed 11).
    followed = practice_game("runfast", 11, _follower)
    review = rv.review(followed, 0, samples=2)
    assert review.off_hint == ()
    text = review.looked()
    assert t("review.usual_not_hint") not in text
    assert t("review.usual_all_hint") in text or not review.usual
    # A careless game names each move, counted as ``again N`` counts, that went against it.
    careless = careless_game("runfast", 4, 0)
    found = rv.screening(careless, 0)
    assert found.off_hint
    replay = Replay(careless)
    for d in rv.decisions(replay, 0):
        number = rv.move_number(careless, 0, d.position)
        if number in found.off_hint:
            engine = replay.engine_at(d.position)
            hinted = hint_move(engine, 0, hint_rng(careless, d.position))
            assert hinted is not None and not rv.same_move(hinted, d.move)
            assert d.position not in found.positions
    said = rv.Review("runfast", 0, (), 10, 0, 0, 0, found.off_hint).looked()
    assert ", ".join(map(str, found.off_hint)) in said
    assert t("review.usual_not_hint") not in said


def test_a_beat_that_splits_the_higher_combination_says_why() -> None:
    # Seed 9: "Play A♣ … 7♦ beats it too and is lower, but no simple rule of thumb picks it":
    # every beat of 5♣ splits something, and A♣ the higher pair, keeping 7 7 and 8 8 8 whole.
    engine = _runfast(
        ["7D 7C 8S 8D 8C AD AC", "5D 9S 4C", "KD QS"],
        trick=["5C"],
        trick_seat=2,
        turn=0,
        played=[True, True, True],
    )
    ace = _play("AC")
    h = hint_for(engine, 0, ace)
    assert h.key == "runfast.hint_play_beat_split_high"
    assert check.check_reason(engine, 0, ace, h.key, h.params) == []
    text = h.text()
    assert "the pair A♦ A♣" in text and "7♦ 7♣" in text and "8♠ 8♦ 8♣" in text, text
    for lang in LANGUAGES:
        assert "{" not in h.text(lang), lang
    # Said of 7♦, lower and splitting the lower pair, the check finds it false.
    seven = _play("7D")
    params = {**h.params, "cards": "7♦"}
    assert check.check_reason(engine, 0, seven, h.key, params) != []
