"""The catalogues' words as native speakers write them: one word for one thing (the glossary's
rejected words never come back), sentences about a named player that hold for anyone, numbers in
each language's own form, and the corrected entries themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, catalogue, number, t

GLOSSARY = Path(__file__).resolve().parents[1] / "bot" / "i18n" / "GLOSSARY.md"
OTHERS = [lang for lang in LANGUAGES if lang != ENGLISH]
# Letters of the scripts we write, vowel signs included (Python's \w leaves Devanagari's out).
LETTER = r"[^\W\d_]|[\u0900-\u097F\u0600-\u06FF\u0750-\u077F]"
# Arabic writes "the", "and", "so", "with", "for", "like" joined to the next word, and a plural
# or a pronoun joined to the word before.
AR_BEFORE = r"(?:[وفبلك])?(?:ال|لل)?"
AR_AFTER = r"(?:ات)?(?:ك|ه|ها|كم|هم)?"


def rejected() -> list[tuple[str, str]]:
    """(language, word) from the glossary's "Words we do not use" table."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("## Words we do not use", 1)[1]
    rows = re.findall(r"^\| (ar|hi|nl) \| ([^|]+?) \|", table, flags=re.M)
    assert len(rows) >= 25, "the glossary's table of rejected words went missing"
    return rows


def whole_word(lang: str, word: str) -> re.Pattern[str]:
    before, after = (AR_BEFORE, AR_AFTER) if lang == "ar" else ("", "")
    return re.compile(
        rf"(?<!{LETTER})(?<!-){before}{re.escape(word)}{after}(?!{LETTER})", re.IGNORECASE
    )


def texts(lang: str) -> dict[str, str]:
    cat = catalogue(lang)
    out = dict(cat.texts)
    for key, forms in cat.plurals.items():
        out[key] = " | ".join(forms)
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_no_catalogue_uses_a_rejected_word(lang: str) -> None:
    words = [w for la, w in rejected() if la == lang]
    found = {
        (key, word)
        for key, text in texts(lang).items()
        for word in words
        if whole_word(lang, word).search(text)
    }
    assert found == set()


def test_the_rejected_word_test_can_fail() -> None:
    # Each rejected word is caught in a sentence, and a longer word holding it is not.
    assert whole_word("hi", "मेज़").search("इस मेज़ पर")
    assert not whole_word("hi", "मेज़").search("मेज़बान: {host}")
    assert whole_word("ar", "آس").search("قنبلة الآسات")
    assert whole_word("ar", "جانبك").search("ويحق لجانبك الآن")
    assert not whole_word("ar", "جانبك").search("ليست بجانب أحد طرفيه")
    assert whole_word("nl", "stapel").search("Trek van de stapel.")
    assert not whole_word("nl", "stapel").search("de More-stapel en de aflegstapel")
    assert whole_word("nl", "uitleg").search("Je volgende uitleg moet")
    assert not whole_word("nl", "uitleg").search("wat je uitlegt")


# In a sentence about a named player: a past-tense verb that would agree with a man right beside
# the name, or "his" / "him" / "the (male) player" referring back to it.
AR_ABOUT_A_MAN = re.compile(
    r"(?:سحب|أخذ|رمى|نزّل|أضاف|أعاد|ختم|أنهى|أفرغ|زايد|مرّر|كسب|فاز|استرجع|أُخرج|لعب) \{(?:who|name)\}"
    r"|\{(?:who|name)\} (?:هو|يبدأ|سحب|أخذ|رمى|نزّل|أضاف|أعاد|زايد)"
    r"|(?<![\w])(?:عنه|أوراقه|يده|دوره|للاعب|وهو|له)(?![\w])"
)


def test_arabic_sentences_about_a_player_hold_for_anyone() -> None:
    ar = texts("ar")
    about = {key: text for key, text in ar.items() if "{who}" in text or "{name}" in text}
    found = {key: text for key, text in about.items() if AR_ABOUT_A_MAN.search(text)}
    assert found == {}
    # The pictures' last-move words are nouns after "name:", so no verb agrees with a name.
    actor = t("render.actor", "ar", who="سارة")
    said = [t(k, "ar") for k in ("render.drew", "render.added", "render.threw")]
    assert f"{actor} {'، '.join(said)}" == "سارة: سحب، إضافة، رمي"
    assert t("render.reason.closed", "ar", who="سارة") == "الختم: سارة"
    assert t("render.reason.hand_empty", "ar", who="سارة") == "فرغت يد سارة"
    assert t("render.bids_shown", "ar", who="نورة") == "كُشفت المزايدات: المنفرد نورة"


# Hindi: a future or a predicate that would take the player's gender.
HI_GENDERED = re.compile(r"\{(?:who|name|seat)\}[^।;]*(?:करेगा|उठाएगा|अकेला है|खेलेंगे)")


def test_hindi_sentences_about_a_player_hold_for_anyone() -> None:
    found = {key: text for key, text in texts("hi").items() if HI_GENDERED.search(text)}
    assert found == {}
    assert t("console.mor.mor_waits", "hi", who="सीट 2") == (
        "सीट 2 ने आख़िरी पत्ता फेंका; अगली बारी में मोर का ढेर उसे मिलेगा।"
    )
    assert t("render.bids_shown", "hi", who="नूरा") == "बोलियाँ खुलीं: सोलो नूरा"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_decimals_in_the_catalogues_are_in_the_languages_own_form(lang: str) -> None:
    point = number(0.5, lang)[1]  # "." or ","
    other = "," if point == "." else "."
    wrong = re.compile(rf"\d{re.escape(other)}5(?!\d)")
    found = {key: text for key, text in texts(lang).items() if wrong.search(text)}
    assert found == {}


