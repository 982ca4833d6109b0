"""What the terminal client says, game by game: each game's screen in its own words.

``bot.console.cli`` runs the loop and knows nothing of any one game; everything a screen says that
belongs to one game (its title, who plays with whom, its piles, its moves in ``help``, how its
rounds' ends read) lives here, in that game's class. Its events are worded where the pictures' and
Discord's are, in ``bot.i18n.moves`` (``told``); here they get their colours and the seats their
names. The engines give data (event classes, reason codes, kind codes); nothing here prints one of
those names as it is.

Every sentence comes from the ``console`` catalogue (``bot/i18n/locale/<lang>/LC_MESSAGES/
console.po``) in the language the screen was made for. A sentence about a seat has two keys, one
for the player themself (``….you``) and one naming another seat: Arabic and Hindi conjugate the
verb for "you" ("سحبتَ", "आपने"), so "{who} drew a card" with "you" filled in would read wrong.
Arabic is printed in logical order, as every other program does: a terminal that shapes
right-to-left text shows it right, and reversing it here would break the ones that do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bot.games.base import (
    Count,
    Event,
    MeldKind,
    Phase,
    Reason,
    RoundEnd,
    RoundResult,
)
from bot.games.cards import deck_48
from bot.games.hand import OPENING_MIN
from bot.games.hand import ROUNDS as HAND_ROUNDS
from bot.games.more3 import MAX_BID, SUBTOTALS
from bot.games.more3 import TARGET as MORE_TARGET
from bot.games.runfast_combos import power
from bot.games.views import HandView, More3View, MorView, RunFastView, View
from bot.i18n import ENGLISH, comma, has, listed, names_list, number, say, t, t_n
from bot.i18n.moves import Seat, play_kind, told, words

if TYPE_CHECKING:
    from bot.console.paint import Painter

# The command words stay English in every language (members type them, as on Discord); help
# shows each in this column, then what it does in the screen's language.
COLUMN = 26
# The moves every rummy shares, as ``help`` lists them: the typed example, the key of its line.
DRAW = ("draw", "console.help.draw")
MELD = ("meld 7H 8H 9H", "console.help.meld")
# Each game's own legal example: sets in Mor are only of 3s and aces; More lays runs only.
MOR_LAY = ("lay 5H 6H 7H | AS AD AC", "console.help.lay")
MORE_LAY = ("lay 5H 6H 7H | 9C 10C JC", "console.help.lay")
ADD = ("add 3 10H [high|low]", "console.help.add")  # Mor and More: a displaced wild's end
# Hand never displaces a wild (the card a joker stands for is refused: ``swap`` wins it back),
# so its help shows the plain add, and its lay line says nothing of adding inside a lay.
HAND_ADD = ("add 3 10H", "console.help.hand.add")
HAND_LAY = ("lay 3H 4H 5H | 9S 9D 9C", "console.help.hand.lay")
DISCARD = ("discard KD, throw KD", "console.help.discard")  # the terminal takes either word
OTHER_WORDS = (
    ("hand", "console.help.hand"),
    ("table", "console.help.table"),
    ("moves", "console.help.moves"),
    ("help", "console.help.help"),
    ("quit, exit", "console.help.quit"),
    ("hint", "console.help.hint"),
    ("rules", "console.help.rules"),
)
# The words of a game that offers its review at the end: listed in its help, with when they
# work (the Mor newcomer learnt of them only at the game's end).
REVIEW_WORDS = (("review", "console.help.review"), ("again 12", "console.help.again"))
MELD_KINDS: dict[str, str] = {MeldKind.RUN: "console.meld.run", MeldKind.SET: "console.meld.set"}
BIRIBAS = {"pure": "console.meld.biriba_pure", "dirty": "console.meld.biriba_dirty"}
KEY = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)+")


def words_of(value: Any, lang: str) -> str:
    """Engine data a screen shows as it comes (a score line's label, Mor's project meter): a
    ``Reason`` is worded in ``lang``, a catalogue key looked up, and text an engine still gives
    as a sentence shown as it is."""
    if isinstance(value, Reason):
        return say(value, lang)
    if isinstance(value, str) and KEY.fullmatch(value) and has(value, ENGLISH):
        return t(value, lang)
    return str(value)


# The view a game's words read: every game's for the shared screens, a rummy's for the
# rummies' own, and each game's own class its own view's fields.
V = TypeVar("V", bound=View)
R = TypeVar("R", bound=MorView | More3View | HandView)


class GameWords(Generic[V]):
    """What every game's screen says the same way; a game's subclass says the rest."""

    game: ClassVar[str]  # the game's key (``mor``)
    title_key: ClassVar[str]
    cards_help: ClassVar[str] = "console.help.cards"
    # How a round ended, by the engine's reason code: the key when the player ended it, and the
    # key naming another seat ({who}) or nobody.
    round_ends: ClassVar[Mapping[RoundEnd, tuple[str, str]]]
    # The score sheet's summary line: Run Fast's one deal is not a "round" in every language.
    round_over_key: ClassVar[str] = "round_over"

    def __init__(
        self,
        me: int,
        p: Painter,
        options: Mapping[str, Any],
        lang: str = ENGLISH,
        *,
        names: Sequence[str | None] = (),
        first_seat: int = 0,
    ) -> None:
        self.me = me
        self.p = p
        self.options = options
        self.lang = lang
        # A game at the keyboard counts seats from 0 (you are seat 0); a replay of a Discord
        # game counts them from 1, as Discord does, and names the seats its file names.
        self.names = tuple(names)
        self.first_seat = first_seat
        # What ``hint`` gives, as the help lists it: the hard computer player's move; a lesson
        # step and the guided round set their own (the step's answer; the coach's move, at the
        # level the welcome line names for the table's computers: issue 61).
        self.hint_help: tuple[str, dict[str, Any]] = ("console.help.hint", {})

    def seat_no(self, seat: int) -> int:
        """A seat's number as this screen counts seats."""
        return seat + self.first_seat

    def name_of(self, seat: int) -> str | None:
        return self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else None

    def t(self, key: str, /, **params: Any) -> str:
        return t(key, self.lang, **params)

    def t_n(self, key: str, n: int, /, **params: Any) -> str:
        return t_n(key, n, self.lang, **params)

    def cards(self, n: int) -> Count:
        """``n`` cards, worded with the language's plural form wherever it goes."""
        return Count("n_cards", n)

    @property
    def title(self) -> str:
        return self.t(self.title_key)

    def of(self, seat: int | None, you: str, other: str, /, **params: Any) -> str:
        """A sentence about ``seat``: ``you``'s key when it is the player's, else ``other``'s
        with the seat as ``{who}``."""
        if seat == self.me:
            return self.t(you, **params)
        return self.t(other, who=self.who(seat), **params)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return self.t("console.the_table")
        if seat == self.me:
            return self.t("console.you_cap")
        return self.name_of(seat) or self.t("console.seat_cap", seat=self.seat_no(seat))

    def whom(self, seat: int) -> str:
        """A seat in the middle of a sentence."""
        if seat == self.me:
            return self.t("console.you")
        return self.name_of(seat) or self.t("console.seat", seat=self.seat_no(seat))

    def listed(self, items: Sequence[str]) -> str:
        """``a, b and c`` in the language's way (``bot.i18n.names_list``)."""
        return names_list(items, self.lang)

    def joined(self, items: Sequence[str]) -> str:
        """``a, b, c``: the language's comma (Arabic writes ،)."""
        return listed(items, self.lang)

    # -------------------------------------------------------- the table

    def heading(self, view: V) -> str:
        return self.t("console.heading", title=self.title, round=view.round_no + 1)

    def sheet_heading(self, view: V) -> str:
        return self.t("console.sheet_heading", round=view.round_no + 1)

    def seat_note(self, view: V, seat: int) -> str:
        """What follows a seat's card count on the table: its team, side, opening."""
        return ""

    def table_lines(self, view: V) -> list[str]:
        return []

    def hidden_hand(self, view: V) -> str | None:
        """Why the hand is not shown now, or None."""
        return None

    def must_lay(self, cards: Sequence[Any]) -> str:
        return self.t("console.must_lay", cards=self.p.cards(list(cards)))

    def move_help(self) -> list[tuple[str, str]]:
        """The game's moves: each typed example and the key saying what it does."""
        raise NotImplementedError

    def help_params(self) -> dict[str, Any]:
        """Numbers the game's help lines say (More's highest bid)."""
        return {}

    def other_word(self, key: str) -> str:
        """What a word of the help's "Other words" does: ``hint``'s by ``hint_help``."""
        if key == "console.help.hint":
            key, params = self.hint_help
            return self.t(key, **params)
        return self.t(key)

    # A game's own word beyond the shared ones (Run Fast's ``played``), listed in its help.
    played_word: ClassVar[bool] = False

    def played_lines(self, view: V) -> str:
        """The game's answer to ``played`` (only where ``played_word``)."""
        return ""

    def help(self, review: bool = False) -> str:
        """The moves and other words; ``review``: the game offers its review at the end, so
        ``review`` and ``again`` are listed too."""
        params = self.help_params()
        # Two words for one move ("discard KD, throw KD") are listed with the language's comma.
        sep = comma(self.lang)
        moves = [
            f"  {typed.replace(', ', sep):<{COLUMN}}{self.t(key, **params)}"
            for typed, key in self.move_help()
        ]
        played = (("played", f"console.help.{self.game}.played"),) if self.played_word else ()
        words = OTHER_WORDS + played + (REVIEW_WORDS if review else ())
        width = max(len(typed) for typed, _ in words) + 2
        others = [
            f"  {typed.replace(', ', sep):<{width}}{self.other_word(key)}" for typed, key in words
        ]
        return "\n".join(
            [
                self.t("console.help.moves_title"),
                *moves,
                self.t("console.help.other_words"),
                *others,
                self.t(self.cards_help),
            ]
        )

    # -------------------------------------------------------- events

    def event(self, e: Event) -> str | None:
        """One event as a sentence (worded by ``bot.i18n.moves.told``), its cards in colour;
        None for the round's end (the score sheet tells it)."""
        said = told(e, self.game, self.me)
        if said is None:
            return None
        return words(said, self.lang, seat=self.seat_words, card=self.p.card, cards=self.p.cards)

    def seat_words(self, seat: Seat) -> str | int:
        """A seat a sentence names: by name ("you", "Sara", "Seat 2") or by number."""
        if seat.number and seat.seat is not None:
            return self.seat_no(seat.seat)
        return self.who(seat.seat)

    # -------------------------------------------------------- scores

    def score_owners(self, view: V) -> list[tuple[str, int]]:
        """Who scores, each with a seat whose score is theirs, in the order the sheet lists."""
        return [(self.whom(s), s) for s in range(view.n_seats)]

    def line_owner(self, view: V, seat: int) -> str:
        return self.whom(seat)

    def line_label(self, label: Any) -> str:
        """A score sheet line's label as the engine gives it, worded in the language."""
        return words_of(label, self.lang)

    def round_end(self, result: RoundResult) -> str:
        you, other = self.round_ends[result.reason]
        return self.of(result.closer, you, other)

    def line_points(self, label: Any, score: float) -> str:
        """A line's points as the sheet shows them: an addend with its sign, as the pictures do
        (``+45``: what the line adds), a subtotal (More's Solo) bare, as the sum it is."""
        return number(score, self.lang, sign=str(label) not in SUBTOTALS)

    def after_scores(self, view: V) -> str | None:
        """A line between the round's scores and the totals: what else moved the totals this
        round (More's bids, paid at the reveal), so that the sheet adds up."""
        return None

    def who_wins(self) -> str | None:
        """A line after the game's winners where the totals alone don't show who wins."""
        return None

    def pearls(self, seat: int, n: int) -> str:
        """A seat's pearls at the game's end: "you: 50", "seat 1: 50", never a name run into a
        number."""
        if seat == self.me:
            return self.t("console.pearls_of.you", n=n)
        return self.t("console.pearls_of", who=self.whom(seat), n=n)

    def winners(self, winners: Sequence[int]) -> str:
        return self.listed([self.whom(s) for s in winners]) or self.t("console.nobody")


