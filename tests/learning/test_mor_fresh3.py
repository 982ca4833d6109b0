"""The fresh Mor newcomer's third read: throw reasons that read as no guarantee, an ace's worth,
a clean meld one card short of a project, and the lesson texts of closing and wilds."""

from __future__ import annotations

from typing import Any

from bot.games.base import Add, Discard
from bot.games.cards import Card
from bot.games.notation import parse_move
from bot.games.registry import engine_class
from bot.i18n import LANGUAGES, t
from bot.learning.hints import base_reason, hint_for
from bot.learning.lessons import lesson
from tests.ai.repo_script import load_script

check_reason = load_script("scripts/check_hints.py").check_reason


def _mor(position: dict[str, Any]) -> Any:
    return engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 4, "length": "full"},
            "dealer": 3,
            "position": {"turn": 0, "phase": "play", **position},
        }
    )


def test_a_throw_that_feeds_no_meld_now_is_not_told_as_safe() -> None:
    # Finding 2: "it goes on none of the other team's melds" read as a safe throw; the next
    # player then took it into a new meld from the hand.
    engine = _mor(
        {
            "hands": [["8H", "KC", "9S", "4D"], ["AH", "AS", "7C"], ["3C", "QD"], ["2C", "9D"]],
            "melds": [{"seat": 1, "cards": ["5H", "6H", "7H"]}],
        }
    )
    h = hint_for(engine, 0, Discard(Card.parse("KC")))
    assert h.key == "hint_throw_not_theirs"
    assert check_reason(engine, 0, h.move, h.key, h.params) == []
    said = t(h.key, "en", **h.params)
    assert "on the table now" in said and "new meld" in said, said


def test_a_thrown_ace_says_what_it_is_worth() -> None:
    # Finding 3: "Throw A♦: no other card … can make a meld with it" said nothing of an ace.
    engine = _mor(
        {
            "hands": [["AD", "7C", "8C", "KS", "KH"], ["AH", "AS", "7D"], ["3C", "QD"], ["9D"]],
            "melds": [{"seat": 0, "cards": ["4S", "5S", "6S"]}],
        }
    )
    move = Discard(Card.parse("AD"))
    h = hint_for(engine, 0, move)
    assert h.key == "mor.hint_throw_alone_ace", h.key
    assert check_reason(engine, 0, move, h.key, h.params) == []
    for lang in LANGUAGES:
        assert "1½" in t(h.key, lang, **h.params)
    # Told of a card that isn't an ace, the check catches it.
    assert check_reason(engine, 0, Discard(Card.parse("KS")), h.key, {"card": "K♠"}) != []


def _short(meld: list[str], hand: list[str], added: str) -> tuple[Any, Any, Any]:
    engine = _mor(
        {
            "hands": [hand, ["9H", "QS", "7D"], ["3C", "QD"], ["2D", "9D"]],
            "melds": [{"seat": 2, "cards": meld}],
        }
    )
    move = Add(meld=1, cards=(Card.parse(added),))
    return engine, move, hint_for(engine, 0, move)


def test_a_clean_set_one_short_of_a_300_is_said_and_checked() -> None:
    # Finding 3: the team's set of aces stood at six, one short of a 300, and no hint said so.
    engine, move, h = _short(["AS", "AH", "AD", "AC", "AS"], ["AH", "7C", "9D", "KS"], "AH")
    assert h.key == "mor.hint_with_short", h.key
    assert h.params["short"].key == "mor.hint_short_set"
    # What the move does stays the reason under the note (a review, the coach read it).
    assert base_reason(h.key, h.params)[0] != "mor.hint_with_short"
    assert check_reason(engine, 0, move, h.key, h.params) == []
    assert "300" in t(h.key, "en", **h.params)
    # The same words for a run would be false, and the check says so.
    wrong = {**h.params, "short": type(h.params["short"])("mor.hint_short_run", {"meld": 1})}
    assert check_reason(engine, 0, move, h.key, wrong) != []


def test_a_clean_run_one_short_of_a_200_is_said_but_not_one_with_a_wild() -> None:
    engine, move, h = _short(["4C", "5C", "6C", "7C", "8C"], ["9C", "KS", "KH", "3D"], "9C")
    assert h.key == "mor.hint_with_short" and h.params["short"].key == "mor.hint_short_run"
    assert check_reason(engine, 0, move, h.key, h.params) == []
    # Six cards with a joker: no 200 is one card away, so nothing is said.
    _, _, dirty = _short(["4C", "5C", "6C", "7C", "JK"], ["9C", "KS", "KH", "3D"], "9C")
    assert dirty.key != "mor.hint_with_short"


def test_closing_step_says_the_partners_hand_counts_too() -> None:
    # Finding 4: "the opponents count their hands against them" left out the partner's hand.
    step = lesson("mor")[4]
    verdict = step.judge(parse_move("discard KD"))
    assert verdict.right and "partner" in verdict.message, verdict.message


def test_wilds_step_says_when_two_wilds_were_spent_where_one_does() -> None:
    # Finding 4: "add 1 2C JK" was praised with no word that the joker and J♥ do it with one.
    step = lesson("mor")[6]
    two = step.judge(parse_move("add 1 2C JK"))
    assert two.right and "two wilds" in two.message and "🃏 J♥" in two.message, two.message
    one = step.judge(parse_move("add 1 JK JH"))
    assert one.right and "two wilds" not in one.message
    for lang in LANGUAGES:
        assert "🃏 J♥" in step.judge(parse_move("add 1 2C JK"), lang).message


def test_the_stock_out_step_shows_a_table_as_a_round_ends() -> None:
    # Finding 5: the step showed an 81-card discard pile sorted by rank, a set-up artefact.
    # Now most cards lie in melds and the pile is short; the step's point holds: the KD and
    # QC the learner keeps go on no meld of the table, the 4S 5S 6S go down.
    from bot.games.melds import MOR_MELDS, Meld, added_or_why

    step = next(s for s in lesson("mor") if s.name == "08_the_stock_runs_out")
    engine = step.position()
    view = engine.view(0)
    assert view.stock_count == 0 and len(engine.discard) <= 12
    pile = [str(c) for c in engine.discard]
    assert pile != sorted(pile)
    for code in ("KD", "QC"):
        card = Card.parse(code)
        assert not any(
            isinstance(added_or_why(m.meld, [card], MOR_MELDS), Meld) for m in engine.melds.values()
        ), code
    assert step.judge(parse_move("meld 4S 5S 6S")).right


def test_the_run_step_keeps_to_runs_and_the_set_rule_sits_with_sets() -> None:
    # Finding 7: step 3 (a run of seven) also told that a set of 3s or aces may repeat a suit.
    steps = lesson("mor")
    for lang in LANGUAGES:
        assert steps[0].text("done", lang) != steps[0].text("done", "en") or lang == "en"
    assert "set" not in steps[2].text("task").replace("settle", "")
    assert "may repeat a suit" in steps[0].text("done")
