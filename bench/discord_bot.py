"""p50/p99 from an interaction arriving to the bot's answer, through SimCord (offline).

Run: python bench/discord_bot.py [moves]   (Mor 1 vs 1 rounds, each on a fresh bot, until [moves])

- /hand: the slash command until its ephemeral hand (picture + controls) is sent;
- move: a click in the hand's controls until the engine applied it and it was saved;
- table: the live table message edit after a move (picture included), timed inside the bot;
- first words: a move until Discord receives the member's confirmation ("Done: ..."), by how the
  move was made: a button of the hand (Draw, Take the pile), its menu, or typed (/discard;
  discards alternate between the menu and /discard).
Times include SimCord's own settling, so they are an upper bound of the bot's work.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # as the other bench scripts

import simcord

from bot.client.diwaniya import Diwaniya
from cogs.utils.hand import PAGE, SIMPLE
from tests.discord.conftest import hand_message, live_table, pick_move


class Tap(list):
    """SimCord's request log, noting when Discord receives each request."""

    def __init__(self, items: list, seen: list[tuple[float, object]]) -> None:
        super().__init__(items)
        self.seen = seen

    def append(self, entry: object) -> None:
        super().append(entry)
        self.seen.append((time.perf_counter(), entry))


def first_words(seen: list[tuple[float, object]], t0: float) -> float | None:
    """Seconds from ``t0`` to the first request after it carrying a move's confirmation."""
    for at, entry in seen:
        if at >= t0 and "Done:" in str(getattr(entry, "json", None) or ""):
            return at - t0
    return None


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))] * 1000


async def main(n: int) -> None:
    hand_t: list[float] = []
    move_t: list[float] = []
    table_t: list[float] = []
    words: dict[str, list[float]] = {"button": [], "menu": [], "typed": []}
    seen: list[tuple[float, object]] = []
    discards = 0
    seeds = itertools.count(7)
    while len(move_t) < n:
        # One Mor round a bot, each on a fresh SimCord world and file, so no figure grows with
        # the history of an ever longer run; the deals differ by seed.
        seed = next(seeds)
        with tempfile.TemporaryDirectory() as d:
            bot = Diwaniya(
                database=Path(d) / "bench.db", bot_delay=0, seeds=lambda s=seed: s, shard_count=1
            )
            async with simcord.run(bot) as env:
                guild = env.create_guild(name="bench")
                channel = guild.create_text_channel("cards")
                alice = guild.add_member(env.create_user("alice"))
                await alice.slash(channel, "table new", game="mor", players=2, length="full")
                thread = channel.threads[0]
                await alice.slash(thread, "table start")
                presenter = bot.presenter
                refresh = presenter.refresh

                async def timed_refresh(*a, refresh=refresh, **k):
                    t0 = time.perf_counter()
                    await refresh(*a, **k)
                    table_t.append(time.perf_counter() - t0)

                presenter.refresh = timed_refresh
                env.backend.http_requests = Tap(env.backend.http_requests, seen)
                while len(move_t) < n:
                    live = live_table(bot, guild.id)
                    if live.engine.round_over:
                        break
                    t0 = time.perf_counter()
                    r = await alice.slash(thread, "hand")
                    hand_t.append(time.perf_counter() - t0)
                    hand = hand_message(r)
                    index, move = pick_move(live, live.engine.turn)
                    typed = move.do == "discard" and (discards % 2 or index >= PAGE)
                    discards += move.do == "discard"
                    seen.clear()
                    t0 = time.perf_counter()
                    if move.do in SIMPLE:
                        kind = "button"
                        label = {"draw": "Draw", "take": "Take the pile"}[move.do]
                        await alice.click(hand, label=label)
                    elif not typed:
                        kind = "menu"
                        await alice.select(hand, [str(index)])
                    else:
                        kind = "typed"
                        await alice.slash(thread, "discard", card=str(getattr(move, "card", "")))
                    move_t.append(time.perf_counter() - t0)
                    said = first_words(seen, t0)
                    assert said is not None, f"no confirmation for a {kind} move"
                    words[kind].append(said)
                await bot.close()
    rows = [("/hand", hand_t), ("move", move_t), ("table update", table_t)]
    rows += [(f"words: {kind}", xs) for kind, xs in words.items()]
    for name, xs in rows:
        if xs:
            print(
                f"{name:13s} n={len(xs):4d}  p50={pct(xs, 50):7.1f} ms  p99={pct(xs, 99):7.1f} ms"
            )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))
