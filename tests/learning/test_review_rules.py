"""The review and the hints' rules of thumb (bot.learning.review.ruled_out), on games played in
the real terminal: a move a rule of the hint chain calls a mistake is always looked at, and is
shown with the rule's words wherever the hint's move comes out ahead at all; a game of the
hint's own moves gets nothing new. And the "looked at" line names the moves where the cap
left some out."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

from bot.console.cli import game_options, parser
from bot.console.table import Console
from bot.games.base import Discard, Draw
from bot.games.cards import Card
from bot.games.registry import new_game
from bot.learning import review as rv
from bot.learning.hints import hint, hint_rng
from bot.replay import Replay

MEMBER = 0


def played(seed: int, lines: str) -> dict[str, Any]:
    """A Mor practice game at the terminal (``python -m bot.console mor --seed SEED``), the
    member typing ``lines``, until they run out: its record."""
    args = parser("en").parse_args(["mor", "--seed", str(seed)])
    engine = new_game("mor", game_options(args), seed)
    Console(engine, MEMBER, args.level, seed, io.StringIO(lines), io.StringIO(), False).play()
    return dict(engine.record)


def test_breaking_up_a_ready_run_is_always_looked_at() -> None:
    """The Mor newcomer (seed 11) drew and threw 9♣, then 8♣, then 7♣ while holding the run
    7♣ 8♣ 9♣; the review looked at none of it closely. Each throw that breaks up the run while
    a loose card waits goes against the hints' rule (``throws_loose_first``): looked at."""
    record = played(11, "draw\ndiscard 9C\ndraw\ndiscard 8C\ndraw\ndiscard 7C\ndraw\ndiscard 10C\n")
    replay = Replay(record)
    throws = [d for d in rv.decisions(replay, MEMBER) if isinstance(d.move, Discard)]
    assert [str(d.move.card) for d in throws] == ["9C", "8C", "7C", "10C"]
    first = replay.engine_at(throws[0].position)
    assert {"7C", "8C", "9C"} <= {str(c) for c in first.view(MEMBER).hand}
    ruled = rv.ruled_out(first, MEMBER, throws[0].move)
    assert isinstance(ruled, Discard) and ruled.card != throws[0].move.card
    key, params = rv.rule_reason(first, MEMBER, ruled, throws[0].move)
    assert key == "review.rule_breaks_meld"
    why = rv.t(key, "en", **params)
    assert why.startswith("Your 9♣ made a meld with 7♣ 8♣ from your hand"), why
    for lang in ("ar", "hi", "nl"):
        assert "{" not in rv.t(key, lang, **params)
    positions = rv.screening(record, MEMBER).positions
    assert throws[0].position in positions and throws[1].position in positions


def test_a_throw_a_rule_calls_a_mistake_is_shown_below_the_usual_margin() -> None:
    """Seed 34: the member draws and throws 2♠, a card that goes on the other team's melds,
    where a safe throw existed (``no_feeding_throw``). The hint's move is ahead by less than
    ``MIN_MARGIN`` on the review's few deals, which alone hid it; the rule shows it, in its
    own words."""
    record = played(34, "draw\ndiscard 2S\n")
    review = rv.review(record, MEMBER)
    shown = [i for i in review.items if isinstance(i.made, Discard)]
    assert len(shown) == 1, review.items
    item = shown[0]
    assert 0 < item.margin < rv.MIN_MARGIN["mor"]
    assert item.key == "review.rule_of_thumb"
    assert "no meld of the other team on the table now takes it, while" in item.why(), item.why()
    for lang in ("ar", "hi", "nl"):
        assert item.why(lang) and "{" not in item.why(lang)


def test_a_game_of_the_hint_s_moves_gets_nothing_new() -> None:
    """The member plays the hint's move at each of six turns of a Mor game (seed 11): no rule
    of the chain speaks against any, and the review shows nothing."""
    args = parser("en").parse_args(["mor", "--seed", "11"])
    engine = new_game("mor", game_options(args), 11)
    lines: list[Any] = []
    console = Console(engine, MEMBER, args.level, 11, io.StringIO(""), io.StringIO(), False)
    while len(lines) < 12 and not engine.round_over:
        if engine.turn != MEMBER:
            console.computer_turn(engine.turn)
            continue
        position = len(engine.record["moves"])
        found = hint(engine, MEMBER, hint_rng(engine.record, position))
        assert found is not None
        assert rv.ruled_out(engine, MEMBER, found.move) is None
        lines.append(found.move)
        engine.apply(MEMBER, found.move)
    assert any(isinstance(m, Draw) for m in lines)
    record = dict(engine.record)
    assert rv.review(record, MEMBER).items == ()


def test_the_looked_at_line_names_the_moves_where_the_cap_applies() -> None:
    review = rv.Review("mor", MEMBER, (), 60, 4, 0, 7, looked_at=(1, 2, 3, 9))
    text = review.looked()
    assert "no more than 40 of your moves: 7 more. It looked at moves 1–3, 9." in text, text
    assert rv.spans([5, 6, 8, 9, 10]) == ["5", "6", "8–10"]
    for lang in ("ar", "hi", "nl"):
        assert "{" not in review.looked(lang) and "9" in review.looked(lang)
    # No cap, no list.
    assert "It looked at" not in rv.Review("mor", MEMBER, (), 10, 4, 6).looked()


def test_a_broken_run_is_shown_by_its_rule_where_the_count_cannot_tell() -> None:
    """Seed 11 again: the playouts put laying 7♣ 8♣ 9♣ and throwing 9♣ within their noise of
    each other (at 4, 8, 16 and 32 deals), which hid the throw. The rule shows it, and the
    review claims no points for it: the rule of thumb is the reason."""
    record = played(11, "draw\ndiscard 9C\n")
    review = rv.review(record, MEMBER)
    item = next(i for i in review.items if i.made == Discard(Card(9, "C")))
    assert item.key == "review.rule_breaks_meld"
    assert not item.measured
    assert rv.margin_line(item) == rv.t("review.margin_unclear", "en")
    for lang in ("ar", "hi", "nl"):
        assert "{" not in rv.margin_line(item, lang) and "{" not in item.why(lang)
    # A measured item still gives its points.
    measured = dataclasses.replace(item, measured=True, margin=26.4)
    # It says what the number is: the playouts' average, a few turns on (``HORIZON``), not the
    # game's own difference (the fourth fresh Hand read took "about 166" for that).
    assert rv.margin_line(measured) == (
        "It played on from both moves for a few turns, the cards you can't see dealt several"
        " ways: on average about 26 points better for you."
    )
    for lang in ("ar", "hi", "nl"):
        assert "26" in rv.margin_line(measured, lang)
    runfast = dataclasses.replace(measured, view=dataclasses.replace(item.view, game="runfast"))
    assert "to the end of the round" in rv.margin_line(runfast)
