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
from bot.i18n import listed, t
from bot.learning.hints import HINT_LEVEL
from bot.learning.review import decisions, review, rng_for, spans
from bot.replay import Replay


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
    stdin = Careless(["review", "again 999", "again 1"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 7)  # a deal where three of her moves stand out
    console = Console(engine, 0, "simple", 7, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    found = review(engine.record, 0)
    assert found.items, "a careless game with nothing to review"
    first = found.items[0]
    count = len(decisions(Replay(engine.record), 0))
    assert "Looking over your moves…" in text
    assert f"— Move {first.number} · round {first.round_no} —" in text
    assert f"Your move: {move_text(first.made)}" in text
    assert f"The hard computer player's move: {move_text(first.better)}" in text
    assert first.why() in text
    assert t("console.again_bad", count=count) in text
    # again 1: a new game from her first move, her hand shown for it, until input ends.
    after = text.split(t("console.again_bad", count=count), 1)[1]
    assert "Run Fast" in after and "Bye." in after
    assert text.count("Type review to see") == 1  # the new game was left, not finished


def test_again_takes_the_move_number_each_reviewed_move_shows() -> None:
    """Issue 61: the review numbered its items 1..k while ``again N`` took a move number, so a
    learner who typed an item's number replayed another move. Each item now shows its move
    number, the footer says ``again`` takes it, and ``again N`` with a reviewed move's number
    plays on from that very position."""
    engine = new_game("runfast", {}, 7)
    probe = Careless([""])
    console = Console(engine, 0, "simple", 7, probe, io.StringIO(), review=0)
    probe.console = console
    console.play()
    found = review(engine.record, 0)
    moves = decisions(Replay(engine.record), 0)
    items = sorted(found.items, key=lambda i: i.position)
    assert len(items) >= 2
    # The last item's move number is not its place in the list (the old reading), so the test
    # tells the two apart.
    last = items[-1]
    assert last.number != len(items)
    for item in items:
        assert moves[item.number - 1].position == item.position
    stdin = Careless(["review", f"again {last.number}"])
    out = io.StringIO()
    again = Console(new_game("runfast", {}, 7), 0, "simple", 7, stdin, out, review=0)
    stdin.console = again
    assert again.play() == 0
    text = out.getvalue()
    shown = [f"— Move {i.number} · round {i.round_no} —" for i in items]
    assert [text.index(line) for line in shown] == sorted(text.index(line) for line in shown)
    offer = t("console.again_offer", example=str(items[0].number), count=len(moves))
    assert offer in text
    assert f"again {items[0].number}" in offer and "move number" in offer
    # The new game starts at the reviewed move's position: her hand there.
    after = text.split(offer, 1)[1]
    hand = " ".join(str(c) for c in last.view.hand)
    assert after.split("Your hand", 1)[1].startswith(f" ({len(last.view.hand)}): {hand}"), after


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
    blocks = text.split("— Move ")[1:]
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


def test_help_at_the_offer_says_what_can_be_typed_and_again_plays_on_from_any_move() -> None:
    """``help`` and ``again 5`` at the end-of-game offer printed the same line again, and
    ``again N`` only worked once the review had listed moves (issue 61). ``help`` answers;
    ``again N`` before any review plays on from the member's N-th move; a stray word asks
    again."""
    stdin = Careless(["help", "hello", "again 2"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 3)
    console = Console(engine, 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    moves = decisions(Replay(engine.record), 0)
    offer = t("console.review_offer", moves=len(moves))
    assert t("console.review_help", moves=len(moves)) in text
    assert text.count(offer) == 3  # help and the stray word each asked again
    # again 2: her second move's position, as a new game, her hand there shown.
    second = Replay(engine.record).engine_at(moves[1].position).view(0)
    after = text.split(offer, 3)[3]
    hand = " ".join(str(c) for c in second.hand)
    assert f"Your hand ({len(second.hand)}): {hand}" in after, after
    assert "Looking over your moves" not in text


class Strong(Careless):
    """A player who makes the hard player's move at every turn, with the review's own dice: the
    review finds nothing to show."""

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None
        engine, seat = self.console.engine, self.console.seat
        if engine.game_over or engine.round_over:
            return super().readline(size)
        legal = engine.legal_moves(seat)
        position = len(Replay(engine.record).moves)
        rng = rng_for(engine.record, position)
        return move_text(choose_move(engine.view(seat), legal, HINT_LEVEL, rng)) + "\n"


def test_again_works_after_a_review_that_found_nothing() -> None:
    """When the review said "None of your moves stood out", the terminal left at once: no
    move could be played again (issue 61)."""
    stdin = Strong(["review", "again 99", "help", "again 1"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 3)
    console = Console(engine, 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    found = review(engine.record, 0)
    assert not found.items, [move_text(i.made) for i in found.items]
    text = out.getvalue()
    count = len(decisions(Replay(engine.record), 0))
    assert t("review.none") in text
    assert t("console.again_any_offer", count=count) in text
    assert t("console.again_bad", count=count) in text
    assert t("console.again_help", count=count) in text
    after = text.split(t("console.again_help", count=count), 1)[1]
    first = Replay(engine.record).engine_at(decisions(Replay(engine.record), 0)[0].position)
    hand = " ".join(str(c) for c in first.view(0).hand)
    assert f"Your hand ({len(first.view(0).hand)}): {hand}" in after


def test_the_game_over_line_says_what_pearls_are() -> None:
    """ "Pearls: you 110, seat 2 110" ended a newcomer's game and was never explained, and a
    terminal game counts on no leaderboard (issue 61)."""
    stdin = Careless([""])
    out = io.StringIO()
    engine = new_game("runfast", {}, 3)
    console = Console(engine, 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    line = next(x for x in out.getvalue().splitlines() if x.startswith("Game over."))
    assert "Pearls (the winners' reward on a Discord server's leaderboard" in line, line
    assert "a game in the terminal counts on none" in line


class Usual(Careless):
    """A player who types the normal computer player's move at each turn, as the review's
    screen asks it: no move of theirs is looked at closely."""

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None
        engine, seat = self.console.engine, self.console.seat
        if engine.game_over or engine.round_over:
            return Careless.readline(self, size)
        legal = engine.legal_moves(seat)
        rng = rng_for(engine.record, len(Replay(engine.record).moves))
        return move_text(choose_move(engine.view(seat), legal, "normal", rng)) + "\n"


def test_a_review_that_looked_at_nothing_does_not_say_of_the_moves_looked_at() -> None:
    """The second Run Fast newcomer: "Of the moves looked at, none stood out" beside "Moves
    looked at: 0 of 4", and moves not checked for matching the normal player read as matching
    the hint, which comes from the hard player."""
    stdin = Usual(["review"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 1)
    console = Console(engine, 0, "simple", 1, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    found = review(engine.record, 0)
    assert found.judged == 0 and found.usual > 0
    text = out.getvalue()
    assert t("review.none") not in text
    assert t("review.none_looked") in text
    assert t("review.looked", judged=0, decisions=found.decisions) in text
    # Which of them went against the hint is said plainly (the third Run Fast newcomer).
    assert found.off_hint is not None
    assert t("review.usual_not_hint") not in text
    if found.off_hint:
        moves = listed(spans(found.off_hint), "en")
        assert t("review.usual_off_hint", count=len(found.off_hint), moves=moves) in text
    else:
        assert t("review.usual_all_hint") in text


def test_again_alone_lists_each_move_with_its_number_by_round() -> None:
    """A review that found nothing showed no move number, so a Hand newcomer guessed which
    ``again N`` was round 3's opening (the fourth fresh Hand read). ``again`` alone lists the
    member's moves under their rounds, each with the N that ``again N`` takes, at the end-of-game offer;
    ``help`` says so (the offer after a review that found nothing takes it too)."""
    stdin = Careless(["again", "help", "again"])
    out = io.StringIO()
    engine = new_game("hand", {}, 3)
    console = Console(engine, 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    replay = Replay(engine.record)
    moves = decisions(replay, 0)
    assert replay.rounds > 1
    listing = [t("console.moves_of_round", round=1)]
    shown = 1
    for n, d in enumerate(moves, start=1):
        round_no = replay.step(d.position).round_no
        if round_no != shown:
            shown = round_no
            listing.append(t("console.moves_of_round", round=round_no))
        listing.append(f"  {n} {move_text(d.move)}")
    block = "\n".join(listing)
    assert text.count(block) == 2, text[-3000:]
    assert "again alone lists your moves" in t("console.review_help", moves=len(moves))
    assert t("console.review_help", moves=len(moves)) in text
    assert t("console.again_bad", count=len(moves)) not in text


def test_again_alone_lists_the_moves_after_a_review_that_found_nothing() -> None:
    """After "None of your moves stood out" no number had been shown: ``again`` alone lists
    them there too, and ``help`` says so."""
    stdin = Strong(["review", "again", "help"])
    out = io.StringIO()
    engine = new_game("runfast", {}, 3)
    console = Console(engine, 0, "simple", 3, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    moves = decisions(Replay(engine.record), 0)
    assert t("review.none") in text
    after = text.split(t("review.none"), 1)[1]
    listing = [t("console.moves_of_round", round=1)]
    listing += [f"  {n} {move_text(d.move)}" for n, d in enumerate(moves, start=1)]
    assert "\n".join(listing) in after
    assert t("console.again_help", count=len(moves)) in after
