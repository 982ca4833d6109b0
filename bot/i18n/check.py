"""For translators: ``python -m bot.i18n.check [DOMAIN ...]`` lists, per language, the keys a
domain's catalogue lacks or has beyond English, texts whose placeholders differ from English's,
plurals without a form for each of the language's CLDR categories, words the glossary's
"Words we do not use" table rejects, and the grammar slips of ``GRAMMAR_SLIPS``. Exit 1 when
anything is listed, 0 when every language matches English, the glossary and its grammar.

``misused_words`` is the glossary check on its own, for any texts: the catalogues, or a page of
the rules (``docs/rules.*.md``), which use the same words. ``filled_texts`` gives the catalogue's
texts with their placeholders filled in, for the phrases that only form then («{level} स्तर का
कंप्यूटर» with the hard level, «1 पत्ता बचे हैं» with a count of one).

``grammar_slips`` finds the grammar and typography a word list cannot hold (``GRAMMAR_SLIPS``
and Arabic's case patterns): in Dutch, a card after "is" without its article and a number right
after a player's name; in Hindi, Run Fast's "higher" without से, "lower" without इससे and a plural
verb after one card; in Arabic, a count after
3 to 10 in the collective («3 فيش», where it is «3 فيشات»), «بلا» before a definite noun, a
signed number written without CLDR's left-to-right mark before its sign («و+150»), the
accusative tanween after its alif («جديداً», where the files write «جديدًا»), and a
count or a Run Fast play that only has its nominative or caseless form («ورقتان»، «زوج أعلى»)
filled in after a preposition or as a verb's object («إلى ورقتان»، «العب زوج أعلى»), a count of
cards right after «مع» and its kind («مع {left}»), and a player who «يسجّل الأوراق» for their sum.
"""

from __future__ import annotations

import itertools
import re
import string
import sys
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, catalogue, t, t_n

GLOSSARY = Path(__file__).with_name("GLOSSARY.md")
# A letter of the scripts we write: what Python counts as one (Arabic's and Devanagari's letters
# among them), and the marks that sit on a letter (harakat, Devanagari's vowel signs, virama and
# nukta, which Python does not count). Not punctuation: «،» «؛» «؟» and the danda «।» end a word.
_MARKS = "".join(
    chr(c)
    for c in [*range(0x0300, 0x0370), *range(0x0600, 0x0700), *range(0x0900, 0x0980)]
    if unicodedata.category(chr(c)).startswith("M")
)
LETTER = rf"(?:[^\W\d_]|[{_MARKS}])"
# Arabic writes "the", "and", "so", "with", "for", "like" joined to the next word, and a plural
# or a pronoun joined to the word before.
AR_BEFORE = r"(?:[وفبلك])?(?:ال|لل)?"
AR_AFTER = r"(?:ات)?(?:ك|ه|ها|كم|هم)?"


@dataclass(frozen=True)
class Rejected:
    """A row of the glossary's "Words we do not use": ``word`` is not written in ``lang``,
    ``use`` is; ``still_right`` are phrases where the word means something else and stays."""

    lang: str
    word: str
    use: str
    still_right: tuple[str, ...] = ()


@cache
def rejected_words(glossary: Path = GLOSSARY) -> tuple[Rejected, ...]:
    """The glossary's "Words we do not use" table, row by row."""
    table = glossary.read_text(encoding="utf-8").split("## Words we do not use", 1)[1]
    out = []
    for line in table.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] in LANGUAGES:
            still = tuple(p.strip() for p in cells[3].split(";") if p.strip()) if cells[3:] else ()
            out.append(Rejected(cells[0], cells[1], cells[2], still))
    return tuple(out)


def whole_word(lang: str, word: str) -> re.Pattern[str]:
    """``word`` standing alone in a ``lang`` text (with Arabic's joined particles and endings),
    not as a piece of a longer word."""
    before, after = (AR_BEFORE, AR_AFTER) if lang == "ar" else ("", "")
    return re.compile(
        rf"(?<!{LETTER})(?<!-){before}{re.escape(word)}{after}(?!{LETTER})", re.IGNORECASE
    )


