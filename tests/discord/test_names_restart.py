"""Members' names are kept with the table: after a restart its text and picture still name them
(never "member 1577…"), as they last called themselves, and the "Last:" lines come back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from cogs.utils.words import names_of

from .conftest import club, live_table, make_bot, reply


async def typed_move(bot: Any, guild: Any, thread: Any, member: Any) -> None:
    """The member's next move, typed: draw when they may, else discard."""
    live = live_table(bot, guild.id)
    await bot.service.idle(guild.id, live.id)
    legal = live.engine.legal_moves(0)
    if any(m.do == "draw" for m in legal):
        r = await member.slash(thread, "draw")
    else:
        card = next(m for m in legal if m.do == "discard").card
        r = await member.slash(thread, "discard", card=str(card))
    assert "Done:" in reply(r).content
    await bot.service.idle(guild.id, live.id)


def table_text(thread: Any, live: Any) -> str:
    return next(m for m in thread.history() if m.id == live.table.message_id).content


async def test_names_and_last_moves_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "table new", game="mor", players=2, length="quick")
        thread = channel.threads[0]
        await alice.slash(thread, "table start")
        await typed_move(bot, guild, thread, alice)
        # She changes her display name on the server; her next interaction shows it.
        env.backend.get_guild(guild.id).members[alice.id].nick = "Ally"
        await typed_move(bot, guild, thread, alice)
        await typed_move(bot, guild, thread, alice)
        live = live_table(bot, guild.id)
        before = table_text(thread, live)
        assert "Ally" in before and "Last move —" in before

        sent = len(env.http_requests)
        bot2 = make_bot(db)
        await bot.close()
        await env.restart_bot(bot2)
        live2 = live_table(bot2, guild.id)
        # The restored bot draws the table again from what the store kept.
        edits = [
            e.json
            for e in env.http_requests[sent:]
            if e.method == "PATCH" and e.path.endswith(f"/messages/{live2.table.message_id}")
        ]
        assert edits, "the restored table was not shown again"
        after = edits[-1]["content"]
        assert str(alice.id) not in after
        assert after == before  # the same names, the same last moves
        assert names_of(bot2, live2, picture=True)[0] == "Ally"  # the picture's plate
        await bot2.close()
