"""Every slash command option carries Discord's limits in the synced definition, and the bot
checks them again: a value a client should never send (here, a client whose checks were
removed) gets one sentence, saves nothing and creates nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.client import limits
from bot.tables import TableService

from .conftest import club, make_bot, reply

STRING, INTEGER, NUMBER = 3, 4, 10


def leaf_options(command: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    for option in command.get("options") or ():
        if option["type"] in (1, 2):  # a subcommand or group
            yield from leaf_options(option, f"{path} {option['name']}")
        else:
            yield f"{path} {option['name']}".strip(), option


async def test_every_option_has_discords_limits(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot):
        synced = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
        seen = {}
        for command in synced:
            for where, option in leaf_options(command, command["name"]):
                seen[where] = option
                if option.get("choices"):
                    continue  # Discord offers only these
                if option["type"] == STRING:
                    assert option.get("max_length"), f"/{where} has no max_length"
                if option["type"] in (INTEGER, NUMBER):
                    assert "min_value" in option and "max_value" in option, f"/{where}"
        timer = seen["table new timer"]
        assert (timer["min_value"], timer["max_value"]) == (0, 3600)
        bid = seen["bid chips"]
        assert (bid["min_value"], bid["max_value"]) == (0, 3)
        assert seen["lesson answer"]["max_length"] == limits.ANSWER_MAX
        assert seen["discard card"]["max_length"] == limits.CARD_MAX
        await bot.close()


class Unresolved:
    """A member option whose member Discord did not resolve: only an id on the wire."""

    def __init__(self, id: int) -> None:
        self.id = id


@pytest.fixture
def tampered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulated client sends whatever the test says, as a modified client could."""
    monkeypatch.setattr(simcord.interactions, "validate_option_value", lambda c, o, value: value)
    real = simcord.interactions.resolve_handle

    def resolve(actor: Any, value: Any, resolved: Any, **kw: Any) -> Any:
        return None if isinstance(value, Unresolved) else real(actor, value, resolved, **kw)

    monkeypatch.setattr(simcord.interactions, "resolve_handle", resolve)


async def test_values_no_client_should_send(tmp_path: Path, tampered: None) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        ada = guild.add_member(env.create_user("ada"), roles=[admins])

        async def refused(who: Any, command: str, words: str, /, **options: Any) -> None:
            r = await who.slash(channel, command, **options)
            answer = reply(r)
            assert r.ephemeral and words in answer.content, (command, options, answer.content)
            assert len(answer.content) <= 2000 and "\n" not in answer.content

        await refused(alice, "rules", "not available", game="xyz")
        for seconds in (-1, 5, 999999):
            await refused(ada, "settings", "0 (no timer) or from 10 to 3600", timer=seconds)
        await refused(ada, "settings", "not a language", language="xx")
        settings = await bot.store.guild_settings(guild.id)
        assert settings.turn_timer == 120 and settings.language == "en"  # nothing saved
        await refused(alice, "preferences", "not a language", language="xx")
        assert (await bot.store.member_settings(alice.id)).language is None
        await refused(alice, "stats", "can't be found", member=Unresolved(12345))
        await refused(alice, "lesson", "too long", game="mor", answer="x" * 3000)
        await refused(alice, "leaderboard", "not available", game="xyz")
        await alice.slash(channel, "table new", game="hand")
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        r = await alice.slash(thread, "meld", cards=" ".join(["5H"] * 2000))
        assert "too long: 100 characters" in reply(r).content
        r = await alice.slash(thread, "discard", card="5H" * 3000)
        assert "too long: 100 characters" in reply(r).content
        await alice.slash(thread, "table cancel")
        threads = len(channel.threads)

        # /table new: refused before anything is made, so no empty thread is left behind.
        await refused(alice, "table new", "not available", game="xyz")
        await refused(alice, "table new", "players", game="mor", players=3)
        await refused(alice, "table new", "not one of the choices", game="mor", length="long")
        await refused(alice, "table new", "three players", game="hand", players=4)
        await refused(alice, "table new", "from 10 to 3600", game="hand", timer=5)
        await refused(alice, "table new", "from 10 to 3600", game="hand", timer=-1)
        assert len(channel.threads) == threads and bot.service.tables(guild.id) == []
        assert not await bot.store.unfinished_tables(guild.id)
        await bot.close()


async def test_refusals_in_the_members_language(tmp_path: Path, tampered: None) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (noor,) = club(env, "noor")
        await noor.slash(channel, "preferences", language="ar")
        r = await noor.slash(channel, "table new", game="mor", timer=5)
        assert "مؤقت الدور" in reply(r).content and channel.threads == []
        await bot.close()


async def test_mor_player_counts_checked_by_the_engine(tmp_path: Path) -> None:
    service = TableService.__new__(TableService)  # the check needs no store
    service.check_options("mor", {"players": 2, "length": "quick"})
    with pytest.raises(Exception, match="players"):
        service.check_options("mor", {"players": 3, "length": "full"})


async def test_table_show_on_a_lobby(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "table new", game="hand")
        thread = channel.threads[0]
        r = await alice.slash(thread, "table show")
        said = reply(r).content
        assert "started" not in said and "posted again" in said
        # The lobby itself is posted again, with its buttons.
        last = thread.history()[0]
        assert "lobby" in last.content and "started" not in last.content
        await bot.close()
