"""SimCord world for the bot: the real discord.py against an in-memory Discord, on a real DB."""

from __future__ import annotations

import asyncio
import functools
import io
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from PIL import Image

import render
from bot.client.diwaniya import Diwaniya
from bot.computers.pool import ComputerPool, choose_computer_move
from bot.tables import LiveTable

# How long SimCord may wait for the bot to settle after each step, and how long a whole test may
# run. Both are caps, not waits: a settle ends the moment the bot's work is done, so on an idle
# machine they cost nothing, and on a busy one (four CPU-bound processes beside the suite) they
# leave room for slow work instead of failing it. SimCord's own default cap is 5 s of wall
# clock, which a busy 2-core machine overran. DIWANIYA_TEST_PATIENCE scales both.
PATIENCE = float(os.environ.get("DIWANIYA_TEST_PATIENCE", "1"))
SETTLE_CAP = 120.0 * PATIENCE
TEST_CAP = 600.0 * PATIENCE


@pytest.fixture(autouse=True)
def patient_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every SimCord environment (``simcord.run(bot)``) gets ``SETTLE_CAP`` unless a test sets
    its own ``settle_timeout``, and drives the clock of every bot it runs.

    SimCord's cap is also its horizon: a real-time timer due within it counts as work to wait
    for. So the table service's own waits (a round's 30 s pause, turn timers) are made virtual
    from the first (``drive_clock``): they end only when a test advances time, and a settle
    waits for the bot's work alone, however long the cap."""
    real_init = simcord.Env.__init__
    real_restart = simcord.Env.restart_bot

    @functools.wraps(real_init)
    def init(self: simcord.Env, bot: discord.Client, **options: Any) -> None:
        options.setdefault("settle_timeout", SETTLE_CAP)
        real_init(self, bot, **options)
        if isinstance(bot, Diwaniya):
            drive_clock(bot, self)

    @functools.wraps(real_restart)
    async def restart_bot(self: simcord.Env, bot: discord.Client, *args: Any, **kw: Any) -> Any:
        if isinstance(bot, Diwaniya):
            drive_clock(bot, self)
        return await real_restart(self, bot, *args, **kw)

    monkeypatch.setattr(simcord.Env, "__init__", init)
    monkeypatch.setattr(simcord.Env, "restart_bot", restart_bot)


def _capped(test: Any) -> Any:
    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> Any:
        try:
            async with asyncio.timeout(TEST_CAP):
                return await test(*args, **kwargs)
        except TimeoutError as e:
            if isinstance(e.__cause__, asyncio.CancelledError) or not str(e):
                pytest.fail(
                    f"the test did not end within {TEST_CAP:g} s: the bot or SimCord hung "
                    "(the traceback shows where it was waiting)"
                )
            raise

    return run


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """No test here may hang the run: each async test is cancelled after ``TEST_CAP`` seconds
    and fails saying so, and the suite goes on."""
    here = Path(__file__).parent
    for item in items:
        if (
            isinstance(item, pytest.Function)
            and here in Path(item.path).parents
            and asyncio.iscoroutinefunction(item.obj)
        ):
            item.obj = _capped(item.obj)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "pictures: the bot draws its real pictures (else a tiny stand-in PNG)"
    )


def _tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, "PNG")
    return out.getvalue()


TINY_PNG = _tiny_png()


