"""The terminal's score sheets and its flow between moves, as fresh newcomers read them (issue
61): the Solo's ×1.5 line, the bids paid at the reveal, the More pile that became the stock, a
word typed between rounds or after the game, the pearls line, and Run Fast's deal. Played with
the real console driver (stdin and stdout) and the real engines."""

from __future__ import annotations

import io
import random
import re

import pytest

from bot.ai import choose_move
from bot.console.cli import Console
from bot.console.paint import Painter
from bot.console.words import words_for
from bot.games.base import Phase, StockRefilled
from bot.games.registry import new_game
from bot.i18n import LANGUAGES, number, t
from tests.console.test_console import AutoPlayer


class Bidder(AutoPlayer):
    """Bids 2 chips when asked, then plays as ``AutoPlayer`` does."""

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None
        engine = self.console.engine
        if not engine.round_over and engine.view(self.console.seat).phase == Phase.BID:
            return "bid 2\n"
        return super().readline()


def first_round(game: str, options: dict, seed: int, stdin: AutoPlayer, lang: str = "en"):
    engine = new_game(game, options, seed)
    out = io.StringIO()
    console = Console(engine, 0, "simple", seed, stdin, out, max_rounds=1, lang=lang)
    stdin.console = console
    assert console.play() == 0
    return out.getvalue(), engine


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_solo_times_line_adds_what_it_adds_and_the_sheet_adds_up(lang: str) -> None:
    # Seen: "= Solo subtotal 90" then "×1.5 (subtotal above 0) 45", read as 90 × 1.5 = 45. The
    # line says it adds half the subtotal, and shows its points signed, as the pictures do.
    for seed in range(1, 12):
        text, engine = first_round("more3", {}, seed, AutoPlayer(), lang)
        result = engine.view(0).result
        lines = {str(ln.label): ln.points for ln in result.lines}
        if lines.get("more3.line.solo_subtotal", 0) > 0:
            break
    else:
        pytest.fail("no round with a Solo above 0")
    solo = [ln for ln in result.lines if ln.seat == engine.solo]
    labels = [str(ln.label) for ln in solo]
    at = labels.index("more3.line.solo_subtotal")
    subtotal = solo[at].points
    assert sum(ln.points for ln in solo[:at]) == subtotal  # the addends add up to it
    assert subtotal + sum(ln.points for ln in solo[at + 1 :]) == result.scores[engine.solo]
    half = lines["more3.line.solo_times"]
    assert half == subtotal * 3 // 2 - subtotal
    label = t("more3.line.solo_times", lang)
    row = next(line for line in text.splitlines() if label in line)
    assert row.rstrip().endswith(number(half, lang, sign=True)), row
    assert "above 0" not in label and "×1" in label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bids_paid_at_the_reveal_are_on_the_sheet(lang: str) -> None:
    # Seen with --bid: "Round over: you +487" while the total moved by 483; the 4 chips paid at
    # the reveal were nowhere on the sheet.
    text, engine = first_round("more3", {"bid": True}, 123, Bidder(), lang)
    view = engine.view(0)
    solo, bid = view.solo, view.bids[view.solo]
    assert bid == 2 or view.bids[0] == 2
    paid = [-2 * bid if s == solo else bid for s in range(3)]
    assert list(view.totals) == [view.result.scores[s] + paid[s] for s in range(3)]
    words = words_for("more3", 0, Painter(False), {"bid": True}, lang)
    line = words.after_scores(view)
    assert line and line in text
    for s in range(3):
        assert number(paid[s], lang, sign=True) in line
    sheet = text[text.rindex(t("console.more3.bids_paid", lang, paid="")[:8]) :]
    assert t("console.totals", lang, totals="")[:5] in sheet  # the bids come before the totals


def one_pile_refill() -> tuple[object, StockRefilled]:
    """A real More round (computer players) where only one More pile was left to go into the
    stock: the engine after that event, and the event."""
    for seed in range(40):
        engine = new_game("more3", {}, seed)
        for n in range(400):
            if engine.round_over or engine.game_over:
                break
            seat = engine.turn
            legal = engine.legal_moves(seat)
            events = engine.apply(
                seat, choose_move(engine.view(seat), legal, "simple", random.Random(n))
            )
            for e in events or ():
                if isinstance(e, StockRefilled) and len(e.sides) == 1:
                    return engine, e
    raise AssertionError("no round with one More pile left")


