"""Issue 61, "teaching a newcomer can trust": a lesson's words answer the move made."""

from __future__ import annotations

import pytest

from bot.games.base import move_from_dict
from bot.i18n import LANGUAGES, say
from bot.learning.lessons import GAMES, Step, lesson

STEPS = [step for game in GAMES for step in lesson(game)]


def step_named(game: str, name: str) -> Step:
    return next(s for s in lesson(game) if s.name == name)


def not_held(step: Step) -> dict[str, object]:
    """The step's right answer with one card swapped for a card the learner doesn't hold."""
    held = {str(c) for c in step.position().view(step.seat).hand}
    other = next(c for c in ("KS", "QD", "9C", "4H", "AS", "5D") if c not in held)
    move = dict(step.answer[0])
    if "cards" in move:
        move["cards"] = [*list(move["cards"])[:-1], other]
    elif "card" in move:
        move["card"] = other
    else:
        first, *rest = move["melds"]
        move["melds"] = [[*first[:-1], other], *rest]
    return move


@pytest.mark.parametrize(
    "step", [s for s in STEPS if s.answer[0]["do"] not in ("take", "draw")], ids=lambda s: s.name
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_not_held_is_answered_with_that_alone(step: Step, lang: str) -> None:
    move = move_from_dict(not_held(step))
    verdict = step.judge(move, lang)
    reason = step.position().check(step.seat, move)
    assert verdict.refused and reason is not None
    assert say(reason, lang) in verdict.message
    # The step's rule is not why: it is left out.
    assert step.text("rule", lang) not in verdict.message


def test_a_refusal_about_the_lesson_still_gets_its_rule() -> None:
    step = step_named("runfast", "06_straight_ace_high")
    for cards in (["10S", "JD", "QH", "KC"], ["5C"], ["JD", "QH", "KC", "AS", "2S"]):
        verdict = step.judge(move_from_dict({"seat": 0, "do": "play", "cards": cards}))
        assert verdict.refused and step.text("rule") in verdict.message, cards


def test_a_move_out_of_order_gets_no_lesson_tip() -> None:
    # Mor's pile step starts before the draw: a throw there is refused for the turn's order,
    # which the pile's rule does not explain.
    step = step_named("mor", "02_the_pile")
    verdict = step.judge(move_from_dict({"seat": 0, "do": "discard", "card": "9S"}))
    assert verdict.refused
    assert step.text("rule") not in verdict.message


# ---------------------------------------------------------------- Run Fast: rules before the move

# The rules each step's success message once held alone, said only after the learner had acted:
# now its task says them, before the move.
RUN_FAST_TASKS = {
    "02_same_kind_and_size": ("same kind and size with a higher top card", "or by a bomb"),
    "03_must_beat": ("Whoever can beat the table must", "whoever played last leads the next"),
    "04_beat_the_pair_sequence": ("as many consecutive pairs with a higher top card",),
    "05_bomb": ("earns you 20, 10 from each of the others", "A bomb you lead earns nothing"),
    "07_triple_goes_out": ("twice that if they never played a card",),
    "08_the_ace_bomb": ("heavenly bomb", "four 3s played later are the lowest bomb"),
}


@pytest.mark.parametrize("name", sorted(RUN_FAST_TASKS))
def test_run_fast_tasks_teach_their_rules_before_the_move(name: str) -> None:
    step = step_named("runfast", name)
    for words in RUN_FAST_TASKS[name]:
        assert words in step.text("task"), words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_fast_bomb_pay_and_heavenly_bomb_come_before_the_move_in_every_language(
    lang: str,
) -> None:
    bomb = step_named("runfast", "05_bomb")
    assert "20" in bomb.text("task", lang) and "20" not in bomb.text("done", lang)
    ace = step_named("runfast", "08_the_ace_bomb")
    # The heavenly bomb is the four 3s: named in the task, no longer only in the done.
    assert ace.text("task", lang) != ace.text("task", "en") or lang == "en"
    assert len(ace.text("done", lang)) < len(ace.text("task", lang))


# ---------------------------------------------------------------- Mor: what the guided round left


def mor_texts(lang: str = "en") -> str:
    return " ".join(s.text(p, lang) for s in lesson("mor") for p in ("task", "rule", "done"))


def test_mors_lesson_teaches_the_rules_the_guided_round_was_left_with() -> None:
    said = mor_texts()
    for words in (
        "Jokers and 2s are wild",
        "at most one joker and one wild 2",
        "two natural cards",
        "in its own place in a run of its suit is a plain card",
        "the order you type the cards in",
        "3 to 6 are ½, 7 to K are 1, and aces, 2s and jokers 1½",
        "K A 2 is no run",
        "a run holds at most one ace",
        "may repeat a suit",
        "the stock's last card: the round ends with your throw",
        "201",
        "101",
        "a tie plays one more round",
        "one against one",
    ):
        assert words in said, words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mors_lesson_states_its_figures_in_every_language(lang: str) -> None:
    said = mor_texts(lang)
    for figure in ("201", "101", "100", "200"):
        assert figure in said, figure
    # The card values, as each language words them (Arabic says "half a point").
    values = next(s for s in lesson("mor") if s.name == "08_the_stock_runs_out").text("task", lang)
    assert "3" in values and "6" in values and "7" in values and "K" in values


def test_the_wilds_step_is_found_by_any_wild() -> None:
    # The task names the goal (a project with a wild), not the cards: the joker and the wild 2
    # both do it, and the joker alone (six cards) does not.
    step = step_named("mor", "07_wilds")
    for cards in (["JK", "JH"], ["2C", "JH"]):
        verdict = step.judge(move_from_dict({"seat": 0, "do": "add", "meld": 1, "cards": cards}))
        assert verdict.right, cards
    assert not step.judge(move_from_dict(step.wrong)).right


def test_the_mor_stock_out_step_ends_the_round_with_the_throw() -> None:
    step = step_named("mor", "08_the_stock_runs_out")
    engine = step.position()
    assert engine.view(0).stock_count == 0
    verdict = step.judge(move_from_dict(step.answer[0]))
    assert verdict.right and verdict.after is not None and not verdict.after.round_over
    after = verdict.after
    after.apply(0, move_from_dict({"seat": 0, "do": "discard", "card": "KD"}))
    assert after.round_over
    result = after.view(0).result
    assert result is not None and result.reason == "stock_out"


# ---------------------------------------------------------------- the rest of the turn


def test_throwing_a_card_of_the_pile_just_taken_gets_a_word() -> None:
    # Mor's pile step: take the pile, lay the 8♣ as it asks, then throw the Q♥ just taken.
    from bot.learning.lessons import rest_of_turn_note

    step = step_named("mor", "02_the_pile")
    verdict = step.judge(move_from_dict(step.answer[0]))
    assert verdict.right and verdict.after is not None
    engine = verdict.after
    engine.apply(0, move_from_dict({"seat": 0, "do": "add", "meld": 1, "cards": ["8C"]}))
    start = len(engine.record["moves"])
    engine.apply(0, move_from_dict({"seat": 0, "do": "discard", "card": "QH"}))
    made = engine.record["moves"][start:]
    for lang in LANGUAGES:
        note = rest_of_turn_note(step, verdict.events, made, lang)
        assert note is not None and "Q♥" in note
    # A card of the learner's own hand thrown is no undoing of the step: no word.
    again = step.judge(move_from_dict(step.answer[0])).after
    assert again is not None
    again.apply(0, move_from_dict({"seat": 0, "do": "add", "meld": 1, "cards": ["8C"]}))
    start = len(again.record["moves"])
    again.apply(0, move_from_dict({"seat": 0, "do": "discard", "card": "KD"}))
    assert rest_of_turn_note(step, verdict.events, again.record["moves"][start:]) is None