class RummyWords(GameWords[R]):
    """Mor, More and Hand: a stock, a discard pile and melds on the table."""

    cards_help = "console.help.cards_joker"
    # A taken side pile: Mor's Mor and More's piles are different words (in Arabic المور is
    # masculine, كومة المورة feminine, and the word agrees with it).
    pile_taken_key = "console.pile_taken"
    stock_key: ClassVar[str] = "console.rummy.stock"

    def table_lines(self, view: R) -> list[str]:
        lines = [f"  {self.t(self.stock_key, n=view.stock_count)}{self.piles_text(view)}"]
        pile = list(view.discard)
        lines.append(
            "  " + self.t("console.rummy.discard_pile", n=len(pile), cards=self.p.cards(pile))
        )
        if view.melds:
            lines.append("  " + self.t("console.rummy.melds"))
            for m in view.melds:
                extra = self.t("console.meld.project", project=m.project) if m.project else ""
                extra += self.t(BIRIBAS[m.biriba]) if m.biriba in BIRIBAS else ""
                line = self.t(
                    "console.meld.line",
                    id=m.id,
                    kind=self.t(MELD_KINDS[m.kind]) if m.kind in MELD_KINDS else m.kind,
                    owner=self.meld_owner(view, m.seat),
                    cards=self.meld_cards(m),
                )
                lines.append(f"    {line}{extra}")
        return lines + self.rule_lines(view)

    def piles_text(self, view: R) -> str:
        """After the stock: the sides' own piles."""
        return ""

    def meld_cards(self, meld: Any) -> str:
        """A table meld's cards as they lie."""
        return self.p.cards(list(meld.cards))

    def rule_lines(self, view: R) -> list[str]:
        """Below the melds: what this game's player must keep in mind."""
        return []

    def meld_owner(self, view: R, seat: int) -> str:
        return self.whom(seat)

    def pile_state(self, view: R, k: int) -> str:
        taken = view.side_taken
        if k < len(taken) and taken[k]:
            return self.t(self.pile_taken_key)
        return self.t_n("n_cards", view.side_piles[k])