def misused_words(
    lang: str, texts: Mapping[str, str], glossary: Path = GLOSSARY
) -> set[tuple[str, str]]:
    """(place, word) for each rejected word of ``lang`` found in ``texts`` (place → text: a
    catalogue's keys, or a rules page's lines), outside the phrases where it is still right.

    >>> misused_words("nl", {"L12": "Trek van de stapel.", "L13": "Pak de aflegstapel."})
    {('L12', 'stapel')}
    """
    found = set()
    for row in rejected_words(glossary):
        if row.lang != lang:
            continue
        pattern = whole_word(lang, row.word)
        for place, text in texts.items():
            for phrase in row.still_right:
                text = re.sub(_still_right(phrase), " · ", text, flags=re.IGNORECASE)
            if pattern.search(text):
                found.add((place, row.word))
    return found


def _still_right(phrase: str) -> str:
    """A still-right phrase as a pattern: its placeholders match themselves or the word a text
    filled in fills them with ("{tiebreak}" holds the tiebreak's name).

    >>> bool(re.fullmatch(_still_right("{n} paren"), "2 paren"))
    True
    """
    return re.sub(r"\\\{(\w+)\\\}", r"(?:\\{\1\\}|\\S+)", re.escape(phrase))


@dataclass(frozen=True)
class Slip:
    """A pattern of grammar a ``lang`` text must not hold, where a word list cannot say it:
    ``name`` says what is wrong, ``fix`` how the glossary's words say it instead."""

    lang: str
    name: str
    pattern: re.Pattern[str]
    fix: str


# Run Fast's kinds of play, and a rank, as the glossary names them (after "a higher …").
_HI_KINDS = "एकल|जोड़ा|जोड़े|तिकड़ी|स्ट्रेट|लड़ी|बम|रैंक"
# A count filled in at one: «1 पत्ता», «1 अंक» (not 11, nor 1.5).
_HI_ONE = r"(?<![\d.,])1 (?:पत्ता|अंक)"
# The placeholders that name a player, and those a number fills.
_WHO = r"\{(?:who|name|names|host|owner|seat|mention)\}"
_NUMBER = r"\{(?:n|points|total|pearls|score|count|chips)\}"
# The placeholders a bare list of cards fills («9♠ 9♥»), one card or several.
_CARD_LISTS = "cards|partners|lowest"

