"""The engine contract every game follows, and the moves and events they share.

Every game engine (``mor``, ``more3``, ``hand``, ``runfast``) is a class, named ``ENGINE`` in its
module, holding a whole game (all its rounds) and offering:

- ``new(options, seed)`` (classmethod): a game whose first round is dealt from the seed.
- ``from_table_file(data)`` (classmethod): a game set up from a table file (docs/table-files.md) -- a
  game's record is a table file too, so replaying is ``from_table_file`` then the moves. Raises
  ``TableFileError`` (one sentence) when the file is unusable.
- ``check(seat, move) -> Reason | None``: why ``move`` is refused now, or None when it is legal.
  The UI lights a control from ``can(seat, move)`` and, when pressed anyway, shows this reason
  (worded in the player's language by ``bot.i18n.say``): one source of truth (like pokerkit's
  ``verify_*`` / ``can_*``).
- ``apply(seat, move) -> list[Event]``: re-checks (a rummy takes the plan a ``check`` of the
  same move made since the state last changed), raises ``IllegalMove(reason)`` and changes
  nothing when refused; otherwise plays the move and returns what happened.
- ``legal_moves(seat) -> list[Move]``: a list of legal moves (complete for simple moves, a useful
  selection of lays), for computer players and tests.
- ``view(seat)``: a frozen view with only what that seat may see.
- ``next_round() -> list[Event]``: deal the next round once a round is over and the game is not.
- ``turn`` (seat to move or None), ``round_over``, ``game_over``, ``winners``, ``pearls()`` (a dict
  of winner seat to pearls once the game is over), ``low_score_wins`` (True in Hand).
- ``to_json()`` / ``from_json(data)``: the whole state as plain JSON data, round-tripping exactly.
- ``record``: the table file that replays to this state: ``{game, rules_version, options, seed,
  dealer, totals, position?, moves}``; starting the next round is the pseudo-move
  ``{"do": "next_round"}``.
- ``scenario_state()``: the ``state`` object of docs/table-files.md's output.

Moves are frozen dataclasses with a text form, like python-chess's ``Move.uci()``:

>>> Discard(card=Card.parse("7h")).to_dict()
{'do': 'discard', 'card': '7H'}
>>> move_from_dict({'do': 'add', 'meld': 2, 'cards': ['9S']})
Add(meld=2, cards=(Card(rank=9, suit='S'),), end=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Protocol,
    Required,
    Self,
    TypedDict,
    TypeVar,
)

from bot.games.cards import JOKER, SUITS, Card, CardError, cut, parse_cards, text_cards

# Reason, Count and because live with the cards (the lowest layer, so a CardError can carry a
# reason too); the engines import them from here, with the rest of the contract ("X as X" says
# they are this module's to export).
from bot.games.cards import Count as Count  # Count("n_cards", 3) inside a reason
from bot.games.cards import Reason as Reason
from bot.games.cards import because as because

if TYPE_CHECKING:
    # The four games' views, which are defined beside their engines (which import this module).
    from bot.games.views import View

RULES_VERSION = 1


class IllegalMove(Exception):
    """A move the rules refuse. ``reason`` says why, as a ``Reason`` a player reads through
    ``bot.i18n.say``."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


class TableFileError(ValueError):
    """A table file (or record) that can't be set up; the message is one plain English sentence
    (a developer's tool prints it). Where the trouble is a card or a meld the players' catalogues
    word, it carries that ``Reason`` instead (``str()`` is then its key): ``bot.scenario`` words
    it in English, so a caller that shows it says ``bot.i18n.say(error)``."""

    def __init__(self, message: str | Reason) -> None:
        super().__init__(message)
        self.reason: Reason | None = message if isinstance(message, Reason) else None