class MorWords(RummyWords[MorView]):
    """Mor: two teams (partners opposite), or two players alone; each team's Mor pile."""

    game = "mor"
    title_key = "game.mor.name"
    round_ends: ClassVar[Mapping[RoundEnd, tuple[str, str]]] = {
        RoundEnd.CLOSED: ("console.mor.end.closed.you", "console.mor.end.closed"),
        RoundEnd.STOCK_OUT: ("console.end.stock_out", "console.end.stock_out"),
    }

    def move_help(self) -> list[tuple[str, str]]:
        return [DRAW, ("take", "console.help.mor.take"), MELD, MOR_LAY, ADD, DISCARD]

    def heading(self, view: MorView) -> str:
        return self.t("console.mor.heading", heading=super().heading(view), target=view.target)

    def team(self, view: MorView, team: int) -> str:
        """A team as the player knows it: 'your team' / 'the other team', or in 1 vs 1 a seat."""
        if view.n_seats == 2:
            return self.whom(team)
        if team == self.me % 2:
            return self.t("console.mor.your_team")
        return self.t("console.mor.other_team")

    def seat_note(self, view: MorView, seat: int) -> str:
        if view.n_seats == 2 or seat == self.me:
            return ""
        if seat % 2 == self.me % 2:
            return self.t("console.mor.note_partner")
        return self.t("console.mor.note_other_team")

    def team_pile(self, view: MorView, team: int) -> str:
        """A team's Mor pile and its state: 'your team's 11', in 1 vs 1 'yours 11', 'seat 1's'."""
        state = self.pile_state(view, team)
        if view.n_seats == 2:
            if team == self.me:
                return self.t("console.mor.pile_yours", state=state)
            return self.t("console.mor.pile_seat", seat=self.seat_no(team), state=state)
        if team == self.me % 2:
            return self.t("console.mor.pile_your_team", state=state)
        return self.t("console.mor.pile_other_team", state=state)

    def piles_text(self, view: MorView) -> str:
        piles = self.joined([self.team_pile(view, k) for k in range(len(view.side_piles))])
        return self.t("console.mor.piles", piles=piles)

    def meld_owner(self, view: MorView, seat: int) -> str:
        if view.n_seats == 2 or seat == self.me:
            return self.whom(seat)
        return self.t(
            "console.mor.meld_owner", seat=self.whom(seat), team=self.team(view, seat % 2)
        )

    def rule_lines(self, view: MorView) -> list[str]:
        return [
            "  "
            + self.t("console.mor.projects", team=self.team(view, k), meter=self.meter(view, k, m))
            for k, m in enumerate(view.meters)
        ]

    def meter(self, view: MorView, team: int, m: Any) -> str:
        """The team's project meter; its ✓ says closing waits for the Mor while the team has
        not taken it (the newcomer read "200 + 200 + 100 + 100 ✓" as "you may close")."""
        if m.key == "mor.meter.ready" and not view.side_taken[team]:
            return self.t("console.mor.meter_no_mor", projects=m.params["projects"])
        return words_of(m, self.lang)

    def score_owners(self, view: MorView) -> list[tuple[str, int]]:
        return [(self.team(view, k), k) for k in range(2)]

    def line_owner(self, view: MorView, seat: int) -> str:
        return self.team(view, seat % 2)


