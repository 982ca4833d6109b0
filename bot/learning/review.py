"""The review after a practice game: the few moves where the strong player would have chosen
differently, by the largest margin, each with the better move and why.

For each of the member's decisions the better move is the hint's at that position
(``bot.learning.hints``: the same player, drawing the same randomness, the same reason's words):
the review never flags a move the hint gave. Where it would have played
otherwise, both moves are played out on the same deals of the cards the seat could not see
(``bot.ai.search``'s determinized sampling, built from the view alone: the review no more reads
another hand than the computer players do), and the margin is the average difference of the
game's score between them. A margin within the sampling's noise, or too small to matter, is not
shown: three to five clear mistakes teach more than a list of near ties. Except a move the
hints' own rules of thumb call a mistake (``ruled_out``: a ready meld broken up while a loose
card waits, a throw that feeds the next player where a safe one existed): always judged, and
shown wherever the hint's move comes out ahead at all, with the rule's words.

Time is bounded: a decision is judged on fewer deals than a live ``hard`` move searches
(``REVIEW_SAMPLES``), and a long game (a More game has some 500 decisions of the member) has at
most ``REVIEWED_MAX`` of them judged: those where the member did not play what the ``normal``
player (``hard``'s first candidate, cheap to ask) would, spread over the whole game. The work
runs in the computer players' worker processes (``ComputerPool.review``), a share of the
decisions in each.
"""

from __future__ import annotations

import logging
import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot import ai
from bot.ai import Level
from bot.ai import hand as hand_ai
from bot.ai import mor as mor_ai
from bot.ai import more3 as more3_ai
from bot.ai import runfast as runfast_ai
from bot.ai.search import SearchSpec, playout
from bot.games.base import (
    Add,
    Count,
    Discard,
    Draw,
    Engine,
    IllegalMove,
    Lay,
    Meld,
    Move,
    Play,
    Reason,
    Take,
    as_lay,
    move_from_dict,
)
from bot.games.cards import sort_key
from bot.games.melds import wild_capable
from bot.games.more3 import More3
from bot.games.registry import engine_class
from bot.games.runfast import RunFast
from bot.games.views import View
from bot.i18n import listed, t
from bot.learning.hints import (
    HINT_LEVEL,
    advise,
    after_take,
    cards,
    goes_with,
    groups_text,
    hint,
    hint_move,
    hint_rng,
    in_hand_points,
    lone_cards,
    meld_rules,
    pile_use,
    ready_melds,
    reason,
    record_seed,
    splits,
)
from bot.replay import NEXT_ROUND, Replay

logger = logging.getLogger(__name__)
T = TypeVar("T")

ITEMS_MAX = 5  # the review shows at most this many moves
ITEMS_FEW = 3  # fewer than this standing out is said in words
REVIEWED_MAX = 40  # a game's decisions judged by the hard player at most (see the module's text)
# Positions where the member left a pile or a project: the hard player's move is asked at most
# this many (a move, not a judgement: some 15 ms in Mor and More, against a judgement's
# playouts), to find the ones the review always looks at (``forwent``).
CANDIDATES_MAX = 4 * REVIEWED_MAX
# The moves not looked at that were the normal player's: where no more than this many, each is
# set beside the hint's move there, and the review says which went against it (a Run Fast
# game's dozen; a rummy's hundreds keep the general sentence).
HINTED_MAX = 16
# Deals of the unseen cards per judged decision, fewer than a live hard move searches
# (bot/ai: Run Fast 24, More 24, Mor 8; Hand none): a review judges dozens of decisions at once.
REVIEW_SAMPLES = {"runfast": 8, "mor": 4, "more3": 6, "hand": 8}
# How many decisions each playout goes on after the move (None: to the round's end), as the hard
# player's own search looks ahead; Hand's, gone from its player, as it last was (a round of turns).
HORIZON = {"runfast": None, "mor": 16, "more3": 9, "hand": 9}
# The least margin worth a member's attention, in the game's points: a Run Fast deal settles in
# a few points a seat, the rummy games score in tens and hundreds.
MIN_MARGIN = {"runfast": 1.0, "mor": 10.0, "more3": 10.0, "hand": 5.0}
# And the margin must stand this many standard errors clear of nothing: with a few deals, a
# lucky playout alone must not make a mistake.
CLEAR_OF_NOISE = 2.0


