"""What a newcomer learning Mor reads (issue 61; the steps that start after the draw are in
test_lesson_tasks): the first hint stage speaks of the whole pile, a refusal in a hint is a sentence of its own,
and no text says the game goes to the first team to reach the target (RULES.md §1: once a team
reaches it, the higher total wins)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.games.base import Draw
from bot.games.mor import Mor
from bot.i18n import LANGUAGES, catalogue, t
from bot.learning.hints import hint

ROOT = Path(__file__).parents[2]
TABLES = ROOT / "tests" / "table_files" / "mor"


def table(name: str) -> Mor:
    return Mor.from_table_file(json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_first_hint_stage_in_mor_looks_at_the_whole_pile(lang: str) -> None:
    # A refused take: the hint draws, and says why as a sentence of its own.
    refused = hint(table("take_refused_pile_cards_alone"), 1, random.Random(1))
    assert refused is not None and isinstance(refused.move, Draw)
    nudge = refused.stage_text("nudge", lang)
    assert nudge == t("mor.hint_nudge_draw", lang) != t("hint_nudge_draw", lang)
    said = refused.text(lang)
    why = t("mor.take_nothing_layable", lang)
    assert said.endswith(why) and f"({why}" not in said and not said.endswith(")")
    # An allowed take weighs the pile's cards against the hand and the team's melds.
    g = table("take_two_pile_cards_with_hand_card")
    given = hint(g, 1, random.Random(1), level="normal")
    assert given is not None
    assert given.stage_text("nudge", lang) in (
        t("mor.hint_nudge_draw", lang),
        t("mor.hint_nudge_take", lang),
    )
    # English says pile, never the top discard, in Mor's first stage.
    assert "top discard" not in t("mor.hint_nudge_draw") + t("mor.hint_nudge_take")
    assert "discard pile" in t("mor.hint_nudge_draw") and "discard pile" in t("mor.hint_nudge_take")


# "The first team to reach", as each language once said it.
FIRST = {
    "en": re.compile(r"\bfirst (team )?to\b", re.I),
    "ar": re.compile("أول فريق"),
    "hi": re.compile("पहले {target}|पहले \\d"),
    "nl": re.compile("eerste team"),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_mor_text_says_the_first_team_to_reach_the_target_wins(lang: str) -> None:
    # Mor's own texts: its refusals and lines (mor.*), its coach and lesson, its help lines.
    texts = {
        key: text
        for key, text in catalogue(lang).texts.items()
        if "mor" in key.split(".")[:3] and "more3" not in key
    }
    assert "coach.mor.goal" in texts and "coach.mor.game_end" in texts
    assert [key for key, text in texts.items() if FIRST[lang].search(text)] == []


def test_the_english_pages_say_the_higher_total_wins_mor() -> None:
    assert "higher total" in t("coach.mor.goal") and "higher total" in t("coach.mor.game_end")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    mor = readme[readme.index("**Mor** (2 vs 2") :]
    mor = mor[: mor.index("**More**")]
    assert not FIRST["en"].search(mor) and "higher total" in mor
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = rules[rules.index("## Mor") : rules.index("## More")]
    assert not FIRST["en"].search(section) and "higher total" in section