GRAMMAR_SLIPS = (
    # The native read of Hindi (issue 59): Run Fast's "higher" is a comparison. «ऊँचा जोड़ा» is
    # "a high pair", «सबसे ऊँचा पत्ता बड़ा» "the top card big"; it takes से: «उससे ऊँचा जोड़ा»,
    # «इससे ऊँचा बम», «… टेबल वाले से बड़ा». «सबसे ऊँचा» (the highest) already has it.
    Slip(
        "hi",
        "higher without से",
        re.compile(rf"(?<!से )(?<!{LETTER})ऊँच[ाीे] (?:{_HI_KINDS})(?!{LETTER})|ऊँचा पत्ता बड़ा"),
        "उससे ऊँचा जोड़ा, इससे ऊँचा बम, सबसे ऊँचा पत्ता … से बड़ा",
    ),
    # The fifth fresh read of Hindi: "each lower card", "every lower play" compare with the
    # play the hint names. «हर छोटा पत्ता» is "every small card"; it takes इससे and comes
    # first: «इससे छोटा आपका हर पत्ता», «इससे छोटी हर चाल».
    Slip(
        "hi",
        "lower without इससे",
        re.compile(rf"(?<!{LETTER})हर छोट[ाीे] (?:पत्ता|पत्ते|चाल|चालें)(?!{LETTER})"),
        "इससे छोटा आपका हर पत्ता, इससे छोटी हर चाल",
    ),
    # A plural verb with a count of one, seen once the count is filled in: «हाथ में बचेंगे:
    # 1 पत्ता», «आपके हाथ में 1 पत्ता आ जाएँगे», «1 अंक आपके ख़िलाफ़ गिने जाएँगे». (A Hand card,
    # «इसके {points}», is worth 2 or more.)
    Slip(
        "hi",
        "a count of one with a plural verb",
        re.compile(
            rf"(?:बचेंगे|रहेंगे|जाएँगे): {_HI_ONE}(?!{LETTER})"
            rf"|(?<!इसके ){_HI_ONE}(?: [^\s।;,:()]+)*? (?:आ जाएँगे|रहेंगे|गिने जाएँगे)"
        ),
        "हाथ में बाक़ी: {left}; ढेर के सारे पत्ते ({count}); आपको {points} का नुक़सान",
    ),
    # A player's name and a number side by side: «सीट 1 50» reads as one number.
    Slip(
        "hi",
        "a name and a number side by side",
        re.compile(rf"{_WHO} {_NUMBER}"),
        "{who} को {n}",
    ),
    # The December fresh read of Hindi: «बिना वाइल्ड तिग्गियों का सेट» reads as "a set of
    # wildless threes", «बिना पंकल शुद्ध» as "pankal-less pure". Without a wild is said with
    # के: «बिना वाइल्ड के», «पंकल के बिना», or «जिसमें कोई वाइल्ड न हो».
    Slip(
        "hi",
        "बिना before a wild without के",
        re.compile(rf"(?<!{LETTER})बिना (?:किसी )?(?:वाइल्ड|पंकल|जोकर)(?! के)(?!{LETTER})"),
        "बिना वाइल्ड के, पंकल के बिना, जिसमें कोई वाइल्ड न हो",
    ),
    # The third fresh read of Hindi: a bare list of cards as the subject takes a plural verb,
    # so «{lowest} भी उसे हराती है» (feminine, as if a चाल), «{partners} … बना सकता है» and
    # «आपने {cards} मेल्ड में जोड़ा» read wrong once the list holds two cards. Name the play
    # («{lowest} की चाल भी … हराती है»), put a postposition after the list, or use को.
    Slip(
        "hi",
        "a singular verb after a list of cards",
        re.compile(
            rf"\{{(?:{_CARD_LISTS})\}}(?: भी)?(?! (?:को|से|के|की|का|में|ने|पर|मिलकर)(?!{LETTER}))"
            rf"(?: [^\s।;:,()]+){{0,8}}? [^\s।;:,()]*(?:ता|ती)(?: है)?(?!{LETTER})"
            rf"|आपने \{{(?:{_CARD_LISTS})\}} (?!को)(?:[^\s।;:,()]+ ){{0,4}}?[^\s।;:,()]*[ाी](?!{LETTER})"
        ),
        "{lowest} की चाल भी … हराती है; {partners} के साथ बन सकता है; आपने {cards} को … जोड़ा",
    ),
    # The fourth fresh read of Hindi: रैंक is feminine («इसकी रैंक», «खिलाड़ियों की रैंक»), but
    # some texts made it masculine: «उससे ऊँचे रैंक के», «रैंक, बड़े से छोटे», «रैंक A … K होना
    # चाहिए», «रैंक एक के बाद एक होने चाहिए», «रैंक … तक जाते हैं». The cards' «एक ही रैंक के
    # पत्ते» agrees with पत्ते and stays.
    Slip(
        "hi",
        "रैंक with a masculine word",
        re.compile(
            rf"(?<!{LETTER})(?:ऊँच|बड़|छोट|नीच)[ाे] रैंक(?!{LETTER})"
            rf"|(?<!{LETTER})रैंक(?:ें)?\**, (?:बड़|छोट|ऊँच)े"
            rf"|(?:^|[:।;(] ?)\**रैंक(?:ें)?\** [^।;:]*?(?:होना|होने|जाते|आते)(?!{LETTER})"
        ),
        "उससे ऊँची रैंक के; रैंक, बड़ी से छोटी; रैंक … होनी चाहिए; पत्तों की रैंकें लगातार होनी चाहिए",
    ),
    # A later native read of Dutch (issue 59): "(5H 6H JK: de joker is 7♥)" on the rules page.
    Slip(
        "nl",
        "a card after 'is' without its article",
        re.compile(r"\bjoker is (?:10|[2-9AJQK])[♠♥♦♣HSDC]"),
        "de joker is de 7♥",
    ),
    # "Parels: plaats 1 50": a seat's number and the count read as one number.
    Slip(
        "nl",
        "a name and a number side by side",
        re.compile(rf"{_WHO} {_NUMBER}"),
        "{who}: {n}",
    ),
    # "er blijven twee kaarten, dus": the verb is overblijven.
    Slip(
        "nl",
        "blijven without over",
        re.compile(
            r"\ber (?:blijft|blijven) (?:[\w{}]+ ){0,2}?kaart(?:en)?\b(?!(?: [\w{}]+){0,3} over\b)"
        ),
        "er blijven … kaarten over (overblijven)",
    ),
    # The fresh read of Dutch (8.5/10): "schrijf de partij hier weg" is a programmer's calque
    # for saving; the word list holds "wegschrijven", this the verb split around its object.
    Slip(
        "nl",
        "wegschrijven for saving",
        re.compile(r"\bschrijf(?:t|en)?\b(?: [\w{}]+){0,6} weg\b|\bweggeschreven\b"),
        "sla … op (opslaan)",
    ),
    # The third fresh read of Dutch (8.5/10). Putting a card on a meld already on the table is
    # "aanleggen bij"; "uitleggen" is laying a new meld, so "uitleggen (bij een combinatie" mixes
    # the two.
    Slip(
        "nl",
        "uitleggen bij for adding to a meld",
        re.compile(
            r"\b(?:uitleggen|uitgelegd|uit te leggen|uitlegt)\s+\(?bij\b"
            r"|\bleg(?:t|gen)?\b(?: [^\s,.;:]+){0,3} uit \(?bij\b",
            re.IGNORECASE,
        ),
        "leg … aan bij een combinatie (aanleggen bij)",
    ),
    # "alle vier de 3's": a rank in words is "drieën, vieren … tienen" (core.ranks); only the
    # twos are "2's".
    Slip(
        "nl",
        "a rank above 2 written with 's",
        re.compile(r"(?<![\d.,])(?:[3-9]|10)'s\b"),
        "drieën, vieren … tienen",
    ),
    # "de volgende speler … Hun kaarten zie je niet", "Misschien hebben ze …": one player is
    # "die (speler)" or "zijn", never a plural "ze/hun".
    Slip(
        "nl",
        "a plural pronoun for the next player",
        re.compile(
            r"\bvolgende speler\b.*?(?:\b[Hh]un (?:kaarten|hand|combinaties|reeksen)\b"
            r"|\b(?:hebben|pakken|kunnen|leggen|gaan) ze\b)"
        ),
        "de kaarten van die speler, misschien heeft die speler …",
    ),
    # "Wie de tafel kan verslaan, moet dat, en …": written rules say "moet dat doen".
    Slip(
        "nl",
        "moet dat without its verb",
        re.compile(r"\bmoet(?:en)? dat[,.;:]"),
        "moet dat doen",
    ),
    # "andere team 11 kaarten": a team takes its article.
    Slip(
        "nl",
        "andere team without its article",
        re.compile(r"(?<![Hh]et )(?<![Dd]at )(?<![Ee]en )(?<![Jj]ouw )\bandere team\b"),
        "het andere team",
    ),
    # "een reeks heeft één aas" reads as "every run has one ace": it is at most one.
    Slip(
        "nl",
        "a run with one ace for at most one",
        re.compile(r"\breeks (?:heeft|bevat) één aas\b"),
        "een reeks bevat hoogstens één aas",
    ),
    # "scoort de kaarten in zijn hand" is English word for word: a player gets their value.
    Slip(
        "nl",
        "scoren with cards for their value",
        re.compile(r"\bscoor\w* (?:de|zijn|je|hun) kaarten\b"),
        "krijgt de waarde van de kaarten in zijn hand",
    ),
    # The fourth fresh read of Dutch (8.5/10): "alleen {partners} uit je hand kan …" is a
    # singular verb after a list of one card or several; "wat er bij past, is alleen
    # {partners}" holds for every filling.
    Slip(
        "nl",
        "a singular verb after alleen and a list of cards",
        re.compile(
            rf"\balleen \{{(?:{_CARD_LISTS})\}}(?: [^\s,.;:()]+){{0,3}}? "
            r"(?:kan|past|vormt|gaat|mag|maakt)\b"
            # The fifth: "wat er bij past, is alleen {partners}" wants "zijn" for two cards.
            rf"|\b(?:is|blijft) alleen \{{(?:{_CARD_LISTS})\}}"
        ),
        "behalve {partners} past er niets in je hand bij",
    ),
    # The fifth fresh read of Dutch (9/10): "mag geen andere kaart:" drops its particle.
    Slip(
        "nl",
        "mag geen andere kaart without bij or mee",
        re.compile(r"\bmag (?:er )?geen (?:andere )?kaart(?:en)?(?= *[,.;:)]|$)"),
        "mag er geen andere kaart bij",
    ),
    # The sixth native read of Arabic: «إنها تغلب {trick}. و{lowest} تغلبها أيضًا» reads as
    # "{lowest} also beats your play": the nearest feminine word is the play just advised, not
    # the cards on the table, which {trick} prints bare. A lower play beats the table by name.
    Slip(
        "ar",
        "a lower play that beats 'it'",
        re.compile(r"تغلبها أيضًا"),
        "و{lowest} تغلب {trick} أيضًا",
    ),
    # The fresh Arabic read (snap1, 9/10): «نزولاً جديداً». The catalogues and the rules page
    # spell the accusative tanween on the letter before the alif, «نزولًا جديدًا», as Unicode
    # orders the marks; one entry with the other spelling reads as another hand.
    Slip("ar", "tanween after the alif (ًا, not اً)", re.compile(r"اً"), "نزولًا، جديدًا"),
    # The fresh Arabic read (snap2, 9/10): «{cards} تكفيان» assumed two cards, where {cards} is
    # a whole move of one card or three. A placeholder of cards takes no dual verb.
    Slip(
        "ar",
        "a dual verb after a placeholder",
        re.compile(r"\{\w+\} [تي]\w+ان\b"),
        "إضافة {cards} تكفي",
    ),
    # «بين {least} و{most} دقيقة»: a singular noun is right after 11 and more only, and a
    # placeholder's number may be 3 to 10. Only a plural entry's {n} takes its noun bare.
    Slip(
        "ar",
        "a counted noun after a placeholder's number",
        re.compile(r"\{(?!n\})\w+\} (?:دقيقة|ورقة|نقطة|فيشة|جولة)\b"),
        "مدة الأرينا بالدقائق من {least} إلى {most}",
    ),
    # The fifth fresh Arabic read: «مع {left} في يدك» printed «مع ورقتان في يدك», where a
    # preposition wants «ورقتين». A count of cards ({left}, {count}) is written as a subject,
    # so a preposition may not stand right before it, as text or once filled in. Not «من» and
    # «إلى»: «من 1 إلى {count}» is a range of moves, which the fill-in check prints as cards.
    Slip(
        "ar",
        "a count of cards right after a preposition (مع ورقتين)",
        re.compile(r"(?<!\w)(?:مع|على|عن|في|حتى|بعد) \u200e?(?:\{(?:left|count)\}|ورقتان)(?!\w)"),
        "ما دام في يدك {left} فقط",
    ),
    # The same read, on the rules page: «يسجّل كل لاعب الأوراق التي في يده» says a player
    # records the cards, not their points; «يُسجَّل على كل لاعب مجموع الأوراق».
    Slip(
        "ar",
        "scoring the cards for their value (يُسجَّل عليه مجموعها)",
        re.compile(r"(?<!\w)[وف]?[يت]سجّ?ل [^.،؛]{0,25}?الأوراق"),
        "يُسجَّل على كل لاعب مجموع الأوراق التي في يده",
    ),
)


