"""The bot as a process running some of Discord's shards, through SimCord on PostgreSQL: after a
restart it restores, times and drives only the tables of the servers its shards own."""

from __future__ import annotations

import simcord

from bot.store.shards import Shards
from tests.postgres import RunDatabase

from .conftest import make_bot
from .test_games_bot import open_and_start


async def test_a_process_drives_only_its_shards_tables(postgres: RunDatabase) -> None:
    url = await postgres.fresh_schema()
    every = Shards.parse("0-1", 2)
    bot = make_bot(url, shards=every)
    async with simcord.run(bot) as env:
        servers = [env.create_guild(name=f"S{shard}", shard_id=shard) for shard in (0, 1)]
        for guild in servers:
            cards = guild.create_text_channel("cards")
            host, guest = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
            await open_and_start(cards, host, guest, "runfast")
        assert {lt.table.guild_id for lt in bot.service.tables()} == {g.id for g in servers}

        # The same database, now run by a process for shard 1 only.
        second = make_bot(url, shards=Shards.parse("1", 2))
        await bot.close()
        await env.restart_bot(second)
        assert second.service is not None
        assert [lt.table.guild_id for lt in second.service.tables()] == [servers[1].id]
        # Shard 0's table is still in the store, waiting for the process that owns it.
        assert len(await second.store.unfinished_tables(servers[0].id)) == 1
        await second.close()