def test_one_more_pile_left_is_named_when_it_becomes_the_stock() -> None:
    # Seen: "The More piles became the stock (11 cards)" with only the Solo's left, then
    # "More piles: Pair's taken, Solo's 0 cards".
    engine, event = one_pile_refill()
    whose = {(0,): "pair", (1,): "solo"}[event.sides]  # PAIR, SOLO: the sides' pile numbers
    for lang in LANGUAGES:
        words = words_for("more3", 0, Painter(False), {}, lang)
        said = words.event(event)
        assert said == t(
            f"console.more3.stock_refilled.{whose}", lang, cards=words.cards(event.cards)
        )
        assert said != t("console.more3.stock_refilled", lang, cards=words.cards(event.cards))
        piles = words.piles_text(engine.view(0))
        assert t("console.more3.pile_in_stock", lang) in piles
        assert t_n_cards_zero(lang) not in piles


def t_n_cards_zero(lang: str) -> str:
    from bot.i18n import t_n

    return t_n("n_cards", 0, lang)


def test_words_between_rounds_and_review_mid_game_are_answered() -> None:
    class Asks(AutoPlayer):
        at_sheet = 0  # answers typed under the score sheet so far

        def readline(self, size: int | None = -1) -> str:
            assert self.console is not None
            if self.console.engine.round_over:
                self.at_sheet += 1
                return {1: "hint\n", 2: "draw\n"}.get(self.at_sheet, "")
            return super().readline()

    stdin = Asks(["review"])
    engine = new_game("hand", {}, 3)
    out = io.StringIO()
    console = Console(engine, 0, "simple", 3, stdin, out)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert t("console.input.review_at_end", "en") in text
    sheet = text[text.index("Press Enter") :]
    assert sheet.count(t("console.between_rounds", "en")) == 2  # "hint", then "draw"
    assert engine.round_no == 0  # neither dealt the next round


def test_a_word_after_the_game_is_answered_and_pearls_read_apart() -> None:
    class AfterGame(AutoPlayer):
        after = 0  # answers typed after the game so far

        def readline(self, size: int | None = -1) -> str:
            assert self.console is not None
            if self.console.engine.game_over:
                self.after += 1
                return "hint\n" if self.after == 1 else ""
            return super().readline()

    stdin = AfterGame()
    engine = new_game("runfast", {}, 11)
    out = io.StringIO()
    console = Console(engine, 0, "simple", 11, stdin, out, review=0)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert t("console.after_game", "en") in text
    won = next(line for line in text.splitlines() if line.startswith("Game over."))
    assert not re.search(r"\d \d", won), won


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pearls_never_run_a_name_into_a_number(lang: str) -> None:
    # Seen: "seat 1 50", «المقعد 2 80», "plaats 1 50": the seat's number and the pearls as one.
    for game, options in (("more3", {}), ("mor", {"players": 4}), ("hand", {}), ("runfast", {})):
        words = words_for(game, 0, Painter(False), options, lang)
        for seat in range(3):
            said = words.pearls(seat, 50)
            assert "50" in said
            assert not re.search(r"\d[\s\u200e\u200f]*50", said), said


def test_run_fast_sheet_says_deal_in_hindi() -> None:
    # Issue 59: Hindi calls Run Fast's one deal बाज़ी (the glossary), never राउंड.
    text, _ = first_round("runfast", {}, 11, AutoPlayer(), "hi")
    assert "बाज़ी ख़त्म:" in text
    assert t("round_over", "hi", scores="")[:6] not in text


def row_of(text: str, key: str, field: str, lang: str) -> str:
    """The printed row that holds the sentence ``key``, its ``field`` filled in."""
    before, after = t(key, lang, **{field: "\x00"}).split("\x00")
    return next(row for row in text.splitlines() if before.strip() in row and after in row)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sheets_scores_keep_each_seats_number_apart_from_its_points(lang: str) -> None:
    # Seen in Hindi after a Run Fast deal: «बाज़ी ख़त्म: आप -15, सीट 1 -11, सीट 2 +26», where
    # "सीट 1 -11" reads as one number; the bids paid at the reveal too. Each score is worded
    # as the totals are: «सीट 1: -11».
    text, engine = first_round("runfast", {}, 7, AutoPlayer(), lang)
    seat = t("console.seat", lang, seat=1)
    score = number(engine.view(0).result.scores[1], lang, sign=True)
    ended = row_of(text, "console.runfast.deal_over", "scores", lang)
    assert t("console.total_of", lang, who=seat, total=score) in ended, ended
    bids, _ = first_round("more3", {"bid": True}, 123, Bidder(), lang)
    paid = row_of(bids, "console.more3.bids_paid", "paid", lang)
    assert t("console.total_of", lang, who=seat, total="") in paid, paid
