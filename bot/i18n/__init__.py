"""Message catalogues: every player-facing sentence, looked up by key (English now)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import en

CATALOGUES: dict[str, dict[str, str]] = {"en": en.MESSAGES}


def english_plural(n: float) -> str:
    """English's CLDR plural category: "one" for exactly 1, "other" for every other count."""
    return "one" if n == 1 else "other"


# A language's rule names the CLDR plural category (zero, one, two, few, many, other) of a count,
# so a language with more forms than English adds its rule here and its ``key.few`` etc. there.
PLURAL_RULES: dict[str, Callable[[float], str]] = {"en": english_plural}


def t(key: str, lang: str = "en", /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when missing), with ``params`` filled in."""
    text = CATALOGUES.get(lang, en.MESSAGES).get(key) or en.MESSAGES[key]
    return text.format(**params) if params else text


def t_n(key: str, n: float, lang: str = "en", /, **params: Any) -> str:
    """The words for a count: ``key.one``, ``key.other`` … as ``lang``'s plural rule picks for
    ``n`` (English's when the language has none), with ``{n}`` and ``params`` filled in.

    >>> t_n("n_cards", 1), t_n("n_cards", 0), t_n("n_cards", 14)
    ('1 card', '0 cards', '14 cards')
    """
    form = PLURAL_RULES.get(lang, english_plural)(n)
    catalogue = CATALOGUES.get(lang, en.MESSAGES)
    text = catalogue.get(f"{key}.{form}") or en.MESSAGES[f"{key}.{english_plural(n)}"]
    return text.format(n=n, **params)
