"""Play any game in a terminal against computer players: ``python -m bot.console GAME``.

You take one seat; computer players take the others. Moves are typed like the slash commands
(``draw``, ``meld 7H 8H 9H``, ``discard KD`` ... ``help`` lists them). Refusals are the engine's own
reasons, worded from the same catalogues as on Discord, so the terminal, Discord and table files all
say the same thing.

``--lang ar|hi|nl|en`` picks the language of everything printed (the ``console`` catalogue, with
the ``bot`` domain's shared sentences and the engines' refusals). Cards and the move words stay as
members type them in every language: ``draw``, ``meld 7H 8H 9H``.

The loop reads from and writes to the streams it is given (``run(args, stdin, stdout)``) so tests
drive whole games through it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bot.ai import LEVELS, choose_move
from bot.console_words import words_for
from bot.games.base import (
    Add,
    AddTo,
    BadMove,
    Bid,
    Count,
    Discard,
    Draw,
    Event,
    IllegalMove,
    Lay,
    Meld,
    Move,
    Pass,
    Play,
    Reason,
    Return,
    RoundResult,
    Swap,
    TableFileError,
    Take,
    because,
    points,
)
from bot.games.cards import Card, CardError, parse_cards
from bot.games.mor import DEFAULT_LENGTH, DEFAULT_PLAYERS
from bot.games.registry import UnknownGame, available_games, new_game
from bot.i18n import ENGLISH, LANGUAGES, language, number, say, t, t_n
from bot.replay import Replay
from bot.review import ITEMS_FEW, review
from bot.terminal_bidi import MODES, mode_for, terminal_stream

RED = "\033[31m"
BLUE = "\033[34m"
MAGENTA = "\033[35m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"

SHOWN_MOVES = 15  # ``moves`` lists this many legal moves, then says how many more there are
SIMPLE_WORDS: dict[str, type[Move]] = {"draw": Draw, "take": Take, "return": Return, "pass": Pass}
COMMANDS = frozenset({"help", "hand", "table", "moves", "hint", "quit", "exit"})


class InputError(ValueError):
    """Typed input that is not a move. ``reason`` says why (``say(error, lang)`` words it in any
    language); ``str(error)`` is the English sentence, for callers that show only English."""

    def __init__(self, reason: Reason | str) -> None:
        self.reason = reason
        super().__init__(say(reason))


# Why cards are needed, by the move naming them: each its own sentence, so a language words the
# purpose its own way rather than slotting a fragment into one frame.
NAME_CARDS = {
    "meld": "console.input.cards_meld",
    "add": "console.input.cards_add",
    "swap": "console.input.cards_swap",
    "throw": "console.input.cards_throw",
    "play": "console.input.cards_play",
}
LEVEL_KEYS = {
    "random": "level.random",
    "simple": "level.simple",
    "normal": "level.normal",
    "hard": "level.hard",
}


# ---------------------------------------------------------------- reading moves


def _cards(words: Sequence[str], what: str) -> tuple[Card, ...]:
    if not words:
        raise InputError(because(NAME_CARDS[what]))
    try:
        return tuple(parse_cards(list(words)))
    except CardError as e:
        # The card reader's reason when it gives one (a Reason), else its sentence.
        raise InputError(getattr(e, "reason", None) or str(e)) from None


def _meld_id(word: str | None, verb: str) -> int:
    if word is None or not word.isdigit():
        raise InputError(because("console.input.meld_number", verb=verb))
    return int(word)


def _end_of(words: list[str]) -> tuple[list[str], str | None]:
    if words and words[-1].lower() in ("high", "low"):
        return words[:-1], words[-1].lower()
    return words, None


def _addition(words: list[str]) -> AddTo:
    """``add 3 10H [high|low]`` inside a ``lay``."""
    words, end = _end_of(words)
    meld = _meld_id(words[0] if words else None, "add")
    return AddTo(meld, _cards(words[1:], "add"), end)


def parse_move(text: str) -> Move:
    """Read one typed move; raise InputError with its reason when it isn't one."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError(because("console.input.empty"))
    verb, rest = words[0].lower(), words[1:]
    if verb in SIMPLE_WORDS:
        if rest:
            raise InputError(because("console.input.nothing_after", verb=verb))
        return SIMPLE_WORDS[verb]()
    if verb == "meld":
        return Meld(_cards(rest, "meld"))
    if verb == "add":
        rest, end = _end_of(rest)
        meld = _meld_id(rest[0] if rest else None, "add")
        return Add(meld, _cards(rest[1:], "add"), end)
    if verb == "lay":
        melds: list[tuple[Card, ...]] = []
        adds: list[AddTo] = []
        for part in " ".join(rest).split("|"):
            piece = part.split()
            if piece and piece[0].lower() == "add":
                adds.append(_addition(piece[1:]))
            elif piece:
                melds.append(_cards(piece, "meld"))
        if not melds and not adds:
            raise InputError(because("console.input.lay_what"))
        return Lay(tuple(melds), tuple(adds))
    if verb == "swap":
        meld = _meld_id(rest[0] if rest else None, "swap")
        return Swap(meld, _cards(rest[1:], "swap"))
    if verb in ("discard", "throw"):
        if len(rest) != 1:
            raise InputError(because("console.input.throw_one"))
        return Discard(_cards(rest, "throw")[0])
    if verb == "play":
        return Play(_cards(rest, "play"))
    if verb == "bid":
        if len(rest) != 1 or not rest[0].isdigit():
            raise InputError(because("console.input.bid_number"))
        return Bid(int(rest[0]))
    raise InputError(because("console.input.unknown", word=words[0]))


