"""Configuration from the environment and an optional ``.env`` file, in one typed object."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.store.shards import Shards, ShardsError
from bot.store.urls import redact

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

# When Discord can't be reached at start the bot tries again, waiting FIRST_RETRY_DELAY seconds and
# twice as long each time up to MAX_RETRY_DELAY: 5, 10, 20, 40 and 60 s over six attempts ride out
# a router restart or a short outage, then the bot stops (non-zero) so a supervisor sees it.
CONNECT_ATTEMPTS = 6
FIRST_RETRY_DELAY = 5.0
MAX_RETRY_DELAY = 60.0


class ConfigError(ValueError):
    """A setting is missing or wrong; the message is one sentence saying what to put in .env."""


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines read by python-dotenv, with the quoting people expect of a ``.env``
    file: a ``#`` after a space ends an unquoted value, quotes keep it whole, ``export`` is
    allowed. ``${VAR}`` is left as written (a password may hold a ``$``), and a key alone on its
    line (no ``=``) is left out, as before, so it falls back to its default."""
    if not path.is_file():
        return {}
    values = dotenv_values(path, interpolate=False, encoding="utf-8")
    return {key: value for key, value in values.items() if value is not None}


@dataclass(frozen=True)
class Settings:
    token: str
    database: str  # a SQLite file's path, or a postgresql:// URL
    log_level: str = "INFO"
    dev_guild: int | None = None
    bot_move_delay: float = 1.5
    connect_attempts: int = CONNECT_ATTEMPTS
    first_retry_delay: float = FIRST_RETRY_DELAY
    # The shards this process runs; None: every shard, as many as Discord recommends.
    shards: Shards | None = None

    def __repr__(self) -> str:  # never show the token (or a database password) in logs
        return f"Settings(database={redact(self.database)}, log_level={self.log_level})"


def load_shards(env: dict[str, str]) -> Shards | None:
    """``DIWANIYA_SHARDS`` (e.g. ``0-3``) of ``DIWANIYA_SHARD_COUNT`` (e.g. ``16``); neither: every
    shard Discord recommends; only a count: every shard of that count."""
    ids = env.get("DIWANIYA_SHARDS", "").strip()
    count = env.get("DIWANIYA_SHARD_COUNT", "").strip()
    if not ids and not count:
        return None
    if not count:
        raise ConfigError(
            "DIWANIYA_SHARDS needs DIWANIYA_SHARD_COUNT beside it in .env (the same count for "
            "every process of the bot)."
        )
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(
            "DIWANIYA_SHARD_COUNT in .env must be a whole number of shards, 1 or more."
        )
    try:
        if not ids:
            return Shards.of(range(int(count)), int(count))
        return Shards.parse(ids, int(count))
    except ShardsError as e:
        raise ConfigError(f"DIWANIYA_SHARDS in .env: {e}") from None


def load_settings(
    env_file: Path = Path(".env"),
    environ: dict[str, str] | None = None,
    overrides: dict[str, str] | None = None,
) -> Settings:
    """The settings from ``environ`` (default: the process's), over ``env_file``'s; ``overrides``
    (the command line's) over both."""
    env = {
        **read_env_file(env_file),
        **(os.environ if environ is None else environ),
        **(overrides or {}),
    }
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "No Discord token: put DISCORD_TOKEN=<your bot token> in a .env file here "
            "(see .env.example)."
        )
    guild = env.get("DIWANIYA_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("DIWANIYA_DEV_GUILD in .env must be a server id (digits only).")
    try:
        delay = float(env.get("DIWANIYA_BOT_DELAY", "1.5"))
    except ValueError:
        raise ConfigError("DIWANIYA_BOT_DELAY in .env must be a number of seconds.") from None
    level = env.get("DIWANIYA_LOG_LEVEL", "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"DIWANIYA_LOG_LEVEL in .env must be {', '.join(LOG_LEVELS[:-1])} or {LOG_LEVELS[-1]}, "
            f"not {level!r}."
        )
    return Settings(
        token=token,
        database=env.get("DIWANIYA_DB", "diwaniya.db").strip() or "diwaniya.db",
        log_level=level,
        dev_guild=int(guild) if guild else None,
        bot_move_delay=delay,
        shards=load_shards(env),
    )
