"""A newcomer reads a step's task before moving: what the move needs is told there, not after."""

from __future__ import annotations

import re

import pytest

from bot.games.base import (
    Discard,
    Draw,
    Lay,
    Meld,
    Phase,
    RoundEnd,
    RoundOver,
    Take,
    move_from_dict,
)
from bot.games.cards import Card
from bot.games.notation import parse_move
from bot.i18n import LANGUAGES, t
from bot.learning.lessons import Step, answer_move, lesson


def _task(game: str, name: str, lang: str) -> str:
    step = next(s for s in lesson(game) if s.name == name)
    return step.text("task", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_opening_step_says_what_cards_are_worth(lang: str) -> None:
    task = _task("hand", "01_open_with_51", lang)
    assert "11" in task and "10" in task and "51" in task
    # The values come before the instruction to open.
    assert task.index("11") < task.index("51")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_step_says_the_scores_a_hand_doubles(lang: str) -> None:
    task = _task("hand", "06_the_hand", lang)
    assert "30" in task and "100" in task and "60" in task


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["03_add_to_any_meld", "04_reclaim_the_joker"])
def test_hand_steps_that_start_mid_turn_say_you_have_drawn(name: str, lang: str) -> None:
    drawn = {"en": "drawn", "ar": "سحبت", "hi": "उठा चुके", "nl": "getrokken"}[lang]
    assert drawn in _task("hand", name, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_fast_first_step_tells_deck_and_ranks(lang: str) -> None:
    task = _task("runfast", "01_lead_with_the_3_of_hearts", lang)
    assert "48" in task and "A♥" in task and "2♠" in task
    assert "A, 2" in task or "A ثم 2" in task


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_fast_last_step_tells_the_settlement_before_the_move(lang: str) -> None:
    task = _task("runfast", "07_triple_goes_out", lang)
    assert "1" in task and "10" in task and "2♠" in task


# ---------------------------------------------------------------- Hand, issue 61


def _hand(name: str) -> Step:
    return next(s for s in lesson("hand") if s.name == name)


CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b")
PRETTY = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|🃏")


def _named(text: str) -> set[Card]:
    """The cards a text names, typed (``7H``) or drawn (``7♥``)."""
    return {Card.parse(c) for c in CODE.findall(text) + PRETTY.findall(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_first_step_shows_how_to_lay_two_melds_at_once(lang: str) -> None:
    # The opening needs two melds in one lay, and the step never showed the `lay A | B` form.
    step = _hand("01_open_with_51")
    card = r"(?:10|[2-9AJQK])[SHDC]"
    typed = re.search(rf"lay (?:{card} )+\|(?: {card})+", step.text("task", lang))
    assert typed, step.text("task", lang)
    move = parse_move(typed.group(0).strip())
    assert isinstance(move, Lay) and len(move.melds) == 2
    # An example of the form, not the step's answer, and none of the hand's cards.
    assert not set(move.cards) & set(step.position().view(step.seat).hand)


def test_hand_take_step_needs_the_top_discard_to_open() -> None:
    # The task says: take the top discard if it lets you open with 51, otherwise draw. The hand
    # once opened with 73 without it, so the task contradicted its own right answer.
    step = _hand("02_take_into_the_opening")
    data = {k: v for k, v in step.table.items() if k not in ("moves", "lesson")}
    data = {**data, "position": {**data["position"], "phase": "play"}}
    without = type(step.position()).from_table_file(data)  # the hand as it is, drawn nothing
    assert not [m for m in without.legal_moves(step.seat) if isinstance(m, Lay | Meld)]
    taken = step.position()
    taken.apply(step.seat, Take())
    assert [m for m in taken.legal_moves(step.seat) if isinstance(m, Lay | Meld)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_tasks_and_rules_leave_the_cards_to_the_learner(lang: str) -> None:
    # The learner finds the move: neither the task nor the words after a wrong try (the rule)
    # name a card of the answer; the hint and the words after the right answer may.
    for step in lesson("hand"):
        answer = set(getattr(answer_move(step), "cards", ()))
        for part in ("task", "rule"):
            named = _named(step.text(part, lang)) & answer
            assert not named, (step.name, part, named)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_lesson_teaches_what_a_first_game_runs_into(lang: str) -> None:
    """Issue 61: the starter's 15 cards, the ace low or high (one a run), a joker's place by
    the typed order, a joker in a set, two of a card, the stock running out: each said in a
    task before a first game meets it (the numbers and typed cards read the same in every
    language), and in the coach's notes."""
    tasks = [s.text("task", lang) for s in lesson("hand")]
    assert any("15" in x and "14" in x for x in tasks)
    assert any("(A 2 3)" in x and "(Q K A)" in x for x in tasks)
    assert any("meld 5H 6H JK" in x and "meld JK 5H 6H" in x for x in tasks)
    assert "15" in t("coach.hand.turn", lang)
    assert "(A 2 3)" in t("coach.hand.sets", lang) and "(Q K A)" in t("coach.hand.sets", lang)
    assert "meld 5H 6H JK" in t("coach.hand.joker", lang)


def test_hand_set_step_holds_a_card_twice_and_teaches_the_set_swap() -> None:
    step = _hand("05_joker_in_a_set")
    hand = step.position().view(step.seat).hand
    assert len(hand) > len(set(hand)), "two decks: a card can come twice"
    # The wrong example puts the twins in one set: the engine refuses it.
    assert step.judge(move_from_dict(step.wrong)).refused
    assert "Two decks" in step.text("task") and "both missing suits" in step.text("task")


def test_hand_stock_out_step_lays_out_all_106_cards_and_ends_at_the_throw() -> None:
    step = _hand("07_the_stock_runs_out")
    assert step.number == len(lesson("hand"))
    state = step.position().scenario_state()
    placed = sum(len(h) for h in state["hands"]) + len(state["discard"])
    placed += sum(len(m["cards"]) for m in state["melds"])
    assert state["stock"] == 0 and placed == 106
    assert "−30" in step.text("task") and "100" in step.text("task")
    right = step.judge(answer_move(step))
    assert right.right and right.after is not None and not right.after.round_over
    after = right.after
    events = after.apply(step.seat, Discard(after.view(step.seat).hand[0]))
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.reason == RoundEnd.STOCK_OUT and -30 not in over.result.scores


# ---------------------------------------------------------------- More, issue 61

# "You've already drawn this turn", as each catalogue says it.
DRAWN = {
    "en": "already drawn",
    "ar": "سحبت ورقتك في هذا الدور",
    "hi": "पत्ता उठा चुके हैं",
    "nl": "al getrokken",
}


@pytest.mark.parametrize(("game", "least"), [("mor", 5), ("more3", 7)])
def test_every_step_that_starts_after_the_draw_says_so(game: str, least: int) -> None:
    # A newcomer's first `draw` in More's steps 2, 3 and 6 met "You have already drawn this
    # turn"; Mor's steps said nothing of the draw either (issue 61).
    mid_turn = 0
    for step in lesson(game):
        engine = step.position()
        if engine.view(step.seat).phase != Phase.PLAY:
            continue
        mid_turn += 1
        # A step in the play phase is a turn whose draw is done, not the starter's opening
        # (where a draw is refused for another reason and "already drawn" would be untrue).
        refused = engine.check(step.seat, Draw())
        assert refused is not None and refused.key == "game.already_drawn", step.name
        for lang, words in DRAWN.items():
            assert words in step.text("task", lang), (step.name, lang)
    assert mid_turn >= least


@pytest.mark.parametrize("lang", LANGUAGES)
def test_more_lesson_says_the_wilds_and_their_7_5_values(lang: str) -> None:
    # The 2s are wild in More, and the 7.5 rule counts them (1) and the joker (2): the lesson
    # said neither before a 2S turned up inside a meld.
    steps = {s.name: s for s in lesson("more3")}
    opening = steps["03_the_7_5_rule"].text("task", lang)
    assert "0.5" in opening.replace(",", ".") and "1.5" in opening.replace(",", ".")
    joker = {"en": "joker 2", "ar": "الجوكر بـ2", "hi": "जोकर का 2", "nl": "joker voor 2"}[lang]
    assert joker in opening
    wilds = steps["04_pure_biriba"].text("task", lang)
    two = {"en": "2s", "ar": "الاثنينات الثماني", "hi": "आठों 2", "nl": "2's"}[lang]
    assert two in wilds


@pytest.mark.parametrize("lang", LANGUAGES)
def test_more_roles_note_says_the_solo_tie_break(lang: str) -> None:
    # RULES.md §2: tied lowest totals go to whoever was Solo least recently, then play order.
    roles = t("coach.more3.roles", lang)
    words = {
        "en": ("On a tie", "longest", "play order"),
        "ar": ("التعادل", "أطول", "بترتيب اللعب"),
        "hi": ("बराबरी", "सबसे ज़्यादा समय", "खेल के क्रम"),
        "nl": ("gelijke stand", "het langst", "speelvolgorde"),
    }[lang]
    assert all(w in roles for w in words), roles
