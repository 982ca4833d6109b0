"""Finding melds in a hand: what the engines offer as candidates and what computer players plan
with. The rules of a meld (reading one, adding to one) are ``bot.games.melds``'s; this module asks
them, and keeps its answers (``bot.games.answers``), since every playout asks again.

- ``meld_with``, ``meld_across`` and ``extend_with``: can a card from the pile go into a new meld
  (with cards from the hand, and other pile cards) or onto a run (the pile-take check);
- ``find_melds``: a few melds of each kind, enough for a computer player; ``meld_combinations``
  and ``with_inner_sets`` build on it;
- ``every_meld`` (and ``opening_melds``): every new meld a hand holds, each once, what a member
  choosing from the menu is offered; ``openings_worth``: the openings among them worth a goal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations, product

from bot.games.answers import kept
from bot.games.cards import ACE, JOKER, JOKER_RANK, SUITS, Card, sort_key, standard_deck
from bot.games.melds import (
    ACE_HIGH,
    RUN,
    SET,
    SPOTS,
    Meld,
    MeldRules,
    run_positions,
    spot_card,
    try_meld,
    wild_capable,
)


def meld_with(card: Card, hand: Iterable[Card], rules: MeldRules) -> tuple[Card, ...] | None:
    """A new meld that uses ``card`` and cards from ``hand``, or None: the pile-take check."""
    near = _near_cards(card, rules)
    return _meld_with(card, tuple(sorted(c for c in hand if c in near)), rules)


# Kept by the card and the hand's cards near it: the take check and ``normal`` ask it of the same
# cards again and again in a playout, and a card that melds with nothing in hand (the common
# answer) tries every pair of them first (and, in Mor, every triple).
@kept(50_000)
def _meld_with(card: Card, pool: tuple[Card, ...], rules: MeldRules) -> tuple[Card, ...] | None:
    # Only a few cards can possibly meet ``card`` in a meld, so trying pairs and triples is cheap.
    # Triples only where a meld may hold two wilds (Mor: 5H 2C JK 8H): with one at most, a meld
    # of four holding the card holds one of three with it too (less an end of a run, or any
    # other card of a set), and the pairs found it first.
    for size in (2, 3) if rules.max_wilds > 1 else (2,):
        seen: set[tuple[Card, ...]] = set()
        for combo in combinations(pool, size):
            if combo in seen:
                continue
            seen.add(combo)
            group = (card, *combo)
            if try_meld(group, rules) is not None:
                return group
    return None


def meld_across(
    card: Card, hand: Iterable[Card], pile: Iterable[Card], rules: MeldRules
) -> tuple[Card, ...] | None:
    """A new meld that uses ``card``, other cards of ``pile`` and at least one card of ``hand``,
    or None: the rest of the pile-take check, when ``meld_with`` found no meld of ``card`` with
    the hand alone (two pile cards and a hand card are a new meld "with cards from the hand";
    pile cards alone are not)."""
    near = _near_cards(card, rules)
    mine = tuple(sorted(c for c in hand if c in near))
    if not mine:
        return None  # the common answer, at once: nothing in hand goes with the card
    return _meld_across(card, mine, tuple(sorted(c for c in pile if c in near)), rules)


@kept(50_000)
def _meld_across(
    card: Card, mine: tuple[Card, ...], others: tuple[Card, ...], rules: MeldRules
) -> tuple[Card, ...] | None:
    # As ``_meld_with``, but only the groups that hold cards of both: those of the hand alone
    # ``meld_with`` tried, and the pile's alone don't count. Made as such from the start rather
    # than picked out of every group: the take check asks this at every draw of a playout.
    if not others:
        return None
    seen: set[tuple[Card, ...]] = set()
    groups: list[Iterable[tuple[tuple[Card, ...], tuple[Card, ...]]]] = [
        product(combinations(mine, 1), combinations(others, 1))
    ]
    if rules.max_wilds > 1:  # four-card melds with two wilds, as in ``_meld_with``
        groups.append(product(combinations(mine, 1), combinations(others, 2)))
        groups.append(product(combinations(mine, 2), combinations(others, 1)))
    for some in groups:
        for hand_part, pile_part in some:
            rest = tuple(sorted((*hand_part, *pile_part)))
            if rest in seen:
                continue
            seen.add(rest)
            # Every two cards of a meld are near each other: most groups fail this cheap look.
            if any(b not in _near_cards(a, rules) for a, b in combinations(rest, 2)):
                continue
            group = (card, *rest)
            if try_meld(group, rules) is not None:
                return group
    return None


@cache
def _near_cards(card: Card, rules: MeldRules) -> frozenset[Card]:
    """The cards of a deck ``_near`` ``card``: the take check and ``normal`` ask ``meld_with`` of
    every card of the pile, each against every card in hand, at every draw of a playout."""
    return frozenset(c for c in (*standard_deck(), JOKER) if _near(card, c, rules))


def extend_with(
    card: Card, hand: Iterable[Card], meld: Meld, rules: MeldRules
) -> list[tuple[Card, ...]]:
    """Ways to add ``card`` to the run ``meld`` with cards from ``hand`` when it lies beyond an
    end: the cards for the spots between, a wild from the hand standing in for one missing card.
    The pile-take check (``meld_with`` covers new melds, ``could_add`` a card on its own); the
    caller still checks each way with the real lay."""
    suit = card.suit
    # (A suitless card, a joker, never matches a run's suit: it was always refused here.)
    if meld.kind != RUN or suit is None or suit != meld.suit or wild_capable(card, rules):
        return []
    have = list(hand)
    # The same wild whatever order the hand is in: the ways offered follow from the cards alone.
    wild = min((c for c in have if wild_capable(c, rules)), key=sort_key, default=None)
    out: list[tuple[Card, ...]] = []
    for pos in run_positions(card):
        if pos > meld.high + 1:
            between = range(meld.high + 1, pos)
        elif pos < meld.low - 1:
            between = range(pos + 1, meld.low)
        else:
            continue
        pool, group, wild_used = list(have), [card], False
        for spot in between:
            want = spot_card(suit, spot)
            if want in pool:
                pool.remove(want)
                group.append(want)
            elif wild is not None and not wild_used:
                group.append(wild)
                wild_used = True
            else:
                break
        else:
            out.append(tuple(group))
    return out


def _near(card: Card, other: Card, rules: MeldRules) -> bool:
    if wild_capable(other, rules) or wild_capable(card, rules):
        return True
    if other.rank == card.rank:
        return True
    if other.suit != card.suit:
        return False
    return run_gap(card, other) <= 3


def run_gap(card: Card, other: Card) -> int:
    """How close two natural cards' run positions come (an ace stands at 1 and at 14): 1 side by
    side, 2 with one card between. Written out rather than over every pair of positions: the
    take check and ``normal`` ask it of every card in hand for every card of the pile."""
    a, b = card.rank, other.rank
    gap = abs(a - b)
    if a == ACE:
        return min(gap, ACE_HIGH - b)
    if b == ACE:
        return min(gap, ACE_HIGH - a)
    return gap


def find_melds(hand: Sequence[Card], rules: MeldRules, limit: int = 200) -> list[Meld]:
    """New melds that can be made from ``hand``: every natural run of 3 or more, each pair of
    near cards with one wild, and sets. For computer players and tests."""
    # The engine's move list, the player's plan and the playouts ask it of the same hand several
    # times a turn: the answer is kept (a fresh list each time, the melds themselves immutable).
    # Asked of the hand in the order a view shows it, whatever order the engine holds it in:
    # which two cards of a set go with a wild would otherwise follow the order of the deal, and a
    # computer player, who sees its hand sorted, could not tell which melds the engine offers it
    # (``bot.ai.rummy.own_moves``).
    return list(_find_melds(tuple(sorted(hand, key=sort_key)), rules, limit))


@kept(50_000)
def _find_melds(hand: tuple[Card, ...], rules: MeldRules, limit: int) -> tuple[Meld, ...]:
    return tuple(_find_melds_uncached(hand, rules, limit))


def _find_melds_uncached(hand: Sequence[Card], rules: MeldRules, limit: int) -> list[Meld]:
    out: list[Meld] = []
    seen: set[tuple[Card, ...]] = set()
    # One pass sorts the hand into wilds, naturals by rank and run positions by suit (the wild
    # test written out: this runs for every new hand of every playout).
    jokers_wild, twos_wild = rules.jokers_wild, rules.twos_wild
    wild_cards: set[Card] = set()
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str | None, set[int]] = {suit: set() for suit in SUITS}
    for c in hand:
        rank = c.rank
        if (rank == JOKER_RANK and jokers_wild) or (rank == 2 and twos_wild):
            wild_cards.add(c)
        else:
            by_rank.setdefault(rank, []).append(c)
        if c.suit is not None:
            by_suit[c.suit].update(run_positions(c))
    wilds = sorted(wild_cards)
    for suit in SUITS:
        have = sorted(by_suit[suit])
        spots = SPOTS[suit]
        for i, start in enumerate(have):
            run = [spots[start]]
            for pos in have[i + 1 :]:
                if pos != start + len(run) or (start == 1 and pos == ACE_HIGH):
                    break
                run.append(spots[pos])
                if len(run) >= 3:
                    _add_found(out, seen, tuple(run), rules)
            for other in have[i + 1 : i + 3]:
                if other - start <= 2:
                    pair = (spots[start], spots[other])
                    for w in wilds:
                        if w in pair and hand.count(w) < 2:
                            continue  # one 2 cannot stand in its own spot and be the wild too
                        _add_found(out, seen, (*pair, w), rules)
    for rank in sorted(by_rank):
        if rules.set_ranks is not None and rank not in rules.set_ranks:
            continue  # no set of this rank is a meld (``_read_set``), with a wild or without
        group = by_rank[rank]  # in the hand's order
        if rules.set_distinct_suits:
            group = list({c.suit: c for c in group}.values())
        if len(group) >= 3:
            _add_found(out, seen, tuple(group[: rules.set_max or len(group)]), rules)
        for w in wilds:
            if len(group) >= 2:
                _add_found(out, seen, (*group[:2], w), rules)
    return out[:limit]


def _add_found(
    out: list[Meld], seen: set[tuple[Card, ...]], cards: tuple[Card, ...], rules: MeldRules
) -> None:
    if cards in seen:
        return
    seen.add(cards)
    meld = try_meld(cards, rules)
    if meld is not None:
        out.append(meld)


def meld_combinations(
    melds: Sequence[Meld], cards: Counter[Card], limit: int
) -> Iterator[tuple[int, ...]]:
    """Every combination of disjoint melds among ``melds`` that ``cards`` can make at once, as
    indexes into ``melds`` (the empty one first), stopping after ``limit``: a bound so a hand
    full of overlapping melds can't stall a decision."""
    # Cards as places in a list of counts, taken and put back as the search goes: computer
    # players run this hundreds of times a decision, and copying a Counter at every step was
    # most of it.
    place = {card: i for i, card in enumerate(cards)}
    left = [cards[card] for card in place]
    usable: list[tuple[int, list[tuple[int, int]]]] = []
    for i, meld in enumerate(melds):
        need = Counter(meld.cards)
        if all(cards[c] >= n for c, n in need.items()):
            usable.append((i, [(place[c], n) for c, n in need.items()]))
    visited = 0

    def extend(start: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        nonlocal visited
        visited += 1
        yield chosen
        for k in range(start, len(usable)):
            if visited > limit:
                return
            i, need = usable[k]
            if all(left[p] >= n for p, n in need):
                for p, n in need:
                    left[p] -= n
                yield from extend(k + 1, (*chosen, i))
                for p, n in need:
                    left[p] += n

    yield from extend(0, ())


def with_inner_sets(found: Sequence[Meld], rules: MeldRules) -> list[Meld]:
    """``found`` and every set of three inside a set of four (the fourth card may be wanted in a
    run, or kept)."""
    threes = [
        meld
        for m in found
        if m.kind == SET and len(m.cards) == 4
        for three in combinations(m.cards, 3)
        if (meld := try_meld(three, rules)) is not None
    ]
    return [*found, *threes]


OPENING_SEARCH = 3_000  # search steps for openings at most: a bound on every move list
OPENINGS_FOUND = 12  # openings found at most before the search stops


def openings_worth(
    melds: Sequence[Meld],
    hand: Sequence[Card],
    value: Callable[[Meld], int],
    goal: int,
    *,
    must: Card | None = None,
    count: int = OPENINGS_FOUND,
    limit: int = OPENING_SEARCH,
) -> list[tuple[tuple[Card, ...], ...]]:
    """Combinations of disjoint ``melds`` from ``hand`` worth ``goal`` or more together (with
    the ``must`` card in one of them, if given), the most valuable melds tried first: each one
    stops growing as soon as it reaches the goal, so every opening found is as small as its
    melds allow. An opening of two or three particular melds is found as surely as one of a
    single meld; ``count`` openings and ``limit`` search steps at most (a move list is asked
    for at every turn of every playout, so the bound is what keeps it quick)."""
    values = [value(m) for m in melds]
    order = sorted(range(len(melds)), key=lambda i: -values[i])
    have = Counter(hand)
    needs = {i: Counter(melds[i].cards) for i in order}
    order = [i for i in order if all(have[c] >= n for c, n in needs[i].items())]
    # The most the melds from position k on could still add (conflicts ignored): a branch that
    # can't reach the goal even so is not searched.
    reach = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        reach[k] = reach[k + 1] + values[order[k]]
    out: list[tuple[tuple[Card, ...], ...]] = []
    steps = 0

    def grow(start: int, chosen: list[int], worth: int) -> None:
        nonlocal steps
        steps += 1
        has_must = must is None or any(must in melds[i].cards for i in chosen)
        if worth >= goal and has_must:
            out.append(tuple(melds[i].cards for i in chosen))
            return
        if worth + reach[start] < goal:
            return
        for k in range(start, len(order)):
            if steps > limit or len(out) >= count:
                return
            i = order[k]
            if worth >= goal and must not in melds[i].cards:
                continue  # worth enough already: only a meld with the must card may join
            if all(have[c] >= n for c, n in needs[i].items()):
                have.subtract(needs[i])
                chosen.append(i)
                grow(k + 1, chosen, worth + values[i])
                chosen.pop()
                have.update(needs[i])

    grow(0, [], 0)
    return out


# ---------------------------------------------------------------- every meld a hand holds


def every_meld(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every new meld ``hand`` can make, each once, in table order: every run of every length,
    with wilds in its gaps and at its ends (each wild card of the hand in each place it may
    take), and every set. ``find_melds`` finds a few of each kind, enough for a computer
    player; this is what a member choosing from the menu is offered, and what the openings are
    searched among (a 7.5 or a 51 may need a wild inside a run of four). The cards of each meld,
    listed as they are here, read back as the same meld."""
    return list(_every_meld(tuple(sorted(hand, key=sort_key)), rules))


def meld_key(meld: Meld) -> Meld | tuple[int, tuple[Card, ...]]:
    """What tells two new melds apart: a run by its layout (where its wilds stand), a set by
    its rank and its cards, whose order on the table means nothing."""
    return meld if meld.kind == RUN else (meld.rank, tuple(sorted(meld.cards, key=sort_key)))


@kept(5_000)
def _every_meld(hand: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    have = Counter(hand)
    wilds = Counter({c: n for c, n in have.items() if wild_capable(c, rules)})
    found: dict[Meld | tuple[int, tuple[Card, ...]], Meld] = {}
    for meld in (*_every_run(have, wilds, rules), *_every_set(have, wilds, rules)):
        found.setdefault(meld_key(meld), meld)
    return tuple(found.values())


def _every_run(have: Counter[Card], wilds: Counter[Card], rules: MeldRules) -> Iterator[Meld]:
    # The engines list every meld at every turn a member plays: the windows are walked once,
    # each growing from its low end, and a hand without wilds walks only its natural runs.
    usable = min(rules.max_wilds, wilds.total())
    for suit in SUITS:
        spots = SPOTS[suit]
        held = {p for p, card in spots.items() if card in have}
        if len(held) < rules.min_naturals:
            continue
        # A 2 in its own spot is not also a wild elsewhere.
        own_two = spots[2]
        short_of_two = wilds - Counter([own_two]) if own_two in wilds else wilds
        for low in range(1, ACE_HIGH - 1):
            missing: list[int] = []
            for high in range(low, min(low + 12, ACE_HIGH) + 1):
                if high not in held:
                    missing.append(high)
                    if len(missing) > usable:
                        break  # a longer run from here lacks these cards and more
                size = high - low + 1
                if size < rules.min_size:
                    continue
                window = range(low, high + 1)
                # A wild may also stand for a card the hand holds (2D 8C 9C beside a 7C).
                inside = [p for p in window if p in held]
                for n in range(usable - len(missing) + 1):
                    if size - len(missing) - n < rules.min_naturals:
                        break
                    for extra in combinations(inside, n):
                        gaps = sorted((*missing, *extra))
                        left = short_of_two if low <= 2 <= high and 2 not in gaps else wilds
                        for filling in _fillings(len(gaps), left, rules):
                            placed = dict(zip(gaps, filling, strict=True))
                            cards = tuple(placed.get(p) or spots[p] for p in window)
                            meld = try_meld(cards, rules)
                            if meld is not None and meld.kind == RUN:
                                yield meld


def _fillings(count: int, wilds: Counter[Card], rules: MeldRules) -> list[tuple[Card, ...]]:
    """Every way to put ``count`` of ``wilds`` into as many gaps, in order, within the game's
    wild limits (each distinct card in each gap once)."""
    if count == 0:
        return [()]
    out = []
    for group in product(sorted(wilds, key=sort_key), repeat=count):
        jokers = sum(1 for c in group if c.is_joker)
        if jokers > rules.max_jokers or count - jokers > rules.max_wild_twos:
            continue
        if count > 1 and any(wilds[c] < n for c, n in Counter(group).items()):
            continue
        out.append(group)
    return out


def _every_set(have: Counter[Card], wilds: Counter[Card], rules: MeldRules) -> Iterator[Meld]:
    ranks = sorted({c.rank for c in have if not wild_capable(c, rules)})
    wild_groups = [
        group
        for n in range(rules.max_wilds + 1)
        for group in _sub_multisets(wilds, n)
        if sum(1 for c in group if c.is_joker) <= rules.max_jokers
        and sum(1 for c in group if not c.is_joker) <= rules.max_wild_twos
    ]
    by_rank: dict[int, Counter[Card]] = {}
    for card, n in have.items():
        if card not in wilds:
            by_rank.setdefault(card.rank, Counter())[card] = n
    for rank in ranks:
        if rules.set_ranks is not None and rank not in rules.set_ranks:
            continue
        mine = by_rank[rank]
        if mine.total() < rules.min_naturals:
            continue
        if rules.set_distinct_suits:
            mine = Counter(dict.fromkeys(mine, 1))
        biggest = rules.set_max or sum(mine.values()) + rules.max_wilds
        for size in range(rules.min_naturals, min(sum(mine.values()), biggest) + 1):
            for naturals in _sub_multisets(mine, size):
                for group in wild_groups:
                    if rules.min_size <= size + len(group) <= biggest:
                        meld = try_meld((*naturals, *group), rules)
                        if meld is not None and meld.kind == SET:
                            yield meld


def _sub_multisets(cards: Counter[Card], size: int) -> list[tuple[Card, ...]]:
    """Every multiset of ``size`` cards drawn from ``cards`` (copies are alike), sorted."""
    pool = [c for c in sorted(cards, key=sort_key) for _ in range(cards[c])]
    # Drawn from a sorted pool, each group comes sorted, and in order: only copies repeat.
    return list(dict.fromkeys(combinations(pool, size)))


def opening_melds(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """``every_meld`` with one meld for each group of cards: an opening asks only which cards
    its melds use, and a wild at either end of the same run uses the same ones."""
    out: dict[tuple[Card, ...], Meld] = {}
    for meld in every_meld(hand, rules):
        out.setdefault(tuple(sorted(meld.cards, key=sort_key)), meld)
    return list(out.values())