@dataclass(frozen=True)
class Item:
    """One reviewed decision: at replay ``position`` (the table before the move, as the seat saw
    it: ``view``) the member made ``made``; the strong player would make ``better``, for the
    reason ``key``/``params`` (a hint's words), by ``margin`` points on average over the sampled
    deals."""

    position: int
    round_no: int
    view: View
    made: Move
    better: Move
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    margin: float = 0.0
    # The member's move number, counted from the review's start as ``decisions`` lists them
    # (1 for the first): the number the terminal's ``again N`` takes (issue 61: items numbered
    # 1..k beside an ``again N`` that took a move number replayed the wrong move).
    number: int = 0
    # Did the playouts measure ``margin`` clear of their noise? A move a rule of thumb faults
    # (``ruled_out``) is shown where they can't tell the two moves apart: the rule is then the
    # reason, and no count of points is claimed for it (``margin_line``).
    measured: bool = True

    def why(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.params)


@dataclass(frozen=True)
class Review:
    """A finished game's review for one seat: ``items`` best first (at most ``ITEMS_MAX``);
    ``judged`` of the seat's ``decisions`` were looked at by the hard player. Of the others,
    ``forced`` had one legal move only (a pass with nothing to beat it, say) and ``capped`` were
    left for the ``REVIEWED_MAX`` limit; the rest were the ``normal`` player's move too."""

    game: str
    seat: int
    items: tuple[Item, ...]
    decisions: int
    judged: int
    forced: int = 0
    capped: int = 0
    # The member's move numbers (as ``again N`` takes them) among those not judged that went
    # against the hint there; None where the hints were not asked (more than ``HINTED_MAX``).
    off_hint: tuple[int, ...] | None = None
    # The numbers (as ``Item.number`` counts them) of the moves judged: named where the
    # ``REVIEWED_MAX`` cap left some out (the Mor newcomer read "no more than 40 of your moves:
    # 7" as early moves skipped without saying which).
    looked_at: tuple[int, ...] = ()

    @property
    def usual(self) -> int:
        """The decisions not judged where the member made the ``normal`` player's move."""
        return self.decisions - self.judged - self.forced - self.capped

    def none_found(self, lang: str = "en") -> str:
        """What a review with no item says: "of the moves looked at, none stood out" only when
        some were looked at (the second Run Fast newcomer read it beside "0 of 4 looked at")."""
        return t("review.none" if self.judged else "review.none_looked", lang)

    def looked(self, lang: str = "en") -> str:
        """How much of the game was looked at, and what the moves not checked were, from the
        record (issue 61: "the others were not checked" left a newcomer to guess that most
        were forced)."""
        lines = [t("review.looked", lang, judged=self.judged, decisions=self.decisions)]
        if self.forced:
            lines.append(t("review.unchecked_forced", lang, count=self.forced))
        if self.usual:
            # The hints come from the hard player: a move the normal one shares may still go
            # against a hint, and the newcomer read "not checked" as "it matched the hint".
            lines.append(t("review.unchecked_usual", lang, count=self.usual))
            # Said plainly where the hints were asked (the third Run Fast newcomer's finding
            # 4: "one of those moves may still have gone against a hint" after a game whose
            # every hint was followed).
            if self.off_hint is None:
                lines.append(t("review.usual_not_hint", lang))
            elif not self.off_hint:
                lines.append(t("review.usual_all_hint", lang))
            else:
                # Listed as the language lists them, runs of moves as spans, like the cap's line
                # (the fifth Run Fast newcomer read a lone "6" as a count).
                numbers = listed(spans(self.off_hint), lang)
                lines.append(
                    t("review.usual_off_hint", lang, count=len(self.off_hint), moves=numbers)
                )
        if self.capped:
            limit = REVIEWED_MAX
            moves = listed(spans(self.looked_at), lang)
            lines.append(
                t("review.unchecked_capped", lang, count=self.capped, limit=limit, moves=moves)
            )
        return " ".join(lines)