@pytest.fixture(autouse=True)
def quick_pictures(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """The table, hand and score pictures are a tiny PNG unless a test is marked
    ``@pytest.mark.pictures``: drawing them was a large share of this folder's time, no test
    here looks inside them (tests/render does, on the real drawings), and the tests marked
    draw them for real through Discord. The cogs draw through ``render``'s own names
    (cogs.utils.pictures) or import them afresh with each bot, so patching ``render`` reaches
    every bot a test starts."""
    if request.node.get_closest_marker("pictures") is None:
        for name in ("render_table", "render_hand", "render_score_sheet"):
            monkeypatch.setattr(render, name, lambda *args, **kwargs: TINY_PNG)
    yield


def make_bot(db: Path | str, seed: int = 2024, **kwargs: Any) -> Diwaniya:
    # Computers move at once (no pacing) unless a test paces them, a fixed seed fixes the deal
    # (tests pick deals whose first round is short), and the table service reads the time from
    # SimCord's virtual clock (discord.utils.utcnow), the one its sleeps run on, so a turn
    # timer lasts exactly the seconds a test advances. Computers decide inline: no worker
    # processes to start in every test (tests/table_service/test_computers.py tries those).
    kwargs.setdefault("bot_delay", 0)
    if "shards" not in kwargs:
        # The bot is an AutoShardedBot; offline there is no Discord to recommend a count.
        kwargs.setdefault("shard_count", 1)
    service = {
        "clock": lambda: discord.utils.utcnow().timestamp(),
        "sleep": VirtualSleep(),
        "computers": ComputerPool(0),
    }
    return Diwaniya(database=db, seeds=lambda: seed, service_options=service, **kwargs)


class VirtualSleep:
    """The table service's sleeps (turn timers, computers' pauses, retries, the pause before a
    round), once ``drive_clock`` binds it to a SimCord env, as that env's external waits: they
    are virtual from birth, so they end only when the test advances time, never by the wall
    clock, and a settle does not wait for them. Unbound, it is ``asyncio.sleep``."""

    def __init__(self) -> None:
        self.env: Any = None

    async def __call__(self, delay: float) -> None:
        if self.env is None or delay <= 0:
            await asyncio.sleep(delay)
            return
        await self.env.external_wait(asyncio.sleep(delay), reason=f"a table's {delay:g} s wait")


def drive_clock(bot: Diwaniya, env: Any) -> None:
    """From now on the bot's table waits end only when the test calls ``env.advance_time``
    (every bot a SimCord env runs, since ``patient_settle``)."""
    sleep = bot.service_options.get("sleep")
    if isinstance(sleep, VirtualSleep):
        sleep.env = env


def club(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A server "Diwaniya" with a #cards channel and a member for each of ``names``."""
    guild = env.create_guild(name="Diwaniya")
    channel = guild.create_text_channel("cards")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in names]


def closed_channel(guild: Any, *, public_threads: bool = True) -> Any:
    """A channel of ``guild`` where the bot may not create private threads (nor public ones
    unless ``public_threads``): a practice table there lives in the member's private hand."""
    denied = {"create_private_threads": False}
    if not public_threads:
        denied["create_public_threads"] = False
    me = guild.me
    assert me is not None
    return guild.create_text_channel(
        "closed", overwrites={me: discord.PermissionOverwrite(**denied)}
    )


def live_table(bot: Diwaniya, guild_id: int) -> LiveTable:
    assert bot.service is not None
    tables = bot.service.tables(guild_id)
    assert tables, "no live table"
    return tables[-1]


def pick_move(live: LiveTable, seat: int) -> tuple[int, Any]:
    """The move a member makes in these tests: what a computer would, from the same list the
    hand's controls offer (index into the engine's legal moves)."""
    engine = live.engine
    legal = engine.legal_moves(seat)
    move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
    return legal.index(move), move


def reply(result: Any) -> Any:
    """The bot's answer: after a deferred "thinking" response Discord puts the first follow-up
    in the original response, so it is either there or the last follow-up."""
    if result.followups:
        return result.followups[-1]
    assert result.response is not None, "the bot did not answer"
    return result.response


def hand_message(result: Any) -> discord.Message:
    """The ephemeral hand a Show my hand click (or /hand) answered with."""
    answer = reply(result)
    assert answer.ephemeral
    return answer.message


def drawn_at(message: discord.Message) -> int | None:
    """The move number a hand's controls were drawn at (from their custom_id), or None."""
    for row in message.components:
        for c in getattr(row, "children", ()):
            cid = getattr(c, "custom_id", None) or ""
            if cid.startswith("dw:hand:"):
                return int(cid.rsplit(":", 1)[1])
    return None


async def play_runfast_out(
    bot: Diwaniya, guild: Any, thread: Any, actors: dict[int, Any]
) -> LiveTable:
    """A Run Fast deal of members played to its end by typed /play and /pass, each member
    moving as the computer would for their seat; ``actors`` by member id."""
    live = live_table(bot, guild.id)
    for _ in range(400):
        if not bot.service.tables(guild.id):
            break
        engine = live.engine
        seat = engine.turn
        actor = actors[live.seats[seat].user_id]
        move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
        if move.do == "pass":
            r = await actor.slash(thread, "pass")
        else:
            r = await actor.slash(thread, "play", cards=" ".join(move.to_dict()["cards"]))
        assert r.ephemeral, reply(r).content
    assert live.engine.game_over
    return live
