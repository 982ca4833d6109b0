"""The four games by name, and rebuilding any game from its record or its JSON state."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Literal, cast, get_args

from bot.games.base import BadMove, Engine, Event, because, move_from_dict

# The four games' keys in the menus' order: the one list of the games, which the others import
# (a Literal, so that a slash command's game option is typed with it too).
Game = Literal["mor", "more3", "hand", "runfast"]
GAME_KEYS: tuple[Game, ...] = get_args(Game)

# game key -> module path; each module defines ENGINE, the engine class.
GAMES: dict[str, str] = {game: f"bot.games.{game}" for game in GAME_KEYS}


class UnknownGame(ValueError):
    """No such game (a developer's slip: players choose games from a menu); the message is one
    English sentence."""


def engine_class(game: str) -> type[Engine]:
    """The engine class of a game key; raises UnknownGame for a key that is no game here."""
    path = GAMES.get(game)
    if path is None:
        raise UnknownGame(f"“{game}” is not a game here: choose mor, more3, hand or runfast.")
    # Imported on first use, so a process that plays one game loads only that engine.
    return cast("type[Engine]", importlib.import_module(path).ENGINE)


def available_games() -> list[str]:
    """Every game key, in the order menus list them (all four engines exist)."""
    return list(GAMES)


def new_game(game: str, options: Mapping[str, Any] | None = None, seed: int | str = 0) -> Engine:
    return engine_class(game).new(dict(options or {}), seed)


def from_json(data: Mapping[str, Any]) -> Engine:
    return engine_class(str(data["game"])).from_json(data)


def replay(record: Mapping[str, Any]) -> Engine:
    """Rebuild a game from its record, which is a table file: the same shape docs/table-files.md gives."""
    engine = engine_class(str(record["game"])).from_table_file(record)
    for m in record.get("moves", []):
        play_move(engine, m)
    return engine


def play_move(engine: Engine, m: Mapping[str, Any]) -> list[Event]:
    """Play one move in its text form; ``next_round`` deals the next round."""
    if m.get("do") == "next_round":
        return engine.next_round()
    seat = m.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadMove(because("core.move_needs_seat"))
    return engine.apply(seat, move_from_dict(m))
