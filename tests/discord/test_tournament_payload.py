"""Every command the bot syncs keeps Discord's documented limits, checked on the real payload
of the bulk overwrite it sends at start (which Discord refuses whole when one command breaks a
limit, and then no command works). /tournament, the largest group, is the reason this exists."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import simcord

from .conftest import make_bot
from .test_command_names import discord_accepts_name

NAME, DESCRIPTION, CHOICE_NAME = 32, 100, 100
OPTIONS, CHOICES = 25, 25
# Names, descriptions and choices of one command with all its subcommands and options, in one
# locale (Discord: "the combined sum of characters ... must not exceed 4000").
COMMAND_TOTAL = 4000
SUB = (1, 2)  # a subcommand, a subcommand group


def synced_payload(env: Any) -> list[dict[str, Any]]:
    """The commands in the last bulk overwrite the bot sent."""
    puts = [
        e.json
        for e in env.http_requests
        if e.method == "PUT" and e.path.endswith("/commands") and isinstance(e.json, list)
    ]
    assert puts, "the bot sent no bulk overwrite of its commands"
    return puts[-1]


def locales(command: dict[str, Any]) -> set[str]:
    found: set[str] = set()

    def walk(node: dict[str, Any]) -> None:
        found.update((node.get("name_localizations") or {}).keys())
        found.update((node.get("description_localizations") or {}).keys())
        for choice in node.get("choices") or ():
            found.update((choice.get("name_localizations") or {}).keys())
        for option in node.get("options") or ():
            walk(option)

    walk(command)
    return found


def texts(node: dict[str, Any], locale: str | None) -> Iterator[tuple[str, str]]:
    """(kind, text) of a command's every name, description and choice, as ``locale`` sees it."""

    def own(field: str, item: dict[str, Any]) -> str:
        localized = (item.get(f"{field}_localizations") or {}).get(locale) if locale else None
        return localized or item.get(field) or ""

    yield "name", own("name", node)
    if "description" in node:
        yield "description", own("description", node)
    for choice in node.get("choices") or ():
        yield "choice", own("name", choice)
        yield "value", str(choice.get("value", ""))
    for option in node.get("options") or ():
        yield from texts(option, locale)


def check_options(where: str, node: dict[str, Any]) -> None:
    options = node.get("options") or []
    assert len(options) <= OPTIONS, (where, len(options))
    leaves = [o for o in options if o["type"] not in SUB]
    required = [bool(o.get("required")) for o in leaves]
    assert required == sorted(required, reverse=True), f"/{where}: required options first"
    for option in options:
        assert len(option.get("choices") or ()) <= CHOICES, (where, option["name"])
        if option["type"] in SUB:
            check_options(f"{where} {option['name']}", option)


def broken(payload: list[dict[str, Any]]) -> list[str]:
    """Every limit of Discord's the payload breaks, said."""
    out = []
    for command in payload:
        try:
            check_options(command["name"], command)
        except AssertionError as e:
            out.append(f"/{command['name']}: {e}")
        for locale in (None, *sorted(locales(command))):
            total = 0
            for kind, text in texts(command, locale):
                total += len(text)
                if kind == "name" and not discord_accepts_name(text):
                    out.append(f"/{command['name']} [{locale}]: name {text!r}")
                if kind == "description" and not 1 <= len(text) <= DESCRIPTION:
                    out.append(f"/{command['name']} [{locale}]: description {text!r}")
                if kind == "choice" and not 1 <= len(text) <= CHOICE_NAME:
                    out.append(f"/{command['name']} [{locale}]: choice {text!r}")
            if total > COMMAND_TOTAL:
                out.append(f"/{command['name']} [{locale}]: {total} characters")
    return out


def test_the_check_finds_what_discord_refuses() -> None:
    good = {
        "name": "x",
        "description": "d",
        "options": [
            {"type": 3, "name": "a", "description": "d", "required": True},
            {"type": 3, "name": "b", "description": "d"},
        ],
    }
    assert broken([good]) == []
    long = {**good, "description": "d" * 101}
    assert broken([long])
    unordered = {**good, "options": list(reversed(good["options"]))}
    assert broken([unordered])
    many = {
        **good,
        "options": [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)],
    }
    assert broken([many])
    heavy = {**good, "description_localizations": {"nl": "d" * 100}}
    heavy["options"] = [
        {"type": 3, "name": f"o{i}", "description": "d" * 100, "description_localizations": {}}
        for i in range(25)
    ] + [{"type": 1, "name": "s", "description": "d" * 100}] * 20
    assert any("characters" in b for b in broken([heavy]))
    assert any("name" in b for b in broken([{**good, "name": "Two Words"}]))


async def test_every_synced_command_keeps_discords_limits(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        payload = synced_payload(env)
        names = {c["name"] for c in payload}
        assert {"tournament", "table", "play"} <= names
        tournament = next(c for c in payload if c["name"] == "tournament")
        assert {o["name"] for o in tournament["options"]} == {
            "new",
            "join",
            "leave",
            "show",
            "start",
            "cancel",
            "pause",
            "resume",
            "results",
        }
        # Manage Events by default (a server may hand it on in Integrations), servers only.
        assert int(tournament["default_member_permissions"]) == 1 << 33
        assert tournament.get("contexts") == [0] or tournament.get("dm_permission") is False
        assert {"nl", "hi"} <= locales(tournament)
        assert broken(payload) == []
        await bot.close()
