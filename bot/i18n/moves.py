"""Moves and events in words: which catalogue key says each, with which parameters.

Three surfaces tell the table's story, each in its own register, all from here:

- the picture's caption, short phrases after the mover's name ("Sara: threw 7♥"): ``caption``,
  the ``render.*`` keys, the cards that follow the words left for the picture to draw;
- the terminal's sentences, one key for the player themself and one naming another seat (Arabic
  and Hindi conjugate the verb for "you"): ``told``, the ``console.*`` keys;
- Discord's moves, made ("discarded 7H", ``mv_*``) and to choose ("discard 7H", ``do_*``):
  ``move_words`` and ``choice_words``.

The first two give a ``Said``: a key and its parameters, with what only a surface can show left
as data: cards as the engine's ``Card`` (a tuple of them for several), a seat as ``Seat``, a list
as ``Listed``. ``words`` fills them in with the surface's own ways (the terminal's colours); the
picture lays a ``Said`` out as segments itself. A move or event without words is an error
(``KeyError``), never a code shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import (
    Added,
    BidMade,
    BidsRevealed,
    Count,
    Discarded,
    Drew,
    Event,
    GameOver,
    Melded,
    Move,
    Passed,
    Played,
    Reason,
    Returned,
    RoundOver,
    SidePileWaits,
    StockRefilled,
    Swapped,
    TookPile,
    TookSidePile,
    TrickWon,
)
from bot.games.cards import Card
from bot.games.runfast import BOMB_BONUS, BombBonus
from bot.games.runfast_combos import ACE_BOMB, BOMB, HEAVENLY, PAIR, PAIRS, SINGLE, STRAIGHT, TRIPLE
from bot.i18n import ENGLISH, has, listed, say, t, t_n


@dataclass(frozen=True)
class Seat:
    """A seat named in words, as the surface names it: by name (``number=False``), or by its
    number as the surface counts seats. ``None`` is the table itself."""

    seat: int | None
    number: bool = False


@dataclass(frozen=True)
class Listed:
    """Words joined with the language's comma (``a, b, c``; Arabic writes ،)."""

    items: tuple[Said, ...]