def catalogue_texts(lang: str) -> dict[str, str]:
    """Every text of ``lang``'s catalogue by key, a plural's forms joined with " | "."""
    cat = catalogue(lang)
    out = dict(cat.texts)
    for key, forms in cat.plurals.items():
        out[key] = " | ".join(forms)
    return out


# The counts a sentence is filled in with: one and two, where a verb or a noun agrees with the
# number («1 पत्ता बचा है», «2 पत्ते बचे हैं»).
COUNTS = (1, 2)
_FIELD = re.compile(r"\{(\w+)\}")


def placeholder_values(lang: str) -> dict[str, tuple[str, ...]]:
    """The words a placeholder can take in ``lang``: each computer level (``level.*``), each
    game's name (``game.*.name``), and cards and points counted one and two."""
    english = catalogue(ENGLISH).texts
    levels = sorted(k for k in english if re.fullmatch(r"level\.\w+", k))
    games = sorted(k for k in english if re.fullmatch(r"game\.\w+\.name", k))
    cards = tuple(t_n("n_cards", n, lang) for n in COUNTS)
    return {
        "level": tuple(t(k, lang) for k in levels),
        "game": tuple(t(k, lang) for k in games),
        "count": cards,
        "left": cards,
        "laid": cards,
        "size": cards,
        "points": tuple(t_n("n_points", n, lang) for n in COUNTS),
        "n": tuple(str(n) for n in COUNTS),
        # What a Run Fast play must beat it with ("a higher pair"): Arabic writes it caseless.
        "higher": tuple(t(k, lang) for k in english if k.startswith("runfast.higher.")),
    }


