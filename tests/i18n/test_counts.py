"""A count filled into an Arabic sentence stands in the case the sentence gives it.

A count's words come from a plural entry (``n_cards``: «ورقتان» for two) filled into a template,
and Arabic's dual changes with its case: «ورقتان» as a subject or after a colon, «ورقتين» after
a preposition («من ورقتين») or as an object. An entry holds one form for its two, so each
template puts the count where that form is right; the second native read of Arabic found
«لعبة من ورقتان», «انتصار واحد من لعبتان», «بنحو نقطتان», «تُخرج من يدك ورقتان» and
«زايد بـمن 0 إلى 3 فيشات». Each template below is filled by ``t`` with the count the code passes
it, at two."""

from __future__ import annotations

import re

import pytest

from bot.games.base import Count
from bot.i18n import catalogue, t, t_n

# Every template the code fills with a count: its key, and each count parameter's plural entry.
CARDS, POINTS = "n_cards", "n_points"
COUNTED: dict[str, dict[str, str]] = {
    **{
        key: {"count": CARDS}
        for key in (
            "hint_draw_over_take",
            "hint_take_then",
            "hint_take_top_pile_then",
            "hint_play_lead",
            "hint_play_lead_first",
            "hint_throw_wait_hand",
            "hint_throw_least",
            "table_stock",
            "hand_header",
        )
    },
    "hint_play_lead_near_out": {"count": CARDS, "size": CARDS},
    "hint_add_near_out": {"count": CARDS, "left": CARDS},
    "hint_draw_cost": {"count": CARDS, "points": POINTS, "laid_points": POINTS},
    "hint_draw_cost_none": {"count": CARDS, "points": POINTS},
    "hint_clue_pile_cost": {"count": CARDS, "points": POINTS},
    "hint_lay_near_out": {"count": CARDS, "left": CARDS},
    **{
        key: {"left": CARDS}
        for key in (
            "hint_add",
            "hint_add_hand",
            "hint_add_left",
            "hint_add_left_hand",
            "hint_lay",
            "hint_lay_hand",
        )
    },
    **{
        key: {"points": POINTS}
        for key in (
            "hint_throw_alone_highest",
            "hint_throw_alone_top",
            "hint_throw_few_hand",
            "hint_throw_few_hand_one",
            "hint_lay_opens",
            "console.runfast.ev.bomb_bonus",
            "console.runfast.ev.bomb_bonus.you",
            "console.hand.open_with",
            "review.margin",
            "review.margin_to_end",
        )
    },
    "hand.opening_too_low": {"least": POINTS},
    "runfast.straight_too_short": {"least": CARDS},
    "core.meld.set_max": {"cards": CARDS},
    "core.meld.run_max": {"cards": CARDS},
    "core.meld.max_wilds": {"wilds": "core.n_wild_cards"},
    **{
        key: {"cards": CARDS}
        for key in (
            "console.mor.took_mor",
            "console.mor.took_mor.you",
            "console.more3.took_pile",
            "console.more3.took_pile.you",
            "console.more3.stock_refilled",
            "console.replay.seat_line",
            "console.seat_line",
        )
    },
    "console.stopping": {"rounds": "console.n_rounds"},
    "console.help.more3.bid": {"chips": "console.n_chips_up_to"},
    **{
        key: {"length": "runfast.n_card"}
        for key in ("runfast.kind.straight", "runfast.the.straight", "runfast.higher.straight")
    },
    **{
        key: {"pairs": "runfast.n_pairs"}
        for key in (
            "runfast.kind.consecutive_pairs",
            "runfast.the.consecutive_pairs",
            "runfast.higher.consecutive_pairs",
        )
    },
    "leaderboard_line": {"pearls": "n_pearls", "wins": "n_wins", "games": "n_games"},
    "stats_line": {"pearls": "n_pearls", "wins": "n_wins", "games": "n_games"},
    "leaderboard.rating_line": {"games": "n_games"},
    "table.standing_pearls": {"pearls": "n_pearls"},
}
# A meld's least size is counted in cards or, for its natural cards, in natural cards.
COUNTED_TOO = [
    ("core.meld.min_cards", "cards", CARDS),
    ("core.meld.min_cards", "cards", "core.n_natural_cards"),
]

