"""What ``DIWANIYA_DB`` names: a SQLite file's path, or a PostgreSQL server's URL."""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit


def is_postgres(target: str | os.PathLike[str]) -> bool:
    """Whether ``target`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return os.fspath(target).startswith(("postgresql://", "postgres://"))


def redact(target: str | os.PathLike[str]) -> str:
    """``target`` without a URL's password, fit for logs and the sentences the store raises."""
    text = os.fspath(target)
    if not is_postgres(text):
        return text
    parts = urlsplit(text)
    if parts.password is None:
        return text
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    netloc = f"{parts.username}@{host}" if parts.username else host
    return urlunsplit(parts._replace(netloc=netloc))
