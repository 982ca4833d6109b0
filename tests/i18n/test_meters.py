"""Mor's and More's meters read as one phrase in every language: a team's meter after its
label holds no colon of its own (not "Projects: team 1: 100: needs …") and no " · ", which
parts the teams on the table message and the side from its meter on the pictures. What a
meter still needs starts with a word, so the numbers it has and needs never read as one list
(not "projects: 150, 300 or 200 needed")."""

from __future__ import annotations

import re

import pytest

from bot.games.mor import meter
from bot.i18n import LANGUAGES, say, t
from cogs.utils.presenter import meters_line

PROJECTS = [[], [100], [100, 100, 100], [200], [200, 150], [300]]
PICTURE_METERS = [
    ("render.meter.projects_none", {}),
    ("render.meter.one_more_project", {"have": "200"}),
    ("render.meter.needs_300_or_200", {"have": "150 + 100"}),
    ("render.meter.biribas_none", {}),
    ("render.meter.one_more_biriba", {"have": "pure"}),
    ("render.meter.needs_pure", {"have": "dirty"}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("projects", PROJECTS)
def test_a_teams_project_meter_is_one_phrase(lang: str, projects: list[int]) -> None:
    words = say(meter(projects), lang)
    assert ":" not in words and "·" not in words, words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_messages_meter_line_has_one_colon_per_team(lang: str) -> None:
    line = meters_line([meter([150]), meter([200, 100])], lang)
    teams = line.split(" · ")
    assert len(teams) == 2, line
    assert [team.count(":") for team in teams] == [1, 1], line


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("key", "params"), PICTURE_METERS)
def test_a_pictures_meter_follows_its_word_as_one_phrase(
    lang: str, key: str, params: dict[str, str]
) -> None:
    title = f"{t('render.projects', lang)} {t(key, lang, **params)}"
    assert title.count(":") <= 1 and "·" not in title, title


NEEDS = [
    ("render.meter.needs_300_or_200", "have"),
    ("render.meter.needs_pure", "have"),
    ("render.meter.one_more_project", "have"),
    ("render.meter.one_more_biriba", "have"),
    ("mor.meter.needs", "projects"),
    ("mor.meter.one_more", "projects"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("key", "name"), NEEDS)
def test_what_a_meter_still_needs_does_not_read_as_more_of_what_it_has(
    lang: str, key: str, name: str
) -> None:
    # Before: «150, 300 या 200 चाहिए» on the picture read as three numbers.
    rest = t(key, lang, **{name: "150"}).split("150", 1)[1]
    assert not re.match(r"\W*\d", rest), t(key, lang, **{name: "150"})