def spans(numbers: Sequence[int]) -> list[str]:
    """Move numbers as runs: 1, 2, 3, 5 → "1–3", "5"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return [x for r in runs for x in ([f"{r[0]}–{r[-1]}"] if len(r) > 2 else map(str, r))]


@dataclass(frozen=True)
class Judgement:
    better: Move
    margin: float
    noise: float  # the margin's standard error over the deals

    def stands_out(self, game: str) -> bool:
        return self.margin >= MIN_MARGIN[game] and self.margin > CLEAR_OF_NOISE * self.noise

    def behind(self) -> bool:
        """Did the member's move come out ahead, clear of the noise?"""
        return self.margin < -CLEAR_OF_NOISE * self.noise


# ---------------------------------------------------------------- judging one decision


# game -> how its hard player deals what a seat cannot see, values a playout's end and plays
# it out: a move is judged on the deals it was chosen by (Run Fast's read from the others' play,
# its ``read``).
JUDGES: dict[str, SearchSpec] = {
    "runfast": runfast_ai.SEARCH,
    "mor": mor_ai.SEARCH,
    "more3": more3_ai.SEARCH,
    "hand": hand_ai.SEARCH,
}


def same_move(a: Move, b: Move) -> bool:
    """The same move, whatever order a lay lists its melds and cards in."""
    if isinstance(a, Lay) and isinstance(b, Lay):

        def shape(m: Lay) -> tuple[Any, ...]:
            melds = sorted(tuple(sorted(map(str, cs))) for cs in m.melds)
            adds = sorted((x.meld, tuple(sorted(map(str, x.cards))), x.end) for x in m.adds)
            return (tuple(melds), tuple(adds))

        return shape(a) == shape(b)
    return a == b


def judge(
    view: View,
    legal: Sequence[Move],
    made: Move,
    rng: random.Random,
    samples: int | None = None,
    better: Move | None = None,
) -> Judgement | None:
    """The hard player's move from ``view`` (``better``: the hint's, already chosen) and how much
    better than ``made`` it does over ``samples`` deals of what the seat cannot see (the same
    deals for both moves); None when the hard player would have made ``made`` too. Reads the
    view and the legal moves only."""
    game = view.game
    if better is None:
        better = ai.choose_move(view, legal, HINT_LEVEL, rng)
    if same_move(better, made):
        return None
    spec = JUDGES[game]
    engine = engine_class(game)
    n = samples or REVIEW_SAMPLES[game]
    dealt = spec.read(view, rng, n) if spec.read is not None else None
    diffs: list[float] = []
    for k in range(n):
        seed = rng.getrandbits(64)
        try:
            state = dealt[k] if dealt is not None else spec.deal(view, random.Random(seed))
        except ValueError:  # counts that can't be dealt: nothing to weigh
            return None
        scores = []
        for move in (better, made):
            sample = engine.from_json(state)
            try:
                sample.apply(view.seat, move)
            except IllegalMove:
                return None
            playout(sample, spec.policy, seed ^ 0x5EED, HORIZON[game])
            scores.append(spec.value(sample, view.seat))
        diffs.append(scores[0] - scores[1])
    margin = statistics.fmean(diffs)
    noise = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return Judgement(better, margin, noise)


# ---------------------------------------------------------------- a whole game


@dataclass(frozen=True)
class Decision:
    """The seat's move at replay ``position``: ``replay.moves[position]``, made from the table as
    it stood at that position."""

    position: int
    move: Move


