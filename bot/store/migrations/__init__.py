"""The numbered schema migrations, read from the ``NNNN_name.sql`` files beside this module.

A SQLite database's ``PRAGMA user_version`` is the number of the last migration applied to it; the
store applies the missing ones in one transaction. PostgreSQL has its own numbered files in
``postgres/`` (its dialect differs), recorded in its ``diwaniya_schema`` table. Files are never edited once released: a
change to the schema is a new file.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from importlib import resources

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The file split into single statements.

        ``executescript`` would commit the open transaction first, so each statement is run on its
        own; ``sqlite3.complete_statement`` decides where one ends, which keeps semicolons inside
        string literals and trigger bodies where they belong.
        """
        out: list[str] = []
        *parts, tail = self.sql.split(";")
        buffer = ""
        for part in parts:
            buffer += part + ";"
            if sqlite3.complete_statement(buffer):
                if _has_code(buffer):
                    out.append(buffer.strip())
                buffer = ""
        if _has_code(buffer + tail):
            raise ValueError(
                f"Migration {self.version:04d}_{self.name} ends in an unfinished statement."
            )
        return out


def _has_code(sql: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in sql.splitlines())
    return any(line and line != ";" for line in lines)


@cache
def load(engine: str = "sqlite") -> tuple[Migration, ...]:
    """Every migration shipped with the bot for ``engine`` ("sqlite" or "postgres"), in order;
    numbering must run 1, 2, 3 … without gaps."""
    found: list[Migration] = []
    folder = resources.files(__package__)
    if engine == "postgres":
        folder = folder / "postgres"
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"Migrations must be numbered 1, 2, 3 … without gaps; found {numbers}.")
    return tuple(found)
