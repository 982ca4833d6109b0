"""Running the bot: reaching Discord (with retries), stopping cleanly on a signal or when its
shards are lost, and the exit statuses ``python -m bot`` returns."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from bot.client.config import MAX_RETRY_DELAY, Settings
from bot.client.diwaniya import CogFailed, Diwaniya
from bot.store import GameStore, StoreError, open_store

logger = logging.getLogger(__name__)


UNREACHABLE = (aiohttp.ClientError, OSError, asyncio.TimeoutError)

TOKEN_REFUSED = (
    "Discord refused the token: put the bot token from the Discord developer portal (Bot, Reset "
    "Token) in DISCORD_TOKEN in .env."
)


SHARDS_LOST = (
    "The database connection holding this process's shards was lost, so the bot stopped before "
    "another process could drive the same tables: its service manager starts it again."
)


def stop_when_lost(store: GameStore, bot: Diwaniya, lost: asyncio.Event) -> None:
    """If the store loses the locks that keep the shards this process's alone (PostgreSQL's
    connection holding them went away), stop the bot: another process may now take them."""

    closing: set[asyncio.Task[None]] = set()  # a reference, so the task isn't collected

    def on_lost() -> None:
        lost.set()
        closing.add(asyncio.get_running_loop().create_task(bot.close()))

    store.on_shards_lost = on_lost


def _stop(sentence: str, status: int) -> int:
    print(sentence, file=sys.stderr)
    return status


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; the exit status of ``python -m bot``.

    A database it can't use, a refused token, a listed cog that fails to load, or a Discord it
    can't reach after a few tries each end the run with one sentence on stderr and a non-zero
    status, never a traceback. The token goes to discord.py only and is never logged.
    """
    try:
        return asyncio.run(_serve(settings))
    except KeyboardInterrupt:  # Ctrl-C: asyncio.run has already closed the bot
        return 0


def _warm_pictures() -> None:
    from render import warm

    try:
        logger.info("Pictures warmed in %.1f s", warm())
    except Exception:  # a picture that can't be drawn shows at its table: the bot starts anyway
        logger.exception("Warming the pictures failed")


async def _serve(settings: Settings) -> int:
    # The database first: it needs no network, and a file it can't use is the operator's to mend.
    # Its shards are claimed before anything is written or Discord is reached: a second process
    # for a shard another runs (or with another shard count) must not drive its tables.
    try:
        store = await open_store(settings.database, shards=settings.shards, hold=True)
    except StoreError as e:
        return _stop(str(e), 2)
    lost = asyncio.Event()
    store.on_shards_lost = lost.set  # until the bot is there to stop (stop_when_lost)
    # The pictures' fonts and usual card faces are built while Discord is being reached, off the
    # event loop (about half a second of CPU), so the first table after a restart isn't slower.
    asyncio.get_running_loop().run_in_executor(None, _warm_pictures)
    stopping = Stopping()
    try:
        delay = settings.first_retry_delay
        attempt = 0
        while not stopping.asked.is_set():
            if lost.is_set():  # between tries: another process may run the shards by now
                return _stop(SHARDS_LOST, 1)
            attempt += 1
            # A fresh client each try: a login that failed half way leaves its session closed.
            try:
                async with Diwaniya(settings, store=store) as bot:
                    stop_when_lost(store, bot, lost)
                    stopping.bot = bot
                    stopping.started = asyncio.create_task(bot.start(settings.token))
                    try:
                        await stopping.started
                    except asyncio.CancelledError:
                        if not stopping.asked.is_set():
                            raise  # not our SIGTERM's doing: asyncio.run is ending the loop
                if lost.is_set():
                    return _stop(SHARDS_LOST, 1)
                return 0
            except discord.LoginFailure:
                return _stop(TOKEN_REFUSED, 2)
            except CogFailed as e:
                return _stop(str(e), 2)
            except UNREACHABLE as e:
                if stopping.asked.is_set():
                    break
                if attempt >= settings.connect_attempts:
                    return _stop(
                        f"Discord can't be reached ({_reason(e)}) after {attempt} tries, so the "
                        "bot stopped: check the network and start it again.",
                        1,
                    )
                print(
                    f"Discord can't be reached ({_reason(e)}); trying again in {delay:g} s.",
                    file=sys.stderr,
                )
                # A SIGTERM ends the wait at once.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stopping.asked.wait(), delay)
                delay = min(delay * 2, MAX_RETRY_DELAY)
            finally:
                stopping.bot = None
                stopping.started = None
        return 0
    finally:
        stopping.remove()
        await store.close()


class Stopping:
    """SIGTERM (what ``kill``, systemd and container runtimes send) as a clean shutdown: the bot
    closes (its table service takes no more actions, lets the ones in hand be saved and closes
    the computers' pool, then the gateway closes), ``_serve`` closes the store, and the process
    exits with status 0."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.bot: Diwaniya | None = None
        self.started: asyncio.Task[None] | None = None  # the bot's start(): login, then gateway
        self._closing: asyncio.Task[None] | None = None
        self._loop = asyncio.get_running_loop()
        try:
            self._loop.add_signal_handler(signal.SIGTERM, self.stop)
            self._installed = True
        except (NotImplementedError, RuntimeError):  # not on this platform, or not main thread
            self._installed = False

    def stop(self) -> None:
        if self.asked.is_set():
            return
        logger.info("SIGTERM: shutting down")
        self.asked.set()
        if self.bot is not None:
            self._closing = asyncio.create_task(self._close(self.bot))

    async def _close(self, bot: Diwaniya) -> None:
        """Close the bot, then end its start() if it is still waiting: a sharded client that is
        still connecting its first shard has no gateway for close() to end yet."""
        await bot.close()
        if self.started is not None and not self.started.done():
            self.started.cancel()

    def remove(self) -> None:
        if self._installed:
            self._loop.remove_signal_handler(signal.SIGTERM)