class BadMove(ValueError):
    """A move's text form could not be read (unknown ``do``, missing field, bad card). ``reason``
    says why, for ``bot.i18n.say``; ``str()`` is its key."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------- moves


@dataclass(frozen=True)
class Move:
    do: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do}


@dataclass(frozen=True)
class Draw(Move):
    do: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Take(Move):
    do: ClassVar[str] = "take"


@dataclass(frozen=True)
class Return(Move):
    do: ClassVar[str] = "return"


@dataclass(frozen=True)
class Pass(Move):
    do: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Meld(Move):
    """Lay one new meld (a ``Lay`` of one meld)."""

    do: ClassVar[str] = "meld"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do, "cards": text_cards(self.cards)}


@dataclass(frozen=True)
class AddTo:
    """Cards to add to one meld already on the table, inside a ``Lay``."""

    meld: int
    cards: tuple[Card, ...]
    end: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"meld": self.meld, "cards": text_cards(self.cards)}
        if self.end:
            out["end"] = self.end
        return out


T = TypeVar("T")


class kept_on_first_read(Generic[T]):
    """A property worked out at its first read and kept in the instance dict, which a frozen
    dataclass's fields, equality and hash ignore: ``functools.cached_property`` without the
    lock that Python 3.11's takes at every first read. A check reads a new ``Lay``'s cards at
    every lay a playout weighs (the lock cost 0.5% of the instructions of Mor's decisions)."""

    def __init__(self, work_out: Callable[[Any], T]) -> None:
        self.work_out = work_out
        self.__doc__ = work_out.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        if obj is None:
            return self  # type: ignore[return-value]
        value = obj.__dict__[self.name] = self.work_out(obj)
        return value


@dataclass(frozen=True)
class Lay(Move):
    """Several new melds and additions at once: an opening must be one ``Lay``."""

    do: ClassVar[str] = "lay"
    melds: tuple[tuple[Card, ...], ...] = ()
    adds: tuple[AddTo, ...] = ()

    @kept_on_first_read
    def cards(self) -> tuple[Card, ...]:
        """Every card it puts down, as ``Meld.cards`` and ``Add.cards`` say theirs."""
        return tuple(c for m in self.melds for c in m) + tuple(
            c for a in self.adds for c in a.cards
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "do": self.do,
            "melds": [text_cards(m) for m in self.melds],
            "adds": [a.to_dict() for a in self.adds],
        }


@dataclass(frozen=True)
class Add(Move):
    do: ClassVar[str] = "add"
    meld: int
    cards: tuple[Card, ...]
    end: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "do": self.do,
            "meld": self.meld,
            "cards": text_cards(self.cards),
        }
        if self.end:
            out["end"] = self.end
        return out


@dataclass(frozen=True)
class Swap(Move):
    """Hand: reclaim a joker by putting the card(s) it stands for in its place."""

    do: ClassVar[str] = "swap"
    meld: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do, "meld": self.meld, "cards": text_cards(self.cards)}


@dataclass(frozen=True)
class Discard(Move):
    do: ClassVar[str] = "discard"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do, "card": str(self.card)}


@dataclass(frozen=True)
class Play(Move):
    """Run Fast: play a combination."""

    do: ClassVar[str] = "play"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do, "cards": text_cards(self.cards)}


@dataclass(frozen=True)
class Bid(Move):
    do: ClassVar[str] = "bid"
    chips: int

    def to_dict(self) -> dict[str, Any]:
        return {"do": self.do, "chips": self.chips}


# The laying moves and the drawing ones, as one type each: ``isinstance(m, Meld | Add | Lay)``
# builds the union anew every time, and the engines and players ask it of every move of every
# playout (a union built once is checked in half the time).
LAYING = Meld | Add | Lay
DRAWING = Draw | Take


# One object for each card's throw and each single card's addition to a meld: the computer
# players' playouts list them for every card in hand at every turn, and a frozen dataclass is
# slow to build. Moves are immutable, so sharing them changes nothing; a meld's id comes back
# every round, so these stay a few thousand at most.
@cache
def throw_of(card: Card) -> Discard:
    return Discard(card)


@cache
def single_add(meld: int, card: Card) -> Add:
    return Add(meld, (card,))


def as_add(move: Add) -> AddTo:
    return AddTo(move.meld, move.cards, move.end)