@dataclass(frozen=True)
class Said:
    """Words by catalogue key. ``params`` hold what the key fills in; a ``Card``, a tuple of
    cards, a ``Seat`` or a ``Listed`` among them the surface shows its way (``words``).
    ``cards`` are the cards the picture draws after the words."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()


def words(
    said: Said,
    lang: str,
    *,
    seat: Callable[[Seat], object],
    card: Callable[[Card], str] = str,
    cards: Callable[[Sequence[Card]], str] = lambda cs: " ".join(map(str, cs)),
) -> str:
    """``said`` as one sentence in ``lang``, its cards and seats shown by the surface's own
    ``card``, ``cards`` and ``seat``."""

    def shown(value: Any) -> Any:
        match value:
            case Card():
                return card(value)
            case tuple():
                return cards(list(value))
            case Seat():
                return seat(value)
            case Listed(items=items):
                return listed([shown(item) for item in items], lang)
            case Said():
                return words(value, lang, seat=seat, card=card, cards=cards)
        return value

    return t(said.key, lang, **{k: shown(v) for k, v in said.params.items()})


# ---------------------------------------------------------------- Run Fast's kinds of play

# By the engine's kind code; a straight and a run of pairs say their size.
KINDS = {
    SINGLE: "runfast.kind.single",
    PAIR: "runfast.kind.pair",
    TRIPLE: "runfast.kind.triple",
    BOMB: "runfast.kind.bomb",
    ACE_BOMB: "runfast.kind.ace_bomb",
    HEAVENLY: "runfast.kind.heavenly_bomb",
}


PAIRS_KIND = "runfast.kind.consecutive_pairs"


def kind_of(cards: Sequence[Card], kind: str) -> Count | Reason | str:
    """A play's kind as players say it, as data the catalogue words: 'pair', '6-card straight',
    '3 consecutive pairs' (a kind without words stays its code). Consecutive pairs are named
    as everywhere else in Run Fast (the lesson, the hints, the refusals): one name for one
    combination."""
    if kind == STRAIGHT:
        return Count("console.runfast.kind.straight", len(cards))
    if kind == PAIRS:
        return Reason(PAIRS_KIND, {"pairs": Count("runfast.n_pairs", len(cards) // 2)})
    return Reason(KINDS[kind]) if kind in KINDS else kind


def play_kind(cards: Sequence[Card], kind: str, lang: str = ENGLISH) -> str:
    """``kind_of`` in words, in ``lang``."""
    match kind_of(cards, kind):
        case Count(key=key, n=n):
            return t_n(key, n, lang)
        case Reason() as reason:
            return say(reason, lang)
        case str() as code:
            return code
    raise AssertionError(kind)


# ---------------------------------------------------------------- the picture's caption

_LAID = {"run": "render.laid_run", "set": "render.laid_set"}


def caption(e: Event, game: str, meld_kinds: Mapping[int, str]) -> Said | None:
    """What one event says in the picture's caption, after the mover's name; None for an event
    it leaves out. ``meld_kinds`` are the table's melds' kinds by id. A drawn card is never
    named: only its drawer knows it."""
    mor = game == "mor"
    match e:
        case Drew():
            return Said("render.drew")
        case TookPile(cards=cards):
            return (
                Said("render.took_pile_n", {"n": len(cards)}) if cards else Said("render.took_pile")
            )
        case Returned(card=card):
            return Said("render.returned", cards=(card,)) if card else Said("render.returned_it")
        case Melded(meld=mid, cards=cards):
            return Said(_LAID.get(meld_kinds.get(mid, "meld"), "render.laid_meld"), cards=cards)
        case Added(cards=cards):
            return Said("render.added", cards=cards)
        case Swapped():
            return Said("render.took_back_joker")
        case Discarded(card=card):
            return Said("render.threw", cards=(card,) if card else ())
        case TookSidePile():
            return Said("render.took_mor" if mor else "render.took_more")
        case SidePileWaits():
            return Said("render.emptied_mor" if mor else "render.emptied_more")
        case StockRefilled():
            return Said("render.stock_refilled")
        case Played(cards=cards):
            return Said("render.played", cards=cards)
        case Passed():
            return Said("mv_pass")
        case TrickWon():
            return Said("render.won_trick")
        case BidMade():
            return Said("render.bid")
        case BidsRevealed(solo=solo):
            return Said("render.bids_shown", {"who": Seat(solo)})
        case RoundOver(seat=seat):
            # After a name the caption needs a verb, not the header's "round over".
            return Said("render.round_over" if seat is None else "render.ended_round")
        case GameOver(seat=seat):
            return Said("render.game_over" if seat is None else "render.won_game")
    return None


# ---------------------------------------------------------------- the terminal's sentences


def _of(seat: int | None, me: int, you: str, other: str, /, **params: Any) -> Said:
    """A sentence about ``seat``: ``you``'s key when it is the player's, else ``other``'s with
    the seat as ``{who}``."""
    if seat == me:
        return Said(you, params)
    return Said(other, {"who": Seat(seat), **params})


# Each game's own: its side piles (Mor's Mor and More's piles are different words: in Arabic
# المور is masculine, كومة المورة feminine, and the verb agrees with it).
_SIDE_PILE_TAKEN = {
    "mor": ("console.mor.took_mor.you", "console.mor.took_mor"),
    "more3": ("console.more3.took_pile.you", "console.more3.took_pile"),
}
_SIDE_PILE_WAITS = {
    "mor": ("console.mor.mor_waits.you", "console.mor.mor_waits"),
    "more3": ("console.more3.pile_waits.you", "console.more3.pile_waits"),
}


def told(e: Event, game: str, me: int) -> Said | None:
    """One event as the terminal's sentence to the player at seat ``me``; None for what it
    does not tell (the round's end: the score sheet tells it)."""
    if isinstance(e, RoundOver | GameOver):
        return None
    if game == "runfast":
        return _runfast(e, me)
    if game == "more3" and (said := _more(e, me)) is not None:
        return said
    if game == "hand" and (said := _hand(e, me)) is not None:
        return said
    return _rummy(e, game, me)


def _rummy(e: Event, game: str, me: int) -> Said | None:
    """What Mor, More and Hand tell alike."""
    match e:
        case Drew(seat=seat, card=card):
            if seat == me and card is not None:
                return Said("console.ev.drew_card.you", {"card": card})
            return _of(seat, me, "console.ev.drew.you", "console.ev.drew")
        case TookPile(seat=seat, cards=cards):
            return _of(seat, me, "console.ev.took_pile.you", "console.ev.took_pile", cards=cards)
        case Melded(seat=seat, meld=meld, cards=cards):
            you, other = "console.ev.melded.you", "console.ev.melded"
            return _of(seat, me, you, other, meld=meld, cards=cards)
        case Added(seat=seat, meld=meld, cards=cards):
            return _of(seat, me, "console.ev.added.you", "console.ev.added", meld=meld, cards=cards)
        case Discarded(seat=seat, card=card):
            if card:
                you, other = "console.ev.threw_card.you", "console.ev.threw_card"
                return _of(seat, me, you, other, card=card)
            return _of(seat, me, "console.ev.threw.you", "console.ev.threw")
        case TookSidePile(seat=seat, cards=n) if game in _SIDE_PILE_TAKEN:
            return _of(seat, me, *_SIDE_PILE_TAKEN[game], cards=Count("n_cards", n))
        case SidePileWaits(seat=seat) if game in _SIDE_PILE_WAITS:
            return _of(seat, me, *_SIDE_PILE_WAITS[game])
    return None


def _more(e: Event, me: int) -> Said | None:
    match e:
        case BidMade(seat=seat, chips=None):
            return _of(seat, me, "console.more3.bid_sealed.you", "console.more3.bid_sealed")
        case BidMade(seat=seat, chips=chips):
            return _of(seat, me, "console.more3.bid.you", "console.more3.bid", chips=chips)
        case BidsRevealed(bids=bids, solo=solo):
            items = Listed(
                tuple(
                    Said("console.more3.bid_item.you", {"chips": b})
                    if s == me
                    else Said("console.more3.bid_item", {"seat": Seat(s, number=True), "chips": b})
                    for s, b in enumerate(bids)
                )
            )
            if solo == me:
                return Said("console.more3.bids.you_solo", {"bids": items})
            return Said("console.more3.bids", {"bids": items, "seat": Seat(solo, number=True)})
        case StockRefilled(cards=n, sides=sides):
            # One pile left to go is named (issue 61: "the More piles" read as both).
            one = {0: ".pair", 1: ".solo"}.get(sides[0], "") if len(sides) == 1 else ""
            return Said("console.more3.stock_refilled" + one, {"cards": Count("n_cards", n)})
    return None


def _hand(e: Event, me: int) -> Said | None:
    match e:
        case TookPile(seat=seat, cards=cards):
            return _of(seat, me, "console.hand.ev.took.you", "console.hand.ev.took", cards=cards)
        case Returned(seat=seat, card=card):
            if card:
                you, other = "console.hand.ev.returned_card.you", "console.hand.ev.returned_card"
                return _of(seat, me, you, other, card=card)
            return _of(seat, me, "console.hand.ev.returned.you", "console.hand.ev.returned")
        case Swapped(seat=seat, meld=meld, cards=cards):
            you, other = "console.hand.ev.swapped.you", "console.hand.ev.swapped"
            return _of(seat, me, you, other, meld=meld, cards=cards)
    return None


def _runfast(e: Event, me: int) -> Said | None:
    match e:
        case Played(seat=seat, cards=cards, kind=kind):
            you, other = "console.runfast.ev.played.you", "console.runfast.ev.played"
            return _of(seat, me, you, other, cards=cards, kind=kind_of(cards, kind))
        case Passed(seat=seat):
            return _of(seat, me, "console.runfast.ev.passed.you", "console.runfast.ev.passed")
        case TrickWon(seat=seat):
            you, other = "console.runfast.ev.trick_won.you", "console.runfast.ev.trick_won"
            return _of(seat, me, you, other)
        case BombBonus(seat=seat, points=points):
            you, other = "console.runfast.ev.bomb_bonus.you", "console.runfast.ev.bomb_bonus"
            return _of(seat, me, you, other, points=Count("n_points", points), each=BOMB_BONUS)
    return None


# ---------------------------------------------------------------- Discord's moves


def cards_of(d: Mapping[str, Any]) -> str:
    """The cards a move's record form names, as its words show them: a lay's melds and the
    cards it adds to melds on the table, ``|`` between them."""
    if d.get("do") != "lay":
        return " ".join(d.get("cards", []))
    parts = [" ".join(x) for x in d.get("melds", [])]
    parts += [f"{' '.join(a['cards'])}→{a['meld']}" for a in d.get("adds", [])]
    return " | ".join(parts)


def _record(m: Move | Mapping[str, Any]) -> dict[str, Any]:
    return m.to_dict() if isinstance(m, Move) else dict(m)


def _move_params(d: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "cards": cards_of(d),
        "card": d.get("card", ""),
        "meld": d.get("meld", ""),
        "chips": d.get("chips", ""),
    }


def move_said(m: Move | Mapping[str, Any]) -> Said:
    """A move made, by its record form (``{"do": "discard", "card": "7H"}``): the ``mv_`` key
    of its kind (a lay is worded as a meld: "laid …") and what it fills in."""
    d = _record(m)
    do = d.get("do", "")
    return Said("mv_meld" if do == "lay" else f"mv_{do}", _move_params(d))


def move_words(m: Move | Mapping[str, Any], lang: str = ENGLISH) -> str:
    """A move made, in words, in ``lang`` (``{"do": "discard", "card": "7H"}`` → discarded
    7H). A kind of move without words is a ``KeyError``: every kind has its ``mv_`` key
    (tests/i18n/test_moves.py), so a new one without words fails there, not on a table."""
    said = move_said(m)
    if not has(said.key):
        raise KeyError(f"no words for the move {_record(m).get('do')!r}: add {said.key!r}")
    return t(said.key, lang, **said.params)


def choice_words(m: Move, lang: str = ENGLISH) -> str:
    """A move as a choice to make, in ``lang`` ("discard KC"), where ``move_words`` tells one
    made ("discarded KC"); a kind without its own ``do_`` words is told as made."""
    d = m.to_dict()
    key = f"do_{d.get('do', '')}"
    if not has(key, lang):
        return move_words(m, lang)
    return t(key, lang, **_move_params(d))