def filled(
    lang: str, texts: Mapping[str, str], plurals: Mapping[str, tuple[str, ...]] | None = None
) -> dict[str, str]:
    """``texts`` and ``plurals`` with their placeholders filled in each way
    ``placeholder_values`` knows, keyed "key (field=value, ...)". A plural's form is the one
    its count picks, and its ``{n}`` and ``{count}`` are that count; a placeholder with no known
    values stays as written.

    >>> filled("hi", {"x": "{level} स्तर: {seat}"})["x (level=कठिन)"]
    'कठिन स्तर: {seat}'
    """
    values = placeholder_values(lang)
    rule = catalogue(lang).plural_rule
    entries: list[tuple[str, str, dict[str, tuple[str, ...]]]] = [
        (key, text, values) for key, text in texts.items()
    ]
    for key, forms in (plurals or {}).items():
        for n in COUNTS:
            fixed = {"n": (str(n),), "count": (t_n("n_cards", n, lang),)}
            entries.append((key, forms[min(rule(n), len(forms) - 1)], {**values, **fixed}))
    out: dict[str, str] = {}
    for key, text, known in entries:
        fields = sorted({f for f in _FIELD.findall(text) if f in known})
        for combo in itertools.product(*(known[f] for f in fields)):
            words = dict(zip(fields, combo, strict=True))
            said = ", ".join(f"{f}={w}" for f, w in words.items())
            out[f"{key} ({said})" if said else key] = _fill(text, words)
    return out


