"""What the terminal client says, game by game: each game's screen in its own words.

``bot.console`` runs the loop and knows nothing of any one game; everything a screen says that
belongs to one game (its title, who plays with whom, its piles, its moves in ``help``, how its
events and its rounds' ends read) lives here, in that game's class. The engines give data (event
classes, reason codes, kind codes); nothing here prints one of those names as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot.games.base import (
    Added,
    BidMade,
    BidsRevealed,
    Discarded,
    Drew,
    Event,
    GameOver,
    Melded,
    Passed,
    Played,
    Returned,
    RoundOver,
    RoundResult,
    SidePileWaits,
    StockRefilled,
    Swapped,
    TookPile,
    TookSidePile,
    TrickWon,
)
from bot.games.hand import OPENING_MIN
from bot.games.hand import ROUNDS as HAND_ROUNDS
from bot.games.more3 import MAX_BID
from bot.games.more3 import TARGET as MORE_TARGET
from bot.games.runfast import BOMB_BONUS, BombBonus
from bot.games.runfast_combos import Combo, kind_words

if TYPE_CHECKING:
    from bot.console import Painter

# The moves every rummy shares, as ``help`` lists them; each game adds its own lines.
DRAW = "draw                      draw the top card of the stock"
MELD = "meld 7H 8H 9H             lay one new meld (list a wild where it stands: 5H 6H JK)"
LAY = "lay 3H 4H 5H | 9S 9D 9C   lay several melds at once; add to a meld inside with | add 3 10H"
ADD = "add 3 10H [high|low]      add cards to meld 3 (high/low: where a displaced wild goes)"
DISCARD = "discard KD                throw a card (ends your turn)"
OTHER_WORDS = """\
Other words:
  hand   your hand         table   the whole table       moves   some legal moves now
  help   this list         quit    leave (the game is saved with --save)
  hint   what the hard computer player would do now, and why"""
RANKS = "Cards: rank A 2-10 J Q K (T for 10) then suit S H D C"


def count(n: int, word: str = "card") -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class GameWords:
    """What every game's screen says the same way; a game's subclass says the rest."""

    title: ClassVar[str]
    move_help: ClassVar[tuple[str, ...]]
    cards_help: ClassVar[str]
    # How a round ended, by the engine's reason code; {who} is the player it names.
    round_ends: ClassVar[Mapping[str, str]]

    def __init__(self, me: int, p: Painter, options: Mapping[str, Any]) -> None:
        self.me = me
        self.p = p
        self.options = options

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        return "You" if seat == self.me else f"Seat {seat}"

    def whom(self, seat: int) -> str:
        """A seat in the middle of a sentence."""
        return "you" if seat == self.me else f"seat {seat}"

    # -------------------------------------------------------- the table

    def heading(self, view: Any) -> str:
        return f"{self.title} · round {view.round_no + 1}"

    def sheet_heading(self, view: Any) -> str:
        return f"score sheet · round {view.round_no + 1}"

    def seat_note(self, view: Any, seat: int) -> str:
        """What follows a seat's card count on the table: its team, side, opening."""
        return ""

    def table_lines(self, view: Any) -> list[str]:
        return []

    def hidden_hand(self, view: Any) -> str | None:
        """Why the hand is not shown now, or None."""
        return None

    def must_lay(self, cards: Sequence[Any]) -> str:
        return f"lay one of these before you throw: {self.p.cards(list(cards))}"

    def help(self) -> str:
        moves = "\n".join(f"  {line}" for line in self.move_help)
        return (
            f"Moves (type them like the slash commands):\n{moves}\n{OTHER_WORDS}\n{self.cards_help}"
        )

    # -------------------------------------------------------- events

    def event(self, e: Event) -> str | None:
        """One event as a sentence; None for the round's end (the score sheet tells it)."""
        if isinstance(e, RoundOver | GameOver):
            return None
        return self.game_event(e)

    def game_event(self, e: Event) -> str | None:
        raise NotImplementedError

    # -------------------------------------------------------- scores

    def score_owners(self, view: Any) -> list[tuple[str, int]]:
        """Who scores, each with a seat whose score is theirs, in the order the sheet lists."""
        return [(self.whom(s), s) for s in range(view.n_seats)]

    def line_owner(self, view: Any, seat: int) -> str:
        return self.whom(seat)

    def round_end(self, result: RoundResult) -> str:
        who = self.who(result.closer)
        return self.round_ends[result.reason].format(who=who)

    def winners(self, winners: Sequence[int]) -> str:
        return " and ".join(self.whom(s) for s in winners) or "nobody"


