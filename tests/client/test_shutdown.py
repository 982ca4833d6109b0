"""The bot's process and its computer players' processes end together.

The real ``python -m bot`` entry (``bot.__main__.main``) runs in a child process against a local
stand-in for Discord's HTTP API (login answers; the gateway never opens, so discord.py keeps
trying to connect, as it does through a network outage). The database holds a table whose seats
the computer plays, so the restored table's moves start the worker pool at once. (The gateway
takes the connection and never answers: discord.py fails with an AttributeError of its own when
its very first gateway connection is refused.) Then the bot is
ended by SIGTERM (a clean shutdown: exit status 0, the store closed) or by kill -9, and its
forkserver, workers and resource tracker must all be gone by themselves.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool
from bot.games import registry
from bot.store import SQLiteStore
from bot.tables import TableService

REPO = Path(__file__).resolve().parents[2]
G, CH, HOST = 111, 222, 1
PATIENCE = 120.0  # seconds: only bounds a regression; each wait ends as soon as its state shows

USER = {"id": "9", "username": "diwaniya", "discriminator": "0", "avatar": None, "bot": True}
APP = {
    "id": "9",
    "name": "Diwaniya",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": USER,
    "verify_key": "0" * 64,
    "flags": 0,
}


class StandIn(http.server.BaseHTTPRequestHandler):
    """Discord's HTTP API as far as a login and a command sync go. The gateway it names takes
    the connection and never answers, so the bot waits on it as it would on a slow network."""

    def _answer(self, status: int, body: object) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    gateway_port = 0  # the listening socket the fixture opens

    def do_GET(self) -> None:
        if self.path.endswith("/gateway/bot"):  # an AutoShardedBot asks how many shards to run
            limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            url = f"ws://127.0.0.1:{self.gateway_port}/"
            self._answer(200, {"url": url, "shards": 1, "session_start_limit": limit})
        elif self.path.endswith("/users/@me"):
            self._answer(200, USER)
        elif self.path.endswith("/oauth2/applications/@me"):
            self._answer(200, APP)
        else:
            self._answer(404, {"message": "Unknown", "code": 10003})

    def do_PUT(self) -> None:  # the slash commands' sync
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._answer(200, [])

    def do_POST(self) -> None:  # the table's messages: their channel is not there
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._answer(404, {"message": "Unknown Channel", "code": 10003})

    do_PATCH = do_DELETE = do_POST

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def discord_stand_in() -> Iterator[tuple[int, int]]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
    with socket.socket() as gateway:  # listens, never accepts: connections wait in its backlog
        gateway.bind(("127.0.0.1", 0))
        gateway.listen(8)
        StandIn.gateway_port = gateway.getsockname()[1]
        serving = threading.Thread(target=server.serve_forever, daemon=True)
        serving.start()
        yield server.server_address[1], gateway.getsockname()[1]
        server.shutdown()
        server.server_close()


async def computers_playing(db: Path) -> None:
    """A Mor table whose host's seat the computer has taken over: every seat plays by itself."""
    store = await SQLiteStore.open(db)
    service = TableService(store, computers=ComputerPool(0), bot_delay=0)
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=0
    )
    await service.close()  # the table waits in the store; only its rows matter here
    service = TableService(store, computers=ComputerPool(0), bot_delay=0)
    await service.restore()
    await service.start(G, live.id, HOST)
    await service.close()
    table = await store.get_table(G, live.id)
    assert table is not None
    await store.update_timers(
        G, live.id, expected_version=table.version, turn_deadline=None, missed_turns=[2, 0]
    )
    await store.close()


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        ppid = next(line for line in status.splitlines() if line.startswith("PPid:"))
        if int(ppid.split()[1]) == pid:
            found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie (an orphan's zombie waits for whoever adopts it to reap it)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]


def wait_for(what: str, done: object) -> None:
    deadline = time.monotonic() + PATIENCE
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: still not so after {PATIENCE:g} s")
        time.sleep(0.1)


def bot_with_workers(
    folder: Path, ports: tuple[int, int]
) -> tuple[subprocess.Popen[str], list[int]]:
    """``python -m bot``'s main in a child, once its computers' pool has a worker: the child
    and every process under it (forkserver, resource tracker, workers)."""
    (folder / ".env").write_text(
        "DISCORD_TOKEN=not-a-real-token\nDIWANIYA_DB=bot.db\nDIWANIYA_BOT_DELAY=0.5\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DIWANIYA_"))}
    env["PYTHONPATH"] = str(REPO)
    api, gateway = ports
    start = (
        "import sys, yarl, discord.gateway, discord.http\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{api}/api/v10'\n"
        "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = "
        f"yarl.URL('ws://127.0.0.1:{gateway}/')\n"
        "from bot.__main__ import main\n"
        "sys.exit(main())\n"
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", start],
        cwd=folder,
        env=env,
        # A file, not a pipe: processes the bot leaves behind would keep a pipe open for good.
        # The log is on stdout, the sentence a stop ends with on stderr: both, in order.
        stdout=(folder / "output.txt").open("w"),
        stderr=subprocess.STDOUT,
        text=True,
    )
    family: list[int] = []

    def worker_started() -> bool:
        assert bot.poll() is None, (folder / "output.txt").read_text()
        family[:] = children(bot.pid)
        grandchildren = [g for c in family for g in children(c)]
        family.extend(grandchildren)
        return bool(grandchildren)  # the forkserver has forked a worker

    wait_for("the bot's computers' pool started a worker", worker_started)
    assert len(family) >= 3, family  # forkserver, resource tracker, at least one worker
    return bot, family


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_leaves_no_computer_processes(
    tmp_path: Path, discord_stand_in: tuple[int, int]
) -> None:
    import asyncio

    asyncio.run(computers_playing(tmp_path / "bot.db"))
    bot, family = bot_with_workers(tmp_path, discord_stand_in)
    bot.kill()
    bot.wait()
    wait_for(
        f"processes {family} ended after the bot's kill -9", lambda: not any(map(running, family))
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_is_a_clean_shutdown(tmp_path: Path, discord_stand_in: tuple[int, int]) -> None:
    import asyncio

    db = tmp_path / "bot.db"
    asyncio.run(computers_playing(db))
    bot, family = bot_with_workers(tmp_path, discord_stand_in)
    bot.send_signal(signal.SIGTERM)
    try:
        status = bot.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        bot.kill()
        pytest.fail("the bot did not stop after SIGTERM")
    stderr = (tmp_path / "output.txt").read_text()
    assert status == 0, stderr
    # The stand-in refuses the table's messages, which the bot logs as it goes (a move in hand
    # still finishes and is shown after the SIGTERM); the shutdown itself logs no error.
    assert "SIGTERM: shutting down" in stderr, stderr
    after = stderr.split("SIGTERM: shutting down", 1)[1]
    records = re.split(r"\n(?=\d{4}-\d\d-\d\d )", after)
    errors = [r for r in records if " ERROR " in r or " CRITICAL " in r]
    assert all(
        re.search(r"bot\.tables\.service: Table \d+: showing '\w+' failed", r) for r in errors
    ), after
    # Closed, not abandoned: the pool was shut down (no process left, none waited for) and the
    # store closed, which folds the WAL back into the file and removes it.
    # (The forkserver and the resource tracker end as the bot's process does, a moment later.)
    wait_for(f"processes {family} ended after SIGTERM", lambda: not any(map(running, family)))
    assert not Path(f"{db}-wal").exists()

    async def stored() -> None:
        store = await SQLiteStore.open(db)
        (table,) = await store.unfinished_tables(G) or [await store.get_table(G, 1)]
        assert table is not None
        # Whatever was saved last is a whole move: the record replays.
        assert registry.replay(table.record).record["moves"] == table.record["moves"]
        await store.close()

    asyncio.run(stored())