def decisions(replay: Replay, seat: int, start: int = 0) -> list[Decision]:
    """Every move of ``seat`` in the record from position ``start`` on."""
    return [
        Decision(k, move_from_dict(m))
        for k, m in enumerate(replay.moves)
        if k >= start and m.get("do") != NEXT_ROUND and m.get("seat") == seat
    ]


def rng_for(record: Mapping[str, Any], position: int) -> random.Random:
    """A decision's judgement is seeded by the game's seed and its position: the same review,
    every time it is asked for."""
    return random.Random(f"review:{record_seed(record)}:{position}")


def spread(positions: Sequence[T], most: int) -> list[T]:
    """At most ``most`` of ``positions``, spread evenly over them."""
    if len(positions) <= most:
        return list(positions)
    if most <= 0:
        return []
    step = len(positions) / most
    return [positions[int(i * step)] for i in range(most)]


# A project (Mor) or a biriba (More) is a meld of seven cards or more.
SEVEN = 7


def _may_make_seven(engine: Engine, seat: int, legal: Sequence[Move]) -> bool:
    """Could one of the legal moves make a meld of seven cards (a project, a biriba)? Read from
    the moves and the table alone: no move is played."""
    if engine.game not in ("mor", "more3"):
        return False
    sizes = {m.id: len(m.cards) for m in getattr(engine.view(seat), "melds", ())}
    for move in legal:
        if not isinstance(move, (Meld, Add, Lay)):
            continue
        lay = as_lay(move)
        if any(len(meld) >= SEVEN for meld in lay.melds):
            return True
        grown: dict[int, int] = {}
        for a in lay.adds:
            grown[a.meld] = grown.get(a.meld, sizes.get(a.meld, 0)) + len(a.cards)
        if any(n >= SEVEN for n in grown.values()):
            return True
    return False


def makes_seven(engine: Engine, seat: int, move: Move) -> bool:
    """Does ``move`` make or better one of the seat's side's projects (Mor) or biribas (More),
    as the engine counts them after it is played on a copy?"""
    if not isinstance(move, (Meld, Add, Lay)):
        return False
    before: Any = engine.view(seat)  # a rummy's view: melds and sides
    copy = type(engine).from_json(engine.to_json())
    copy.apply(seat, move)
    after: Any = copy.view(seat)
    side = before.sides[seat]
    rank = {"dirty": 1, "pure": 2}

    def worth(m: Any) -> tuple[int, int]:
        return (m.project or 0, rank.get(m.biriba or "", 0))

    old = {m.id: worth(m) for m in before.melds if m.side == side}
    return any(worth(m) > old.get(m.id, (0, 0)) for m in after.melds if m.side == side)


def forwent(engine: Engine, seat: int, made: Move, rng: random.Random) -> bool:
    """Did the member's move ``made`` forgo what the hint's move (``rng``: the hint's own, so
    the very move the review would put beside it) does there: take the pile the member left for the stock, or make a project or biriba the
    member's move does not make? A newcomer who skipped projects and refused 16-card piles
    was told the moves not looked at "were as good, or nearly" (issue 61). The hard player is
    asked only where the table allows either."""
    legal = engine.legal_moves(seat)
    declined = isinstance(made, Draw) and any(isinstance(m, Take) for m in legal)
    skipped = (
        not declined
        and _may_make_seven(engine, seat, legal)
        and not makes_seven(engine, seat, made)
    )
    if not (declined or skipped):
        return False
    hinted = hint_move(engine, seat, rng)
    if hinted is None:
        return False
    if declined:
        return isinstance(hinted, Take)
    return makes_seven(engine, seat, hinted)