def test_numbers_go_through_babel() -> None:
    assert [number(7.5, lang) for lang in LANGUAGES] == ["7.5", "7.5", "7.5", "7,5"]
    assert number(5.0, "nl") == "5" and number(-30, "ar") == "-30"
    assert number(1.5, "nl", sign=True) == "+1,5"
    # A float a sentence carries is worded in the language's form.
    said = t("more3.opening_75", "nl", worth=6.5, least=7.5)
    assert said.endswith("samen 7,5 waard zijn; deze zijn 6,5 waard.")
    assert t("table.standing", "nl", place=1, name="Sara", total=12.5) == "1. Sara: 12,5"


# The entries the native speakers' reading corrected, exactly.
CORRECTED = {
    ("ar", "console.ev.threw_card"): "{who}: رمي {card}.",
    ("ar", "console.mor.end.closed"): "الختم: {who}.",
    ("ar", "console.end.went_out"): "انتهت أوراق {who}.",
    ("ar", "moved_for"): "انتهى الوقت، فلعب اللاعب الآلي بدلًا من {name}: {move}.",
    ("ar", "kicked"): "تم إخراج {name} من الطاولة.",
    ("ar", "render.pile_taken"): "· أُخذ",
    ("ar", "cmd.table.leave.description"): "غادر غرفة انتظار الطاولة.",
    ("ar", "console.input.bid_number"): "زايد بعدد من الفيش، مثل «bid 2».",
    ("ar", "cmd.play.description"): "رن فاست: العب تركيبة.",
    ("ar", "console.rummy.stock"): "كومة السحب {n}",
    ("hi", "runfast.kind.heavenly_bomb"): "आसमानी बम",
    ("hi", "runfast.kind.straight"): "{length} का स्ट्रेट",
    ("hi", "console.runfast.heading"): "{title} · एक बाज़ी",
    ("hi", "render.solo"): "सोलो",
    ("hi", "btn_lay_now"): "अभी उतारें",
    ("hi", "console.hand.note_not_opened"): ", अभी नहीं खोला",
    ("hi", "render.dealer_mark"): "डीलर",
    ("hi", "console.meld.biriba_dirty"): " · गंदा बिरिबा",
    ("hi", "no_table"): "यहाँ कोई टेबल नहीं है: /table new से एक खोलें।",
    ("hi", "bid.have_bid"): "इनकी बोली आ चुकी है: {names}।",
    ("nl", "mor.lay_must_use_taken"): (
        "Wat je hierna uitlegt, moet een van de kaarten bevatten die je van de aflegstapel "
        "pakte ({cards})."
    ),
    ("nl", "lesson.more3.03_the_7_5_rule.task"): (
        "Je staat boven de 1500 en speelt alleen: leg in één beurt minstens 7,5 punten uit."
    ),
    ("nl", "btn_lay_now"): "Nu uitleggen",
    ("nl", "more3.line.solo_total"): "Solo-totaal (positief ×1,5)",
    ("nl", "render.seat"): "Plaats {n}",
    ("nl", "game.stock_empty"): "De trekstapel is leeg.",
    ("en", "settings.language_automatic"): (
        "Language: none chosen, so your Discord app's language where it is one of ours, "
        "else the server's."
    ),
}


@pytest.mark.parametrize(("lang", "key"), sorted(CORRECTED))
def test_corrected_entries(lang: str, key: str) -> None:
    assert catalogue(lang).texts[key] == CORRECTED[lang, key]


def english_entries() -> dict[str, tuple[str, bool]]:
    """Each English key: its text (a plural's forms joined) and whether a ``#. distinct:``
    comment marks it as meaning something else than another key with the same words."""
    out: dict[str, tuple[str, bool]] = {}
    for path in sorted((LOCALE_DIR / ENGLISH / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for m in read_po(f, locale=ENGLISH):
                if not m.id:
                    continue
                key = m.id if isinstance(m.id, str) else m.id[0]
                text = m.string if isinstance(m.string, str) else " | ".join(m.string)
                marked = any(c.startswith("distinct:") for c in m.auto_comments)
                out[key] = (text, marked)
    return out


def same_words_under_two_keys(entries: dict[str, tuple[str, bool]]) -> dict[str, list[str]]:
    """English texts that two or more keys carry, where more than one of them is unmarked."""
    keys: dict[str, list[str]] = {}
    for key, (text, _) in entries.items():
        keys.setdefault(text, []).append(key)
    return {
        text: group
        for text, group in keys.items()
        if len(group) > 1 and sum(not entries[k][1] for k in group) > 1
    }


def test_one_key_for_one_meaning() -> None:
    assert same_words_under_two_keys(english_entries()) == {}


def test_the_duplicate_key_test_can_fail() -> None:
    entries = {"a": ("The game is over.", False), "b": ("The game is over.", False)}
    assert same_words_under_two_keys(entries) == {"The game is over.": ["a", "b"]}
    entries["b"] = ("The game is over.", True)
    assert same_words_under_two_keys(entries) == {}


def test_an_inline_form_falls_back_to_its_sentence() -> None:
    # "{card} is not a {suit}: ..." starts with a card, so it reads the same after a colon.
    assert t("core.meld.run_wrong_suit.inline", "nl", card="7H", suit="harten") == t(
        "core.meld.run_wrong_suit", "nl", card="7H", suit="harten"
    )
