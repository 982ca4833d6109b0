"""Issue 61, second wave: More's and Hand's lessons and coach say a rule before it matters."""

from __future__ import annotations

from bot.i18n import t
from bot.learning.lessons import guided, lesson


def test_hand_open_or_wait_note_names_the_taken_card() -> None:
    engine = guided.guided_game("hand")
    coach = guided.Coach("hand")
    import random

    rng = random.Random("t")
    while not engine.round_over:
        seat = engine.turn
        legal = engine.legal_moves(seat)
        if seat != guided.MEMBER:
            engine.apply(seat, guided.ai.choose_move(engine.view(seat), legal, "normal", rng))
            continue
        stop = coach.stop(engine)
        view = engine.view(seat)
        for note in stop.notes:
            if note.rule == "hand" and view.must_lay:
                assert note.key == "coach.hand.hand.taken"
                assert view.must_lay[0].pretty in note.text()
                return
        assert stop.move is not None
        engine.apply(seat, stop.move)
    raise AssertionError("the guided round never had an open-or-wait note at a taken card")


def test_more_lessons_teach_pankal_limit_and_partner_exemption() -> None:
    steps = {s.name: s for s in lesson("more3")}
    assert "one pankal at most" in steps["04_pure_biriba"].text("task")
    assert "partner is down" in steps["03_the_7_5_rule"].text("task")
    assert "3100" in steps["07_go_out"].text("done")
    assert "both More piles were taken" in t("coach.more3.stock")