def as_lay(move: Meld | Add | Lay) -> Lay:
    """Every laying move in one shape, so engines check laying in one place."""
    if isinstance(move, Meld):
        return Lay(melds=(move.cards,))
    if isinstance(move, Add):
        return Lay(adds=(as_add(move),))
    return move


def _cards(d: Mapping[str, Any], key: str, addition: bool = False) -> tuple[Card, ...]:
    value = d.get(key)
    if not isinstance(value, list | str):
        if addition:
            raise BadMove(because("core.addition_needs_cards", field=key))
        raise BadMove(because("core.move_needs_cards", do=str(d.get("do")), field=key))
    try:
        return tuple(parse_cards(value))
    except CardError as e:
        raise BadMove(e.reason) from None


def _int(d: Mapping[str, Any], key: str) -> int:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMove(because("core.move_needs_number", do=str(d.get("do")), field=key))
    return value


def _end(d: Mapping[str, Any]) -> str | None:
    end = d.get("end")
    if end is None:
        return None
    if end not in ("high", "low"):
        raise BadMove(because("core.end_high_or_low"))
    return str(end)


def _add_to(d: Any) -> AddTo:
    if not isinstance(d, Mapping):
        raise BadMove(because("core.addition_needs_fields"))
    meld = d.get("meld")
    if isinstance(meld, bool) or not isinstance(meld, int):
        raise BadMove(because("core.addition_needs_meld_number"))
    return AddTo(meld, _cards(d, "cards", addition=True), _end(d))


def move_from_dict(d: Mapping[str, Any]) -> Move:
    """Read a move in its text form (docs/table-files.md); raise BadMove with its reason."""
    if not isinstance(d, Mapping):
        raise BadMove(because("core.move_not_object"))
    do = d.get("do")
    if not isinstance(do, str):
        raise BadMove(because("core.move_needs_do"))
    simple: dict[str, type[Move]] = {"draw": Draw, "take": Take, "return": Return, "pass": Pass}
    if do in simple:
        return simple[do]()
    if do == "meld":
        return Meld(_cards(d, "cards"))
    if do == "add":
        return Add(_int(d, "meld"), _cards(d, "cards"), _end(d))
    if do == "swap":
        return Swap(_int(d, "meld"), _cards(d, "cards"))
    if do == "discard":
        card = d.get("card")
        if not isinstance(card, str):
            raise BadMove(because("core.discard_needs_card"))
        try:
            return Discard(Card.parse(card))
        except CardError as e:
            raise BadMove(e.reason) from None
    if do == "play":
        return Play(_cards(d, "cards"))
    if do == "bid":
        return Bid(_int(d, "chips"))
    if do == "lay":
        melds = d.get("melds", [])
        adds = d.get("adds", [])
        if not isinstance(melds, list) or not isinstance(adds, list):
            raise BadMove(because("core.lay_needs_lists"))
        if not all(isinstance(m, list | str) for m in melds):
            raise BadMove(because("core.lay_melds_need_cards"))
        try:
            new = tuple(tuple(parse_cards(m)) for m in melds)
        except CardError as e:
            raise BadMove(e.reason) from None
        return Lay(new, tuple(_add_to(a) for a in adds))
    raise BadMove(because("core.unknown_do", do=cut(do)))


def _card_problem(card: object) -> Reason | None:
    if isinstance(card, Card) and (
        card == JOKER or (type(card.rank) is int and 1 <= card.rank <= 13 and card.suit in SUITS)
    ):
        return None
    # Not str(card): a Card's text form looks its rank up, which is what is wrong here.
    text = f"{card.rank}{card.suit or ''}" if isinstance(card, Card) else str(card)
    return because("core.not_a_card", text=cut(text))


# Built once, as ``LAYING`` is: every check of every playout move asks ``move_problem`` first.
_SEQUENCE = (tuple, list)
_ADDITION = AddTo | Add
_CARDS_MOVE = Meld | Play


def _cards_problem(cards: object) -> Reason | None:
    if not isinstance(cards, _SEQUENCE):
        return because("core.say_which_cards")
    return next(filter(None, map(_card_problem, cards)), None)


