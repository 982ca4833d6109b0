"""p50/p99 from an interaction arriving to the bot's answer, through SimCord (offline).

Run: /tmp/venv/bin/python bench/discord.py [moves]

- /hand: the slash command until its ephemeral hand (picture + controls) is sent;
- move: a click in the hand's controls until the engine applied it and it was saved;
- table: the live table message edit after a move (picture included), timed inside the bot.
Times include SimCord's own settling, so they are an upper bound of the bot's work.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would shadow the
# discord package: put the repository there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import simcord  # noqa: E402

from bot.client import Diwaniya  # noqa: E402
from cogs.play import PAGE, SIMPLE  # noqa: E402
from tests.discord.conftest import hand_message, live_table, pick_move  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))] * 1000


async def main(n: int) -> None:
    hand_t: list[float] = []
    move_t: list[float] = []
    table_t: list[float] = []
    with tempfile.TemporaryDirectory() as d:
        bot = Diwaniya(database=Path(d) / "bench.db", bot_delay=0, seeds=lambda: 7, shard_count=1)
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="bench")
            channel = guild.create_text_channel("cards")
            alice = guild.add_member(env.create_user("alice"))
            await alice.slash(channel, "table new", game="mor", players=2, length="full")
            thread = channel.threads[0]
            await alice.slash(thread, "table start")
            presenter = bot.presenter
            refresh = presenter.refresh

            async def timed_refresh(*a, **k):
                t0 = time.perf_counter()
                await refresh(*a, **k)
                table_t.append(time.perf_counter() - t0)

            presenter.refresh = timed_refresh
            while len(move_t) < n:
                live = live_table(bot, guild.id)
                if live.engine.round_over:
                    break
                t0 = time.perf_counter()
                r = await alice.slash(thread, "hand")
                hand_t.append(time.perf_counter() - t0)
                hand = hand_message(r)
                index, move = pick_move(live, live.engine.turn)
                t0 = time.perf_counter()
                if move.do in SIMPLE:
                    await alice.click(
                        hand, label={"draw": "Draw", "take": "Take the pile"}[move.do]
                    )
                elif index < PAGE:
                    await alice.select(hand, [str(index)])
                else:
                    await alice.slash(thread, "discard", card=str(getattr(move, "card", "")))
                move_t.append(time.perf_counter() - t0)
            await bot.close()
    for name, xs in (("/hand", hand_t), ("move", move_t), ("table update", table_t)):
        print(f"{name:13s} n={len(xs):4d}  p50={pct(xs, 50):7.1f} ms  p99={pct(xs, 99):7.1f} ms")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))
