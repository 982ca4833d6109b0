"""``python -m bot`` at start: what can go wrong ends in one sentence on stderr and a non-zero
exit, never a traceback. The database and configuration cases run the real command in a child
process; the token and network cases run ``bot.client.serve.run`` against a local endpoint standing in
for Discord (a 401 for a refused token, a port nobody listens on for no network)."""

from __future__ import annotations

import asyncio
import dataclasses
import http.server
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import asyncpg
import discord.http
import pytest

from bot.client.config import Settings, load_settings
from bot.client.serve import TOKEN_REFUSED, run
from bot.store.postgres import PostgresStore
from bot.store.shards import Shards
from tests.postgres import RunDatabase

REPO = Path(__file__).resolve().parents[2]


def start_bot(
    folder: Path,
    *env_lines: str,
    args: tuple[str, ...] = (),
    user: int | None = None,
    command: tuple[str, ...] = ("-m", "bot"),
) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` (or ``command``) in ``folder`` (with this checkout's code, whatever is
    installed), as ``user`` if given."""
    (folder / ".env").write_text("\n".join(["DISCORD_TOKEN=not-a-real-token", *env_lines]) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DIWANIYA_"))}
    env["PYTHONPATH"] = str(REPO)
    # The timeout only stops a regression that hangs; the bot here exits before any network.
    return subprocess.run(
        [sys.executable, *command, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        user=user,
        group=user,
    )


def one_sentence(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), stderr
    return lines[0]


def write_newer_database(path: Path) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY) STRICT")
        db.execute("PRAGMA user_version = 99")


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("corrupt", "bot.db is damaged or is not a database"),
        ("newer", "bot.db was written by a newer Diwaniya"),
        ("log level", "DIWANIYA_LOG_LEVEL in .env must be DEBUG, INFO, WARNING or ERROR"),
    ],
)
def test_start_stops_in_one_sentence(tmp_path: Path, case: str, said: str) -> None:
    db = tmp_path / "bot.db"
    if case == "corrupt":
        db.write_bytes(b"These are my notes, not a database.\n" * 200)
    elif case == "newer":
        write_newer_database(db)
    before = db.read_bytes() if db.exists() else None
    level = "DIWANIYA_LOG_LEVEL=" + ("VERBOSE" if case == "log level" else "INFO")
    done = start_bot(tmp_path, f"DIWANIYA_DB={db.name}", level)
    assert done.returncode == 2
    assert said in one_sentence(done.stderr)
    assert (db.read_bytes() if db.exists() else None) == before


async def foreign_postgres(postgres: RunDatabase) -> str:
    url = await postgres.fresh_schema()
    conn = await asyncpg.connect(url)
    await conn.execute("CREATE TABLE notes (body text)")
    await conn.close()
    return url


async def newer_postgres(postgres: RunDatabase) -> str:
    url = await postgres.fresh_schema()
    store = await PostgresStore.open(url)
    await store.close()
    conn = await asyncpg.connect(url)
    await conn.execute("UPDATE diwaniya_schema SET version = 99")
    await conn.close()
    return url


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("unreachable", "can't be reached"),
        ("foreign", "holds another program's tables"),
        ("newer", "was written by a newer Diwaniya (schema version 99"),
    ],
)
def test_a_postgres_it_cannot_use_stops_in_one_sentence(
    tmp_path: Path, request: pytest.FixtureRequest, case: str, said: str
) -> None:
    """The same checks on PostgreSQL: an unreachable server, another program's database or a
    newer Diwaniya's each end the start with one sentence and exit 2."""
    if case == "unreachable":
        url = "postgresql://postgres@127.0.0.1:1/diwaniya"
    else:
        postgres = request.getfixturevalue("postgres")
        make = foreign_postgres if case == "foreign" else newer_postgres
        url = asyncio.run(make(postgres))
    done = start_bot(tmp_path, f"DIWANIYA_DB={url}")
    assert done.returncode == 2
    assert said in one_sentence(done.stderr)


def test_shards_come_from_the_environment_or_the_command_line(tmp_path: Path) -> None:
    from bot.__main__ import arguments

    env = {"DISCORD_TOKEN": "x", "DIWANIYA_SHARDS": "0-3", "DIWANIYA_SHARD_COUNT": "16"}
    nowhere = tmp_path / ".env"
    assert load_settings(nowhere, env).shards == Shards.parse("0-3", 16)
    given = arguments(["--shards", "4-7"])
    assert load_settings(nowhere, env, given).shards == Shards.parse("4-7", 16)
    assert load_settings(nowhere, {"DISCORD_TOKEN": "x"}).shards is None  # Discord's count
    only_count = load_settings(nowhere, {"DISCORD_TOKEN": "x", "DIWANIYA_SHARD_COUNT": "2"})
    assert only_count.shards == Shards.parse("0-1", 2)


def test_the_env_file_is_read_with_the_quoting_people_expect(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# the bot's settings\n"
        'DISCORD_TOKEN="tok#en with spaces"  # quotes keep a # and spaces\n'
        "DIWANIYA_DB='postgresql://bot:pa$$word@db/diwaniya'\n"
        "export DIWANIYA_LOG_LEVEL=debug  # a comment after an unquoted value\n"
        "DIWANIYA_DEV_GUILD\n",
        encoding="utf-8",
    )
    settings = load_settings(env_file, {})
    assert settings.token == "tok#en with spaces"
    assert settings.database == "postgresql://bot:pa$$word@db/diwaniya"
    assert settings.log_level == "DEBUG"
    assert settings.dev_guild is None  # a key with no value keeps its default
    # The environment wins over the file, and the command line over both.
    over = load_settings(env_file, {"DIWANIYA_LOG_LEVEL": "error"}, {"DISCORD_TOKEN": "given"})
    assert (over.log_level, over.token) == ("ERROR", "given")


@pytest.mark.parametrize("database", ["DIWANIYA_DB=bot.db", None])
def test_shards_split_over_processes_are_refused_on_a_sqlite_file(
    tmp_path: Path, database: str | None
) -> None:
    """Refused from the settings alone, at the default log level: one sentence, and no file
    made (not even the default diwaniya.db where DIWANIYA_DB is missing)."""
    done = start_bot(
        tmp_path, *filter(None, [database]), args=("--shards", "0-1", "--shard-count", "4")
    )
    assert done.returncode == 2
    said = one_sentence(done.stderr)
    assert "can't be shared between processes" in said and "shards 0-1 of 4" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == [".env"]


def test_shards_need_their_count(tmp_path: Path) -> None:
    done = start_bot(tmp_path, "DIWANIYA_DB=bot.db", "DIWANIYA_SHARDS=0-3")
    assert done.returncode == 2
    assert "DIWANIYA_SHARDS needs DIWANIYA_SHARD_COUNT" in one_sentence(done.stderr)
    assert not (tmp_path / "bot.db").exists()


def shard_process(url: str, shards: str, count: int) -> subprocess.Popen[str]:
    """A real process running ``shards`` of ``count`` on ``url`` until its stdin ends: the
    bot's start without Discord (``tests/store/shard_process.py``)."""
    return subprocess.Popen(
        [sys.executable, str(REPO / "tests" / "store" / "shard_process.py"), url, shards, str(count)],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def said_first(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    return process.stdout.readline()


def test_a_process_with_another_shard_count_is_refused(
    tmp_path: Path, postgres: RunDatabase
) -> None:
    """With shards 0 of 2 running, a process for shards 2-3 of 4 would drive the same servers'
    tables (shard 2 of 4 is half of shard 0 of 2): it stops before Discord in one sentence,
    exit 2. Once every process of the old count has stopped, the new count starts, and the old
    one is refused in turn."""
    url = asyncio.run(postgres.fresh_database())
    old = shard_process(url, "0", 2)
    try:
        assert said_first(old) == "running\n"
        done = start_bot(
            tmp_path, f"DIWANIYA_DB={url}", args=("--shards", "2-3", "--shard-count", "4")
        )
    finally:
        old.communicate("")
    assert old.returncode == 0
    assert done.returncode == 2
    said = one_sentence(done.stderr)
    assert said.startswith("The Diwaniya processes running on ")
    assert "split the servers into 2 shards, so this one, started with a shard count of 4," in said
    new = shard_process(url, "2-3", 4)
    try:
        assert said_first(new) == "running\n"
        again = shard_process(url, "0", 2)
        assert "split the servers into 4 shards" in said_first(again)
        assert again.wait() == 2
    finally:
        new.communicate("")
    assert new.returncode == 0


@pytest.mark.parametrize(
    ("held", "started", "said"),
    [
        (("0-1", 4), ("1-2", 4), "Shard 1 is already run by another Diwaniya process on "),
        (("0", 2), ("2-3", 4), "The Diwaniya processes running on "),
    ],
)
def test_a_start_refused_its_shards_writes_nothing(
    tmp_path: Path,
    postgres: RunDatabase,
    held: tuple[str, int],
    started: tuple[str, int],
    said: str,
) -> None:
    """Shards are claimed before anything is written: a process refused them leaves a new
    database empty, and says so in one sentence at the default log level (the log, which
    would say "Applied migration …", is not where the sentence is)."""

    async def refused() -> tuple[subprocess.CompletedProcess[str], int]:
        url = await postgres.fresh_database()
        # Holding the shards as a running process does, on a database still empty: a store
        # that needs no schema writes nothing.
        running = await PostgresStore.open(url, migrations=())
        try:
            await running.hold_shards(Shards.parse(*held))
            done = await asyncio.to_thread(
                start_bot, tmp_path, f"DIWANIYA_DB={url}",
                args=("--shards", started[0], "--shard-count", str(started[1])),
            )  # fmt: skip
        finally:
            await running.close()
        conn = await asyncpg.connect(url)
        try:
            tables = await conn.fetchval(
                "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
            )
        finally:
            await conn.close()
        return done, tables

    done, tables = asyncio.run(refused())
    assert done.returncode == 2
    assert one_sentence(done.stderr).startswith(said)
    assert tables == 0


NOBODY = 65534  # the bot's user in the -wal/-shm test when the suite runs as root


def start_bot_as(uid: int, folder: Path) -> tuple[int, str]:
    """``python -m bot``'s ``main()`` in ``folder`` as user ``uid``: a forked child gives up
    root for ``uid`` and runs it (the interpreter itself may be out of that user's reach, so
    nothing is executed afresh). Its exit status and stderr."""
    # The child may no longer reach the interpreter's own files (root's home): everything it
    # will run is imported here, and the store's migrations read once, first.
    import importlib.readers  # noqa: F401 - how the migrations' files are read

    from bot.__main__ import main
    from bot.store import migrations

    migrations.load()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 99
        try:
            os.close(read)
            os.dup2(write, 2)
            sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115 - the child's stderr
            for key in [k for k in os.environ if k.startswith(("DISCORD_", "DIWANIYA_"))]:
                del os.environ[key]
            os.chdir(folder)
            os.setgid(uid)
            os.setuid(uid)
            status = main([])  # not pytest's own arguments
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(status)
    os.close(write)
    with open(read) as err:
        said = err.read()  # ends when the child exits
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), said


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_an_unwritable_wal_or_shm_file_is_refused_at_start(suffix: str) -> None:
    """The sqlite3 shell run as root beside a bot running as another user leaves -wal and -shm
    files the bot can't write; SQLite would open them read-only and every move would fail.

    Root may write any file whatever its mode, so as root the bot runs as ``nobody`` (a folder
    and database of its own, the -wal or -shm root's), which is exactly that case; as any other
    user the file is made read-only with chmod."""
    root = os.geteuid() == 0
    # Not under pytest's tmp_path: its parent folders are root's alone.
    folder = Path(tempfile.mkdtemp(prefix="diwaniya-wal-"))
    try:
        folder.chmod(0o755)
        db = folder / "bot.db"
        db.touch()
        (folder / ".env").write_text("DISCORD_TOKEN=not-a-real-token\nDIWANIYA_DB=bot.db\n")
        with closing(sqlite3.connect(db, isolation_level=None)) as other:
            # The other program has the database open in WAL mode, as the bot leaves it.
            other.execute("PRAGMA journal_mode = WAL")
            other.execute("SELECT count(*) FROM sqlite_schema").fetchall()
            kept = Path(f"{db}{suffix}")
            assert Path(f"{db}-wal").exists() and Path(f"{db}-shm").exists()
            if root:
                for path in (folder, db, Path(f"{db}-wal"), Path(f"{db}-shm")):
                    if path != kept:
                        os.chown(path, NOBODY, NOBODY)
                kept.chmod(0o644)  # root's: readable by all, writable by root alone
                status, stderr = start_bot_as(NOBODY, folder)
            else:
                kept.chmod(0o444)
                done = start_bot(folder, "DIWANIYA_DB=bot.db")
                status, stderr = done.returncode, done.stderr
            before = db.read_bytes()
        assert status == 2, stderr
        said = one_sentence(stderr)
        assert f"bot.db{suffix} beside it is read-only for the user running the bot" in said
        assert db.read_bytes() == before
    finally:
        shutil.rmtree(folder)


@pytest.fixture
def discord_at(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Point discord.py's HTTP API at a local address for the test."""

    def point(address: str) -> None:
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://{address}/api/v10")

    return point


class RefuseEveryToken(http.server.BaseHTTPRequestHandler):
    """Answers as Discord does to a wrong token."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # keep the test's stderr clean
        pass


def settings_for(tmp_path: Path, **changes: object) -> Settings:
    settings = load_settings(tmp_path / ".env", {"DISCORD_TOKEN": "not-a-real-token"})
    return dataclasses.replace(settings, database=tmp_path / "bot.db", **changes)


def run_to_the_end(settings: Settings) -> int:
    """``run``, then check every thread it started has ended (the store's thread would otherwise
    keep the bot's process from exiting)."""
    before = set(threading.enumerate())
    status = run(settings)
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=60)  # only bounds a regression's hang
        assert not thread.is_alive(), thread
    return status


def test_a_refused_token_stops_in_one_sentence(
    tmp_path: Path, discord_at: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefuseEveryToken)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        discord_at(f"127.0.0.1:{server.server_address[1]}")
        status = run_to_the_end(settings_for(tmp_path))
    finally:
        server.shutdown()
        server.server_close()
    assert status == 2
    assert one_sentence(capsys.readouterr().err) == TOKEN_REFUSED


# ``python -m bot`` with Discord's API at the address given first.
MAIN_WITH_DISCORD_AT = """
import sys
import discord.http
discord.http.Route.BASE = sys.argv.pop(1)
from bot.__main__ import main
sys.exit(main())
"""


def test_a_refusal_after_the_store_opened_is_still_one_sentence(tmp_path: Path) -> None:
    """The log goes to stdout: at the default level the store's opening and closing (and
    discord.py's login) are logged there, and stderr holds only the sentence the start ends
    with, here Discord refusing the token once the database was opened."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefuseEveryToken)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        api = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
        done = start_bot(
            tmp_path, "DIWANIYA_DB=bot.db", command=("-c", MAIN_WITH_DISCORD_AT), args=(api,)
        )
    finally:
        server.shutdown()
        server.server_close()
    assert done.returncode == 2
    assert one_sentence(done.stderr) == TOKEN_REFUSED
    assert "Opened bot.db at schema version" in done.stdout
    assert "Closed bot.db" in done.stdout


def test_no_network_is_tried_again_then_stops_in_one_sentence(
    tmp_path: Path, discord_at: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    # A port held but never listened on: every connection is refused, as with no network.
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        discord_at(f"127.0.0.1:{held.getsockname()[1]}")
        status = run_to_the_end(settings_for(tmp_path, connect_attempts=3, first_retry_delay=0.0))
    assert status == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 3, err
    assert all("Discord can't be reached (" in line for line in lines)
    assert all(line.endswith("; trying again in 0 s.") for line in lines[:2])
    assert lines[2].endswith(
        ") after 3 tries, so the bot stopped: check the network and start it again."
    )
    assert (tmp_path / "bot.db").exists()  # the database was opened first


USER = {"id": "1001", "username": "diwaniya", "discriminator": "0", "avatar": None, "bot": True}
APPLICATION = {
    "id": "1001",
    "name": "Diwaniya",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "verify_key": "0" * 64,
    "owner": USER,
    "flags": 0,
}


class AcceptEveryToken(http.server.BaseHTTPRequestHandler):
    """Answers a login as Discord does to a good token: the bot's user and its application;
    the start then goes on to load the cogs, before any gateway is asked for."""

    def do_GET(self) -> None:
        found = {"/api/v10/users/@me": USER, "/api/v10/oauth2/applications/@me": APPLICATION}
        data = found.get(self.path)
        body = json.dumps(data if data is not None else {"message": "404", "code": 0}).encode()
        self.send_response(200 if data is not None else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_a_listed_cog_that_fails_to_load_stops_the_start_in_one_sentence(
    tmp_path: Path,
    discord_at: Callable[[str], None],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cog on the list that raises as it loads would leave its commands and controls
    answering nothing: the start stops, exit 2, in one sentence naming the cog and why (the
    traceback goes to the log), instead of a bot running without it."""
    from bot.client import diwaniya

    monkeypatch.setattr(
        diwaniya, "EXTENSIONS", ("cogs.help", "tests.client.broken_cog", "cogs.settings")
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), AcceptEveryToken)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        discord_at(f"127.0.0.1:{server.server_address[1]}")
        status = run_to_the_end(settings_for(tmp_path))
    finally:
        server.shutdown()
        server.server_close()
    assert status == 2
    said = one_sentence(capsys.readouterr().err)
    assert said == (
        "The cog tests.client.broken_cog could not be loaded (the cog's setup broke), so the "
        "bot did not start: the log holds the traceback."
    )