# What puts the words after it in the genitive: a preposition or an adverb of place or time,
# alone («من ورقتين») or joined («بنقطتين»); and what takes them as its object (accusative,
# the same «ين» form for a dual).
AR_GENITIVE = re.compile(
    r"(?:(?:^|[\s(«])(?:من|إلى|عن|على|في|مع|حتى|بعد|قبل|بنحو|نحو|بين|أكثر من|أقل من)\s"
    r"|(?:^|[\s(«])[بل]ـ?)$"
)
AR_OBJECT = re.compile(r"(?:تُخرج من يدك|يساوي \S+|يغلب)\s$")
# A count that starts with its own preposition («من 0 إلى فيشتين»).
AR_OWN_PREPOSITION = re.compile(r"(?:من|إلى|عن|على|في)\s")
# One preposition glued to another: «بـمن 0 إلى 3».
AR_TWO_PREPOSITIONS = re.compile(r"[بل]ـ(?:من|إلى|عن|على|في)\s")


def _dual_case(words: str) -> str:
    """«ان» for a nominative dual («ورقتان أخريان»), «ين» for a genitive or accusative one."""
    endings = {w[-2:] for w in re.findall(r"[\u0621-\u064a]+", words)} & {"ان", "ين"}
    assert len(endings) == 1, f"no dual, or both cases, in {words!r}"
    return endings.pop()


def fill(key: str, counts: dict[str, str], two: str) -> tuple[str, str]:
    """``key``'s Arabic sentence with the count ``two`` at 2, every other count at 7 and every
    other parameter a letter; and the words the count at 2 reads as."""
    text = _template(key)
    params: dict[str, object] = {p: "X" for p in re.findall(r"\{(\w+)\}", text)}
    for param, entry in counts.items():
        params[param] = Count(entry, 2 if param == two else 7)
    if key in catalogue("ar").plurals:  # a plural entry's form follows its first count
        params["n"] = 2 if two == "count" else 7
    return t(key, "ar", **params), t_n(counts[two], 2, "ar")


def _template(key: str) -> str:
    """``key``'s Arabic text; a plural entry's forms joined, so each placeholder shows."""
    cat = catalogue("ar")
    return cat.texts[key] if key in cat.texts else " ".join(cat.plurals[key])


def case_mismatches(sentence: str, dual: str) -> list[str]:
    """Where ``dual`` stands in ``sentence`` in a case it is not written in."""
    found = []
    case = _dual_case(dual)
    start = sentence.find(dual)
    assert start >= 0, (sentence, dual)
    while start >= 0:
        before = sentence[:start]
        governed = bool(AR_GENITIVE.search(before) or AR_OBJECT.search(before))
        # «من 0 إلى فيشتين» governs itself: nothing before it may govern it again.
        own = AR_OWN_PREPOSITION.match(dual)
        if governed if own else case != ("ين" if governed else "ان"):
            found.append(f"{before[-20:]}[{dual}]")
        start = sentence.find(dual, start + 1)
    if AR_TWO_PREPOSITIONS.search(sentence):
        found.append(sentence)
    return found


CASES = [(key, param, entry) for key, counts in COUNTED.items() for param, entry in counts.items()]


@pytest.mark.parametrize(("key", "param", "entry"), CASES + COUNTED_TOO)
def test_an_arabic_count_of_two_stands_in_its_own_case(key: str, param: str, entry: str) -> None:
    counts = dict(COUNTED.get(key, {}))
    counts[param] = entry
    sentence, dual = fill(key, counts, param)
    assert case_mismatches(sentence, dual) == []


