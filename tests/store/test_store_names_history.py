"""The store's reads for what a restart must not lose from view: the names kept with the seats
(by table, and each member's latest on a server), and a member's rating after each rated game.
Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from store_helpers import ALICE, BOB, CAROL, DAVE, GUILD, OTHER_GUILD, finish_game

from bot.store import GameStore, Seat
from bot.store.ratings import PROVISIONAL_GAMES


async def test_names_kept_with_the_seats(store: GameStore) -> None:
    seats = [Seat.member(ALICE, "Ally"), Seat.member(BOB), Seat.bot("normal")]
    first = await finish_game(store, seats, [10, -5, -5], [0], [3, 0, 0])
    renamed = [Seat.member(ALICE, "Alice B"), Seat.member(BOB, "Bobby"), Seat.bot("normal")]
    second = await finish_game(store, renamed, [0, 10, -10], [1], [0, 3, 0])
    elsewhere = await finish_game(
        store,
        [Seat.member(ALICE, "Other"), Seat.member(CAROL, "Cee"), Seat.member(DAVE, "Dee")],
        [1, 0, -1],
        [0],
        [1, 0, 0],
        guild_id=OTHER_GUILD,
    )

    kept = await store.kept_names(GUILD, [first.id, second.id, elsewhere.id, 999_999])
    assert kept == {first.id: ("Ally", None, None), second.id: ("Alice B", "Bobby", None)}
    assert await store.kept_names(GUILD, []) == {}

    # The latest name kept on this server; a member never named here is left out.
    names = await store.member_names(GUILD, [ALICE, BOB, CAROL, 42])
    assert names == {ALICE: "Alice B", BOB: "Bobby"}
    assert await store.member_names(OTHER_GUILD, [ALICE]) == {ALICE: "Other"}
    assert await store.member_names(GUILD, []) == {}


async def test_a_members_rating_after_each_rated_game(store: GameStore) -> None:
    trio = [Seat.member(ALICE), Seat.member(BOB), Seat.member(CAROL)]
    for k in range(PROVISIONAL_GAMES + 2):
        winner = 0 if k % 3 else 1
        await finish_game(store, trio, [1, 0, -1], [winner], [1, 0, 0], rated=True)
    # An unrated game and another format add nothing to the Run Fast line.
    await finish_game(store, trio, [1, 0, -1], [0], [1, 0, 0], rated=False)
    await finish_game(store, trio, [5, 0, 0], [0], [1, 0, 0], game="hand", rated=True)
    # Another server's games are its own.
    await finish_game(store, trio, [1, 0, -1], [0], [1, 0, 0], guild_id=OTHER_GUILD, rated=True)

    history = await store.rating_history(GUILD, ALICE)
    assert set(history) == {"runfast", "hand"}
    line = history["runfast"]
    assert [r.games for r in line] == list(range(1, PROVISIONAL_GAMES + 3))
    assert [r.provisional for r in line] == [g < PROVISIONAL_GAMES for g in range(1, 13)]
    # The last point is the member's rating now, as the ladder shows it.
    now = (await store.member_ratings(GUILD, ALICE))["runfast"].rating
    assert (line[-1].mu, line[-1].sigma, line[-1].games) == (now.mu, now.sigma, now.games)
    assert len(history["hand"]) == 1
    assert len((await store.rating_history(OTHER_GUILD, ALICE))["runfast"]) == 1
    assert await store.rating_history(GUILD, DAVE) == {}