def ruled_out(engine: Engine, seat: int, made: Move) -> Move | None:
    """The move the hint's own rules of thumb (the chain of ``hints.advise``) put in place of
    the member's ``made``, asked with ``made`` as the adviser's pick: a throw that breaks up a
    meld ready in the hand while a loose card waits, one that feeds the next player where a
    safe throw existed, a wild spent where a natural card does, a Hand take only to return the
    card... None where every rule lets ``made`` stand. A ready run thrown away card by card
    loses tens of points, yet the few playouts a review affords hide it in their noise (the
    Mor newcomer's 9♣, 8♣, 7♣ thrown from 7♣ 8♣ 9♣): such a move is always judged. Run Fast's
    one rule (``plain_run_fast_play``) rewords a pick no rule of thumb gives, and calls no move
    a mistake: not asked there."""
    if isinstance(engine, RunFast):
        return None
    legal = engine.legal_moves(seat)
    same = next((m for m in legal if same_move(m, made)), None)
    if same is None:  # a lay of several adds the chain weighs as the hint's own: left as made
        return None
    ruled = advise(engine, seat, legal, lambda ok: same if same in ok else None, several=True)
    return None if same_move(ruled, made) else ruled


def rule_reason(engine: Engine, seat: int, ruled: Move, made: Move) -> tuple[str, dict[str, Any]]:
    """Why the rule of thumb behind ``ruled`` (``ruled_out``) speaks against ``made``: its own
    words, the hint's reason for ``ruled``, and, where ``made`` threw a card that made a meld
    with natural cards of the hand as they were, that meld. (``ruled`` goes with them, unsaid:
    the move the rule's words are about, for their check, ``scripts/check_hints.py``.)"""
    view: Any = engine.view(seat)
    rule = Reason(*reason(engine, seat, view, ruled))
    if isinstance(made, Discard):
        # Natural melds only: a wild "makes a meld" with nearly any two cards.
        rules = meld_rules(engine, seat)
        ready = [
            pair
            for pair in ready_melds(made.card, view.hand, rules)
            if not any(wild_capable(c, rules) for c in (made.card, *pair))
        ]
        if ready:
            return "review.rule_breaks_meld", {
                "card": made.card.pretty,
                "partners": cards(ready[0]),
                "rule": rule,
                "ruled": ruled,
            }
        if isinstance(ruled, Discard) and ruled.card != made.card:
            # The rule's words speak of the card it throws, not of the member's (the fourth
            # fresh Mor newcomer's finding 3: "Throw 4♠: no other card … goes with it" beside a
            # thrown A♠ that went with the hand's A♣): what the member's card went with.
            rest = list(view.hand)
            rest.remove(made.card)
            partners = sorted(
                {c for c in rest if not wild_capable(c, rules) and goes_with(made.card, c, rules)},
                key=sort_key,
            )
            if partners and not wild_capable(made.card, rules):
                return "review.rule_breaks_pair", {
                    "card": made.card.pretty,
                    "partners": cards(partners),
                    "rule": rule,
                    "ruled": ruled,
                }
    return "review.rule_of_thumb", {"rule": rule, "ruled": ruled}


@dataclass(frozen=True)
class Screened:
    """What ``screening`` found: the ``positions`` to judge, the seat's number of
    ``decisions``, how many of them were ``forced`` (one legal move) and how many worth a look
    were ``capped`` (left out for ``REVIEWED_MAX``)."""

    positions: list[int]
    decisions: int
    forced: int
    capped: int
    off_hint: tuple[int, ...] | None = None


def move_number(record: Mapping[str, Any], seat: int, position: int, start: int = 0) -> int:
    """The seat's move at replay ``position`` counted among its moves from ``start`` on (1 for
    the first), as ``decisions`` lists them."""
    moves = record.get("moves", [])
    return sum(
        1
        for k in range(start, min(position + 1, len(moves)))
        if moves[k].get("do") != NEXT_ROUND and moves[k].get("seat") == seat
    )


def _as_hinted(engine: Engine, seat: int, d: Decision, record: Mapping[str, Any]) -> bool:
    """Was the member's move at ``d`` the hint's move there?"""
    hinted = hint_move(engine, seat, hint_rng(record, d.position))
    return hinted is not None and same_move(hinted, d.move)