class RummyWords(GameWords):
    """Mor, More and Hand: a stock, a discard pile and melds on the table."""

    cards_help = f"{RANKS}; JK is a joker."
    side_pile = ""  # the game's name for a side's own pile ("the Mor", "the More pile")

    def table_lines(self, view: Any) -> list[str]:
        lines = [f"  stock {view.stock_count}{self.piles_text(view)}"]
        pile = list(view.discard)
        lines.append(f"  discard pile ({len(pile)}): {self.p.cards(pile)}")
        if view.melds:
            lines.append("  melds:")
            for m in view.melds:
                extra = f" · project {m.project}" if m.project else ""
                extra += f" · {m.biriba} biriba" if m.biriba else ""
                lines.append(
                    f"    [{m.id}] {m.kind} ({self.meld_owner(view, m.seat)}): "
                    f"{self.p.cards(list(m.cards))}{extra}"
                )
        return lines + self.rule_lines(view)

    def piles_text(self, view: Any) -> str:
        """After the stock: the sides' own piles."""
        return ""

    def rule_lines(self, view: Any) -> list[str]:
        """Below the melds: what this game's player must keep in mind."""
        return []

    def meld_owner(self, view: Any, seat: int) -> str:
        return self.whom(seat)

    def pile_state(self, view: Any, k: int) -> str:
        taken = view.side_taken
        if k < len(taken) and taken[k]:
            return "taken"
        return count(view.side_piles[k])

    def game_event(self, e: Event) -> str | None:
        who, p = self.who(e.seat), self.p
        if isinstance(e, Drew):
            if e.seat == self.me and e.card is not None:
                return f"You drew {p.card(e.card)}."
            return f"{who} drew a card."
        if isinstance(e, TookPile):
            return f"{who} took the discard pile: {p.cards(list(e.cards))}."
        if isinstance(e, Melded):
            return f"{who} laid meld [{e.meld}]: {p.cards(list(e.cards))}."
        if isinstance(e, Added):
            return f"{who} added {p.cards(list(e.cards))} to meld [{e.meld}]."
        if isinstance(e, Discarded):
            return f"{who} threw {p.card(e.card)}." if e.card else f"{who} threw a card."
        if isinstance(e, TookSidePile):
            return f"{who} took {self.side_pile} ({count(e.cards)})."
        if isinstance(e, SidePileWaits):
            return f"{who} threw the last card and takes {self.side_pile} next turn."
        return None


