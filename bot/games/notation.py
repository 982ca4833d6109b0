"""Moves as members type them, and back: ``draw``, ``meld 7H 8H 9H``, ``add 3 10H high``,
``lay 3H 4H 5H | add 2 9S``, ``swap 1 7H``, ``discard KD``, ``play 3S 3H``, ``bid 2``.

Like python-chess's ``Move.from_uci`` / ``Move.uci()``: ``parse_move`` reads the text into the
engines' own ``Move`` (raising their own ``BadMove`` with a ``Reason``, worded by
``bot.i18n.say``), ``move_text`` writes one back (``parse_move(move_text(m)) == m``), and
``in_order`` tidies a move's cards for showing. The terminal (``bot.console.cli``), the lessons
(``bot.console.lesson``) and Discord's ``/lesson`` all read and write moves here. The move words
stay English in every language, as members type them; the reasons' keys are the ones the
terminal always used (``console.input.*``), worded in every catalogue.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.games.base import (
    Add,
    AddTo,
    BadMove,
    Bid,
    Discard,
    Draw,
    Lay,
    Meld,
    MeldKind,
    Move,
    Pass,
    Play,
    Return,
    Swap,
    Take,
    because,
)
from bot.games.cards import Card, CardError, parse_cards
from bot.games.meld_search import meld_key
from bot.games.melds import HAND_MELDS, MOR_MELDS, MORE_MELDS, MORE_MELDS_ACES, try_meld

SIMPLE_WORDS: dict[str, type[Move]] = {"draw": Draw, "take": Take, "return": Return, "pass": Pass}
# Why cards are needed, by the move naming them: each its own sentence, so a language words the
# purpose its own way rather than slotting a fragment into one frame.
NAME_CARDS = {
    "meld": "console.input.cards_meld",
    "add": "console.input.cards_add",
    "swap": "console.input.cards_swap",
    "throw": "console.input.cards_throw",
    "play": "console.input.cards_play",
}


def _cards(words: Sequence[str], what: str) -> tuple[Card, ...]:
    if not words:
        raise BadMove(because(NAME_CARDS[what]))
    try:
        return tuple(parse_cards(list(words)))
    except CardError as e:
        raise BadMove(e.reason) from None


def _meld_id(word: str | None, verb: str) -> int:
    if word is None or not word.isdigit():
        raise BadMove(because("console.input.meld_number", verb=verb))
    return int(word)


def _end_of(words: list[str]) -> tuple[list[str], str | None]:
    if words and words[-1].lower() in ("high", "low"):
        return words[:-1], words[-1].lower()
    return words, None


def _add_meld(words: list[str], end: str | None = None) -> int:
    """The meld number that opens an ``add``'s words. Cards typed before the number (``add 10H 3``)
    get the order spelled out with the player's own cards and number; no number at all gets an
    example that says which is which."""
    first = words[0] if words else None
    if first is not None and first.isdigit():
        return int(first)
    numbers = [w for w in words if w.isdigit()]
    cards = [w for w in words if not w.isdigit()]
    if len(numbers) == 1 and cards:
        typed = " ".join(cards).upper()
        shown = f"{typed} {end}" if end else typed
        raise BadMove(because("console.input.add_order", meld=numbers[0], cards=shown))
    raise BadMove(because("console.input.add_which"))


def _addition(words: list[str]) -> AddTo:
    """``add 3 10H [high|low]`` inside a ``lay``."""
    words, end = _end_of(words)
    meld = _add_meld(words, end)
    return AddTo(meld, _cards(words[1:], "add"), end)


# The verb a line of cards alone lacks, by game: Run Fast's only move with cards is a play (in
# the rummies cards alone could be a throw or a meld: no guess).
BARE_VERBS = {"runfast": "play"}


def parse_move(text: str, bare: str | None = None) -> Move:
    """Read one typed move; raise ``BadMove`` with its reason when it isn't one. ``bare``: the
    verb a line of cards alone most likely lacks in this game (Run Fast's ``play``), offered
    in the refusal of such a line (issue 61: a bare ``3H`` was "not a move I know")."""
    words = text.replace(",", " ").split()
    if not words:
        raise BadMove(because("console.input.empty"))
    verb, rest = words[0].lower(), words[1:]
    if verb in SIMPLE_WORDS:
        if rest:
            raise BadMove(because("console.input.nothing_after", verb=verb))
        return SIMPLE_WORDS[verb]()
    if verb == "meld":
        return Meld(_cards(rest, "meld"))
    if verb == "add":
        rest, end = _end_of(rest)
        meld = _add_meld(rest, end)
        return Add(meld, _cards(rest[1:], "add"), end)
    if verb == "lay":
        melds: list[tuple[Card, ...]] = []
        adds: list[AddTo] = []
        for part in " ".join(rest).split("|"):
            piece = part.split()
            if piece and piece[0].lower() == "add":
                adds.append(_addition(piece[1:]))
            elif piece:
                melds.append(_cards(piece, "meld"))
        if not melds and not adds:
            raise BadMove(because("console.input.lay_what"))
        return Lay(tuple(melds), tuple(adds))
    if verb == "swap":
        meld = _meld_id(rest[0] if rest else None, "swap")
        return Swap(meld, _cards(rest[1:], "swap"))
    if verb in ("discard", "throw"):
        if len(rest) != 1:
            raise BadMove(because("console.input.throw_one"))
        return Discard(_cards(rest, "throw")[0])
    if verb == "play":
        # Only Run Fast plays, and its deck has no joker: the card syntax's example leaves the
        # joker out there (issue 61: "like 7H, 10S or JK" in a game without jokers).
        try:
            return Play(_cards(rest, "play"))
        except BadMove as e:
            if e.reason.key != "core.not_a_card":
                raise
            raise BadMove(because("core.not_a_card_no_joker", **e.reason.params)) from None
    if verb == "bid":
        if len(rest) != 1 or not rest[0].isdigit():
            raise BadMove(because("console.input.bid_number"))
        return Bid(int(rest[0]))
    if bare is not None and all(_is_card(w) for w in words):
        typed = " ".join(words)
        raise BadMove(because("console.input.bare_cards", word=typed, move=f"{bare} {typed}"))
    raise BadMove(because("console.input.unknown", word=words[0]))


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


# Every game's meld rules: a move's cards are shown in another order only where that order lays
# the same meld in every game (``in_order``), since a move does not say which game it is from.
_EVERY_GAMES_RULES = (MOR_MELDS, MORE_MELDS, MORE_MELDS_ACES, HAND_MELDS)


def in_order(move: Move) -> Move:
    """``move`` with each meld's or play's cards in the order a player lays them out (``lay JC
    QC KC``, not as a computer found them): by rank, the ace high beside a king, then by suit;
    wild jokers last; a run as it lies on the table, its wilds where they stand. Only for
    showing, and only in an order that lays the same meld in every game: the listing order
    places a wild (``6S 7S 2D`` lays the 2D as the 8S, ``2D 6S 7S`` as the 5S), so a meld that
    no tidier order lays alike is shown as it came. A lay of one addition alone is that
    ``Add``. The cards added to a meld keep their order where it may matter (which end a wild
    or an ace goes to may follow it, and the meld they go on is not at hand here); other added
    cards go in rank order."""

    def tidy(cards: Sequence[Card]) -> tuple[Card, ...]:
        high = any(c.rank == 13 for c in cards)

        def key(c: Card) -> tuple[int, int, str]:
            rank = 14 if c.rank == 1 and high else c.rank
            return (1 if c.is_joker else 0, rank, str(c))

        return tuple(sorted(cards, key=key))

    def laid_out(cards: Sequence[Card]) -> tuple[Card, ...]:
        given = tuple(cards)
        neat = tidy(given)
        if neat == given:
            return given
        meaning = _readings(given)
        melds = [meld for rules in _EVERY_GAMES_RULES if (meld := try_meld(given, rules))]
        on_table = [meld.cards for meld in melds]
        # A run reads best as it lies (9D 10D 2D QD, where sorting shows 2D 9D 10D QD); a set's
        # table order is only the order its cards came in.
        order = [*on_table, neat] if melds and melds[0].kind == MeldKind.RUN else [neat, *on_table]
        for shown in order:
            if _readings(shown) == meaning:
                return shown
        return given

    if isinstance(move, Meld):
        return dataclasses.replace(move, cards=laid_out(move.cards))
    if isinstance(move, Play):
        return dataclasses.replace(move, cards=tidy(move.cards))

    def added(cards: Sequence[Card]) -> tuple[Card, ...]:
        # Naturals of 3 to king only: no wild to place, no ace to put high or low, so their
        # order can't change where they go (issue 61: "add 1 10C JC", not "add 1 JC 10C").
        plain = all(not c.is_joker and c.rank not in (1, 2) for c in cards)
        return tidy(cards) if plain else tuple(cards)

    if isinstance(move, Lay) and not move.melds and len(move.adds) == 1:
        # A lay of one addition alone is typed as the lesson teaches it, ``add 1 8C``, not
        # ``lay add 1 8C`` (issue 61): the engine takes the two alike.
        only = move.adds[0]
        return Add(only.meld, added(only.cards), only.end)
    if isinstance(move, Add):
        return dataclasses.replace(move, cards=added(move.cards))
    if isinstance(move, Lay):
        adds = tuple(dataclasses.replace(a, cards=added(a.cards)) for a in move.adds)
        return dataclasses.replace(move, melds=tuple(laid_out(m) for m in move.melds), adds=adds)
    return move


def _readings(cards: Sequence[Card]) -> tuple[object, ...]:
    """The meld ``cards`` lay in each game, as ``meld_key`` tells melds apart (None: none)."""
    return tuple(
        None if (meld := try_meld(cards, rules)) is None else meld_key(meld)
        for rules in _EVERY_GAMES_RULES
    )


def move_text(move: Move) -> str:
    """A move as it is typed here: ``parse_move(move_text(m)) == m``."""
    d = move.to_dict()
    do = d["do"]
    if isinstance(move, Meld | Play):
        return f"{do} {' '.join(d['cards'])}"
    if isinstance(move, Add):
        return " ".join([do, str(move.meld), *d["cards"], *([move.end] if move.end else [])])
    if isinstance(move, Swap):
        return f"{do} {move.meld} {' '.join(d['cards'])}"
    if isinstance(move, Discard):
        return f"discard {d['card']}"
    if isinstance(move, Bid):
        return f"bid {move.chips}"
    if isinstance(move, Lay):
        parts = [" ".join(str(c) for c in m) for m in move.melds]
        for a in move.adds:
            end = f" {a.end}" if a.end else ""
            parts.append(f"add {a.meld} {' '.join(str(c) for c in a.cards)}{end}")
        return "lay " + " | ".join(parts)
    return str(do)
