"""The rooms of the project and which way their imports may point (docs/architecture.md).

Every module of bot/, cogs/ and render/ belongs to one room, found by the longest of the room's
module prefixes that names it; each room may import the standard library, the rooms listed for
it and the third-party packages listed for it, nothing else. The imports are read with ``ast``
(every one: at the top, inside a function, under TYPE_CHECKING), so a rule holds for code that
a test never runs. A folder moved later edits ``ROOMS``, and only ``ROOMS``.
"""

from __future__ import annotations

import ast
import importlib
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "render")


@dataclass(frozen=True)
class Room:
    modules: tuple[str, ...]  # module prefixes: "bot.games" holds bot.games and bot.games.*
    may_import: tuple[str, ...] = ()  # other rooms, by name (its own is always allowed)
    third_party: tuple[str, ...] = ()  # top-level packages outside the standard library
    apart: bool = False  # its modules may not import one another (each cog stands alone)
    exact: bool = False  # its prefixes name single modules, not the folders below them


ROOMS: dict[str, Room] = {
    # The rules of each game: pure, deterministic, the standard library only.
    "engines": Room(("bot.games",)),
    # Who plays whom in a tournament and what a game is worth: pure, the standard library only.
    "tournament rules": Room(("bot.tournament.pairing", "bot.tournament.scoring")),
    # Tournaments run by the bot: sign-ups, rounds of tables, results (no Discord).
    "tournament service": Room(
        ("bot.tournament.service",),
        ("engines", "store", "table service", "tournament rules"),
    ),
    # A whole tournament played by computers in a terminal (``python -m bot.tournament``).
    "tournament simulator": Room(
        ("bot.tournament",),
        ("engines", "computer players", "words", "store", "tournament rules"),
        ("babel",),
    ),
    # How a computer chooses its move: from what an engine shows a seat, nothing else.
    "computer players": Room(("bot.ai",), ("engines",)),
    # The catalogues: every word a member reads; a refusal's Reason is the engines'.
    "words": Room(("bot.i18n",), ("engines",), ("babel",)),
    # Saved tables, games, settings and ratings (the ratings' maths is saved with each result),
    # and which shards of Discord's servers this process drives (the store holds them).
    "store": Room(
        ("bot.store",),
        ("tournament rules",),
        ("aiosqlite", "asyncpg", "openskill"),
    ),
    # A game played again move by move from its record (history, reviews, "try again").
    "replays": Room(("bot.replay",), ("engines",)),
    # Judging a seat's moves as the strong computer would: hints and practice reviews (a room of
    # their own, as the computers' workers work them out too).
    "hints": Room(
        ("bot.learning.hints", "bot.learning.review"),
        ("engines", "computer players", "words", "replays"),
    ),
    # The worker processes computers think in (hints and reviews too), and measuring the
    # computers against each other (self-play, the ladder).
    "computer play": Room(("bot.computers",), ("engines", "computer players", "hints")),
    # The live tables, one place for every move and refusal. No Discord.
    "table service": Room(
        ("bot.tables",),
        ("engines", "computer players", "words", "store", "computer play", "replays"),
    ),
    # Table files played from the command line (``python -m bot.scenario``).
    "table files": Room(("bot.scenario",), ("engines", "words")),
    # Learning: lessons and the guided round, practice tables and the rules document.
    "learning": Room(
        ("bot.learning",),
        ("engines", "computer players", "words", "hints", "replays", "store", "table service"),
    ),
    # The terminal: playing, lessons and replays at a keyboard. Nothing else imports it.
    "terminal": Room(
        ("bot.console",),
        (
            "engines",
            "computer players",
            "words",
            "hints",
            "learning",
            "replays",
            "table service",
        ),
        ("bidi",),
    ),
    # The Discord client: the bot itself, its commands' translations, the limits of what a
    # member may send and Discord accepts, the settings read at start and ``python -m bot``.
    "discord client": Room(
        ("bot.client", "bot.__main__"),
        ("engines", "words", "store", "table service", "tournament service", "pictures"),
        ("discord", "aiohttp", "dotenv"),
    ),
    # What several cogs share; never a cog.
    "cog helpers": Room(
        ("cogs.utils",),
        (
            "engines",
            "words",
            "store",
            "table service",
            "tournament service",
            "tournament rules",
            "learning",
            "discord client",
            "pictures",
        ),
        ("discord",),
    ),
    # The cogs: each imports the helpers, never another cog (so "cogs" is not among its rooms).
    "cogs": Room(
        ("cogs",),
        (
            "engines",
            "computer players",  # the levels a command offers (``bot.ai.Level``)
            "words",
            "store",
            "replays",
            "hints",
            "table service",
            "tournament service",
            "tournament rules",
            "learning",
            "discord client",
            "pictures",
            "cog helpers",
        ),
        ("discord", "babel"),
        apart=True,
    ),
    # The pictures: drawn from what an engine shows, never from the service or Discord.
    "pictures": Room(("render",), ("engines", "words"), ("PIL", "fontpkg")),
    # ``bot/__init__.py``, which only marks the folder: a new module loose in bot/ belongs to
    # no room, so the test below asks for its room to be named.
    "package": Room(("bot",), exact=True),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


MODULES = project_modules()


def room_of(module: str) -> str | None:
    """The room whose longest prefix names ``module``."""
    best: tuple[int, str | None] = (-1, None)
    for name, room in ROOMS.items():
        for prefix in room.modules:
            below = not room.exact and module.startswith(prefix + ".")
            if (module == prefix or below) and len(prefix) > best[0]:
                best = (len(prefix), name)
    return best[1]


def imports_of(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports; ``from bot import limits`` is bot.client.limits, a module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in MODULES else source)
    return found


def test_every_module_imports() -> None:
    for module in MODULES:
        importlib.import_module(module)


def test_every_module_is_in_one_room_and_every_room_holds_one() -> None:
    homeless = [m for m in MODULES if room_of(m) is None]
    assert not homeless, f"modules in no room (add them to ROOMS): {homeless}"
    empty = [name for name in ROOMS if not any(room_of(m) == name for m in MODULES)]
    assert not empty, f"rooms that hold no module any more (a folder moved?): {empty}"
    for name, room in ROOMS.items():
        unknown = [r for r in room.may_import if r not in ROOMS]
        assert not unknown, f"{name} may import rooms that do not exist: {unknown}"


def wrong_way(module: str, path: Path) -> list[str]:
    room_name = room_of(module)
    assert room_name is not None
    room = ROOMS[room_name]
    allowed = {room_name, *room.may_import}
    out = []
    for imported in sorted(imports_of(module, path)):
        top = imported.split(".")[0]
        if top in PACKAGES:
            target = room_of(imported)
            if target not in allowed:
                out.append(f"{module} ({room_name}) imports {imported} ({target})")
            elif room.apart and target == room_name and imported != module:
                out.append(f"{module} imports {imported}, in its own room ({room_name})")
        elif top not in sys.stdlib_module_names and top not in room.third_party:
            out.append(f"{module} ({room_name}) imports {imported} (third-party)")
    return out


@pytest.mark.parametrize("room", list(ROOMS))
def test_imports_point_only_the_allowed_way(room: str) -> None:
    wrong = [
        line
        for module, path in MODULES.items()
        if room_of(module) == room
        for line in wrong_way(module, path)
    ]
    assert not wrong, "\n".join(wrong)


def test_a_cog_holds_the_bot_only_for_type_checking() -> None:
    """The cogs get their bot from discord.py; importing its class at run time would tie each
    cog to the client module's import order. Only the type checker reads it."""
    for module, path in MODULES.items():
        if not module.startswith("cogs"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        checking = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "bot.client.diwaniya":
                names = {alias.name for alias in node.names}
                assert "Diwaniya" not in names or id(node) in checking, (
                    f"{module} imports Diwaniya outside TYPE_CHECKING"
                )


def test_the_rules_catch_an_import_the_wrong_way(tmp_path: Path) -> None:
    """The checks can fail: an engine importing the store, a cog another cog, and anything
    outside the terminal importing it are each reported."""
    cases = {
        "bot.games.mor": "from bot.store import SQLiteStore\n",
        "cogs.lobby": "from cogs.play import Play\n",
        "render.table": "import bot.console.cli\n",
        "bot.tables": "import discord\n",
    }
    for module, source in cases.items():
        path = tmp_path / "case.py"
        path.write_text(source, encoding="utf-8")
        assert wrong_way(module, path), f"{source!r} in {module} passed"
