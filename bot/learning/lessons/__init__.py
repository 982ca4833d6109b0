"""Guided lessons: a few positions per game, each with a task the engine checks.

Each step is a table file shipped in this package (``bot/learning/lessons/<game>/NN_name.json``): the
position is the table file without its moves, and its ``moves`` are the right answer, so
``python -m bot.scenario`` replays every step's answer. The ``lesson`` block says which seat the
learner plays, what counts as right (``goal``) and a wrong answer (for the tests). The words a
learner reads (the step's title, its task, why a wrong answer is wrong and what the right one
did) are in the ``lessons`` catalogue under ``lesson.<game>.<name>.<part>``, in every language,
so a translator never edits a table file and a table file never holds one language's sentences.

A move is judged on a fresh copy of the position by the engine itself: a refused move gets the
engine's own sentence, an allowed move is right when the goal holds for the events it caused and
the table it left.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from bot.games.base import (
    Count,
    Engine,
    Event,
    IllegalMove,
    Melded,
    Move,
    Play,
    Played,
    Swapped,
    TookPile,
    move_from_dict,
)
from bot.games.cards import Card
from bot.games.hand import Hand, meld_value
from bot.games.registry import GAME_KEYS, engine_class
from bot.i18n import ENGLISH, has, t
from bot.learning.lessons.facts import wrong_facts

# A step's texts in the catalogue: its title, its task, the rule it teaches (``rule``: said after
# any wrong answer, so it holds whatever the learner tried; what that answer did is worked out
# from the move, ``facts``) and what the right one did (``done``).
PARTS = ("title", "task", "rule", "done")

GAMES = GAME_KEYS  # the games a lesson is for (cogs and the terminal list them)


def text_key(game: str, name: str, part: str) -> str:
    """The catalogue key of a step's text: ``lesson.mor.01_sets_of_threes_and_aces.title``."""
    return f"lesson.{game}.{name}.{part}"


@dataclass(frozen=True)
class Goal:
    """What a right answer does. Every given part must hold.

    ``do``: the kinds of move that can be right; ``events``: events it must cause (class names:
    ``TookPile``, ``TookSidePile``, ``RoundOver`` ...); ``meld``: fields (``project``, ``biriba``)
    that a meld the move laid on or made must have afterwards; ``played``: the kind of a Run Fast
    play (``bomb`` ...); ``hand_left``: cards the seat holds afterwards.
    """

    do: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    meld: Mapping[str, Any] = field(default_factory=dict)
    played: str | None = None
    hand_left: int | None = None


@dataclass(frozen=True)
class Verdict:
    """How an answer went: ``right``, or ``refused`` by the rules, or allowed but not the task."""

    right: bool
    refused: bool
    message: str
    events: tuple[Event, ...] = ()
    # The position the allowed move left (None when refused): the learner plays the rest of
    # the turn from it, e.g. lays the card just taken, or throws the last card for a Hand.
    after: Engine | None = None


