"""The review in the terminal: after a game, ``review`` lists where the hard player would have
played otherwise, a bad ``again`` is answered in one sentence, and ``again N`` plays on from
that move as a new game."""

from __future__ import annotations

import io
import random

from bot.ai import choose_move
from bot.console.cli import Console
from bot.games.notation import move_text
from bot.games.registry import new_game
from bot.learning.review import review


class Careless(io.StringIO):
    """A player who types a random legal move at each turn and Enter under each score sheet;
    once the game is over, the ``after`` lines, then the end of input."""

    def __init__(self, after: list[str]) -> None:
        super().__init__()
        self.console: Console | None = None
        self.after = list(after)
        self.typed = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None
        engine, seat = self.console.engine, self.console.seat
        if engine.game_over:
            return self.after.pop(0) + "\n" if self.after else ""
        if engine.round_over:
            return "\n"
        legal = engine.legal_moves(seat)
        self.typed += 1
        return (
            move_text(choose_move(engine.view(seat), legal, "random", random.Random(self.typed)))
            + "\n"
        )


def test_review_then_again_from_a_move_in_the_terminal() -> None:
    stdin = Careless(["review", "again 99", "again 1"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 7)  # a deal where three of her moves stand out
    console = Console(engine, 0, "simple", 7, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    found = review(engine.record, 0)
    assert found.items, "a careless game with nothing to review"
    first = found.items[0]
    assert "Looking over your moves…" in text
    assert f"— 1 of {len(found.items)} · round 1 —" in text
    assert f"Your move: {move_text(first.made)}" in text
    assert f"The hard computer player's move: {move_text(first.better)}" in text
    assert first.why() in text
    assert f"Type again and a number from 1 to {len(found.items)}, for example: again 1." in text
    # again 1: a new game from that move, the member's hand shown for it, until input ends.
    after = text.split("again 1.", 1)[1]
    assert "Run Fast" in after and "Bye." in after
    assert text.count("Type review to see") == 1  # the new game was left, not finished


def test_enter_after_the_game_leaves_without_a_review() -> None:
    stdin = Careless([""])
    out = io.StringIO()
    console = Console(new_game("runfast", {}, 3), 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    assert "Type review to see" in out.getvalue()
    assert "Looking over your moves" not in out.getvalue()


def test_each_reviewed_move_shows_its_position_in_the_order_played() -> None:
    stdin = Careless(["review", ""])
    out = io.StringIO()
    engine = new_game("runfast", {}, 7)
    console = Console(engine, 0, "simple", 7, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue().split("Looking over your moves…", 1)[1]
    found = review(engine.record, 0)
    items = sorted(found.items, key=lambda i: i.position)
    assert len(items) >= 2
    # In the order played: each item's own move under its number.
    made = [text.index(f"Your move: {move_text(i.made)}") for i in items]
    assert made == sorted(made)
    blocks = text.split(" · round ")[1:]
    assert len(blocks) >= len(items)
    for item, block in zip(items, blocks, strict=False):
        # The hand she held then, and the table heading, above her move.
        hand = " ".join(str(c) for c in item.view.hand)
        head = block.split("Your move:", 1)[0]
        assert f"Your hand ({len(item.view.hand)}): {hand}" in head, head
        assert "── Run Fast" in head


def test_another_word_after_the_game_asks_again_rather_than_losing_the_review() -> None:
    """A newcomer typed ``hint`` out of habit at the review's offer and the review was gone."""
    stdin = Careless(["hint", "review"])
    out = io.StringIO()
    console = Console(new_game("runfast", {}, 7), 0, "simple", 7, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert text.count("Type review to see") == 2
    assert "Looking over your moves…" in text
