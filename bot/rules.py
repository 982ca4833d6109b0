"""The players' rules (``docs/rules.md``), one section per game, cut into pages for a chat.

The document is the one source: ``/rules`` pages through a game's section as it is written, so the
rules in Discord and in the repository can never differ.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

RULES_FILE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
SECTION = "## "  # each game's section opens with a level-two heading naming the game


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


@functools.cache
def sections(path: Path = RULES_FILE) -> dict[str, str]:
    """Each game's section by its heading (``"Mor"``, ``"Run Fast"``), reflowed, without the
    heading line; the text before the first heading introduces the document and is no game's."""
    text = path.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for part in text.split("\n" + SECTION)[1:]:
        heading, _, body = part.partition("\n")
        out[heading.strip()] = reflow(body.strip("\n"))
    return out


# Each game's section heading in docs/rules.md, by the game's key.
HEADINGS = {"mor": "Mor", "more3": "More", "hand": "Hand", "runfast": "Run Fast"}


def game_rules(game: str, lang: str = "en") -> str:
    """A game's whole rules (by its key, ``"mor"``), reflowed, in ``lang`` where written."""
    return sections()[HEADINGS[game]]


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
