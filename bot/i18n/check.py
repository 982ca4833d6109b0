"""For translators: ``python -m bot.i18n.check [DOMAIN ...]`` lists, per language, the keys a
domain's catalogue lacks or has beyond English, texts whose placeholders differ from English's,
and plurals without a form for each of the language's CLDR categories. Exit 1 when anything is
listed, 0 when every language matches English.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import ENGLISH, LANGUAGES, LOCALE_DIR


def _read(lang: str, domain: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], int]:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}, {}, 0
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    texts = {m.id: m.string for m in catalog if m.id and not m.pluralizable}
    plurals = {m.id[0]: tuple(m.string) for m in catalog if m.id and m.pluralizable}
    return texts, plurals, catalog.num_plurals


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def problems(domain: str) -> list[str]:
    """What each language's ``domain`` catalogue gets wrong against English's, one line each."""
    texts, plurals, _ = _read(ENGLISH, domain)
    out: list[str] = []
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        their_texts, their_plurals, forms = _read(lang, domain)
        for key in sorted(texts.keys() - their_texts.keys()):
            out.append(f"{lang}/{domain}: missing {key}")
        for key in sorted(their_texts.keys() - texts.keys()):
            out.append(f"{lang}/{domain}: not in English: {key}")
        for key in sorted(texts.keys() & their_texts.keys()):
            if not their_texts[key]:
                out.append(f"{lang}/{domain}: empty {key}")
            elif _fields(texts[key]) != _fields(their_texts[key]):
                out.append(f"{lang}/{domain}: placeholders of {key} differ from English")
        for key in sorted(plurals.keys() - their_plurals.keys()):
            out.append(f"{lang}/{domain}: missing plural {key}")
        for key in sorted(plurals.keys() & their_plurals.keys()):
            if len(their_plurals[key]) != forms or not all(their_plurals[key]):
                out.append(f"{lang}/{domain}: plural {key} needs {forms} forms")
    return out


def main(argv: list[str]) -> int:
    names = argv or sorted(p.stem for p in (LOCALE_DIR / ENGLISH / "LC_MESSAGES").glob("*.po"))
    found = [line for name in names for line in problems(Path(name).stem)]
    print("\n".join(found) if found else "Every language has every key.")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
