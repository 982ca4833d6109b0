"""Play any game in a terminal against computer players: ``python -m bot.console GAME``.

You take one seat; computer players take the others. Moves are typed like the slash commands
(``draw``, ``meld 7H 8H 9H``, ``discard KD`` ... ``help`` lists them). Refusals are the engine's own
sentences, so the terminal, Discord and table files all say the same thing.

The loop reads from and writes to the streams it is given (``run(args, stdin, stdout)``) so tests
drive whole games through it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bot.ai import LEVELS, choose_move
from bot.console_words import count, words_for
from bot.games.base import (
    Add,
    AddTo,
    BadMove,
    Bid,
    Discard,
    Draw,
    Event,
    IllegalMove,
    Lay,
    Meld,
    Move,
    Pass,
    Play,
    Return,
    RoundResult,
    Swap,
    TableFileError,
    Take,
    points,
)
from bot.games.cards import Card, CardError, parse_cards
from bot.games.registry import UnknownGame, available_games, new_game
from bot.i18n import say, t

RED = "\033[31m"
BLUE = "\033[34m"
MAGENTA = "\033[35m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"

SIMPLE_WORDS: dict[str, type[Move]] = {"draw": Draw, "take": Take, "return": Return, "pass": Pass}
COMMANDS = frozenset({"help", "hand", "table", "moves", "hint", "quit", "exit"})


class InputError(ValueError):
    """Typed input that is not a move; the message is one sentence."""


# ---------------------------------------------------------------- reading moves


def _cards(words: Sequence[str], what: str) -> tuple[Card, ...]:
    if not words:
        raise InputError(f"Name the cards {what}, like 7H 8H 9H.")
    try:
        return tuple(parse_cards(list(words)))
    except CardError as e:
        raise InputError(str(e)) from None


def _meld_id(word: str | None, verb: str) -> int:
    if word is None or not word.isdigit():
        raise InputError(f"Say which meld by its number, like “{verb} 3 10H”.")
    return int(word)


def _end_of(words: list[str]) -> tuple[list[str], str | None]:
    if words and words[-1].lower() in ("high", "low"):
        return words[:-1], words[-1].lower()
    return words, None


def _addition(words: list[str]) -> AddTo:
    """``add 3 10H [high|low]`` inside a ``lay``."""
    words, end = _end_of(words)
    meld = _meld_id(words[0] if words else None, "add")
    return AddTo(meld, _cards(words[1:], "to add"), end)


def parse_move(text: str) -> Move:
    """Read one typed move; raise InputError with a sentence when it isn't one."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("Type a move, or help for the list.")
    verb, rest = words[0].lower(), words[1:]
    if verb in SIMPLE_WORDS:
        if rest:
            raise InputError(f"“{verb}” takes nothing after it.")
        return SIMPLE_WORDS[verb]()
    if verb == "meld":
        return Meld(_cards(rest, "to meld"))
    if verb == "add":
        rest, end = _end_of(rest)
        meld = _meld_id(rest[0] if rest else None, "add")
        return Add(meld, _cards(rest[1:], "to add"), end)
    if verb == "lay":
        melds: list[tuple[Card, ...]] = []
        adds: list[AddTo] = []
        for part in " ".join(rest).split("|"):
            piece = part.split()
            if piece and piece[0].lower() == "add":
                adds.append(_addition(piece[1:]))
            elif piece:
                melds.append(_cards(piece, "to meld"))
        if not melds and not adds:
            raise InputError("Name the melds to lay, like “lay 3H 4H 5H | 9S 9D 9C”.")
        return Lay(tuple(melds), tuple(adds))
    if verb == "swap":
        meld = _meld_id(rest[0] if rest else None, "swap")
        return Swap(meld, _cards(rest[1:], "to put in the joker's place"))
    if verb in ("discard", "throw"):
        if len(rest) != 1:
            raise InputError("Throw one card, like “discard KD”.")
        return Discard(_cards(rest, "to throw")[0])
    if verb == "play":
        return Play(_cards(rest, "to play"))
    if verb == "bid":
        if len(rest) != 1 or not rest[0].isdigit():
            raise InputError("Bid a number of chips, like “bid 2”.")
        return Bid(int(rest[0]))
    raise InputError(f"“{words[0]}” is not a move I know: type help for the list.")