def in_order(move: Move) -> Move:
    """``move`` with each meld's or play's cards in the order a player lays them out (``lay JC
    QC KC``, not as a computer found them): by rank, the ace high beside a king, then by suit;
    wild jokers last. Only for showing: the engine takes the cards in any order."""

    def tidy(cards: Sequence[Card]) -> tuple[Card, ...]:
        high = any(c.rank == 13 for c in cards)

        def key(c: Card) -> tuple[int, int, str]:
            rank = 14 if c.rank == 1 and high else c.rank
            return (1 if c.is_joker else 0, rank, str(c))

        return tuple(sorted(cards, key=key))

    if isinstance(move, Meld | Play):
        return dataclasses.replace(move, cards=tidy(move.cards))
    if isinstance(move, Add):
        return dataclasses.replace(move, cards=tidy(move.cards))
    if isinstance(move, Lay):
        adds = tuple(dataclasses.replace(a, cards=tidy(a.cards)) for a in move.adds)
        return dataclasses.replace(move, melds=tuple(tidy(m) for m in move.melds), adds=adds)
    return move


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
        options = getattr(engine, "options", {})
        self.words = words_for(engine.game, seat, self.p, options, self.lang)
        self.save = save
        self.decisions = 0
        self.max_rounds = max_rounds  # stop after this many scored rounds (tests, short sessions)
        self.rounds_done = 0
        # Offer the review once the game is over (a terminal game), of the moves from this
        # position on (a game tried again from a reviewed move: from that move).
        self.review = review

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
        drawn = [c for c in getattr(view, "just_drawn", ()) if c in hand]
        if drawn and view.turn == self.seat:
            self.say("  " + self.t("console.just_got", cards=self.p.cards(drawn)))
        must = getattr(view, "must_lay", ())
        if must:
            self.say(f"  {self.words.must_lay(must)}")

    def show_table(self) -> None:
        view = self.engine.view(self.seat)
        self.say(self.p.paint(f"── {self.words.heading(view)} ──", BOLD))
        for s in range(view.n_seats):
            bidding = getattr(view, "phase", "") == "bid"
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
            lines = [
                (words.line_owner(view, ln.seat), words.line_label(ln.label), ln.points)
                for ln in result.lines
            ]
            wide = max((len(who) + len(label) for who, label, _ in lines), default=0) + 2
            for who, label, score in lines:
                gap = " " * (wide - len(who) - len(label))
                self.say(f"  {who}: {label}{gap}{number(points(score), self.lang):>7}")
            scores = words.joined(
                [
                    f"{who} {number(result.scores[s], self.lang, sign=True)}"
                    for who, s in words.score_owners(view)
                ]
            )
            self.say("  " + self.t("round_over", scores=scores))
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
            [
                self.t("console.pearls_of", who=self.words.whom(s), n=n)
                for s, n in self.engine.pearls().items()
                if n
            ]
        )
        self.say(self.t("game_won", names=self.words.winners(winners), pearls=pearls or "0"))

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
            shown = "; ".join(move_text(m) for m in legal[:SHOWN_MOVES])
            if len(legal) > SHOWN_MOVES:
                shown = t_n(
                    "console.n_more_moves", len(legal) - SHOWN_MOVES, self.lang, moves=shown
                )
            self.say(self.t("console.some_moves", moves=shown))
        else:
            self.try_move(line)
        return True

    def try_move(self, line: str) -> None:
        try:
            move = parse_move(line)
            self.engine.apply(self.seat, move)
        except (InputError, IllegalMove, BadMove, CardError) as e:
            self.say(say(e, self.lang))
            return
        self.show_seen_events()
        if self.engine.turn == self.seat and not self.engine.round_over:
            self.show_hand()

    def play(self) -> int:
        self.say(
            self.t(
                "console.welcome",
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
                if seat != self.seat:
                    self.computer_turn(seat)
                    announced = False
                    continue
                if not announced:
                    announced = True
                    self.show_table()
                    self.show_hand()
                if not self.human_turn():
                    self.say(self.t("console.bye"))
                    return 0
        finally:
            self.write_save()

    def offer_review(self, start: int = 0) -> None:
        """After the game: on ``review``, the moves where the hard player would have played
        otherwise (``bot.review``, decided here: the terminal has no workers), then on
        ``again N`` the game played on from the N-th of them, as a new game."""
        if self.read(self.t("console.review_offer")) != "review":
            return
        self.say(self.t("console.review_working"))
        found = review(self.engine.record, self.seat, start)
        looked = self.t("review.looked", judged=found.judged, decisions=found.decisions)
        if not found.items:
            self.say(self.t("review.none") + " " + looked)
            return
        count = len(found.items)
        for n, item in enumerate(found.items, start=1):
            self.say()
            self.say(self.t("console.review_item", number=n, count=count, round=item.round_no))
            self.say(self.t("review.made", move=move_text(item.made)))
            self.say(self.t("review.better", move=move_text(item.better)))
            self.say(item.why(self.lang))
            points = Count("n_points", max(1, round(item.margin)))
            self.say(self.t("review.margin", points=points))
        self.say()
        if count < ITEMS_FEW:
            self.say(self.t("review.few"))
        self.say(looked)
        while True:
            words = self.read(self.t("console.again_offer", count=count)).split()
            if not words:
                return
            pick = words[-1]
            if (
                words[0] == "again"
                and len(words) == 2
                and pick.isdigit()
                and 0 < int(pick) <= count
            ):
                break
            self.say(self.t("console.again_bad", count=count))
        position = found.items[int(pick) - 1].position
        engine = Replay(self.engine.record).engine_at(position)
        again = Console(
            engine, self.seat, self.level, self.seed, self.stdin, self.out,
            self.p.color, lang=self.lang, review=position,
        )  # fmt: skip
        again.play()

    def read(self, prompt: str) -> str:
        """One answer to ``prompt``, lower case ("" at the end of input)."""
        self.out.write(prompt + " ")
        self.out.flush()
        return self.stdin.readline().strip().lower()

    def wait_for_next_round(self) -> bool:
        """Hold the score sheet on the screen until the player is ready; False when they leave."""
        self.out.write(self.t("console.press_enter") + " ")
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
        self.say(self.t("console.saved", path=self.save))


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Only the options the chosen game reads (SCENARIOS.md ``options``)."""
    if args.game == "mor":
        return {"players": args.players or DEFAULT_PLAYERS, "length": args.length or DEFAULT_LENGTH}
    if args.game == "more3":
        return {"bid": bool(args.bid)}
    return {}


def language_arg(text: str) -> str:
    """``--lang``: one of ours, else argparse's error with one sentence (in English: the language
    asked for is the one we don't have)."""
    if text in LANGUAGES:
        return text
    choices = [f"{code} ({name})" for code, name in LANGUAGES.items()]
    raise argparse.ArgumentTypeError(
        t("console.bad_language", word=text, languages=", ".join(choices[:-1]), last=choices[-1])
    )


def chosen_language(argv: Sequence[str] | None) -> str:
    """The ``--lang`` on the command line, read before the parser is built so that ``--help``
    itself is in that language; English when it is missing or not one of ours."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=ENGLISH)
    known, _ = early.parse_known_args(argv)
    return language(known.lang)


def parser(lang: str = ENGLISH) -> argparse.ArgumentParser:
    def h(key: str, /, **params: Any) -> str:
        # argparse formats help with %: a literal % in a translation must not be read as one.
        return t(key, lang, **params).replace("%", "%%")

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
            super().add_usage(usage, actions, groups, t("console.arg.usage", lang) + " ")

    ap = argparse.ArgumentParser(
        prog="python -m bot.console",
        description=h("console.arg.description"),
        formatter_class=Formatter,
        add_help=False,
    )
    ap._positionals.title = t("console.arg.positionals", lang)
    ap._optionals.title = t("console.arg.options", lang)
    ap.add_argument("-h", "--help", action="help", help=h("console.arg.help"))
    ap.add_argument("game", nargs="?", help=h("console.arg.game"))
    languages = ", ".join(f"{code} {name}" for code, name in LANGUAGES.items())
    ap.add_argument(
        "--lang",
        type=language_arg,
        default=ENGLISH,
        metavar="LANG",
        help=h("console.arg.lang", languages=languages),
    )
    ap.add_argument("--lesson", metavar="GAME", help=h("console.arg.lesson"))
    ap.add_argument("--replay", metavar="FILE", help=h("console.arg.replay"))
    ap.add_argument("--players", type=int, choices=(4, 2), help=h("console.arg.players"))
    ap.add_argument("--length", choices=("quick", "full"), help=h("console.arg.length"))
    ap.add_argument("--bid", action="store_true", help=h("console.arg.bid"))
    ap.add_argument("--seat", type=int, default=0, help=h("console.arg.seat"))
    ap.add_argument("--level", default="normal", help=h("console.arg.level"))
    ap.add_argument("--seed", type=int, help=h("console.arg.seed"))
    ap.add_argument("--save", help=h("console.arg.save"))
    ap.add_argument("--no-color", action="store_true", help=h("console.arg.no_color"))
    ap.add_argument("--bidi", choices=MODES, help=h("console.arg.bidi"))
    return ap


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = language(getattr(args, "lang", ENGLISH))
    # Arabic: logical order with isolates, or shaped and reordered for a terminal without bidi
    # (which prints no colours: a colour code would be reordered with the text).
    bidi = mode_for(lang, getattr(args, "bidi", None))
    stdout = terminal_stream(stdout, lang, bidi)
    if bidi == "visual":
        args.no_color = True

    def tell(key: str, /, **params: Any) -> None:
        stdout.write(t(key, lang, **params) + "\n")

    if args.lesson:
        from bot.lesson_console import run_lesson  # it builds on this module's Console

        return run_lesson(args.lesson, stdin, stdout, use_color(stdout, args.no_color), lang)
    if args.replay:
        from bot.replay_console import run_replay  # it builds on this module's Painter

        return run_replay(args.replay, stdin, stdout, use_color(stdout, args.no_color), lang)
    if args.game is None:
        tell("console.name_a_game")
        return 2
    level = args.level
    if level not in LEVELS:
        tell("console.bad_level", level=level, levels=", ".join(LEVELS))
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        engine = new_game(args.game, game_options(args), seed)
    except UnknownGame as e:  # its sentence already names the games
        stdout.write(say(e, lang) + "\n")
        return 2
    except TableFileError as e:
        tell("console.games_here", error=say(e, lang), games=", ".join(available_games()))
        return 2
    if not 0 <= args.seat < engine.n_seats:
        tell("console.no_seat", seat=args.seat, last=engine.n_seats - 1)
        return 2
    color = use_color(stdout, args.no_color)
    console = Console(
        engine, args.seat, level, seed, stdin, stdout, color, args.save, lang=lang, review=0
    )
    return console.play()


def main(argv: Sequence[str] | None = None) -> int:
    lang = chosen_language(argv)
    args = parser(lang).parse_args(argv)
    try:
        return run(args, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        sys.stdout.write("\n" + t("console.bye", args.lang) + "\n")
        return 0


if __name__ == "__main__":
    sys.exit(main())