def test_the_count_case_check_can_fail() -> None:
    # The sentences the second native read of Arabic found, as they were.
    assert case_mismatches("وهذا أقل من أن يغلب لعبة من ورقتان.", "ورقتان")
    assert case_mismatches("انتصار واحد من لعبتان", "لعبتان")
    assert case_mismatches("هذه الحركة أفضل لك بنحو نقطتان.", "نقطتان")
    assert case_mismatches("وهذه تُخرج من يدك ورقتان.", "ورقتان")
    assert case_mismatches("زايد بـمن 0 إلى فيشتين لتكون المنفرد", "من 0 إلى فيشتين")
    assert case_mismatches("تسلسل أعلى منه طوله ورقتين", "ورقتين")
    # And the same counts where their case is right.
    assert not case_mismatches(
        "بقي مع أحد الخصوم ورقتان فقط، فلا يستطيع أن يغلب لعبة فيها ورقتان.", "ورقتان"
    )
    assert not case_mismatches("وبهذه اللعبة تخرج من يدك ورقتان.", "ورقتان")
    assert not case_mismatches("تسلسل من ورقتين أعلى منه", "ورقتين")
    assert not case_mismatches("سنتوقف بعد جولتين.", "جولتين")


def test_every_template_the_code_fills_with_a_count_is_checked() -> None:
    # Each key here is one the Arabic catalogue has, with the parameters named.
    for key, param, _ in CASES + COUNTED_TOO:
        assert "{" + param + "}" in _template(key), (key, param)


# Hindi: a count's words come in the direct case («14 पत्ते»), and a postposition after them
# wants the oblique plural («14 पत्तों में से», «2 पत्तों वाली चाल»). The third native read of
# Hindi found «आपके 14 पत्ते में से» and «2 पत्ते वाली चाल»: a template must not put a
# postposition straight after a count.
HI_POSTPOSITION = re.compile(r"^\s(?:में|से|का|की|के|को|पर|तक|वाला|वाली|वाले)(?=[\s,।:;)]|$)")


def hi_postposition_after(sentence: str, words: str) -> list[str]:
    """Where ``words``, a count in the direct plural, is followed by a postposition."""
    if not words.endswith("े"):  # only a direct plural in -e changes (पत्ते → पत्तों)
        return []
    found = []
    start = sentence.find(words)
    assert start >= 0, (sentence, words)
    while start >= 0:
        after = sentence[start + len(words) :]
        if HI_POSTPOSITION.match(after):
            found.append(f"[{words}]{after[:12]}")
        start = sentence.find(words, start + 1)
    return found


def hi_fill(key: str, counts: dict[str, str], param: str, n: int) -> tuple[str, str]:
    """``key``'s Hindi sentence with the count ``param`` at ``n``, every other count at 7."""
    cat = catalogue("hi")
    text = cat.texts[key] if key in cat.texts else " ".join(cat.plurals[key])
    params: dict[str, object] = {p: "X" for p in re.findall(r"\{(\w+)\}", text)}
    for name, entry in counts.items():
        params[name] = Count(entry, n if name == param else 7)
    if key in cat.plurals:
        params["n"] = n if param == "count" else 7
    return t(key, "hi", **params), t_n(counts[param], n, "hi")


@pytest.mark.parametrize("n", [2, 14])
@pytest.mark.parametrize(("key", "param", "entry"), CASES + COUNTED_TOO)
def test_a_hindi_count_is_not_followed_by_a_postposition(
    key: str, param: str, entry: str, n: int
) -> None:
    counts = dict(COUNTED.get(key, {}))
    counts[param] = entry
    sentence, words = hi_fill(key, counts, param, n)
    assert hi_postposition_after(sentence, words) == []


def test_the_hindi_postposition_check_can_fail() -> None:
    # The sentences the third native read of Hindi found, as they were, and as they are now.
    assert hi_postposition_after("आपके 14 पत्ते में से यह सबसे कम काम का है।", "14 पत्ते")
    assert hi_postposition_after("जिनसे 2 पत्ते वाली चाल नहीं हराई जा सकती।", "2 पत्ते")
    assert not hi_postposition_after("आपके हाथ में 14 पत्ते हैं, और इनमें से यह", "14 पत्ते")
    assert not hi_postposition_after("इस चाल में 2 पत्ते हैं।", "2 पत्ते")