def screening(record: Mapping[str, Any], seat: int, start: int = 0) -> Screened:
    """The positions worth judging and the seat's number of decisions. A decision with one
    legal move (and the member made it) is no choice. Looked at first, always: the moves that
    forwent a pile or a project the hint's move takes or makes (``forwent``), and those a rule
    of thumb of the hint's calls a mistake (``ruled_out``, cheap: no search); then, as room
    is left under ``REVIEWED_MAX``, the moves that were not ``normal``'s (the hard player's
    first candidate, cheap to ask), spread evenly over the game. The hard player's move is
    asked at no more than ``CANDIDATES_MAX`` candidates of the first kind (spread evenly too),
    and no more than ``REVIEWED_MAX`` moves are judged, as before."""
    replay = Replay(record)
    found = decisions(replay, seat, start)
    chosen = []
    candidates = []
    as_normal: list[Decision] = []
    ruled = []
    forced = 0
    for d in found:
        engine = replay.engine_at(d.position)
        view, legal = engine.view(seat), engine.legal_moves(seat)
        if not legal or (len(legal) == 1 and same_move(legal[0], d.move)):
            forced += 1
            continue
        declined = isinstance(d.move, Draw) and any(isinstance(m, Take) for m in legal)
        if declined or _may_make_seven(engine, seat, legal):
            candidates.append(d)
        if ruled_out(engine, seat, d.move) is not None:
            ruled.append(d.position)
        normal = ai.choose_move(view, legal, Level.NORMAL, rng_for(record, d.position))
        if not same_move(normal, d.move):
            chosen.append(d.position)
        else:
            as_normal.append(d)
    must = [
        d.position
        for d in spread(candidates, CANDIDATES_MAX)
        if forwent(replay.engine_at(d.position), seat, d.move, hint_rng(record, d.position))
    ]
    worth = len(set(must) | set(ruled) | set(chosen))
    must = spread(must, REVIEWED_MAX)
    # Then the moves a rule of thumb calls mistakes, as room is left, before the others.
    ruled = [p for p in ruled if p not in must]
    must = sorted(must + spread(ruled, max(0, REVIEWED_MAX - len(must))))
    rest = [p for p in chosen if p not in must]
    looked = must + spread(rest, max(0, REVIEWED_MAX - len(must)))
    # The moves not looked at that were the normal player's: where few, each beside the hint
    # the member was shown there (the same function, drawing the same).
    usual = [d for d in as_normal if d.position not in must]
    off_hint = None
    if len(usual) <= HINTED_MAX:
        off_hint = tuple(
            move_number(record, seat, d.position, start)
            for d in usual
            if not _as_hinted(replay.engine_at(d.position), seat, d, record)
        )
    return Screened(sorted(looked), len(found), forced, worth - len(looked), off_hint)


def judge_positions(
    record: Mapping[str, Any],
    seat: int,
    positions: Sequence[int],
    samples: int | None = None,
    start: int = 0,
) -> list[Item]:
    """The items of the decisions at ``positions`` that stand out (one worker's share), each
    numbered among the seat's moves from ``start`` on. The
    reason is worded on the real table at that position, as a hint is: it says what the move
    does with the seat's own cards and the open table, nothing hidden."""
    replay = Replay(record)
    items = []
    for position in positions:
        try:
            item = _judged(replay, record, seat, position, samples, start)
        except Exception:
            # One decision the search can't weigh (a bug) must not cost the member the review:
            # log it with its traceback and judge the others.
            logger.exception("Reviewing %s at position %d failed", replay.game, position)
            continue
        if item is not None:
            items.append(item)
    return items