class MorWords(RummyWords):
    """Mor: two teams (partners opposite), or two players alone; each team's Mor pile."""

    title = "Mor"
    side_pile = "the Mor"
    move_help = (
        DRAW,
        "take                      take the whole discard pile (your team needs a meld down)",
        MELD,
        LAY,
        ADD,
        DISCARD,
    )
    round_ends: ClassVar[Mapping[str, str]] = {
        "closed": "{who} closed the round.",
        "stock_out": "The stock ran out.",
    }

    def heading(self, view: Any) -> str:
        return f"{super().heading(view)} · to {view.target}"

    def team(self, view: Any, team: int) -> str:
        """A team as the player knows it: 'your team' / 'the other team', or in 1 vs 1 a seat."""
        if view.n_seats == 2:
            return self.whom(team)
        return "your team" if team == self.me % 2 else "the other team"

    def seat_note(self, view: Any, seat: int) -> str:
        if view.n_seats == 2 or seat == self.me:
            return ""
        return ", your partner" if seat % 2 == self.me % 2 else ", the other team"

    def team_s(self, view: Any, team: int) -> str:
        """Whose: 'your team's', 'the other team's'; in 1 vs 1 'yours', 'seat 1's'."""
        if view.n_seats == 2:
            return "yours" if team == self.me else f"seat {team}'s"
        return f"{self.team(view, team)}'s"

    def piles_text(self, view: Any) -> str:
        piles = ", ".join(
            f"{self.team_s(view, k)} {self.pile_state(view, k)}"
            for k in range(len(view.side_piles))
        )
        return f" · Mor piles: {piles}"

    def meld_owner(self, view: Any, seat: int) -> str:
        if view.n_seats == 2 or seat == self.me:
            return self.whom(seat)
        return f"{self.whom(seat)}, {self.team(view, seat % 2)}"

    def rule_lines(self, view: Any) -> list[str]:
        return [f"  projects, {self.team(view, t)}: {text}" for t, text in enumerate(view.meters)]

    def score_owners(self, view: Any) -> list[tuple[str, int]]:
        return [(self.team(view, t), t) for t in range(2)]

    def line_owner(self, view: Any, seat: int) -> str:
        return self.team(view, seat % 2)


class MoreWords(RummyWords):
    """More: one Solo against a Pair each round, each side with its own More pile."""

    title = "More"
    side_pile = "the More pile"
    round_ends: ClassVar[Mapping[str, str]] = {
        "went_out": "{who} went out.",
        "stock_out": "The stock ran out.",
    }

    @property
    def move_help(self) -> tuple[str, ...]:  # type: ignore[override]
        bid = (f"bid 2                     bid 0 to {MAX_BID} chips to be the Solo",)
        return (
            *(bid if self.options.get("bid") else ()),
            DRAW,
            "take                      take the top discard to meld it now (the pile comes too)",
            MELD,
            LAY,
            ADD,
            DISCARD,
        )

    def heading(self, view: Any) -> str:
        text = f"{super().heading(view)} · to {MORE_TARGET}"
        return text + " · bidding for the Solo" if view.phase == "bid" else text

    def side(self, view: Any, seat: int) -> str:
        if view.solo is None:
            return ""
        return "Solo" if seat == view.solo else "Pair"

    def seat_note(self, view: Any, seat: int) -> str:
        side = self.side(view, seat)
        return f", {side}" if side else ""

    def piles_text(self, view: Any) -> str:
        if not view.sides:
            return " · More piles: " + " and ".join(count(n) for n in view.side_piles)
        solo_side = view.sides[view.solo]
        names = {solo_side: "Solo's", 1 - solo_side: "Pair's"}
        piles = ", ".join(
            f"{names[k]} {self.pile_state(view, k)}" for k in range(len(view.side_piles))
        )
        return f" · More piles: {piles}"

    def meld_owner(self, view: Any, seat: int) -> str:
        side = self.side(view, seat)
        return f"{self.whom(seat)}, {side}" if side else self.whom(seat)

    def hidden_hand(self, view: Any) -> str | None:
        if view.phase == "bid":
            return f"Bid first (bid 0 to {MAX_BID}): you see your hand once everybody has bid."
        return None

    def game_event(self, e: Event) -> str | None:
        if isinstance(e, BidMade):
            return (
                f"{self.who(e.seat)} bid."
                if e.chips is None
                else f"{self.who(e.seat)} bid {e.chips}."
            )
        if isinstance(e, BidsRevealed):
            bids = ", ".join(f"{self.whom(s)} bid {b}" for s, b in enumerate(e.bids))
            solo = "you are" if e.solo == self.me else f"seat {e.solo} is"
            return f"Bids: {bids}; {solo} the Solo."
        if isinstance(e, StockRefilled):
            return f"The More piles became the stock ({count(e.cards)})."
        return super().game_event(e)

    def line_owner(self, view: Any, seat: int) -> str:
        side = self.side(view, seat)
        return f"{self.whom(seat)} ({side})" if side else self.whom(seat)


