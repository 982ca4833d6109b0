"""Every lesson step: its position replays through bot.scenario, the right answer passes, a wrong
one is refused by the rules or allowed but not right, each with a sentence; its texts are in
every language's catalogue, and a step is judged in the language asked for."""

from __future__ import annotations

import json
import re

import pytest

from bot import scenario
from bot.games.base import Discard, Lay, Meld, Move, move_from_dict
from bot.games.cards import Card
from bot.i18n import LANGUAGES, catalogue, say, t
from bot.learning.lessons import (
    GAMES,
    PARTS,
    LessonError,
    Step,
    _step,
    answer_move,
    lesson,
    text_key,
)

STEPS = [step for game in GAMES for step in lesson(game)]


def test_every_game_has_a_short_lesson() -> None:
    for game in GAMES:
        assert 5 <= len(lesson(game)) <= 8, game


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_replays_as_a_table_file(step: Step, capsys: pytest.CaptureFixture[str]) -> None:
    # The file as shipped, moves included, through the command itself: exit 0 means the
    # position is usable and the answer is legal in it.
    path = f"bot/learning/lessons/{step.game}/{step.name}.json"
    assert scenario.main([path]) == 0, capsys.readouterr()
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["played"] == 1


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_right_and_wrong_answers(step: Step) -> None:
    right = step.judge(answer_move(step))
    assert right.right and right.message == step.text("done")
    wrong = step.judge(move_from_dict(step.wrong))
    assert not wrong.right
    assert step.text("rule") in wrong.message
    if wrong.refused:
        # The engine's own refusal sentence comes first.
        reason = step.position().check(step.seat, move_from_dict(step.wrong))
        assert reason and wrong.message.find(say(reason)) >= 0
    # Judging never changes the step: the same answer is right again.
    assert step.judge(answer_move(step)).right


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_choices_hold_a_right_and_a_wrong_answer(step: Step) -> None:
    verdicts = [step.judge(m) for m in step.choices()]
    assert any(v.right for v in verdicts) and any(not v.right for v in verdicts)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_step_is_worded_in_every_language(lang: str) -> None:
    texts = catalogue(lang).texts
    for step in STEPS:
        for part in PARTS:
            key = text_key(step.game, step.name, part)
            assert texts.get(key), f"{lang} lacks {key}"
            worded = step.text(part, lang)
            assert worded == texts[key] and worded != step.text(part), f"{lang} {key} is English"
            # The cards a text names are the position's, written the same in every language.
            cards = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|🃏")
            assert sorted(cards.findall(worded)) == sorted(cards.findall(step.text(part))), key


def test_the_table_files_hold_no_sentences() -> None:
    # The words live in the catalogue only: a text left in a file would silently go stale.
    for step in STEPS:
        assert not set(PARTS) & set(step.table["lesson"]), f"{step.game}/{step.name}"


def test_a_wrong_move_is_judged_in_arabic() -> None:
    for step in STEPS:
        wrong = step.judge(move_from_dict(step.wrong), "ar")
        assert not wrong.right
        rule = step.text("rule", "ar")
        assert rule in wrong.message and step.text("rule") not in wrong.message
        if wrong.refused:
            reason = step.position().check(step.seat, move_from_dict(step.wrong))
            assert reason and wrong.message == t(
                "lesson_refused", "ar", reason=reason, explain=rule
            )
            assert say(reason, "ar") in wrong.message
        else:
            assert wrong.message.startswith(t("lesson_wrong", "ar", explain=""))
            assert wrong.message.endswith(rule)
        right = step.judge(answer_move(step), "ar")
        assert right.right and right.message == step.text("done", "ar")


def test_a_step_without_its_texts_is_refused_naming_the_key() -> None:
    step = lesson("mor")[0]
    with pytest.raises(LessonError, match=r"lesson\.mor\.99_unwritten\.title"):
        _step("mor", "99_unwritten", 1, step.table)


def test_a_step_has_only_its_four_texts() -> None:
    with pytest.raises(ValueError, match="no text 'comment'"):
        lesson("hand")[0].text("comment")


CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|🃏")


def faces(cards: object) -> list[str]:
    return [c.pretty for c in cards]  # type: ignore[attr-defined]


def move_cards(move: Move) -> list[Card]:
    if isinstance(move, Discard):
        return [move.card]
    return list(getattr(move, "cards", ()))


def tries(step: Step) -> list[Move]:
    """Many answers a learner might type at the step: every legal move, every card thrown,
    every three or four cards of the hand laid as one meld, the step's own wrong example."""
    engine = step.position()
    hand = list(engine.view(step.seat).hand)
    out = list(engine.legal_moves(step.seat))
    out += [Discard(c) for c in hand]
    out += [Meld(tuple(hand[i : i + n])) for n in (3, 4) for i in range(len(hand) - n + 1)]
    out.append(move_from_dict(step.wrong))
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_a_wrong_answers_words_are_about_the_move_made(step: Step) -> None:
    """Whatever the learner tried, the words after a wrong answer are true of that move: the
    rule is the step's (true of the position), and every card the rest names is one the move
    used or one the hand still holds after it; where the step is about emptying the hand, the
    cards said to stay are exactly those that stay."""
    codes = re.findall(r'"((?:10|[2-9AJQK])[SHDC]|JK)"', json.dumps(step.table["position"]))
    seen = {Card.parse(code).pretty for code in codes}  # the hands, the piles, the melds
    rule = step.text("rule")
    assert set(CARD.findall(rule)) <= seen, "the rule names a card the position lacks"
    wrong = 0
    for move in tries(step):
        verdict = step.judge(move)
        if verdict.right:
            continue
        wrong += 1
        assert verdict.message.endswith(rule), (move, verdict.message)
        said = verdict.message[: -len(rule)]
        if verdict.refused:
            reason = step.position().check(step.seat, move)
            assert reason is not None and said == t("lesson_refused", reason=reason, explain="")
            continue
        assert verdict.after is not None
        left = faces(verdict.after.view(step.seat).hand)
        assert set(CARD.findall(said)) <= set(faces(move_cards(move))) | set(left), said
        emptying = step.goal.hand_left is not None or {"TookSidePile", "RoundOver"} & set(
            step.goal.events
        )
        if emptying and (not step.goal.do or move.do in step.goal.do):
            still = said.split("still holds", 1)[1]
            assert sorted(CARD.findall(still)) == sorted(left), (move, said)
    assert wrong >= 1


def test_the_wrong_answers_the_issue_tried_get_their_own_words() -> None:
    hand = lesson("hand")
    opening, the_hand = hand[0], hand[-1]
    # Three kings and three clubs were once said of a lay of four clubs.
    message = opening.judge(Meld(tuple(Card.parse(c) for c in ["5C", "6C", "7C", "8C"]))).message
    assert "48" not in message and "worth 26" in message
    laid = Lay(
        (
            tuple(Card.parse(c) for c in ["AS", "AH", "AD"]),
            tuple(Card.parse(c) for c in ["JC", "QC", "KC"]),
        )
    )
    message = the_hand.judge(laid).message
    assert "K♣ stays" not in message and "still holds 5♦ 10♣" in message