@dataclass(frozen=True)
class Step:
    game: str
    name: str
    number: int  # 1-based within the game's lesson
    table: Mapping[str, Any]  # the table file as shipped (its moves are the answer)
    seat: int
    goal: Goal
    wrong: Mapping[str, Any]
    # The refusals the step's lesson is about, by their reason's key: the wrong example's own,
    # and those the lesson block lists (``about``). Only these get the step's rule after the
    # engine's sentence; another refusal ("you don't have the K♠", a move out of order) is
    # answered by the engine alone, as the rule would not say why (issue 61).
    about: tuple[str, ...] = ()

    def text(self, part: str, lang: str = ENGLISH, **params: Any) -> str:
        """The step's ``title``, ``task``, ``rule`` or ``done`` in ``lang`` (English where the
        language's catalogue lacks it), with ``params`` filled in."""
        if part not in PARTS:
            raise ValueError(f"A lesson step has no text {part!r} (only {', '.join(PARTS)}).")
        return t(text_key(self.game, self.name, part), lang, **params)

    @property
    def answer(self) -> list[Mapping[str, Any]]:
        return list(self.table.get("moves", []))

    def position(self) -> Engine:
        """A fresh engine set up at the step's position (nothing played yet)."""
        data = {k: v for k, v in self.table.items() if k not in ("moves", "lesson")}
        return engine_class(self.game).from_table_file(data)

    def choices(self) -> list[Move]:
        """The moves offered to pick from: the engine's legal moves at the position, then the
        step's right answer and its wrong example when the engine's list lacks them (its lays
        are a selection, and a refused move teaches the rule it breaks)."""
        out = list(self.position().legal_moves(self.seat))
        for m in (*self.answer, self.wrong):
            move = move_from_dict(m)
            # The same cards in another order are the same move, listed once (issue 61: the
            # menu had "play 3S 3H; play 3H 3S").
            if _menu_key(move) not in {_menu_key(o) for o in out}:
                out.append(move)
        return out

    def judge(self, move: Move, lang: str = "en") -> Verdict:
        """Play ``move`` for the step's seat on a fresh position and say how it went, in
        ``lang``."""
        engine = self.position()
        rule = self.text("rule", lang)
        try:
            events = tuple(engine.apply(self.seat, move))
        except IllegalMove as e:
            # The engine's refusal names what this move did wrong; the rule follows it only when
            # the refusal is about the rule this step teaches.
            if e.reason.key in self.refusals_taught():
                message = t("lesson_refused", lang, reason=e.reason, explain=rule)
            else:
                message = t("lesson_refused_alone", lang, reason=e.reason)
            return Verdict(False, True, message)
        if self._reached(move, events, engine):
            done = self.text("done", lang, **done_params(self.game, events, engine))
            spare = spare_wild_note(self, events, engine, lang)
            if spare is not None:
                done = f"{done} {spare}"
            return Verdict(True, False, done, events, engine)
        did = wrong_facts(self.goal, move, events, engine, self.seat, lang)
        explain = f"{did} {rule}" if did else rule
        return Verdict(False, False, t("lesson_wrong", lang, explain=explain), events, engine)

    def refusals_taught(self) -> frozenset[str]:
        """The reason keys of the refusals this step's lesson is about: its wrong example's
        and the lesson block's ``about``."""
        keys = set(self.about)
        reason = self.position().check(self.seat, move_from_dict(self.wrong))
        if reason is not None:
            keys.add(reason.key)
        return frozenset(keys)

    def _reached(self, move: Move, events: Sequence[Event], engine: Engine) -> bool:
        goal = self.goal
        if goal.do and move.do not in goal.do:
            return False
        happened = {type(e).__name__ for e in events}
        if not set(goal.events) <= happened:
            return False
        if goal.played is not None and not any(
            isinstance(e, Played) and e.kind == goal.played for e in events
        ):
            return False
        if goal.hand_left is not None and len(engine.view(self.seat).hand) != goal.hand_left:
            return False
        if goal.meld:
            touched = {getattr(e, "meld", None) for e in events} - {None}
            melds = [m for m in engine.scenario_state()["melds"] if m["id"] in touched]
            if not any(all(m.get(k) == v for k, v in goal.meld.items()) for m in melds):
                return False
        return True


def rest_of_turn_note(
    step: Step, events: Sequence[Event], made: Sequence[Mapping[str, Any]], lang: str = ENGLISH
) -> str | None:
    """A word on a move of the rest of the turn that undoes what the step's right answer did
    (its ``events``): throwing away a card that answer brought into the hand -- the joker won
    back in Hand, a card of the pile just taken. ``made``: the moves the engine recorded for
    the learner's line. None when no move of it does so (issue 61: only Hand's joker throw got
    a word)."""
    won = any(isinstance(e, Swapped) for e in events) and step.game == "hand"
    taken = {str(c) for e in events if isinstance(e, TookPile) for c in e.cards}
    for move in made:
        if move.get("seat") != step.seat or move.get("do") != "discard":
            continue
        card = str(move.get("card"))
        if won and card == "JK":
            return t("lesson_threw_won_joker", lang)
        if card in taken:
            return t("lesson_threw_taken", lang, card=Card.parse(card).pretty)
    return None


