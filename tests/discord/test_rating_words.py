"""How ratings read on Discord (cogs.utils.ratings): a change, provisional, unrated, and the game-over
message's note, in each language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.i18n import LANGUAGES, t
from bot.store.models import GameRecord, Seat
from bot.store.ratings import PROVISIONAL_GAMES, Change, Rating
from cogs.utils.ratings import game_over_note, rating_words, signed

SEATS = (Seat.member(1), Seat.member(2), Seat.member(3))
NAMES = ("Sara", "Omar", "Huda")


def game(rated: bool, changes: dict[int, Change]) -> GameRecord:
    return GameRecord(
        id=1,
        table_id=7,
        game="runfast",
        options={},
        rounds=1,
        with_computers=False,
        duration=timedelta(minutes=5),
        finished_at=datetime(2026, 12, 2, tzinfo=UTC),
        seats=(),
        rated=rated,
        changes=changes,
    )


def settled(user: int, before: float, after: float) -> Change:
    games = PROVISIONAL_GAMES + 3
    return Change(user, Rating(before, 2.0, games), Rating(after, 2.0, games + 1))


def test_signs() -> None:
    assert (signed(23), signed(-11), signed(0)) == ("+23", "−11", "±0")


def test_a_change_reads_its_new_rating_and_the_move() -> None:
    change = settled(1, 30.0, 31.0)
    assert rating_words(change) == f"{change.after.shown} (+40)"
    fresh = Change(1, Rating.new(), Rating(27.0, 8.0, 1))
    assert rating_words(fresh) == "provisional"
    assert rating_words(None) == "unrated"


def test_the_game_over_note() -> None:
    changes = {1: settled(1, 30.0, 31.0), 2: settled(2, 30.0, 29.5), 3: settled(3, 30.0, 29.5)}
    note = game_over_note(game(True, changes), SEATS, NAMES, taken_over=False)
    assert note.startswith("Ratings: Sara ")
    assert "(+40)" in note and "Omar " in note and "(−20)" in note
    # A seat the computer kept: not rated, and the message says why.
    unrated = game_over_note(game(False, {}), SEATS, NAMES, taken_over=True)
    assert unrated == "This game is not rated: the computer kept a seat after missed turns."
    # A computer seat or a practice table: never rated, nothing to say.
    computer = (Seat.member(1), Seat.member(2), Seat.bot("hard"))
    assert game_over_note(game(False, {}), computer, NAMES, taken_over=False) == ""
    assert game_over_note(None, SEATS, NAMES, taken_over=False) == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_words_the_note(lang: str) -> None:
    changes = {1: settled(1, 30.0, 31.0), 2: settled(2, 30.0, 29.5), 3: settled(3, 30.0, 29.5)}
    note = game_over_note(game(True, changes), SEATS, NAMES, taken_over=False, lang=lang)
    assert note.startswith(t("rating.game_over", lang, lines="")) and "Huda" in note
    assert game_over_note(game(False, {}), SEATS, NAMES, True, lang) == t(
        "rating.unrated_taken_over", lang
    )
