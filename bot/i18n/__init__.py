"""Message catalogues: every player-facing sentence, looked up by key (English now)."""

from __future__ import annotations

from typing import Any

from bot.i18n import en

CATALOGUES: dict[str, dict[str, str]] = {"en": en.MESSAGES}


def t(key: str, lang: str = "en", /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when missing), with ``params`` filled in."""
    text = CATALOGUES.get(lang, en.MESSAGES).get(key) or en.MESSAGES[key]
    return text.format(**params) if params else text