class MoreWords(RummyWords[More3View]):
    """More: one Solo against a Pair each round, each side with its own More pile."""

    game = "more3"
    title_key = "game.more3.name"
    pile_taken_key = "console.more3.pile_taken"
    round_ends: ClassVar[Mapping[RoundEnd, tuple[str, str]]] = {
        RoundEnd.WENT_OUT: ("console.end.went_out.you", "console.end.went_out"),
        RoundEnd.STOCK_OUT: ("console.end.stock_out", "console.end.stock_out"),
    }

    def meld_cards(self, meld: Any) -> str:
        """A table meld's cards, each pankal followed by the card it stands for, as the pictures
        frame it in gold (the third More newcomer's finding 8: "2S 3S 4S 5S 6S 7S 2S 9S" left
        the learner to work out which 2♠ was the 8♠): "2S(8S)"."""
        stands = dict(meld.wilds)
        return " ".join(
            f"{self.p.card(c)}({stands[i]})" if i in stands else self.p.card(c)
            for i, c in enumerate(meld.cards)
        )

    def move_help(self) -> list[tuple[str, str]]:
        bid = [("bid 2", "console.help.more3.bid")] if self.options.get("bid") else []
        return [*bid, DRAW, ("take", "console.help.more3.take"), MELD, MORE_LAY, ADD, DISCARD]

    def help_params(self) -> dict[str, Any]:
        return {"chips": Count("console.n_chips_up_to", MAX_BID)}

    def heading(self, view: More3View) -> str:
        text = self.t("console.mor.heading", heading=super().heading(view), target=MORE_TARGET)
        if view.phase == Phase.BID:
            return self.t("console.more3.heading_bidding", heading=text)
        return text

    def side(self, view: More3View, seat: int) -> str:
        if view.solo is None:
            return ""
        return self.t("render.solo" if seat == view.solo else "render.pair")

    def seat_note(self, view: More3View, seat: int) -> str:
        side = self.side(view, seat)
        return self.t("console.more3.note_side", side=side) if side else ""

    def piles_text(self, view: More3View) -> str:
        if not view.sides:
            piles = self.listed([self.t_n("n_cards", n) for n in view.side_piles])
            return self.t("console.more3.piles", piles=piles)
        assert view.solo is not None  # the sides are known once the Solo is
        solo_side = view.sides[view.solo]
        piles = self.joined(
            [
                self.t(
                    "console.more3.pile_solo" if k == solo_side else "console.more3.pile_pair",
                    state=self.pile_state(view, k),
                )
                for k in range(len(view.side_piles))
            ]
        )
        return self.t("console.more3.piles", piles=piles)

    def pile_state(self, view: More3View, k: int) -> str:
        # A More pile neither taken nor holding a card went into the stock (``StockRefilled``).
        taken = k < len(view.side_taken) and view.side_taken[k]
        if not taken and view.side_piles[k] == 0:
            return self.t("console.more3.pile_in_stock")
        return super().pile_state(view, k)

    def after_scores(self, view: More3View) -> str | None:
        """The bids, paid when they were revealed (the Solo twice its bid, to each opponent
        once): the round's scores leave them out, the totals have them."""
        if not self.options.get("bid") or view.solo is None or view.phase == Phase.BID:
            return None
        bid = view.bids[view.solo] if view.solo < len(view.bids) else None
        if not bid:
            return None
        paid = self.joined(
            [
                self.t(
                    "console.total_of",
                    who=who,
                    total=number(-2 * bid if s == view.solo else bid, self.lang, sign=True),
                )
                for who, s in self.score_owners(view)
            ]
        )
        return self.t("console.more3.bids_paid", paid=paid)

    def meld_owner(self, view: More3View, seat: int) -> str:
        side = self.side(view, seat)
        if not side:
            return self.whom(seat)
        return self.t("console.more3.meld_owner", seat=self.whom(seat), side=side)

    def hidden_hand(self, view: More3View) -> str | None:
        if view.phase == Phase.BID:
            return self.t("console.more3.bid_first", max=MAX_BID)
        return None

    def line_owner(self, view: More3View, seat: int) -> str:
        side = self.side(view, seat)
        if not side:
            return self.whom(seat)
        return self.t("console.more3.line_owner", seat=self.whom(seat), side=side)