def _number_problem(value: object, key: str) -> Reason | None:
    if type(value) is not int:  # (bool is not a number of chips or a meld)
        return because(key, value=cut(str(value)))
    return None


def _add_problem(add: object) -> Reason | None:
    if not isinstance(add, _ADDITION):
        return because("core.addition_needs_meld_and_cards")
    if add.end not in (None, "high", "low"):
        return because("core.end_high_or_low")
    return _number_problem(add.meld, "core.meld_not_a_number") or _cards_problem(add.cards)


def move_problem(move: object) -> Reason | None:
    """Why ``move`` is not a well-made move of any game, or None.

    Moves read from text (``move_from_dict``) are always well made, but a move built in code
    (the table service, a console, a test) may hold anything; each engine asks this first in its
    check, so a ``Discard(Card(99, "X"))`` or a ``None`` gets the same one-sentence refusal as
    any illegal move instead of a KeyError deep in the rules."""
    if not isinstance(move, Move):
        return because("game.not_a_move")
    if isinstance(move, Discard):
        return _card_problem(move.card)
    if isinstance(move, _CARDS_MOVE):
        return _cards_problem(move.cards)
    if isinstance(move, Add):
        return _add_problem(move)
    if isinstance(move, Swap):
        return _number_problem(move.meld, "core.meld_not_a_number") or _cards_problem(move.cards)
    if isinstance(move, Bid):
        return _number_problem(move.chips, "core.bid_not_a_number")
    if isinstance(move, Lay):
        if not isinstance(move.melds, _SEQUENCE) or not isinstance(move.adds, _SEQUENCE):
            return because("core.lay_which_cards")
        problems = (*map(_cards_problem, move.melds), *map(_add_problem, move.adds))
        return next(filter(None, problems), None)
    return None


def require_well_made(move: object) -> None:
    """``move_problem`` as the engines' checks raise it."""
    problem = move_problem(move)
    if problem is not None:
        raise IllegalMove(problem)


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something that happened, for the table's story line. ``seat`` is who did it."""

    seat: int | None


@dataclass(frozen=True)
class Drew(Event):
    card: Card | None = None  # only the drawer sees it; views never expose other seats' cards


@dataclass(frozen=True)
class TookPile(Event):
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Returned(Event):
    card: Card | None = None


@dataclass(frozen=True)
class Melded(Event):
    meld: int = 0
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Added(Event):
    meld: int = 0
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Swapped(Event):
    meld: int = 0
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Discarded(Event):
    card: Card | None = None


@dataclass(frozen=True)
class TookSidePile(Event):
    """Took the team's Mor / the side's More pile into the hand."""

    cards: int = 0


@dataclass(frozen=True)
class SidePileWaits(Event):
    """Emptied the hand with the throw: the side pile comes at the start of the next turn."""


@dataclass(frozen=True)
class StockRefilled(Event):
    """More: the More piles became the stock; ``sides`` says whose (the Pair's 0, the Solo's 1)
    when only one was left to go."""

    cards: int = 0
    sides: tuple[int, ...] = ()


@dataclass(frozen=True)
class Played(Event):
    cards: tuple[Card, ...] = ()
    kind: str = ""


@dataclass(frozen=True)
class Passed(Event):
    pass


@dataclass(frozen=True)
class TrickWon(Event):
    pass


@dataclass(frozen=True)
class BidMade(Event):
    chips: int | None = None  # hidden (None) until all have bid


@dataclass(frozen=True)
class BidsRevealed(Event):
    bids: tuple[int, ...] = ()
    solo: int = 0


@dataclass(frozen=True)
class RoundOver(Event):
    result: RoundResult | None = None


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[int, ...] = ()


# ---------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score sheet: who it counts for, what it is, and its points (as shown).

    ``label`` is a catalogue key (``mor.line.melds``), a plain string so a result stays JSON; the
    score sheet words it in its reader's language."""

    seat: int
    label: str
    points: float