class HandWords(RummyWords):
    """Hand: every player for themselves, five rounds, open with 51, lowest total wins."""

    title = "Hand"
    move_help = (
        DRAW,
        "take                      take the top card of the discard pile",
        "return                    put the taken card back and draw instead",
        MELD,
        LAY,
        ADD,
        "swap 2 5S                 put 5S in place of meld 2's joker and take the joker",
        DISCARD,
    )
    round_ends: ClassVar[Mapping[str, str]] = {
        "went_out": "{who} went out.",
        "hand": "{who} laid everything at once: a Hand, every score doubled.",
        "stock_out": "The stock ran out.",
    }

    def heading(self, view: Any) -> str:
        return f"{self.title} · round {view.round_no + 1} of {HAND_ROUNDS} · the lowest total wins"

    def seat_note(self, view: Any, seat: int) -> str:
        return ", opened" if view.opened[seat] else ", not opened"

    def rule_lines(self, view: Any) -> list[str]:
        if view.opened[self.me]:
            return []
        return [f"  you open with a first lay worth {OPENING_MIN} points or more"]

    def must_lay(self, cards: Sequence[Any]) -> str:
        return (
            f"put {self.p.cards(list(cards))} in a new meld before you throw, "
            "or, before laying anything, return it and draw"
        )

    def game_event(self, e: Event) -> str | None:
        who, p = self.who(e.seat), self.p
        if isinstance(e, TookPile):
            return f"{who} took {p.cards(list(e.cards))} from the discard pile."
        if isinstance(e, Returned):
            return f"{who} put {p.card(e.card)} back." if e.card else f"{who} put the card back."
        if isinstance(e, Swapped):
            return f"{who} took the joker from meld [{e.meld}] with {p.cards(list(e.cards))}."
        return super().game_event(e)


class RunFastWords(GameWords):
    """Run Fast: one deal, beat the table or pass, first out wins."""

    title = "Run Fast"
    move_help = (
        "play 9S 9H                play a single, pair, triple, straight or consecutive pairs",
        "pass                      pass when nothing in your hand beats the table",
    )
    cards_help = f"{RANKS}."
    round_ends: ClassVar[Mapping[str, str]] = {
        "hand_empty": "{who} played the last card and won the deal."
    }

    def heading(self, view: Any) -> str:
        return f"{self.title} · one deal"

    def sheet_heading(self, view: Any) -> str:
        return "score sheet"

    @staticmethod
    def kind(cards: Sequence[Any], kind: str) -> str:
        return kind_words(Combo(kind, len(cards), 0))

    def table_lines(self, view: Any) -> list[str]:
        p = self.p
        if view.trick:
            kind = self.kind(view.trick, view.trick_kind or "")
            lines = [
                f"  on the table: {p.cards(list(view.trick))} ({kind}) "
                f"by {self.whom(view.trick_seat)}"
            ]
        elif view.turn == self.me:
            free = "" if view.must_include is not None else ", play anything"
            lines = [f"  the table is empty: you lead{free}"]
        else:
            lines = [f"  the table is empty: {self.whom(view.turn)} leads"]
        if view.must_include is not None and view.turn == self.me:
            lines.append(f"  your play must include {p.card(view.must_include)}")
        return lines

    def game_event(self, e: Event) -> str | None:
        who = self.who(e.seat)
        if isinstance(e, Played):
            return f"{who} played {self.p.cards(list(e.cards))} ({self.kind(e.cards, e.kind)})."
        if isinstance(e, Passed):
            return f"{who} passed."
        if isinstance(e, TrickWon):
            return (
                "You won the trick and lead."
                if e.seat == self.me
                else f"{who} won the trick and leads."
            )
        if isinstance(e, BombBonus):
            return (
                f"{who} held the trick with a bomb: {e.points} points, "
                f"{BOMB_BONUS} from each of the others."
            )
        return None


WORDS: dict[str, type[GameWords]] = {
    "mor": MorWords,
    "more3": MoreWords,
    "hand": HandWords,
    "runfast": RunFastWords,
}


def words_for(game: str, me: int, p: Painter, options: Mapping[str, Any]) -> GameWords:
    return WORDS[game](me, p, options)
