"""Lesson progress in the terminal, kept between runs as Discord keeps it in its store: which
steps of each game's lesson are done, and which of them were right at the first try.

A small JSON file, ``lessons.json``, in the user's state directory: ``$DIWANIYA_STATE_DIR``
(tests point it at a folder of their own), else ``$XDG_STATE_HOME/diwaniya``, else
``~/.local/state/diwaniya``. A file that can't be read is never written over: what a learner has
done is not lost to a bad byte; the lesson then starts at its first step and says why.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ENV = "DIWANIYA_STATE_DIR"
FILE = "lessons.json"
# The file's layout of step numbers. When a lesson gains a step before others, the steps after
# it move: a file written before is read with its answers moved along with their steps, as the
# store's migrations move Discord's (bot/store/migrations/0008_hand_lesson_renumbered.sql).
VERSION = 2
MOVED: dict[int, tuple[tuple[str, int, int], ...]] = {
    2: (("hand", 5, 6),),  # the Hand lesson's "joker in a set of three" came before its last step
}


def state_dir() -> Path:
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    xdg = os.environ.get("XDG_STATE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / "diwaniya"


@dataclass
class Progress:
    path: Path
    # game -> step number (as text, JSON's keys) -> right at the first try
    games: dict[str, dict[str, bool]] = field(default_factory=dict)
    readable: bool = True
    # game -> the steps passed by ``skip`` and not answered since (the Hand newcomer read "5 of
    # 7 steps done" after skipping most of them)
    skipped: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = path if path is not None else state_dir() / FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls(path)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return cls(path, readable=False)
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, dict) or not all(
            isinstance(g, dict) and all(isinstance(v, bool) for v in g.values())
            for g in games.values()
        ):
            return cls(path, readable=False)
        kept = {str(k): {str(n): v for n, v in g.items()} for k, g in games.items()}
        version = data.get("version", 1)
        if isinstance(version, int) and not isinstance(version, bool):
            for later in range(version + 1, VERSION + 1):
                for game, old, new in MOVED.get(later, ()):
                    steps = kept.get(game, {})
                    if str(old) in steps and str(new) not in steps:
                        steps[str(new)] = steps.pop(str(old))
        raw = data.get("skipped", {})
        skipped = {
            str(g): sorted({n for n in ns if isinstance(n, int) and not isinstance(n, bool)})
            for g, ns in (raw.items() if isinstance(raw, dict) else ())
            if isinstance(ns, list)
        }
        return cls(path, kept, skipped=skipped)

    def done(self, game: str, count: int) -> dict[int, bool]:
        """The game's steps done (1-based, within ``count``) and whether right at the first try."""
        steps = self.games.get(game, {})
        out = {int(n): first for n, first in steps.items() if n.isdigit()}
        return {n: first for n, first in out.items() if 1 <= n <= count}

    def next_step(self, game: str, count: int) -> int:
        """The first step not done yet; the first when all are (as Discord's /lesson)."""
        done = self.done(game, count)
        return next((n for n in range(1, count + 1) if n not in done), 1)

    def record(self, game: str, number: int, first_try: bool, skipped: bool = False) -> bool:
        """Mark a step done (right at the first try stays so once it was) and save; False when
        nothing could be saved (an unreadable file is left as it is). ``skipped``: passed by
        ``skip``, counted apart until the step is answered (a step answered stays answered)."""
        if not self.readable:
            return False
        steps = self.games.setdefault(game, {})
        answered = str(number) in steps and number not in self.skipped.get(game, [])
        steps[str(number)] = steps.get(str(number), False) or first_try
        passed = set(self.skipped.get(game, []))
        if skipped and not answered:
            passed.add(number)
        elif not skipped:
            passed.discard(number)
        self.skipped[game] = sorted(passed)
        return self._save()

    def skipped_steps(self, game: str, count: int) -> set[int]:
        """The game's steps (within ``count``) passed by ``skip`` and not answered since."""
        return {n for n in self.skipped.get(game, []) if 1 <= n <= count}

    def reset(self, game: str) -> bool:
        """Forget the game's lesson progress (the learner starts it over) and save; False when
        nothing could be saved (an unreadable file is left as it is)."""
        if not self.readable:
            return False
        self.games.pop(game, None)
        self.skipped.pop(game, None)
        return self._save()

    def _save(self) -> bool:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Written whole beside the file, then moved over it: a crash leaves the old one.
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".lessons-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                data = {"version": VERSION, "games": self.games, "skipped": self.skipped}
                json.dump(data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError:
            return False
        return True