class RoundEnd(StrEnum):
    """How a round ended: a ``RoundResult``'s ``reason``. A ``StrEnum``, so a saved result and a
    record hold the same word as ever (``RoundEnd.CLOSED == "closed"``)."""

    CLOSED = "closed"  # Mor: a seat closed, its last card thrown with its side's Mor taken
    WENT_OUT = "went_out"  # More, Hand: a seat went out
    HAND = "hand"  # Hand: a seat went out in one turn (a "Hand": scores doubled)
    STOCK_OUT = "stock_out"  # the rummies: the stock ran out
    HAND_EMPTY = "hand_empty"  # Run Fast: a seat played its last card


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. Scores are in points (Mor's halves as .5), one per seat."""

    scores: tuple[float, ...]
    reason: RoundEnd
    closer: int | None = None
    lines: tuple[ScoreLine, ...] = field(default=())


def result_to_json(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "reason": result.reason,
        "closer": result.closer,
        "lines": [[ln.seat, ln.label, ln.points] for ln in result.lines],
    }


def result_from_json(d: Mapping[str, Any] | None) -> RoundResult | None:
    if d is None:
        return None
    lines = tuple(ScoreLine(int(s), str(label), p) for s, label, p in d["lines"])
    return RoundResult(tuple(d["scores"]), RoundEnd(d["reason"]), d["closer"], lines)


def points(halves_or_int: float) -> float | int:
    """A score as JSON shows it: whole numbers stay ints, halves as .5."""
    if float(halves_or_int).is_integer():
        return int(halves_or_int)
    return float(halves_or_int)


class PlannedChecks:
    """``check`` and ``can`` derived from one ``_plan(seat, move)`` that raises IllegalMove and
    returns what ``apply`` needs: the UI's yes/no, its reason and ``apply`` share one source."""

    # The plans of the moves checked since the state last changed, by (seat, move). A computer
    # player's move is one ``legal_moves`` checked a moment before, and checking a lay is most of
    # what applying it costs: ``apply`` takes the plan from here (``_checked_plan``) and forgets
    # them all, since a move changes the state they were made for.
    _plans: dict[tuple[int, Move], Any] | None = None

    def _plan(self, seat: int, move: Move) -> Any:
        raise NotImplementedError

    def check(self, seat: int, move: Move) -> Reason | None:
        # try/except rather than ``suppress``: a playout checks about two moves a move, and the
        # context manager's three calls cost 1% of its instructions.
        plans = self._plans
        if plans is not None:
            try:
                if (seat, move) in plans:
                    return None  # checked since the state last changed: it passed then
            except TypeError:  # a move with lists in it is never kept
                pass
        try:
            plan = self._plan(seat, move)
        except IllegalMove as e:
            return e.reason
        if self._plans is None:
            self._plans = {}
        try:  # noqa: SIM105 (not suppress: see above)
            self._plans[seat, move] = plan
        except TypeError:  # a move built in code with lists in it: checked again
            pass
        return None

    def _checked_plan(self, seat: int, move: Move) -> Any:
        """``_plan(seat, move)``, from the last ``check`` if the state has not changed since (the
        caller is about to change it: every plan kept is forgotten)."""
        plans, self._plans = self._plans or {}, None
        try:
            return plans[seat, move]
        except (KeyError, TypeError):  # none kept for this move, or a move with lists in it
            return self._plan(seat, move)

    def can(self, seat: int, move: Move) -> bool:
        return self.check(seat, move) is None


class HeaderExtras(TypedDict, total=False):
    """A game's own fields in a record's header."""

    round: int  # Hand: which of its five rounds the file sets up


class RecordHeader(HeaderExtras, total=False):
    """A record's fields before its moves: how the round was set up (docs/table-files.md's input)."""

    game: Required[str]
    rules_version: int
    options: dict[str, Any]
    seed: int | str
    dealer: int
    totals: list[float]
    position: dict[str, Any]  # a position laid out card by card, when the file gave one


class TableFileRecord(RecordHeader, total=False):
    """A game's ``record``: the table file that replays to its state, as the engines write it
    and the table service saves it. Written as JSON, it comes back from the store or a file as
    plain ``Mapping[str, Any]``, which ``registry.replay`` reads."""

    moves: Required[list[dict[str, Any]]]  # each move's text form; {"do": "next_round"} deals


class Engine(Protocol):
    """The contract this module's docstring describes, as a type: what the table service, the
    computer players, the hints, the pictures and the scenario runner rely on. Every ``ENGINE``
    (``Mor``, ``More3``, ``Hand``, ``RunFast``) conforms; ``bot.games.registry.engine_class``
    returns ``type[Engine]``. Its ``view`` is a ``View``: one of the four games' own views (each a
    ``SeatView``), which a reader of a game's own fields tells apart by type."""

    game: ClassVar[str]
    low_score_wins: ClassVar[bool]  # True in Hand: the lowest total wins

    @property
    def n_seats(self) -> int: ...
    @property
    def options(self) -> Mapping[str, Any]: ...  # as the game read them (defaults filled in)

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int | str = 0) -> Self: ...
    @classmethod
    def from_table_file(cls, data: Mapping[str, Any]) -> Self: ...
    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self: ...

    def check(self, seat: int, move: Move) -> Reason | None: ...
    def can(self, seat: int, move: Move) -> bool: ...
    def apply(self, seat: int, move: Move) -> list[Event]: ...
    def legal_moves(self, seat: int) -> list[Move]: ...
    def view(self, seat: int) -> View: ...
    def next_round(self) -> list[Event]: ...
    def pearls(self) -> dict[int, int]: ...
    def to_json(self) -> dict[str, Any]: ...
    def scenario_state(self) -> dict[str, Any]: ...

    @property
    def turn(self) -> int | None: ...
    @property
    def round_over(self) -> bool: ...
    @property
    def game_over(self) -> bool: ...
    @property
    def winners(self) -> Sequence[int]: ...
    @property
    def record(self) -> TableFileRecord: ...


