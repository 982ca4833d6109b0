"""Stepping through a finished game, move by move: what a replay shows.

A game's record is a table file (docs/table-files.md): how the first round was dealt and every move since,
``{"do": "next_round"}`` between rounds. A replay is that record read as positions: position 0 is
the deal, position k the table after the k-th entry. Every hand is shown face up (the game is over,
so nothing is hidden any more); the terminal and Discord both read positions from here, so they
step through a game the same way.

Rebuilding position k replays the record from the start, with a snapshot of the engine's JSON
state every ``SNAPSHOT_EVERY`` entries so stepping anywhere in a long game costs a few moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import Engine, TableFileError
from bot.games.registry import engine_class, from_json, play_move
from bot.games.views import View

SNAPSHOT_EVERY = 24
NEXT_ROUND = "next_round"


@dataclass(frozen=True)
class Step:
    """Where a position sits: ``round_no`` counts from 1; ``move`` is the record entry that led to
    it (None at a round's deal); ``start`` and ``end`` are the round's first and last positions."""

    position: int
    round_no: int
    move: Mapping[str, Any] | None
    start: int
    end: int


class Replay:
    """The positions of one game's record. Raises ``TableFileError`` for a record that does not
    replay (a bad move in it): a replay is only offered for a game that was played to its end."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        if not isinstance(record, Mapping) or "game" not in record:
            raise TableFileError("A replay needs a game's record (a table file with a “game”).")
        self.record = record
        self.moves: list[Mapping[str, Any]] = list(record.get("moves", []))
        self.game = str(record["game"])
        self._snapshots: dict[int, dict[str, Any]] = {}
        engine = engine_class(self.game).from_table_file(record)
        self._snapshots[0] = engine.to_json()
        # Play it through once: it proves the record replays, gives the round boundaries and
        # leaves snapshots along the way.
        self._round_starts = [0]
        for k, move in enumerate(self.moves, start=1):
            try:
                play_move(engine, move)
            except Exception as e:  # a record is data; any refusal means it does not replay
                raise TableFileError(
                    f"The record does not replay: move {k - 1} fails ({e})."
                ) from None
            if move.get("do") == NEXT_ROUND:
                self._round_starts.append(k)
            if k % SNAPSHOT_EVERY == 0:
                self._snapshots[k] = engine.to_json()
        self.final = engine

    def __len__(self) -> int:
        """The number of positions: the deal and one after each entry."""
        return len(self.moves) + 1

    @property
    def last(self) -> int:
        return len(self.moves)

    @property
    def rounds(self) -> int:
        return len(self._round_starts)

    def clamp(self, position: int) -> int:
        return max(0, min(self.last, position))

    def step(self, position: int) -> Step:
        position = self.clamp(position)
        index = max(i for i, start in enumerate(self._round_starts) if start <= position)
        start = self._round_starts[index]
        following = self._round_starts[index + 1 : index + 2]
        end = following[0] - 1 if following else self.last
        move = self.moves[position - 1] if position > start else None
        return Step(position, index + 1, move, start, end)

    def step_to(self, position: int, go: str) -> int:
        """Where a stepping control goes from ``position``: ``next`` and ``back`` one move,
        ``start`` and ``end`` the round's deal and last move (already there: the round before's
        deal, the round after's end); any other word stays."""
        step = self.step(position)
        if go == "next":
            return self.clamp(position + 1)
        if go == "back":
            return self.clamp(position - 1)
        if go == "start":
            return step.start if position > step.start else self.step(position - 1).start
        if go == "end":
            return step.end if position < step.end else self.step(position + 1).end
        return self.clamp(position)

    def engine_at(self, position: int) -> Engine:
        """A fresh engine at ``position``: playing with it never changes the replay."""
        position = self.clamp(position)
        base = max(k for k in self._snapshots if k <= position)
        engine = from_json(self._snapshots[base])
        for move in self.moves[base:position]:
            play_move(engine, move)
        return engine

    def view_at(self, position: int) -> View:
        """The table at ``position`` as everyone may now see it: the public view (no seat's own
        hand) with every seat's cards face up in ``hands_left``, which the table picture draws."""
        engine = self.engine_at(position)
        hands = tuple(tuple(engine.view(s).hand) for s in range(engine.n_seats))
        public = engine.view(-1)  # every game's own view has ``hands_left``
        return replace(public, hands_left=hands)

    def mover(self, position: int) -> int | None:
        """The seat whose move led to ``position`` (None at a deal)."""
        move = self.step(position).move
        seat = None if move is None else move.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
