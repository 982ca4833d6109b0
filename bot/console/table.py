"""The terminal's table: one game played in a terminal against computer players (``Console``),
its screens, its typed commands and its hints. ``bot.console.cli`` starts it from the command line;
``bot.console.lesson`` shows each lesson step through it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TextIO

from bot.ai import Level, choose_move
from bot.console.paint import BOLD, Painter, markdown
from bot.console.words import words_for
from bot.games.base import (
    Add,
    BadMove,
    Count,
    Engine,
    Event,
    IllegalMove,
    Lay,
    Meld,
    Move,
    Phase,
    RoundResult,
    as_lay,
    move_from_dict,
    points,
)
from bot.games.cards import Card, CardError
from bot.games.notation import BARE_VERBS, move_text, parse_move
from bot.i18n import ENGLISH, has, language, number, say, t, t_n
from bot.learning.hints import STAGES, Hint, hint, hint_for, hint_rng, typed_form
from bot.learning.review import ITEMS_FEW, Decision, decisions, margin_line, review
from bot.learning.rules import DOCS, game_rules, rules_file
from bot.replay import Replay

SHOWN_MOVES = 15  # ``moves`` lists this many legal moves, then says how many more there are
LEVEL_KEYS: dict[str, str] = {
    Level.RANDOM: "level.random",
    Level.SIMPLE: "level.simple",
    Level.NORMAL: "level.normal",
    Level.HARD: "level.hard",
}


def still_held(engine: Engine, seat: int, taken: list[Card], hand: list[Card]) -> list[Card]:
    """The cards of ``taken`` (this turn's draw or take) that are still in the hand: each card the
    seat laid since the take is crossed off once -- not a card laid before a side pile came. A
    hand may hold a second copy of a taken card (Mor and More play with two decks), so "is it in
    the hand" alone would show a laid card."""
    left = Counter(taken)
    after = Counter(hand)  # the hand as it was after each move, walking back
    for entry in reversed(engine.record.get("moves", [])):
        if entry.get("seat") != seat or entry.get("do") in ("draw", "take", "next_round"):
            break
        if after == Counter(taken):
            # The hand held only the taken cards after this move: the lay that emptied the hand
            # and brought the side pile (Mor, More). Its cards, and those before, were laid from
            # the hand before the pile came, not from the pile.
            break
        try:
            laid = getattr(move_from_dict(entry), "cards", ())
        except BadMove:
            break
        left -= Counter(laid)
        after += Counter(laid)
    held = Counter(hand)
    out: list[Card] = []
    for card in taken:
        if left[card] and held[card]:
            left[card] -= 1
            held[card] -= 1
            out.append(card)
    return out


def distinct(moves: Sequence[Move]) -> list[Move]:
    """``moves`` as a list shows them: each move once, a one-meld ``lay`` dropped after the
    ``meld`` of the same cards (the engine offers both; a newcomer read them as two moves)."""
    seen: set[Any] = set()
    out: list[Move] = []
    for m in moves:
        key = as_lay(m) if isinstance(m, Meld | Add | Lay) else m
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


# The moves the rules page names as Discord's slash commands (``/lay``, Hindi ``/उतारें``):
# the terminal shows the word typed here instead (``lay``), as its ``help`` lists it.
TERMINAL_VERBS = (
    "draw",
    "take",
    "return",
    "pass",
    "discard",
    "meld",
    "lay",
    "add",
    "swap",
    "play",
    "bid",
)


def terminal_words(text: str, lang: str) -> str:
    """``text`` (a rules page) with each move's slash command, as ``lang`` names it on Discord,
    written as the terminal's own word for it: ```/उतारें``` becomes ```lay```."""
    for verb in TERMINAL_VERBS:
        key = f"cmd.{verb}.name"
        if has(key, ENGLISH):  # the language's name, and the English one where Discord has none
            for name in {t(key, lang), t(key, ENGLISH)}:
                text = text.replace(f"`/{name}`", f"`{verb}`")
    return text


class Console:
    # The first line's key: the guided round's deal is fixed, so it names no seed.
    welcome = "console.welcome"
    # A key that leads the engine's refusals ({reason}): a lesson's rest of the turn says them
    # as its steps do ("The rules refuse that: …"); None at a table.
    refused_lead: str | None = None

    def __init__(
        self,
        engine: Engine,
        seat: int,
        level: str,
        seed: int,
        stdin: TextIO,
        stdout: TextIO,
        color: bool = False,
        save: str | None = None,
        max_rounds: int | None = None,
        lang: str = ENGLISH,
        review: int | None = None,
    ) -> None:
        self.engine = engine
        self.seat = seat
        self.level = level
        self.seed = seed
        # Where the last hint was asked and its stage: ``hint`` again there shows the next one.
        self.hint_stage: tuple[tuple[int, int], str] | None = None
        self.stdin = stdin
        self.out = stdout
        self.p = Painter(color)
        self.lang = language(lang)
        self.words = words_for(engine.game, seat, self.p, engine.options, self.lang)
        self.save = save
        self.decisions = 0
        self.max_rounds = max_rounds  # stop after this many scored rounds (tests, short sessions)
        self.rounds_done = 0
        # Offer the review once the game is over (a terminal game), of the moves from this
        # position on (a game tried again from a reviewed move: from that move).
        self.review = review
        # The member's moves as ``again N`` numbers them, once the game is over (``list_moves``).
        self.numbered: list[Decision] = []
        self.bidding_told = False  # what a bid does is said once, the first time bids are asked

    # -------------------------------------------------------- output

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def t(self, key: str, /, **params: Any) -> str:
        """``key`` in the console's language."""
        return t(key, self.lang, **params)

    def level_name(self) -> str:
        return self.t(LEVEL_KEYS[self.level]) if self.level in LEVEL_KEYS else self.level

    def seat_label(self, seat: int) -> str:
        if seat == self.seat:
            return self.t("console.you")
        return self.t("console.seat_computer", level=self.level_name())

    def show_hand(self) -> None:
        view = self.engine.view(self.seat)
        hidden = self.words.hidden_hand(view)
        if hidden:
            self.say(hidden)
            return
        hand = list(view.hand)
        self.say(self.t("console.your_hand", n=len(hand), cards=self.p.cards(hand)))
        # A drawn card stays "just drawn" for the turn; once laid it is no news in the hand.
        drawn = still_held(self.engine, self.seat, list(getattr(view, "just_drawn", ())), hand)
        if drawn and view.turn == self.seat:
            self.say("  " + self.t("console.just_got", cards=self.p.cards(drawn)))
        must = getattr(view, "must_lay", ())
        if must:
            self.say(f"  {self.words.must_lay(must)}")

    def show_rules(self) -> None:
        """The game's rules as the players' rules document gives them (``docs/rules.md``, the
        text ``/rules`` pages through in Discord), in the console's language where written."""
        self.say(
            markdown(terminal_words(game_rules(self.engine.game, self.lang), self.lang), self.p)
        )
        # The page in the console's own language (docs/rules.nl.md), named from the repository.
        page = rules_file(self.lang).relative_to(DOCS.parent).as_posix()
        self.say(self.t("console.rules_more", path=page))

    def show_table(self) -> None:
        view = self.engine.view(self.seat)
        self.say(self.p.paint(f"── {self.words.heading(view)} ──", BOLD))
        for s in range(view.n_seats):
            bidding = getattr(view, "phase", "") == Phase.BID
            mark = ""
            if view.turn == s:
                mark = self.t("console.mark_bid" if bidding else "console.mark_play")
            total = points(view.totals[s]) if s < len(view.totals) else 0
            line = self.t(
                "console.seat_line",
                seat=s,
                who=self.seat_label(s),
                note=self.words.seat_note(view, s),
                cards=Count("n_cards", view.hand_counts[s]),
                total=total,
            )
            self.say(f"  {line}{mark}")
        for line in self.words.table_lines(view):
            self.say(line)

    def show_events(self, events: Sequence[Event]) -> None:
        for e in events:
            text = self.words.event(e)
            if text:
                self.say(text)

    def show_seen_events(self) -> None:
        """The last move's events as this seat's view tells them: the engine hides there what the
        seat may not know (another's drawn card, a sealed bid before the reveal)."""
        self.show_events(self.engine.view(self.seat).last_events)

    def show_result(self, result: RoundResult | None) -> None:
        view = self.engine.view(self.seat)
        words = self.words
        self.say(self.p.paint(f"── {words.sheet_heading(view)} ──", BOLD))
        if result is not None:
            self.say(f"  {words.round_end(result)}")
            # Each line: whose, what, and its points in one right-aligned column.
            # An addend with its sign (``+45``: what the Solo's ×1.5 adds), a subtotal bare.
            lines = [
                (
                    words.line_owner(view, ln.seat),
                    words.line_label(ln.label),
                    words.line_points(ln.label, points(ln.points)),
                )
                for ln in result.lines
            ]
            wide = max((len(who) + len(label) for who, label, _ in lines), default=0) + 2
            for who, label, score in lines:
                gap = " " * (wide - len(who) - len(label))
                self.say(f"  {who}: {label}{gap}{score:>7}")
            scores = words.joined(
                [
                    self.t(
                        "console.total_of",
                        who=who,
                        total=number(result.scores[s], self.lang, sign=True),
                    )
                    for who, s in words.score_owners(view)
                ]
            )
            self.say("  " + self.t(words.round_over_key, scores=scores))
            paid = words.after_scores(view)
            if paid:
                self.say("  " + paid)
        totals = words.joined(
            [
                self.t("console.total_of", who=who, total=points(view.totals[s]))
                for who, s in words.score_owners(view)
            ]
        )
        self.say("  " + self.t("console.totals", totals=totals))

    def show_game_over(self) -> None:
        winners = list(self.engine.view(self.seat).winners)
        if self.seat in winners:
            self.say(self.p.paint(self.t("console.you_win"), BOLD))
        pearls = self.words.joined(
            [self.words.pearls(s, n) for s, n in self.engine.pearls().items() if n]
        )
        names = self.words.winners(winners)
        # Pearls said with what they are (issue 61: a newcomer met the word here unexplained).
        won = self.words.t_n("console.game_won", len(winners), names=names, pearls=pearls or "0")
        self.say(won)
        rule = self.words.who_wins()
        if rule is not None:
            self.say(rule)

    # -------------------------------------------------------- playing

    def computer_turn(self, seat: int) -> None:
        view = self.engine.view(seat)
        legal = self.engine.legal_moves(seat)
        rng = random.Random(f"{self.seed}:{seat}:{self.decisions}")
        self.decisions += 1
        move = choose_move(view, legal, self.level, rng)
        self.engine.apply(seat, move)
        self.show_seen_events()

    def prompt(self) -> str | None:
        """One line typed by the player, or None at the end of input."""
        self.out.write(self.t("console.prompt", seat=self.seat) + " ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    def human_turn(self) -> bool:
        """Read and play one move; False when the player leaves."""
        line = self.prompt()
        return line is not None and self.handle(line)

    def handle(self, line: str) -> bool:
        """Do what one typed line asks (a move, or one of the table's words); False on quit."""
        word = line.split()[0].lower() if line.split() else ""
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.say(self.words.help(review=self.review is not None))
        elif word == "hand":
            self.show_hand()
        elif word == "table":
            self.show_table()
            self.show_hand()
        elif word == "hint":
            self.say_hint()
        elif word == "review":
            self.say(self.t("console.input.review_at_end"))
        elif word == "again":
            # "again N" plays on from move N of a reviewed game: it too waits for the game's end.
            self.say(self.t("console.input.again_at_end"))
        elif word == "rules":
            self.show_rules()
        elif word == "moves":
            legal = self.engine.legal_moves(self.seat)
            legal = distinct(legal)
            # "moves all": every one (the third Run Fast newcomer: "(and 14 more)" gave no way
            # to see the rest).
            every = line.split()[1:2] == ["all"]
            most = len(legal) if every else SHOWN_MOVES
            shown = self.t("console.moves_sep").join(move_text(m) for m in legal[:most])
            if len(legal) > most:
                shown = t_n("console.n_more_moves", len(legal) - most, self.lang, moves=shown)
            self.say(self.t("console.some_moves", moves=shown))
            if len(legal) > most:
                self.say(self.t("console.moves_all_tip"))
        elif word == "played" and self.words.played_word:
            self.say(self.words.played_lines(self.engine.view(self.seat)))
        else:
            self.try_move(line)
        return True

    def try_move(self, line: str) -> None:
        try:
            move = parse_move(line, BARE_VERBS.get(self.engine.game))
            self.engine.apply(self.seat, move)
        except IllegalMove as e:
            lead = self.refused_lead
            self.say(self.t(lead, reason=e.reason) if lead else say(e, self.lang))
            return
        except (BadMove, CardError) as e:
            self.say(say(e, self.lang))
            return
        self.show_seen_events()
        self.after_own_move(move)
        if self.engine.turn == self.seat and not self.engine.round_over:
            self.show_hand()

    def after_own_move(self, move: Move) -> None:
        """A word after the player's move is played and told (the guided round's coach)."""

    def say_hint(self, answer: Move | None = None) -> None:
        """The next stage of the hint for the console's seat, one line, in the console's language:
        what to look at, then the cards, then the move and why (with the move as it is typed). A
        ``hint`` typed again at the same position shows the next stage. In a lesson the hint is the
        step's ``answer``: a hint never contradicts what the step teaches."""
        if answer is not None:
            found: Hint | None = hint_for(self.engine, self.seat, answer)
        else:
            found = hint(self.engine, self.seat, hint_rng(self.engine.record))
        if found is None:
            self.say(self.t("no_moves"))
            return
        where = (id(self.engine), len(self.engine.record["moves"]))
        last = self.hint_stage
        fresh = last is None or last[0] != where
        now = STAGES[0] if fresh else found.next_stage(last[1]) or "move"  # type: ignore[index]
        self.hint_stage = (where, now)
        if now != "move":
            self.say(self.t("hint_prefix", text=found.stage_text(now, self.lang)))
            # The stages are the terminal's secret else; after the second, only the move is left.
            next_stage = found.next_stage(now)
            more = "console.hint_again" if next_stage == "cards" else "console.hint_again_move"
            self.say(self.t(more))
            return
        # The reason names the move in card faces; the typed form follows once, for copying.
        # In the plainest form ``help`` teaches, the answer of a lesson or coach too (issue 61).
        typed = move_text(typed_form(self.engine, self.seat, found.move))
        self.say(self.t("hint_console", reason=found.text(self.lang), typed=typed))

    def play(self) -> int:
        self.say(
            self.t(
                self.welcome,
                title=self.words.title,
                seed=self.seed,
                seat=self.seat,
                level=self.level_name(),
            )
        )
        # The table is shown once when the turn comes round: not again after each move of the
        # same turn (the hand is), nor after a refusal.
        announced = False
        try:
            while True:
                if self.engine.game_over:
                    self.show_result(self.engine.view(self.seat).result)
                    self.show_game_over()
                    if self.review is not None:
                        self.offer_review(self.review)
                    return 0
                if self.engine.round_over:
                    self.show_result(self.engine.view(self.seat).result)
                    self.rounds_done += 1
                    if self.max_rounds is not None and self.rounds_done >= self.max_rounds:
                        rounds = Count("console.n_rounds", self.rounds_done)
                        self.say(self.t("console.stopping", rounds=rounds))
                        return 0
                    if not self.wait_for_next_round():
                        self.say(self.t("console.bye"))
                        return 0
                    self.show_events(self.engine.next_round())
                    announced = False
                    continue
                seat = self.engine.turn
                assert seat is not None  # a round in play always has a seat to move
                if seat != self.seat:
                    self.computer_turn(seat)
                    announced = False
                    continue
                if not announced:
                    announced = True
                    self.show_table()
                    self.show_hand()
                    self.explain_bidding()
                if not self.human_turn():
                    self.say(self.t("console.bye"))
                    return 0
        finally:
            self.write_save()

    def explain_bidding(self) -> None:
        """The first time the member is asked to bid (More's ``bid`` option), what a bid does:
        who becomes the Solo and what the chips do to the totals (issue 61: a bid of 3 left a
        newcomer at -6, the others at +3, and nothing had said why)."""
        if self.bidding_told or self.engine.view(self.seat).phase != Phase.BID:
            return
        self.bidding_told = True
        self.say(self.t("console.more3.bidding_explained"))

    def offer_review(self, start: int = 0) -> None:
        """After the game: on ``review``, the moves where the hard player would have played
        otherwise (``bot.learning.review``, decided here: the terminal has no workers), each
        under its move number; then on ``again N`` the game played on from the member's move N,
        as a new game. ``again N`` means the same before the review, after it, and after one
        that found nothing: the member's N-th move (issue 61: the items were numbered 1..k while
        ``again N`` took a move number, so typing an item's number replayed the wrong move).
        ``help`` says what can be typed; any other word asks again."""
        replay = Replay(self.engine.record)
        self.numbered = decisions(replay, self.seat, start)
        moves = [d.position for d in self.numbered]
        # Only Enter (or the end of input) leaves: a learner who types "hint" out of habit is
        # asked again rather than losing the review.
        while True:
            answer = self.read(self.t("console.review_offer", moves=len(moves)))
            if answer in ("", "quit", "exit"):
                return
            if answer == "review":
                break
            picked = self.picked(answer, len(moves))
            if picked is not None:
                self.play_again(moves[picked - 1])
                return
            if answer == "help":
                self.say(self.t("console.review_help", moves=len(moves)))
            elif answer == "again":
                self.list_moves(replay)
            elif answer.split()[0] == "again":
                self.say(self.t("console.again_bad", count=len(moves)))
            else:
                self.say(self.t("console.after_game"))
        self.say(self.t("console.review_working"))
        found = review(self.engine.record, self.seat, start)
        looked = found.looked(self.lang)
        if not found.items:
            self.say(found.none_found(self.lang) + " " + looked)
            self.offer_again(moves, self.t("console.again_any_offer", count=len(moves)))
            return
        # In the order the moves were played, each with its move number (the N of ``again N``)
        # and the table and hand it was made at: a move read without its position can't be
        # judged again by the player.
        items = sorted(found.items, key=lambda i: i.position)
        for item in items:
            self.say()
            self.say(self.t("console.review_item", move=item.number, round=item.round_no))
            self.show_position(replay.engine_at(item.position))
            self.say(self.t("review.made", move=move_text(item.made)))
            self.say(self.t("review.better", move=move_text(item.better)))
            self.say(item.why(self.lang))
            self.say(margin_line(item, self.lang))
        self.say()
        if len(items) < ITEMS_FEW:
            self.say(self.t("review.few"))
        self.say(looked)
        example = str(items[0].number)
        self.offer_again(moves, self.t("console.again_offer", example=example, count=len(moves)))

    def list_moves(self, replay: Replay) -> None:
        """``again`` alone: each of the member's moves under its round, with the number ``again
        N`` takes ("12 discard 8H"). A review that found nothing showed no number, so the
        newcomer guessed which N was round 3's opening (the fourth fresh Hand read)."""
        round_no = 0
        for n, decision in enumerate(self.numbered, start=1):
            now = replay.step(decision.position).round_no
            if now != round_no:
                round_no = now
                self.say(self.t("console.moves_of_round", round=round_no))
            self.say(f"  {n} {move_text(decision.move)}")

    @staticmethod
    def picked(answer: str, count: int) -> int | None:
        """N of an answer ``again N`` with 1 <= N <= ``count``, else None."""
        words = answer.split()
        if len(words) == 2 and words[0] == "again" and words[1].isdigit():
            n = int(words[1])
            if 0 < n <= count:
                return n
        return None

    def offer_again(self, positions: Sequence[int], offer: str) -> None:
        """Ask ``offer`` for ``again N`` (N a move number, 1 to the number of ``positions``, the
        member's moves) until Enter; then play on from move N as a new game. ``help`` says what
        can be typed."""
        count = len(positions)
        if not count:
            return
        while True:
            answer = self.read(offer)
            if answer in ("", "quit", "exit"):
                return
            picked = self.picked(answer, count)
            if picked is not None:
                self.play_again(positions[picked - 1])
                return
            if answer == "help":
                self.say(self.t("console.again_help", count=count))
            elif answer == "again":
                self.list_moves(Replay(self.engine.record))
            else:
                self.say(self.t("console.again_bad", count=count))

    def play_again(self, position: int) -> None:
        """The game played on from replay ``position`` of this game, as a new game."""
        engine = Replay(self.engine.record).engine_at(position)
        again = Console(
            engine, self.seat, self.level, self.seed, self.stdin, self.out,
            self.p.color, lang=self.lang, review=position,
        )  # fmt: skip
        again.play()

    def show_position(self, engine: Engine) -> None:
        """The table and this seat's hand at ``engine``'s position, as at the seat's turn."""
        now = self.engine
        self.engine = engine
        try:
            self.show_table()
            self.show_hand()
        finally:
            self.engine = now

    def read(self, prompt: str) -> str:
        """One answer to ``prompt``, lower case ("" at the end of input)."""
        self.out.write(prompt + " ")
        self.out.flush()
        return self.stdin.readline().strip().lower()

    def wait_for_next_round(self) -> bool:
        """Hold the score sheet on the screen until the player is ready; False when they leave.
        Only Enter goes on: a stray word (``hint`` out of habit) asks again rather than dealing
        the next round over a score sheet not read yet, as the review's offer does."""
        while True:
            self.out.write(self.t("console.press_enter") + " ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.say()
                return False
            word = line.strip().lower()
            if word in ("quit", "exit"):
                return False
            if not word:
                return True
            self.say(self.t("console.between_rounds"))

    def write_save(self) -> None:
        if not self.save:
            return
        with open(self.save, "w", encoding="utf-8") as f:
            json.dump(self.engine.record, f, indent=1)
            f.write("\n")
        self.say(self.t("console.saved", path=self.save))
