"""A disk I/O error is the store's ``StoreUnavailable``, rolled back whole, like a held lock or a
read-only connection (tests/table_service/test_write_failures.py).

The I/O error is the kernel's: a child process lowers its file-size limit (RLIMIT_FSIZE) to the
WAL's size, so the next write that grows the WAL fails with EFBIG, which SQLite reports as
SQLITE_IOERR_WRITE. It runs in a child so the limit binds nothing of pytest's own files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

CHILD = textwrap.dedent(
    """
    import asyncio, json, resource, sys
    from bot.store import MemberSettings, SQLiteStore, StoreUnavailable

    async def main(path):
        store = await SQLiteStore.open(path)
        await store.save_member_settings(MemberSettings(7, "nl"))
        await store._db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # the WAL is empty now
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))  # Python ignores SIGXFSZ
        out = {}
        try:
            await store.save_member_settings(MemberSettings(7, "ar", "four_colour"))
        except StoreUnavailable as e:
            out["error"] = type(e).__name__
            out["sentence"] = str(e)
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        out["kept"] = (await store.member_settings(7)).language
        await store.save_member_settings(MemberSettings(7, "hi"))
        out["after"] = (await store.member_settings(7)).language
        await store.close()
        print(json.dumps(out))

    asyncio.run(main(sys.argv[1]))
    """
)


def test_a_disk_io_error_is_store_unavailable_and_nothing_half_written(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path / "io.db")],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,  # only stops a regression that hangs
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["error"] == "StoreUnavailable", out
    assert "could not be used just now, so nothing was saved (disk I/O error)" in out["sentence"]
    assert out["kept"] == "nl"  # the failed write left the row as it was
    assert out["after"] == "hi"  # and the store writes again once the disk does
