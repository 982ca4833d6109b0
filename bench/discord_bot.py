"""p50/p99 from an interaction arriving to the bot's answer, through SimCord (offline).

Run: python bench/discord_bot.py [moves]   (Mor 1 vs 1 rounds, each on a fresh bot, until [moves])

- /hand: the slash command until its ephemeral hand (picture + controls) is sent;
- move: a click in the hand's controls until the engine applied it and it was saved;
- table: the live table message edit after a move (picture included), timed inside the bot;
- first words: a move until Discord receives the member's confirmation ("Done: ..."), by how the
  move was made: a button of the hand (Draw, Take the pile), its menu, or typed (/discard;
  discards alternate between the menu and /discard).
Times include SimCord's own settling, so they are an upper bound of the bot's work.

Run: python bench/discord_bot.py turns [rounds] [game ...]   (each game's first round, [rounds]
deals of it, seeds 1 to [rounds]; the games by their label below, all when none is named)

Counts, not times: one member with computers in the other seats, then two members, play each
game's first round from their private hands the way a member would: at each of their moves they
use the last hand they have if its controls are current, else press Show my hand. Counted, with the private hands kept up to
date (cogs.utils.live_hands) and without (as before it): the member's interactions per turn
(Show my hand presses, page buttons, the moves' own clicks), and the bot's requests to Discord
per move at the table (every seat's), with the kept hands' own edits among them.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import tempfile
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # as the other bench scripts

import simcord

from bot.client.diwaniya import Diwaniya
from bot.computers.pool import ComputerPool
from bot.i18n import t
from cogs.utils.hand_controls import PAGE, SIMPLE
from tests.discord.conftest import drawn_at, hand_message, live_table, pick_move, reply
from tests.discord.test_games_bot import LABELS, table_message


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


# The games as a member opens them (/table new game:...), alone with the computers.
GAMES = [
    ("mor", "mor", {}),
    ("more", "more3", {}),
    ("more+bid", "more3", {"bid": True}),
    ("hand", "hand", {}),
    ("runfast", "runfast", {}),
]
BID = {c: t("btn.bid", "en", chips=c) for c in range(4)}


@dataclass
class Count:
    turns: int = 0
    presses: int = 0  # Show my hand
    interactions: int = 0  # every press, page and move of the member's
    moves: int = 0  # every seat's
    requests: int = 0
    edits: int = 0  # the kept hands' own edits

    def add(self, other: Count) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


async def member_round(
    game: str, options: dict[str, Any], seed: int, members: int, live_on: bool
) -> Count:
    """``game``'s first round for ``members`` members (1 or 2) and computers in the other
    seats, counted (see the docstring)."""
    count = Count()
    with tempfile.TemporaryDirectory() as d:
        service = {"computers": ComputerPool(0)}
        bot = Diwaniya(
            database=Path(d) / "bench.db",
            bot_delay=0,
            seeds=lambda: seed,
            shard_count=1,
            service_options=service,
        )
        async with simcord.run(bot, settle_timeout=120) as env:
            guild = env.create_guild(name="bench")
            channel = guild.create_text_channel("cards")
            people = [guild.add_member(env.create_user(n)) for n in ("alice", "bob")[:members]]
            host = people[0]
            await host.slash(channel, "table new", game=game, timer=0, **options)
            thread = channel.threads[0]
            for guest in people[1:]:
                await guest.slash(thread, "table join")
            hands = bot.presenter.hands
            if not live_on:  # as before: no hand is kept
                hands.keep = lambda *args, **kwargs: None
            edit = hands._edit

            async def counted(*args, edit=edit, **kwargs):
                count.edits += 1
                await edit(*args, **kwargs)

            hands._edit = counted
            since = len(env.http_requests)
            await host.slash(thread, "table start")
            live = live_table(bot, guild.id)
            seats = {live.seat_of(m.id): m for m in people}
            last: dict[int, Any] = {}  # each member's last private hand
            for _ in range(2000):
                engine = live.engine
                if engine.round_over or engine.game_over:
                    break
                due = [s for s in seats if engine.legal_moves(s) and engine.turn in (None, s)]
                if not due:
                    raise AssertionError("the computers stopped before a member's turn")
                seat = due[0]
                member = seats[seat]
                # A turn begins when the member moves after another seat (or first).
                moved = [m for m in engine.record["moves"] if "seat" in m]
                if not moved or moved[-1]["seat"] != seat:
                    count.turns += 1
                hand = last.get(seat)
                if hand is None or drawn_at(hand.message) != live.version:
                    r = await member.click(table_message(thread, live), label=t("btn_hand", "en"))
                    hand = last[seat] = reply(r)
                    count.presses += 1
                    count.interactions += 1
                index, move = pick_move(live, seat)
                if move.do == "bid":
                    r = await member.click(hand.message, label=BID[move.chips])
                elif move.do in SIMPLE:
                    r = await member.click(hand.message, label=LABELS[move.do])
                else:
                    shown = hand.message
                    for _ in range(index // PAGE):
                        r = await member.click(shown, label=t("btn_next", "en"))
                        shown = r.response.message
                        count.interactions += 1
                    r = await member.select(shown, [str(index)])
                count.interactions += 1
                assert r.response is not None and r.response.id == hand.id, "not played in place"
            count.moves = sum(1 for m in live.engine.record["moves"] if "seat" in m)
            count.requests = len(env.http_requests) - since
            await bot.close()
    return count


async def turns(rounds: int, only: list[str]) -> None:
    print(
        f"{'game':8s} {'members':>7s} {'hands':6s} {'turns':>5s} {'presses/turn':>12s} "
        f"{'clicks/turn':>11s} {'requests/move':>13s} {'hand edits/move':>15s}"
    )
    for label, game, options in GAMES:
        if only and label not in only:
            continue
        for members in (1, 2):
            for live_on in (False, True):
                total = Count()
                for seed in range(1, rounds + 1):
                    total.add(await member_round(game, options, seed, members, live_on))
                print(
                    f"{label:8s} {members:7d} {'kept' if live_on else 'before':6s} "
                    f"{total.turns:5d} {total.presses / total.turns:12.2f} "
                    f"{total.interactions / total.turns:11.2f} "
                    f"{total.requests / total.moves:13.2f} {total.edits / total.moves:15.2f}"
                )


if __name__ == "__main__":
    if sys.argv[1:2] == ["turns"]:
        asyncio.run(turns(int(sys.argv[2]) if len(sys.argv) > 2 else 1, sys.argv[3:]))
    else:
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))
