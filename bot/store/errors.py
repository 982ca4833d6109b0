"""What the store refuses, each with a message of one plain sentence."""

from __future__ import annotations


class StoreError(Exception):
    """Anything the store refuses; ``str(error)`` is one sentence fit for a log or a console."""


class UnusableDatabase(StoreError):
    """The database file can't be used at start; it has been left exactly as it was."""


class CorruptDatabase(UnusableDatabase):
    pass


class NewerDatabase(UnusableDatabase):
    pass


class ForeignDatabase(UnusableDatabase):
    """A SQLite file holding some other program's tables."""


class MigrationFailed(UnusableDatabase):
    pass


class ReadOnlyDatabase(UnusableDatabase):
    """The file, or the folder SQLite keeps its journal in beside it, can't be written."""


class SQLiteTooOld(StoreError):
    """The SQLite library Python was built with lacks what the schema needs."""


class StoreUnavailable(StoreError):
    """A write or read that could not be done just now (a locked, read-only or failing database
    file, or a database server that went away); it was rolled back whole, so nothing was saved
    and nothing is half-applied. Trying again later may succeed, which is why it is its own type:
    a member is told nothing was saved, and timed actions retry with backoff."""

    def __init__(self, what: str, cause: str = "") -> None:
        detail = f" ({cause})" if cause else ""
        super().__init__(
            f"The database at {what} could not be used just now, so nothing was saved{detail}."
        )
        self.what = what
        self.cause = cause


class DiskFull(StoreUnavailable):
    """SQLite could not write because the disk (or the file's size limit) is full; the write was
    rolled back whole, so the database holds exactly what it held before it."""

    def __init__(self, path: str) -> None:
        StoreError.__init__(self, f"The disk holding {path} is full, so nothing was saved.")
        self.what = path
        self.cause = "disk full"
        self.path = path


class TableNotFound(StoreError):
    def __init__(self, guild_id: int, table_id: int) -> None:
        super().__init__(f"There is no table {table_id} on this server.")
        self.guild_id = guild_id
        self.table_id = table_id


class StaleVersion(StoreError):
    """An optimistic write based on a state that another write has already moved past."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"Table {table_id} is at move {actual}, not {expected}: this write was based on an "
            "earlier state and was refused."
        )
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StoreError):
    """The table is not in the state the operation needs (e.g. a move on a finished table)."""

    def __init__(self, table_id: int, status: str, wanted: str) -> None:
        super().__init__(f"Table {table_id} is {status}, so it can't {wanted}.")
        self.table_id = table_id
        self.status = status


class ShardTaken(UnusableDatabase):
    """Another process already runs a shard this one was started for, on the same database; or
    the database is a SQLite file, which can't be shared by processes splitting the shards."""


class OtherShardCount(ShardTaken):
    """The processes already running on the database split the servers into another number of
    shards: with two counts, two processes would own one server's tables."""
