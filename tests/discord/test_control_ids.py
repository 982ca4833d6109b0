"""A control's custom_id is untrusted input: a modified client, or a message drawn by an older
version of the bot, may send any id. Every id pattern the bot registers (each DynamicItem) is
fuzzed here: numbers out of range (past a 64-bit integer), words where numbers go, numbers where
words go, other servers' tables, and ids that match no pattern at all. Each press gets an answer:
one private sentence (a page of the rules, which a rules button names by game and page, may
simply be shown), never the apology for a bug and never silence ("This interaction failed")."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import simcord
from simcord.results import to_discord_message

from .conftest import club, live_table, make_bot, play_runfast_out, reply

INT64_MAX = 2**63 - 1
GROUP = re.compile(r"\(\?P<(?P<name>\w+)>(?P<body>[^()]*)\)")
APOLOGY = "something went wrong"


def number_samples(*tables: int) -> list[str]:
    """What a number in an id may be made to say: nothing that exists, another server's
    tables, the largest and the first too large 64-bit integers, far beyond, and not a number."""
    return [
        "0",
        *map(str, tables),
        str(INT64_MAX),
        str(INT64_MAX + 1),
        "9" * 40,
        "-1",
        "x",
        "١٢",  # Arabic-Indic digits: \d matches them
    ]


def samples(body: str, tables: tuple[int, ...]) -> list[str]:
    if body.endswith(r"\d+"):
        return number_samples(*tables)
    if "|" in body or body.isalpha():
        return [*body.split("|"), "nope", "7"]
    return ["mor", "runfast", "zzz", "7", "MOR"]  # a word ([a-z0-9]+, [a-z]+)


def forged_ids(pattern: re.Pattern[str], tables: tuple[int, ...]) -> list[str]:
    """Ids in the shape of ``pattern``: each part changed in turn, the others at their first
    sample; plus the pattern's shape cut short and grown longer."""
    text = pattern.pattern
    groups = [(m, samples(m["body"], tables)) for m in GROUP.finditer(text)]
    assert groups, f"no named parts in {text}"

    def build(choice: dict[str, str]) -> str:
        return GROUP.sub(lambda m: choice[m["name"]], text)

    base = {m["name"]: options[0] for m, options in groups}
    out = {build(base)}
    for m, options in groups:
        for option in options:
            out.add(build({**base, m["name"]: option}))
    whole = build(base)
    out |= {whole + ":1", whole.rsplit(":", 1)[0], whole + "x"}
    return sorted(i for i in out if 0 < len(i) <= 100)


UNKNOWN = [
    "x",
    "dw",
    "dw:",
    "dwy",
    "dwy:1:2",
    "dwq:1:1:1",
    "dw:fly:1:1",
    ":::",
    "DW:JOIN:1:1",
    "dw:join:1:1:1",
    "🂡",
    "a" * 100,
]


async def press(member: Any, env: Any, bot: Any, channel: Any, custom_id: str) -> Any:
    """The member presses a control with ``custom_id`` on a message of the bot's (a button, or a
    menu choosing its one option)."""
    if custom_id.startswith(("dwm:", "dwl:")):  # the menus' patterns
        control = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "a", "value": "0"}],
        }
    else:
        control = {"type": 2, "style": 1, "label": "a", "custom_id": custom_id}
    stored = env.backend.create_message(
        channel.id, bot.user.id, "a control", components=[{"type": 1, "components": [control]}]
    )
    message = to_discord_message(env, stored)
    if control["type"] == 3:
        return await member.select(message, ["0"], custom_id=custom_id)
    return await member.click(message, custom_id=custom_id)


def answer_of(result: Any, custom_id: str) -> str:
    """The one private sentence a press got (asserting it is one, private, and no apology)."""
    sent = result.followups or ([result.response] if result.response is not None else [])
    assert sent, f"{custom_id!r}: no answer (Discord would say “This interaction failed”)"
    assert len(sent) == 1, f"{custom_id!r}: {len(sent)} answers"
    answer = sent[0]
    assert result.ephemeral or answer.ephemeral, f"{custom_id!r}: answered in public"
    text = answer.content
    assert text and APOLOGY not in text, f"{custom_id!r}: {text!r}"
    return text


async def test_every_control_id_gets_one_sentence(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        # Another server: a finished rated game and a table still playing.
        other, channel_a, (ann, ben, cat) = club(env, "ann", "ben", "cat")
        await ann.slash(channel_a, "table new", game="runfast")
        thread = channel_a.threads[-1]
        for member in (ben, cat):
            await member.slash(thread, "table join")
        await ann.slash(thread, "table start")
        finished = await play_runfast_out(bot, other, thread, {m.id: m for m in (ann, ben, cat)})
        await ann.slash(channel_a, "table new", game="hand")
        playing = live_table(bot, other.id)
        tables = (finished.id, playing.id)

        # This server, where a member presses forged controls.
        guild = env.create_guild(name="Elsewhere")
        channel = guild.create_text_channel("cards")
        dana = guild.add_member(env.create_user("dana"))
        patterns = [kind.__discord_ui_compiled_template__ for kind in bot.controls]
        assert len(patterns) >= 10, patterns  # every cog's controls are registered
        ids = sorted({i for p in patterns for i in forged_ids(p, tables)} | set(UNKNOWN))
        shown = 0
        wrong = []
        for custom_id in ids:
            result = await press(dana, env, bot, channel, custom_id)
            rules = custom_id.startswith("dwr:") and result.response is not None
            if rules and not result.ephemeral and "rules, page" in result.response.content:
                shown += 1  # a real game's rules page, by the nearest page number
                continue
            try:
                answer_of(result, custom_id)
            except AssertionError as e:
                wrong.append(str(e).splitlines()[0])
        assert not wrong, f"{len(wrong)} of {len(ids)} ids:\n" + "\n".join(wrong)
        assert shown, "no rules page was shown: the fuzzing missed the rules buttons"
        # Every pattern discord.py listens for (a sent view registers its items' kinds too)
        # is one the bot knows it reads, so its answer to an unknown id never doubles one.
        listened = {p.pattern for p in bot._connection._view_store._dynamic_items}
        assert listened == {p.pattern for p in patterns}, listened ^ {p.pattern for p in patterns}
        # Nothing changed on the other server.
        assert bot.service.tables(other.id) == [playing] and dana.id not in playing.members()
        assert (await bot.store.get_table(other.id, finished.id)).status.value == "finished"
        await bot.close()


def test_forged_ids_cover_each_part() -> None:
    pattern = re.compile(r"dwy:(?P<table>\d+):(?P<position>\d+):(?P<go>open|end)")
    ids = forged_ids(pattern, (5,))
    assert f"dwy:{INT64_MAX + 1}:0:open" in ids and "dwy:0:x:open" in ids
    assert "dwy:0:0:nope" in ids and "dwy:5:0:open" in ids
    assert all(i.startswith("dwy:") for i in ids)
    assert len(set(itertools.chain(ids))) == len(ids)


async def test_a_replay_or_rematch_past_64_bits_is_refused(tmp_path: Path) -> None:
    """The two ids of the issue, each pressed where a game was played: one sentence each."""
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        for custom_id in (f"dwy:{INT64_MAX + 1}:0:open", f"dwr:{INT64_MAX + 1}", "dwz:1"):
            result = await press(alice, env, bot, channel, custom_id)
            text = answer_of(result, custom_id)
            assert "\n" not in text
        r = await alice.slash(channel, "history")
        assert reply(r).ephemeral
        await bot.close()