def _judged(
    replay: Replay,
    record: Mapping[str, Any],
    seat: int,
    position: int,
    samples: int | None,
    start: int = 0,
) -> Item | None:
    engine = replay.engine_at(position)
    view, legal = engine.view(seat), engine.legal_moves(seat)
    made = move_from_dict(replay.moves[position])
    # The better move is the hint's at this position (the same function, drawing the same), so
    # the review never flags a move the hint gave there (issue 61).
    hinted = hint(engine, seat, hint_rng(record, position))
    better = hinted.move if hinted is not None else None
    # A move a rule of thumb calls a mistake is shown, with the rule's words, unless the
    # playouts put the member's move clearly ahead: its cost hides in a few playouts' noise
    # (``ruled_out``; the Mor newcomer's 9♣ thrown from 7♣ 8♣ 9♣ came out within it at 4, 8,
    # 16 and 32 deals). Where they can't tell the two apart, no points are claimed.
    ruled = ruled_out(engine, seat, made)
    if ruled is not None:
        # The rule's move is the one judged and shown as the better, so the better move and
        # the rule's words name the same card (the fourth fresh Mor newcomer's finding 3:
        # "discard 8H" shown beside "Throw 4♠: …").
        better = ruled
    found = judge(view, legal, made, rng_for(record, position), samples, better)
    if found is None:
        return None
    measured = found.stands_out(view.game)
    if ruled is not None and not found.behind():
        key, params = rule_reason(engine, seat, ruled, made)
        # A rule's item claims points wherever they stand clear of the noise, if small.
        measured = found.margin > CLEAR_OF_NOISE * found.noise
    elif measured:
        key, params = review_reason(engine, seat, found.better, made)
    else:
        return None
    round_no = replay.step(position).round_no
    number = move_number(record, seat, position, start)
    return Item(
        position,
        round_no,
        view,
        made,
        found.better,
        key,
        params,
        found.margin,
        number,
        measured,
    )


def margin_line(item: Item, lang: str = "en") -> str:
    """What the review says of an item's margin: the points the playouts measured, or, for a
    rule's item they could not tell apart (``Item.measured``), that the rule is the reason."""
    if not item.measured:
        return t("review.margin_unclear", lang)
    # Say what the number is: a newcomer took "about 166 points better" for the game's own
    # difference (the fourth fresh Hand read). It is the playouts' average, a few turns on
    # (``HORIZON``) or, where there is none, to the round's end.
    key = "review.margin" if HORIZON[item.view.game] is not None else "review.margin_to_end"
    return t(key, lang, points=Count("n_points", max(1, round(item.margin))))


# A reason's parameters that name the move's own cards: two reasons alike but for these say
# the same of both moves.
OWN_CARDS = frozenset({"card", "cards", "act"})


