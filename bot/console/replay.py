"""``python -m bot.console --replay FILE``: step through a saved game in a terminal.

FILE is a table file (docs/table-files.md): what ``--save`` writes and Discord's Replay Download attaches,
which also keeps the seats' names (``names``, one per seat). Each screen is one position of
``bot.replay.Replay``: the move that led to it in words, every seat's cards face up (the game is
over, so nothing is hidden any more) and the table. Seats count from 1, as on Discord, and go by
their names where the file keeps them. Enter steps forward, ``p`` back, ``s`` and ``e`` jump to
the round's start and end, a number to that position, ``q`` leaves. Words come from the
``console`` catalogue in the chosen language, as in a game.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any, TextIO

from bot.console.paint import BOLD, Painter
from bot.console.words import words_for
from bot.games.base import Count, TableFileError, points
from bot.games.registry import UnknownGame, play_move
from bot.i18n import ENGLISH, t
from bot.replay import Replay

NO_SEAT = -1  # the replay is nobody's seat: every sentence names the seat ("Seat 2 drew")
# What a typed word steps to (Replay.step_to), as Discord's ⏮ ◀ ▶ ⏭ do.
WORDS = {
    "next": ("", "n", "next"),
    "back": ("p", "prev", "back"),
    "start": ("s", "start"),
    "end": ("e", "end"),
}


def load_replay(path: str, lang: str = ENGLISH) -> Replay:
    """The file's replay, or ``TableFileError`` with one sentence in ``lang``."""
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        raise TableFileError(
            t("console.replay.unreadable", lang, path=path, why=e.strerror)
        ) from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableFileError(t("console.replay.not_json", lang, path=path)) from None
    try:
        return Replay(record)
    except (TableFileError, UnknownGame, KeyError, TypeError, ValueError):
        raise TableFileError(t("console.replay.does_not_replay", lang, path=path)) from None


def seat_names(record: Mapping[str, Any], n_seats: int) -> tuple[str | None, ...]:
    """The seats' names a table file keeps (Discord's Download writes them: they are public once
    the game is over), one per seat; none when the file has no usable list. A name is text from
    a member: anything a terminal would run as a control (escape sequences) is left out."""
    names = record.get("names")
    if not isinstance(names, list) or len(names) != n_seats:
        return ()
    return tuple(
        "".join(ch for ch in name if unicodedata.category(ch) != "Cc").strip() or None
        if isinstance(name, str)
        else None
        for name in names
    )


class ReplayScreen:
    def __init__(
        self, replay: Replay, stdin: TextIO, stdout: TextIO, color: bool, lang: str
    ) -> None:
        self.replay = replay
        self.stdin = stdin
        self.out = stdout
        self.p = Painter(color)
        self.lang = lang
        options = replay.record.get("options", {}) or {}
        self.names = seat_names(replay.record, replay.final.n_seats)
        # Seats count from 1, as Discord says "seat 1", and go by the names the file keeps.
        self.words = words_for(
            replay.game, NO_SEAT, self.p, options, lang, names=self.names, first_seat=1
        )

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def t(self, key: str, /, **params: Any) -> str:
        return t(key, self.lang, **params)

    def move_lines(self, position: int) -> list[str]:
        """What the move that led here did, as its events tell it."""
        step = self.replay.step(position)
        if step.move is None:
            return [self.t("console.replay.deal", round=step.round_no)]
        engine = self.replay.engine_at(position - 1)
        events = play_move(engine, step.move)
        lines = [text for e in events if (text := self.words.event(e))]
        return lines or [self.t("table_no_turn")]

    def show(self, position: int) -> None:
        replay = self.replay
        step = replay.step(position)
        view = replay.view_at(position)  # public, every hand face up in hands_left
        heading = self.t(
            "console.replay.heading",
            title=self.words.title,
            position=position,
            last=replay.last,
            round=step.round_no,
            rounds=replay.rounds,
        )
        self.say(self.p.paint(f"── {heading} ──", BOLD))
        for line in self.move_lines(position):
            self.say(f"  {line}")
        hands = view.hands_left
        for s in range(view.n_seats):
            total = points(view.totals[s]) if s < len(view.totals) else 0
            name = self.words.name_of(s)
            who = (
                self.t("console.replay.named_seat", name=name, seat=self.words.seat_no(s))
                if name
                else self.words.who(s)
            )
            self.say(
                "  "
                + self.t(
                    "console.replay.seat_line",
                    who=who,
                    note=self.words.seat_note(view, s),
                    cards=Count("n_cards", len(hands[s])),
                    total=total,
                )
            )
            self.say("    " + (self.p.cards(list(hands[s])) or "—"))
        for line in self.words.table_lines(view):
            self.say(line)

    def target(self, line: str, position: int) -> int | None:
        """Where a typed line goes from ``position``; None to leave."""
        word = line.strip().lower()
        if word in ("q", "quit", "exit"):
            return None
        for go, words in WORDS.items():
            if word in words:
                return self.replay.step_to(position, go)
        if word.isdigit():
            return int(word)
        self.say(self.t("console.replay.unknown", word=line.strip()))
        return position

    def run(self) -> int:
        position = 0
        shown = -1
        while True:
            if position != shown:
                self.show(position)
                shown = position
            if position == self.replay.last:
                self.say(self.t("console.replay.end"))
            self.out.write(self.t("console.replay.prompt") + " ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.say()
                return 0
            nxt = self.target(line, position)
            if nxt is None:
                return 0
            position = self.replay.clamp(nxt)


def run_replay(path: str, stdin: TextIO, stdout: TextIO, color: bool, lang: str = ENGLISH) -> int:
    try:
        replay = load_replay(path, lang)
    except TableFileError as e:
        stdout.write(f"{e}\n")
        return 2
    return ReplayScreen(replay, stdin, stdout, color, lang).run()
