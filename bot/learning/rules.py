"""The players' rules (``docs/rules.md`` and its translations ``docs/rules.<lang>.md``), one
section per game, cut into pages for a chat.

The documents are the one source: ``/rules`` pages through a game's section as it is written, so
the rules in Discord and in the repository can never differ. Each game's heading carries a marker
naming the game's key (``## مور <!-- game: mor -->``; a Markdown viewer hides the comment), so a
section is found the same way whatever language its heading is in.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from bot.i18n import ENGLISH, language

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULES_FILE = DOCS / "rules.md"  # English, the reference the translations follow
SECTION = "## "  # each game's section opens with a level-two heading naming the game
MARKER = re.compile(r"<!--\s*game:\s*([a-z0-9]+)\s*-->")

LIST_ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s")


def reflow(text: str) -> str:
    r"""Markdown wrapped for reading in an editor, as a chat shows it best: every paragraph and
    list item on one line (a chat breaks a line wherever the text does, and a phone is narrower
    than the file). Blank lines and list items start anew; other lines join the one before.

    >>> reflow("A long\nparagraph.\n\n- an item\n  wrapped\n- next")
    'A long paragraph.\n\n- an item wrapped\n- next'
    """
    lines: list[str] = []
    for line in text.split("\n"):
        joins = lines and lines[-1].strip() and line.strip() and not LIST_ITEM.match(line)
        if joins:
            lines[-1] = f"{lines[-1]} {line.strip()}"
        else:
            lines.append(line)
    return "\n".join(lines)


def rules_file(lang: str = ENGLISH) -> Path:
    """The rules document in ``lang``: ``docs/rules.<lang>.md``, or the English one for English
    and for a language not written yet."""
    lang = language(lang)
    path = DOCS / f"rules.{lang}.md"
    return path if lang != ENGLISH and path.exists() else RULES_FILE


@functools.cache
def sections(path: Path = RULES_FILE) -> dict[str, str]:
    """Each game's section by the game key in its heading's marker (``"mor"``, ``"runfast"``),
    reflowed, without the heading line; the text before the first heading introduces the
    document and is no game's. Read once per file.

    A heading without a marker, or a game twice, is an error: the section would silently be
    missing from ``/rules`` otherwise.
    """
    text = path.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for part in ("\n" + text).split("\n" + SECTION)[1:]:
        heading, _, body = part.partition("\n")
        marker = MARKER.search(heading)
        if marker is None:
            raise ValueError(
                f"{path.name}: the heading {heading!r} names no game (<!-- game: … -->)"
            )
        if marker[1] in out:
            raise ValueError(f"{path.name}: the game {marker[1]!r} has two sections")
        out[marker[1]] = reflow(body.strip("\n"))
    return out


def game_rules(game: str, lang: str = ENGLISH) -> str:
    """A game's whole rules (by its key, ``"mor"``), reflowed, in ``lang`` where written."""
    return sections(rules_file(lang))[game]


def pages(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters that join back into ``text``, each cut
    after a paragraph where one fits, else after a line, else after a word, so a page never
    stops mid-sentence when it need not.

    >>> pages("one two\\n\\nthree four", 12)
    ['one two\\n\\n', 'three four']
    >>> "".join(pages("a b c d e f", 4)) == "a b c d e f"
    True
    """
    out: list[str] = []
    rest = text
    while len(rest) > limit:
        window = rest[:limit]
        cut = limit  # no break anywhere in the window: cut mid-word rather than exceed the limit
        for sep in ("\n\n", "\n", " "):
            at = window.rfind(sep)
            if at > 0:
                cut = at + len(sep)
                break
        out.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        out.append(rest)
    return out