class HandWords(RummyWords[HandView]):
    """Hand: every player for themselves, five rounds, open with 51, lowest total wins."""

    game = "hand"
    title_key = "game.hand.name"
    stock_key = "console.rummy.stock"
    round_ends: ClassVar[Mapping[RoundEnd, tuple[str, str]]] = {
        RoundEnd.WENT_OUT: ("console.end.went_out.you", "console.end.went_out"),
        RoundEnd.HAND: ("console.hand.end.hand.you", "console.hand.end.hand"),
        RoundEnd.STOCK_OUT: ("console.end.stock_out", "console.end.stock_out"),
    }

    def move_help(self) -> list[tuple[str, str]]:
        return [
            DRAW,
            ("take", "console.help.hand.take"),
            ("return", "console.help.hand.return"),
            MELD,
            HAND_LAY,
            HAND_ADD,
            ("swap 2 5S", "console.help.hand.swap"),
            DISCARD,
        ]

    def heading(self, view: HandView) -> str:
        return self.t(
            "console.hand.heading", title=self.title, round=view.round_no + 1, rounds=HAND_ROUNDS
        )

    def seat_note(self, view: HandView, seat: int) -> str:
        return self.t(
            "console.hand.note_opened" if view.opened[seat] else "console.hand.note_not_opened"
        )

    def rule_lines(self, view: HandView) -> list[str]:
        if view.opened[self.me]:
            return []
        return ["  " + self.t("console.hand.open_with", points=Count("n_points", OPENING_MIN))]

    def must_lay(self, cards: Sequence[Any]) -> str:
        return self.t("console.hand.must_lay", cards=self.p.cards(list(cards)))