def _fill(text: str, words: Mapping[str, str]) -> str:
    """``text`` with the placeholders ``words`` names filled in, the others as written."""

    def word(match: re.Match[str]) -> str:
        return words.get(match.group(1), match.group(0))

    return _FIELD.sub(word, text)


def filled_texts(lang: str) -> dict[str, str]:
    """Every text of ``lang``'s catalogue, its placeholders filled in (``filled``)."""
    cat = catalogue(lang)
    return filled(lang, cat.texts, cat.plurals)


# Arabic words a noun right after them cannot be nominative: prepositions (genitive), and the
# verbs the catalogues give a counted or a Run Fast object (accusative: «العب»، «لأكسبتك حركتك»).
AR_PREPOSITION = r"(?:إلى|على|عن|في|من|مع|حتى)"
AR_VERB = r"(?:العب|ارمِ|نزّل|خذ|\w*أكسب\w*(?: \w+)?)"
_AR_BEFORE_NOUN = r"(?:[\s(،:؛]|^)"


def _ar_forms(forms: set[str]) -> str:
    return "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True))


def _ar_duals() -> str:
    """The counts of two that read only as a subject («نقطتان»، «ورقتان طبيعيتان»). Not a bare
    «ورقتان»: a ``{count}`` is also a number of moves («من 1 إلى {count}»), which the check
    fills with cards."""
    cat = catalogue("ar")
    keys = ("n_points", "core.n_natural_cards", "core.n_more")
    return _ar_forms({f.format(n=2) for key in keys for f in cat.plurals[key][2:3]})


def _ar_caseless() -> str:
    """A Run Fast play to beat with («زوج أعلى»): written without a case ending, so right as a
    subject and after a preposition, wrong as an object, which needs «زوجًا أعلى»."""
    cat = catalogue("ar")
    return _ar_forms({t(k, "ar") for k in cat.texts if k.startswith("runfast.higher.")})


