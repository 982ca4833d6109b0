"""The one place moves and events are worded (``bot.i18n.moves``): every kind of move and event
has its words in every language, a kind without words fails loudly, and the surfaces fill in
cards and seats their own way."""

from __future__ import annotations

import pytest

from bot.games import base
from bot.games.base import (
    BidsRevealed,
    Discarded,
    Drew,
    Event,
    GameOver,
    Melded,
    Move,
    Played,
    RoundOver,
    SidePileWaits,
)
from bot.games.cards import Card
from bot.games.registry import GAME_KEYS
from bot.games.runfast import BombBonus
from bot.i18n import LANGUAGES, has, t
from bot.i18n.moves import (
    Said,
    Seat,
    caption,
    choice_words,
    move_said,
    move_words,
    play_kind,
    told,
    words,
)


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


MOVE_KINDS = sorted({m.do for m in _subclasses(Move)} | {"bid_sealed"})
EVENTS = [e for e in [*_subclasses(Event)] if e.__module__ in (base.__name__, "bot.games.runfast")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("do", MOVE_KINDS)
def test_every_kind_of_move_has_its_words_in_every_language(do: str, lang: str) -> None:
    said = move_said({"do": do, "cards": ["7H"], "card": "7H", "meld": 2, "chips": 1})
    assert has(said.key, lang), f"{said.key} missing in {lang}"
    assert move_words({"do": do, "cards": ["7H"], "card": "7H", "chips": 1}, lang)


def test_a_move_without_words_fails_rather_than_showing_its_code() -> None:
    # Before: move_words swallowed the missing key and showed "juggle" to the table.
    with pytest.raises(KeyError, match="juggle"):
        move_words({"do": "juggle"})


def test_a_lay_is_worded_as_a_meld_and_a_choice_as_a_choice() -> None:
    lay = {"do": "lay", "melds": [["5H", "6H", "7H"]], "adds": [{"meld": 2, "cards": ["8H"]}]}
    assert move_said(lay).key == "mv_meld"
    assert "5H 6H 7H | 8H→2" in move_words(lay)
    discard = base.Discard(card=Card.parse("KC"))
    assert move_words(discard) == t("mv_discard", card="KC")
    assert choice_words(discard) == t("do_discard", card="KC")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_the_caption_words_has_its_key(lang: str) -> None:
    for kind in EVENTS:
        said = caption(kind(0), "mor", {})
        if said is not None:
            assert has(said.key, lang), f"{kind.__name__}: {said.key} missing in {lang}"
    assert caption(BombBonus(0), "runfast", {}) is None  # the score sheet tells it


def test_the_caption_never_names_a_drawn_card() -> None:
    said = caption(Drew(1, Card.parse("7H")), "hand", {})
    assert said == Said("render.drew")


def test_the_caption_names_a_meld_by_its_kind_and_leaves_its_cards_to_the_picture() -> None:
    cards = tuple(Card.parse(c) for c in ("5H", "6H", "7H"))
    assert caption(Melded(0, 4, cards), "mor", {4: "run"}) == Said("render.laid_run", cards=cards)
    assert caption(Melded(0, 9, cards), "mor", {}) == Said("render.laid_meld", cards=cards)
    assert caption(Discarded(0), "mor", {}) == Said("render.threw")


def test_an_ending_after_a_name_is_a_deed_and_without_one_the_headers_words() -> None:
    # Before: the caption put the header's "round over" after a name: «प्रिया ने राउंड ख़त्म».
    assert caption(RoundOver(2), "runfast", {}) == Said("render.ended_round")
    assert caption(GameOver(2), "runfast", {}) == Said("render.won_game")
    assert caption(RoundOver(None), "mor", {}) == Said("render.round_over")
    assert caption(GameOver(None), "mor", {}) == Said("render.game_over")
    assert t("render.actor", "hi", who="प्रिया") + " " + t("render.ended_round", "hi") == (
        "प्रिया ने राउंड ख़त्म किया"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_terminal_tells_each_event_to_the_player_and_about_others(game: str, lang: str) -> None:
    for kind in EVENTS:
        for seat in (0, 1):
            said = told(kind(seat), game, me=0)
            if said is None:
                continue
            assert has(said.key, lang), f"{said.key} missing in {lang}"
            assert said.key.endswith(".you") == (seat == 0) or "who" not in said.params
            text = words(said, lang, seat=lambda s: f"<{s.seat}>")
            assert ("<1>" in text) == ("who" in said.params)
    assert told(RoundOver(0), game, 0) is None and told(GameOver(None), game, 0) is None


def test_the_surface_shows_cards_and_seats_its_own_way() -> None:
    cards = (Card.parse("9S"), Card.parse("9H"))
    said = told(Played(1, cards, "pair"), "runfast", me=0)
    assert said is not None
    shown = words(said, "en", seat=lambda s: "Omar", cards=lambda cs: "/".join(map(str, cs)))
    assert shown == t("console.runfast.ev.played", who="Omar", cards="9S/9H", kind="pair")
    assert play_kind(cards, "pair", "nl") == t("runfast.kind.pair", "nl")


def test_bids_name_seats_by_number_as_the_screen_counts_them() -> None:
    said = told(BidsRevealed(None, (0, 2, 1), 1), "more3", me=0)
    assert said is not None
    numbered = words(said, "en", seat=lambda s: (s.seat or 0) + 1 if s.number else "?")
    bids = ", ".join(
        [
            t("console.more3.bid_item.you", chips=0),
            t("console.more3.bid_item", seat=2, chips=2),
            t("console.more3.bid_item", seat=3, chips=1),
        ]
    )
    assert numbered == t("console.more3.bids", bids=bids, seat=2)


def test_only_mor_and_more_have_side_piles_to_wait_for() -> None:
    assert told(SidePileWaits(0), "mor", 0) == Said("console.mor.mor_waits.you")
    assert told(SidePileWaits(1), "more3", 0) == Said("console.more3.pile_waits", {"who": Seat(1)})
    assert told(SidePileWaits(0), "hand", 0) is None