class RunFastWords(GameWords[RunFastView]):
    """Run Fast: one deal, beat the table or pass, first out wins."""

    game = "runfast"
    title_key = "game.runfast.name"
    round_over_key = "console.runfast.deal_over"
    round_ends: ClassVar[Mapping[RoundEnd, tuple[str, str]]] = {
        RoundEnd.HAND_EMPTY: (
            "console.runfast.end.hand_empty.you",
            "console.runfast.end.hand_empty",
        )
    }

    def who_wins(self) -> str | None:
        # A bomb's 20 can leave a player who did not go out with the most points: "Winner:
        # seat 1" beside a higher total of one's own read as a mistake (issue 61).
        return self.t("console.runfast.who_wins")

    played_word = True

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("play 9S 9H", "console.help.runfast.play"),
            ("pass", "console.help.runfast.pass"),
        ]

    def played_lines(self, view: RunFastView) -> str:
        """Every card played so far, high to low, and how many the seat can't see (the third
        Run Fast newcomer: the hints count cards, and a learner could not check the count)."""
        gone = sorted(view.played_cards, key=power, reverse=True)
        unseen = len(deck_48()) - len(gone) - len(view.hand)
        if not gone:
            return self.t("console.runfast.played_none", unseen=unseen)
        return self.t(
            "console.runfast.played",
            count=len(gone),
            cards=self.p.cards(gone),
            unseen=unseen,
        )

    def heading(self, view: RunFastView) -> str:
        return self.t("console.runfast.heading", title=self.title)

    def sheet_heading(self, view: RunFastView) -> str:
        return self.t("console.runfast.sheet_heading")

    def kind(self, cards: Sequence[Any], kind: str) -> str:
        """A play's kind as players say it: 'pair', '6-card straight', '3 consecutive pairs'."""
        return play_kind(cards, kind, self.lang)

    def table_lines(self, view: RunFastView) -> list[str]:
        p = self.p
        if view.trick:
            assert view.trick_seat is not None  # a trick on the table has its player
            line = self.t(
                "console.runfast.on_table",
                cards=p.cards(list(view.trick)),
                kind=self.kind(view.trick, view.trick_kind or ""),
                seat=self.whom(view.trick_seat),
            )
        elif view.turn == self.me:
            free = view.must_include is None
            line = self.t(
                "console.runfast.empty_you_lead_free" if free else "console.runfast.empty_you_lead"
            )
        else:
            assert view.turn is not None  # a deal in play always has a seat to lead
            line = self.t("console.runfast.empty_leads", seat=self.whom(view.turn))
        lines = [f"  {line}"]
        if view.must_include is not None and view.turn == self.me:
            lines.append(
                "  " + self.t("console.runfast.must_include", card=p.card(view.must_include))
            )
        return lines


WORDS: dict[str, type[GameWords[Any]]] = {
    "mor": MorWords,
    "more3": MoreWords,
    "hand": HandWords,
    "runfast": RunFastWords,
}


def words_for(
    game: str,
    me: int,
    p: Painter,
    options: Mapping[str, Any],
    lang: str = ENGLISH,
    *,
    names: Sequence[str | None] = (),
    first_seat: int = 0,
) -> GameWords[Any]:
    return WORDS[game](me, p, options, lang, names=names, first_seat=first_seat)


def title_of(game: str, lang: str = ENGLISH) -> str:
    """A game's name as players of ``lang`` say it (the lessons' header names the game)."""
    return t(WORDS[game].title_key, lang)