@cache
def _grammar(lang: str) -> dict[str, re.Pattern[str]]:
    """Each grammar pattern ``lang`` has, by the name ``grammar_slips`` reports it under: the
    fixed ``GRAMMAR_SLIPS``, and Arabic's, which read their forms from the catalogue."""
    patterns = {slip.name: slip.pattern for slip in GRAMMAR_SLIPS if slip.lang == lang}
    if lang != "ar":
        return patterns
    return patterns | {
        "count after 3-10 in the collective (3 فيشات)": re.compile(
            rf"(?<![\d.,])(?:[3-9]|10)\u200e? +فيش(?!{LETTER})"
        ),
        "بلا before a definite noun (من دون)": re.compile(rf"(?<!{LETTER})بلا +ال"),
        # CLDR's Arabic sign is a left-to-right mark and the sign (``number``): without the
        # mark a right-to-left line shows «لك −30» as "30−" and «و+150» as "150+و". Not a
        # range's hyphen («2-10»), nor an operator with a space after it («+ 200»).
        # A multiplier too: «بعد ×1.5» shows as "1.5× بعد", beside a column of "+400".
        "a signed number without its left-to-right mark": re.compile(r"(?<![\u200e\d])[+\-−×]\d"),
        # «لا يمكنك أن تنزّل منها إلا ورقتان»: you lay, so the count after «إلا» is the object
        # and wants «ورقتين»; worded with a passive («لا يمكن أن يُنزَّل منها إلا») it is the
        # subject, which the count's words are.
        "a count of two as the object after إلا (إلا ورقتين)": re.compile(
            rf"(?:يمكنك|تستطيع) أن [^.؛]{{0,60}}? إلا \u200e?(?:{_ar_duals()}|ورقتان)(?!{LETTER})"
        ),
        # «ورقتان … مع الجوكر تصنع مجموعة»: two cards before their verb make it dual
        # («تصنعان»), as the rules page writes «فورقتان من الكومة مع ورقة من يدك تصنعان».
        "a dual subject before a singular verb (ورقتان … تصنعان)": re.compile(
            rf"(?<!{LETTER})(?:ال)?(?:ورقتان|زوجان)(?! أخريان)[^.؛:،]{{0,50}}? "
            rf"(?:تصنع|تكوّن|تشكّل)(?!{LETTER})"
        ),
        "a nominative or caseless form after a preposition or as an object": re.compile(
            rf"{_AR_BEFORE_NOUN}(?:(?:{AR_PREPOSITION}|{AR_VERB}) \u200e?(?:{_ar_duals()})"
            rf"|{AR_VERB} \u200e?(?:{_ar_caseless()}))(?!{LETTER})"
        ),
    }


def grammar_slips(lang: str, texts: Mapping[str, str]) -> set[tuple[str, str]]:
    """(place, pattern) for each grammar pattern of ``lang`` (``_grammar``) found in ``texts``.

    >>> grammar_slips("hi", {"x": "टेबल पर 7♥ है: आपको ऊँचा एकल चलना होगा।"})
    {('x', 'higher without से')}
    >>> sorted(w for _, w in grammar_slips("ar", {"x": "من 0 إلى 3 فيش", "y": "العب زوج أعلى"}))
    ['a nominative or caseless form after a preposition or as an object', \
'count after 3-10 in the collective (3 فيشات)']
    """
    return {
        (place, name)
        for name, pattern in _grammar(lang).items()
        for place, text in texts.items()
        if pattern.search(text)
    }


def _read(lang: str, domain: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], int]:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}, {}, 0
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    # Babel types a message loosely: a single's id and string are text, a plural's lists of forms.
    texts = {
        m.id: m.string
        for m in catalog
        if m.id and isinstance(m.id, str) and isinstance(m.string, str)
    }
    plurals = {m.id[0]: tuple(m.string or ()) for m in catalog if m.id and m.pluralizable}
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
    for lang in LANGUAGES:
        misused = misused_words(lang, catalogue_texts(lang)) | misused_words(
            lang, filled_texts(lang)
        )
        found += [f"{lang}: {key} uses {word!r}" for key, word in sorted(misused)]
        slips = grammar_slips(lang, catalogue_texts(lang)) | grammar_slips(lang, filled_texts(lang))
        found += [f"{lang}: {key}: {slip}" for key, slip in sorted(slips)]
    print("\n".join(found) if found else "Every language has every key.")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
