"""Every /command a member reads names the command as their Discord shows it: the ``commands``
catalogue's localized names (command, subcommand and option) in a Discord client language, the
English names where Discord has no client in the language (Arabic). The terminal's texts
(``console.po``) are typed in English and stay out.

A command named without its slash is held to the same (issue 59): a Dutch refusal said "gebruik
swap" where Discord shows /ruilen, and the Dutch rules named the option `bid`, in Dutch
`bieden`. Move text typed after a command word ("add 1 7H low") is notation, English everywhere,
and a word in parentheses after the terminal's name for it ("(in de terminal: swap)") is right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.client.translator import CLIENT_LANGUAGES
from bot.games.base import IllegalMove
from bot.games.registry import engine_class, play_move
from bot.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, catalogue, say
from bot.scenario import load

DOCS = Path(__file__).resolve().parents[2] / "docs"
CHECKED = ["ar", "hi", "nl"]
# A mention: a slash at a word's start, then words (an option may end in a colon).
W = r"[\w\u0900-\u097f]+"
MENTION = re.compile(rf"(?<![\w/.<])/({W})((?: {W}:?)*)")


def names(lang: str) -> dict[tuple[str, ...], str]:
    """Each command path (English words, as the catalogue's keys) to the name ``lang``'s Discord
    shows for it: the catalogue's own in a client language, else the English."""
    shown = lang if lang in CLIENT_LANGUAGES.values() else ENGLISH
    texts = catalogue(shown).texts
    english = catalogue(ENGLISH).texts
    return {
        tuple(key[4:-5].split(".")): texts.get(key, english[key])
        for key in english
        if key.startswith("cmd.") and key.endswith(".name") and not key.startswith("cmd.choice.")
    }


def wrong_mentions(text: str, lang: str) -> list[str]:
    """The mentions in ``text`` that are not a name ``lang``'s Discord shows."""
    table = names(lang)
    english = names(ENGLISH)
    tops = {words[0]: table[words] for words in table if len(words) == 1 and words[0] != "option"}
    options = {words[1]: name for words, name in table.items() if words[0] == "option"}
    wrong = []
    for match in MENTION.finditer(text):
        first, rest = match.group(1), match.group(2).split()
        top = next((k for k, v in tops.items() if v == first), None)
        if top is None:
            wrong.append(f"/{first}")
            continue
        path: tuple[str, ...] = (top,)
        said = f"/{first}"
        for word in rest:
            bare = word.rstrip(":")
            under = {w[-1]: n for w, n in table.items() if w[:-1] == path}
            under.update(
                {w: n for w, n in options.items() if w not in under} if word != bare else {}
            )
            here = next((k for k, v in under.items() if v == bare), None)
            if here is None:
                # Text after the command, unless it is an English name under it left untranslated.
                if (
                    bare in {w[-1] for w in english if w[:-1] == path}
                    and bare not in under.values()
                ):
                    wrong.append(f"{said} {word}")
                break
            path = (*path, here)
            said = f"{said} {word}"
    return wrong


# A card as move text writes it (7H, 10S, JK): after a command word, notation, not a sentence.
CARD_TEXT = r"(?:10|[2-9AJQKT])[SHDC]\b|JK\b"


def bare_names(text: str, lang: str) -> list[str]:
    """English command names ``text`` uses as words where ``lang``'s Discord shows another name
    ("gebruik swap om …"): a command word followed by a word of the sentence, not by move text
    (a number or a card) and not closing a parenthesis."""
    table = names(lang)
    english = names(ENGLISH)
    other = {english[p] for p in english if len(p) == 1 and table[p] != english[p]}
    other -= set(table.values())
    if not other:
        return []  # the language's Discord shows the English names (Arabic)
    words = "|".join(sorted(other, key=len, reverse=True))
    named = re.compile(rf"(?<![\w/`.-])({words})(?![\w-])(?= (?!{CARD_TEXT})[^\W\d])")
    return [m.group(1) for m in named.finditer(text)]


def code_names(text: str, lang: str) -> list[str]:
    """Code spans (`bid`) naming a command or option by a name ``lang``'s Discord does not show,
    where it shows its own."""
    table = names(lang)
    english = names(ENGLISH)
    wrong = {english[p] for p in english if table[p] != english[p]} - set(table.values())
    # Every span pairs its own backticks: one that names a command (`/नियम गेम`) is skipped
    # whole, so the next span's opening backtick is not taken for a closing one.
    return [f"`{c}`" for c in re.findall(r"`([^`]*)`", text) if c in wrong]


def member_texts(lang: str) -> dict[str, str]:
    """Every catalogue text a member reads on Discord (all but the terminal's), and the rules page."""
    out: dict[str, str] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        if path.stem in ("console", "commands"):
            continue
        with path.open("rb") as f:
            for message in read_po(f, locale=lang):
                if not message.id:
                    continue
                forms = (
                    message.string
                    if isinstance(message.string, (list, tuple))
                    else [message.string]
                )
                key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
                out[f"{path.stem}:{key}"] = " | ".join(s for s in forms if s)
    out[f"rules.{lang}.md"] = (DOCS / f"rules.{lang}.md").read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", CHECKED)
def test_every_command_mention_is_a_name_the_members_discord_shows(lang: str) -> None:
    found = {
        key: wrong
        for key, text in member_texts(lang).items()
        if (wrong := wrong_mentions(text, lang) + bare_names(text, lang) + code_names(text, lang))
    }
    assert not found


def test_the_rules_pages_are_among_the_texts_checked() -> None:
    assert all(f"rules.{lang}.md" in member_texts(lang) for lang in CHECKED)
    assert "hand:hand.joker_stays" in member_texts("nl")  # an engine's refusal


def test_a_command_named_without_its_slash_is_checked() -> None:
    # What the Dutch texts once said (issue 59).
    old = "De joker vervangt {card}: gebruik swap om {card} op zijn plaats te leggen."
    assert bare_names(old, "nl") == ["swap"]
    assert code_names("**Bieden om de Solo** (de optie `bid`).", "nl") == ["`bid`"]
    assert code_names("**Bieden om de Solo** (de optie `bieden`).", "nl") == []
    # After a span naming a command, the next one is still read (the Hindi rules page's `bid`).
    after = "`/नियम गेम` से पूछें। **सोलो के लिए बोली** (`bid` विकल्प)।"
    assert code_names(after, "hi") == ["`bid`"]
    # Move text after a command word, and the terminal's word named as such, are right.
    assert bare_names("naar het lage eind als je add 1 7H low typte", "nl") == []
    assert bare_names("leg {card} met /ruilen (in de terminal: swap) op zijn plek", "nl") == []
    assert bare_names("ruil JK met swap QD", "nl") == []
    # Arabic's Discord shows the English names: "swap" is its command's name.
    assert bare_names("استعمل swap لتضع {card} مكانه", "ar") == []


def test_the_mention_check_can_fail() -> None:
    assert wrong_mentions("Typ /table new om te beginnen.", "nl") == ["/table"]
    assert wrong_mentions("Typ /tafel new om te beginnen.", "nl") == ["/tafel new"]
    assert wrong_mentions("Typ /tafel nieuw om te beginnen.", "nl") == []
    assert wrong_mentions("Gebruik /les antwoord: 7♥.", "nl") == []
    assert wrong_mentions("Use /lesson answer: 7♥.", "ar") == []
    assert wrong_mentions("/les", "ar") == ["/les"]


# The engines' catalogues: their refusals reach the terminal too, where moves are typed in English.
ENGINE_DOMAINS = ("core", "hand", "mor", "more3", "runfast")


def terminal_words_missing(text: str, lang: str) -> list[str]:
    """Commands ``text`` names as ``lang``'s Discord shows them (``/बदलें``, or in quotes)
    without the English word the terminal takes for the same move (``swap``)."""
    table = names(lang)
    english = names(ENGLISH)
    missing = []
    for path, name in table.items():
        if len(path) != 1 or path[0] == "option" or name == english[path]:
            continue
        named = re.search(rf"(?:/|[\"“]){re.escape(name)}(?![\w\u0900-\u097f])", text)
        if named and not re.search(rf"(?<![\w/]){re.escape(english[path])}(?![\w-])", text):
            missing.append(name)
    return missing


@pytest.mark.parametrize("lang", CHECKED)
def test_an_engines_refusal_names_the_terminals_word_too(lang: str) -> None:
    # An engine's refusal is printed by the terminal as well as on Discord: a move it names by
    # Discord's command («"बदलें" से …») also says the word typed in the terminal (swap).
    found = {}
    for domain in ENGINE_DOMAINS:
        with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale=lang):
                forms = m.string if isinstance(m.string, (list, tuple)) else [m.string]
                if m.id and (missing := terminal_words_missing(" | ".join(forms), lang)):
                    found[m.id if isinstance(m.id, str) else m.id[0]] = missing
    assert found == {}