def move_text(move: Move) -> str:
    """A move as it is typed here: ``parse_move(move_text(m)) == m``."""
    d = move.to_dict()
    do = d["do"]
    if isinstance(move, Meld | Play):
        return f"{do} {' '.join(d['cards'])}"
    if isinstance(move, Add):
        return " ".join([do, str(move.meld), *d["cards"], *([move.end] if move.end else [])])
    if isinstance(move, Swap):
        return f"{do} {move.meld} {' '.join(d['cards'])}"
    if isinstance(move, Discard):
        return f"discard {d['card']}"
    if isinstance(move, Bid):
        return f"bid {move.chips}"
    if isinstance(move, Lay):
        parts = [" ".join(str(c) for c in m) for m in move.melds]
        for a in move.adds:
            end = f" {a.end}" if a.end else ""
            parts.append(f"add {a.meld} {' '.join(str(c) for c in a.cards)}{end}")
        return "lay " + " | ".join(parts)
    return str(do)


# ---------------------------------------------------------------- showing the table


class Painter:
    """Colours suits with plain ANSI codes when colour is on; the text reads the same without."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color else text

    def card(self, card: Card) -> str:
        text = str(card)
        if card.is_joker:
            return self.paint(text, MAGENTA)
        if card.suit in ("H", "D"):
            return self.paint(text, RED)
        return self.paint(text, BOLD) if self.color else text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"


def use_color(stream: TextIO, no_color: bool) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    if no_color or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


# ---------------------------------------------------------------- the game loop


class Console:
    def __init__(
        self,
        engine: Any,
        seat: int,
        level: str,
        seed: int,
        stdin: TextIO,
        stdout: TextIO,
        color: bool = False,
        save: str | None = None,
        max_rounds: int | None = None,
    ) -> None:
        self.engine = engine
        self.seat = seat
        self.level = level
        self.seed = seed
        self.stdin = stdin
        self.out = stdout
        self.p = Painter(color)
        self.words = words_for(engine.game, seat, self.p, getattr(engine, "options", {}))
        self.save = save
        self.decisions = 0
        self.max_rounds = max_rounds  # stop after this many scored rounds (tests, short sessions)
        self.rounds_done = 0

    # -------------------------------------------------------- output

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def seat_label(self, seat: int) -> str:
        return "you" if seat == self.seat else f"computer, {self.level}"

    def show_hand(self) -> None:
        view = self.engine.view(self.seat)
        hidden = self.words.hidden_hand(view)
        if hidden:
            self.say(hidden)
            return
        hand = list(view.hand)
        self.say(f"Your hand ({len(hand)}): {self.p.cards(hand)}")
        # A drawn card stays "just drawn" for the turn; once laid it is no news in the hand.
        drawn = [c for c in getattr(view, "just_drawn", ()) if c in hand]
        if drawn and view.turn == self.seat:
            self.say(f"  just got: {self.p.cards(drawn)}")
        must = getattr(view, "must_lay", ())
        if must:
            self.say(f"  {self.words.must_lay(must)}")

    def show_table(self) -> None:
        view = self.engine.view(self.seat)
        self.say(self.p.paint(f"── {self.words.heading(view)} ──", BOLD))
        for s in range(view.n_seats):
            bidding = getattr(view, "phase", "") == "bid"
            mark = (" ◀ to bid" if bidding else " ◀ to play") if view.turn == s else ""
            total = points(view.totals[s]) if s < len(view.totals) else 0
            self.say(
                f"  seat {s} ({self.seat_label(s)}{self.words.seat_note(view, s)}): "
                f"{count(view.hand_counts[s])}, total {total}{mark}"
            )
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
            owners = [(words.line_owner(view, ln.seat), ln) for ln in result.lines]
            wide = max((len(who) + len(ln.label) for who, ln in owners), default=0) + 2
            for who, ln in owners:
                gap = " " * (wide - len(who) - len(ln.label))
                self.say(f"  {who}: {ln.label}{gap}{points(ln.points):>7}")
            scores = ", ".join(
                f"{who} {result.scores[s]:+g}" for who, s in words.score_owners(view)
            )
            self.say(f"  {t('round_over', scores=scores)}")
        totals = ", ".join(
            f"{who}: {points(view.totals[s])}" for who, s in words.score_owners(view)
        )
        self.say(f"  totals: {totals}")

    def show_game_over(self) -> None:
        winners = list(self.engine.view(self.seat).winners)
        if self.seat in winners:
            self.say(self.p.paint("You win!", BOLD))
        pearls = ", ".join(
            f"{self.words.whom(s)} {n}" for s, n in self.engine.pearls().items() if n
        )
        self.say(t("game_won", names=self.words.winners(winners), pearls=pearls or "0"))

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
        self.out.write(f"seat {self.seat} > ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    def human_turn(self) -> bool:
        """Read and play one move; False when the player leaves."""
        line = self.prompt()
        if line is None:
            return False
        word = line.split()[0].lower() if line.split() else ""
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.say(self.words.help())
        elif word == "hand":
            self.show_hand()
        elif word == "table":
            self.show_table()
            self.show_hand()
        elif word == "hint":
            from bot.lesson_console import say_hint  # the hard player's move and why

            say_hint(self)
        elif word == "moves":
            legal = self.engine.legal_moves(self.seat)
            shown = [move_text(m) for m in legal[:15]]
            more = f" (and {len(legal) - 15} more)" if len(legal) > 15 else ""
            self.say("Some legal moves: " + "; ".join(shown) + more)
        else:
            self.try_move(line)
        return True

    def try_move(self, line: str) -> None:
        try:
            move = parse_move(line)
            self.engine.apply(self.seat, move)
        except (InputError, IllegalMove, BadMove, CardError) as e:
            self.say(say(e.reason) if isinstance(e, IllegalMove) else str(e))
            return
        self.show_seen_events()
        if self.engine.turn == self.seat and not self.engine.round_over:
            self.show_hand()

    def play(self) -> int:
        self.say(
            f"{self.words.title}, seed {self.seed}: you are seat {self.seat}; "
            f"computer players ({self.level}) have the other seats. Type help for the moves."
        )
        # The table is shown once when the turn comes round: not again after each move of the
        # same turn (the hand is), nor after a refusal.
        announced = False
        try:
            while True:
                if self.engine.game_over:
                    self.show_result(self.engine.view(self.seat).result)
                    self.show_game_over()
                    return 0
                if self.engine.round_over:
                    self.show_result(self.engine.view(self.seat).result)
                    self.rounds_done += 1
                    if self.max_rounds is not None and self.rounds_done >= self.max_rounds:
                        self.say(f"Stopping after {count(self.rounds_done, 'round')}.")
                        return 0
                    if not self.wait_for_next_round():
                        self.say("Bye.")
                        return 0
                    self.show_events(self.engine.next_round())
                    announced = False
                    continue
                seat = self.engine.turn
                if seat != self.seat:
                    self.computer_turn(seat)
                    announced = False
                    continue
                if not announced:
                    announced = True
                    self.show_table()
                    self.show_hand()
                if not self.human_turn():
                    self.say("Bye.")
                    return 0
        finally:
            self.write_save()

    def wait_for_next_round(self) -> bool:
        """Hold the score sheet on the screen until the player is ready; False when they leave."""
        self.out.write("Press Enter for the next round (quit leaves). ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return False
        return line.strip().lower() not in ("quit", "exit")

    def write_save(self) -> None:
        if not self.save:
            return
        with open(self.save, "w", encoding="utf-8") as f:
            json.dump(self.engine.record, f, indent=1)
            f.write("\n")
        self.say(f"Saved the game to {self.save} (replay it with python -m bot.scenario).")


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Only the options the chosen game reads (SCENARIOS.md ``options``)."""
    if args.game == "mor":
        return {"players": args.players or 4, "length": args.length or "quick"}
    if args.game == "more3":
        return {"bid": bool(args.bid)}
    return {}


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m bot.console", description="Play a card game against computer players."
    )
    ap.add_argument("game", nargs="?", help="mor, more3, hand or runfast")
    ap.add_argument("--lesson", metavar="GAME", help="a short guided lesson in GAME instead")
    ap.add_argument("--players", type=int, choices=(4, 2), help="mor: 4 (2 vs 2) or 2")
    ap.add_argument("--length", choices=("quick", "full"), help="mor: quick (101, default) or full")
    ap.add_argument("--bid", action="store_true", help="more3: bid for the Solo")
    ap.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    ap.add_argument(
        "--level", default="normal", help="computer players: random, simple, normal or hard"
    )
    ap.add_argument("--seed", type=int, help="deal seed (default: random, and printed)")
    ap.add_argument("--save", help="write the game as a table file here at the end")
    ap.add_argument("--no-color", action="store_true", help="plain text, no colours")
    return ap


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.lesson:
        from bot.lesson_console import run_lesson  # it builds on this module's Console

        return run_lesson(args.lesson, stdin, stdout, use_color(stdout, args.no_color))
    if args.game is None:
        stdout.write("Name a game (mor, more3, hand or runfast), or --lesson GAME.\n")
        return 2
    level = args.level
    if level not in LEVELS:
        stdout.write(f"“{level}” is not a level: choose {', '.join(LEVELS)}.\n")
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        engine = new_game(args.game, game_options(args), seed)
    except (UnknownGame, TableFileError) as e:
        stdout.write(f"{e} Games here now: {', '.join(available_games())}.\n")
        return 2
    if not 0 <= args.seat < engine.n_seats:
        stdout.write(f"There is no seat {args.seat}: choose 0 to {engine.n_seats - 1}.\n")
        return 2
    color = use_color(stdout, args.no_color)
    console = Console(engine, args.seat, level, seed, stdin, stdout, color, args.save)
    return console.play()


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return run(args, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        sys.stdout.write("\nBye.\n")
        return 0


if __name__ == "__main__":
    sys.exit(main())