def _wilds_in_touched(events: Sequence[Event], engine: Engine) -> int | None:
    """How many wilds stand in the melds a move laid or added to, by the engine's reading."""
    melds = getattr(engine, "melds", None)
    touched = {getattr(e, "meld", None) for e in events} - {None}
    if not isinstance(melds, dict) or not touched:
        return None
    return sum(len(melds[m].meld.wilds) for m in touched if m in melds)


def spare_wild_note(step: Step, events: Sequence[Event], engine: Engine, lang: str) -> str | None:
    """A word when the learner's right move spent more wilds than the step's own answer, which
    reaches the same goal (the Mor newcomer's finding: ``add 1 2C JK`` was praised with no word
    that it spends two wilds where the joker and J♥ do it with one)."""
    used = _wilds_in_touched(events, engine)
    if used is None:
        return None
    fresh = step.position()
    answer = answer_move(step)
    needed = _wilds_in_touched(tuple(fresh.apply(step.seat, answer)), fresh)
    # Mor's melds hold two wilds at most: this is two spent where one does it.
    if needed is None or not needed or used <= needed:
        return None
    named = " ".join(c.pretty for c in getattr(answer, "cards", ()))
    return t("lesson_spare_wild", lang, cards=named)


def done_params(game: str, events: Sequence[Event], engine: Engine) -> dict[str, Any]:
    """What a ``done`` text may say of the move actually made, worked out from it: in Hand,
    ``points``, what the melds it made count toward the opening by the engine's values (a
    51-point opening was once praised with the expected answer's 56)."""
    if game != "hand":
        return {}
    assert isinstance(engine, Hand)
    made = [e.meld for e in events if isinstance(e, Melded)]
    return {"points": Count("n_points", sum(meld_value(engine.melds[m].meld) for m in made))}


class LessonError(ValueError):
    """A lesson file that can't be used; the message names the file."""


def _step(game: str, name: str, number: int, data: Mapping[str, Any]) -> Step:
    try:
        lesson = data["lesson"]
        goal = lesson["goal"]
        step = Step(
            game=game,
            name=name,
            number=number,
            table=data,
            seat=int(lesson["seat"]),
            goal=Goal(
                do=tuple(goal.get("do", ())),
                events=tuple(goal.get("events", ())),
                meld=dict(goal.get("meld", {})),
                played=goal.get("played"),
                hand_left=goal.get("hand_left"),
            ),
            wrong=dict(lesson["wrong"]),
            about=tuple(lesson.get("about", ())),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise LessonError(f"The lesson file {game}/{name} is incomplete ({e}).") from None
    if data.get("game") != game:
        raise LessonError(f"The lesson file {game}/{name} is for {data.get('game')!r}.")
    for part in PARTS:
        # English is the reference every other catalogue follows: a step it doesn't word would
        # show a key to the learner, so it is no step.
        if not has(key := text_key(game, name, part), ENGLISH):
            raise LessonError(f"The lesson file {game}/{name} has no text {key} in the catalogue.")
    return step


@cache
def lesson(game: str) -> tuple[Step, ...]:
    """The steps of a game's lesson, in file order."""
    if game not in GAMES:
        raise LessonError(t("lesson_unknown_game", games=", ".join(GAMES)))
    folder = resources.files(__package__) / game
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return tuple(
        _step(game, f.name.removesuffix(".json"), i, json.loads(f.read_text(encoding="utf-8")))
        for i, f in enumerate(files, start=1)
    )


def answer_move(step: Step) -> Move:
    """The step's right answer as a move (its table file's one move)."""
    return move_from_dict(step.answer[0])


def _menu_key(move: Move) -> Any:
    """A move as the menu tells it apart: a Run Fast play by its cards in any order (a meld's
    order can place a wild, so it stays)."""
    return (Play, frozenset(move.cards)) if isinstance(move, Play) else move