def test_the_terminal_word_check_can_fail() -> None:
    # What the Hindi refusal said (the second native read of Hindi, issue 59).
    old = 'मेल्ड {meld} में जोकर {card} की जगह पर है: "बदलें" से {card} उसकी जगह रखें।'
    assert terminal_words_missing(old, "hi") == ["बदलें"]
    assert terminal_words_missing(old.replace('"बदलें"', "/बदलें"), "hi") == ["बदलें"]
    assert terminal_words_missing("met /ruilen (in de terminal: swap)", "nl") == []
    assert terminal_words_missing("बदलें हुए पत्ते", "hi") == []  # a verb, not the command


def test_the_joker_refusal_names_swap_for_the_terminal() -> None:
    # The real refusal: an add that would push a Hand run's joker along (a table file).
    path = DOCS.parent / "tests" / "table_files" / "hand" / "add_on_joker_spot_refused.json"
    data = load(path.read_text(encoding="utf-8"))
    engine = engine_class("hand").from_table_file(data)
    play_move(engine, data["moves"][0])
    with pytest.raises(IllegalMove) as refused:
        play_move(engine, data["moves"][1])
    for lang in LANGUAGES:
        said = say(refused.value, lang)
        assert "swap" in said, said  # the terminal's word
        if lang in CLIENT_LANGUAGES.values():
            assert f"/{names(lang)[('swap',)]}" in said, said  # and Discord's