def claim(key: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """What a reason says of the table, the move's own cards left out (``OWN_CARDS``), the
    sentences it holds (a near end, the pile, a refusal) read the same way."""
    return key, {
        k: claim(v.key, v.params) if isinstance(v, Reason) else v
        for k, v in params.items()
        if k not in OWN_CARDS
    }


def review_reason(
    engine: Engine, seat: int, better: Move, made: Move
) -> tuple[str, dict[str, Any]]:
    """Why ``better`` rather than the member's ``made``, naming a difference between them
    (issue 61's follow-up: "Throw K♣: no other card in your hand can make a meld with it" beside
    a 4♦ of which the same was true). The hint's reason for ``better``, as it is where the
    member's move would be told another; where it would be told the same (``claim``): for two
    throws, that the better one sheds more points from the hand, else that by that rule of thumb
    the two are close and the hard player's playouts of the unseen cards tell them apart."""
    view = engine.view(seat)
    differs = runfast_difference(engine, seat, better, made)
    if differs is not None:
        return differs
    brings = more_take_brings(engine, seat, better, made)
    if brings is not None:
        return brings
    key, params = reason(engine, seat, view, better)
    if claim(key, params) != claim(*reason(engine, seat, view, made)):
        return key, params
    said = Reason(key, params)
    if isinstance(better, Discard) and isinstance(made, Discard):
        mine = in_hand_points(engine.game, (made.card,))
        theirs = in_hand_points(engine.game, (better.card,))
        if theirs > mine:
            return "review.same_but_sheds_more", {
                "reason": said,
                "card": better.card.pretty,
                "points": Count("n_points", theirs),
                "made": made.card.pretty,
                "made_points": Count("n_points", mine),
            }
    return "review.same_reason_close", {"reason": said}


def more_take_brings(
    engine: Engine, seat: int, better: Move, made: Move
) -> tuple[str, dict[str, Any]] | None:
    """More, a take where the member drew: what the take brings, not only the move again (the
    fourth More newcomer: "then you must first meld the top card, Q♦" said nothing of why the
    take was worth so much). Where the top card goes (``pile_use``), and how many of the pile's
    cards, worth how much, could go down this turn (``after_take``). None elsewhere."""
    if not isinstance(engine, More3) or not isinstance(better, Take):
        return None
    if not isinstance(made, Draw):
        return None
    use = pile_use(engine, seat)
    taken, _, laid, _ = after_take(engine, seat)
    if use is None or not laid:
        return None
    return "review.more_take_brings", {
        "use": Reason(*use),
        "count": Count("n_cards", len(taken)),
        "laid": cards(laid),
        "laid_points": Count("n_points", in_hand_points(engine.game, laid)),
    }


def runfast_difference(
    engine: Engine, seat: int, better: Move, made: Move
) -> tuple[str, dict[str, Any]] | None:
    """Run Fast, two plays: what tells them apart in the hand they leave (the third Run Fast
    newcomer's finding 1: "Lead 7♦ 7♣: 2 cards out at once" beside the member's four cards
    7 7 8 8 read as a reason for the member's move, while 7♦ 7♣ kept the triple 8 8 8 whole and
    the four cards left 8♠ and 9♥ alone). The combinations the member's play split and the
    better one leaves untouched, and the cards each leaves standing alone (``lone_cards``),
    where the better leaves fewer; None when neither tells them apart."""
    if not isinstance(engine, RunFast) or not isinstance(better, Play):
        return None
    if not isinstance(made, Play):
        return None
    hand = list(engine.view(seat).hand)
    touched = {c.rank for c in better.cards}
    kept = {r for r in splits(made.cards, hand) - splits(better.cards, hand) if r not in touched}
    after_made, after_better = list(hand), list(hand)
    for c in made.cards:
        after_made.remove(c)
    for c in better.cards:
        after_better.remove(c)
    alone, fewer = lone_cards(after_made), lone_cards(after_better)
    params: dict[str, Any] = {"cards": cards(better.cards), "made": cards(made.cards)}
    if len(alone) > len(fewer):
        params |= {
            "loose": cards(alone),
            "count": Count("n_cards", len(alone)),
            "fewer": Count("n_cards", len(fewer)),
        }
    if kept:
        params["kept"] = groups_text(kept, hand)
        key = (
            "review.runfast_keeps_whole_loose"
            if "loose" in params
            else "review.runfast_keeps_whole"
        )
        return key, params
    if "loose" in params:
        return "review.runfast_fewer_loose", params
    return None


def best_items(items: Sequence[Item]) -> tuple[Item, ...]:
    """The ``ITEMS_MAX`` largest margins, largest first (ties: the earlier move)."""
    return tuple(sorted(items, key=lambda i: (-i.margin, i.position))[:ITEMS_MAX])


def review(
    record: Mapping[str, Any], seat: int, start: int = 0, samples: int | None = None
) -> Review:
    """The whole review, here and now (the terminal, tests); the bot asks its worker processes
    (``ComputerPool.review``), which split the same work."""
    found = screening(record, seat, start)
    items = judge_positions(record, seat, found.positions, samples, start)
    return Review(
        str(record["game"]),
        seat,
        best_items(items),
        found.decisions,
        len(found.positions),
        found.forced,
        found.capped,
        found.off_hint,
        looked_numbers(record, seat, found, start),
    )


def looked_numbers(
    record: Mapping[str, Any], seat: int, found: Screened, start: int = 0
) -> tuple[int, ...]:
    """The numbers of the moves ``found`` holds for judging, as ``Item.number`` counts them:
    named only where the cap left some out."""
    if not found.capped:
        return ()
    return tuple(move_number(record, seat, p, start) for p in found.positions)