# ---------------------------------------------------------------- views


class Phase(StrEnum):
    """Where a turn stands: a view's ``phase`` (and an engine's). ``StrEnum``: saved states keep
    their words (``Phase.DRAW == "draw"``)."""

    BID = "bid"  # More with bids: the seats bid for Solo before anyone draws
    DRAW = "draw"  # the rummies: the seat draws (or takes) first
    PLAY = "play"  # the seat lays and throws (Run Fast: plays or passes)


class MeldKind(StrEnum):
    """A meld's kind: a ``MeldView``'s ``kind``."""

    RUN = "run"  # cards of one suit in sequence
    SET = "set"  # cards of one rank


@dataclass(frozen=True)
class MeldView:
    """A meld as everyone sees it. ``cards`` are in table order (runs low to high).

    ``wilds`` pairs the index of each wild in ``cards`` with the card it stands for (in a set, the
    rank it stands for with suit None). ``side`` is the team / side that owns it.
    """

    id: int
    seat: int
    side: int
    kind: MeldKind
    cards: tuple[Card, ...]
    wilds: tuple[tuple[int, Card], ...] = ()
    project: int | None = None  # mor: 100/150/200/300 when it is a project now
    biriba: str | None = None  # more3: "pure" / "dirty"


def hands_left(
    hands: Sequence[Sequence[Card]], round_over: bool, key: Any = None
) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards once the round is over, for the views' ``hands_left``: they are scored,
    so everyone may see them then (the final table picture shows them); during play, nothing."""
    if not round_over:
        return ()
    return tuple(tuple(sorted(h, key=key)) for h in hands)


@dataclass(frozen=True)
class SeatView:
    """What every game's ``view(seat)`` shows: only what that seat may see.

    Each engine's view adds its own fields (``RummyView`` in rummy.py for the three rummies).
    """

    game: str
    seat: int
    n_seats: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    turn: int | None
    phase: Phase
    dealer: int
    round_no: int
    totals: tuple[float, ...]
    round_over: bool
    game_over: bool
    winners: tuple[int, ...]
    result: RoundResult | None
    last_events: tuple[Event, ...]
