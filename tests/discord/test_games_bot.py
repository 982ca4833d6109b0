"""One round of More (with and without bidding), Hand and Run Fast through the real bot and SimCord.

Members move by slash command where the game has one for the move (/discard, /play, /pass, /bid)
and through Show my hand's buttons and menu otherwise, so both paths play whole rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from cogs.utils.hand_controls import PAGE, SIMPLE

from .conftest import club, drawn_at, hand_message, live_table, make_bot, pick_move, reply

LABELS = {"draw": "Draw", "take": "Take the pile", "pass": "Pass", "return": "returned a card"}


async def open_and_start(
    channel: Any, host: Any, guest: Any, game: str, **options: Any
) -> tuple[Any, Any]:
    r = await host.slash(channel, "table new", game=game, **options)
    assert r.acknowledged
    thread = channel.threads[0]
    r = await guest.slash(thread, "table join")
    assert r.ephemeral and "seat 2" in reply(r).content
    # The third seat: a computer on Start.
    r = await host.slash(thread, "table start")
    assert r.ephemeral
    return thread, thread.history()[0]


def table_message(thread: Any, live: Any) -> Any:
    return next(m for m in thread.history() if m.id == live.table.message_id)


def due_member(live: Any) -> int | None:
    """A member's seat that has a move to make now (one turn, or simultaneous bids)."""
    engine = live.engine
    if engine.round_over or engine.game_over:
        return None
    seats = [engine.turn] if engine.turn is not None else range(engine.n_seats)
    for seat in seats:
        s = live.seats[seat]
        member = s is not None and s.user_id is not None and not live.automated(seat)
        if member and engine.legal_moves(seat):
            return seat
    return None


async def member_move(
    bot: Any, guild: Any, thread: Any, actors: dict[int, Any], hands: dict[int, Any]
) -> bool:
    """One member move; ``hands`` keeps the hand each member was last sent, reused while it is
    current (after a draw the hand is edited in place to go on with, as a player would use it)."""
    if not bot.service.tables(guild.id):
        return False  # the game is over (Run Fast is a single deal)
    live = live_table(bot, guild.id)
    seat = due_member(live)
    if seat is None:
        return False
    actor = actors[live.seats[seat].user_id]
    index, move = pick_move(live, seat)
    d = move.to_dict()
    if move.do == "discard":
        r = await actor.slash(thread, "discard", card=str(d["card"]))
    elif move.do == "play":
        r = await actor.slash(thread, "play", cards=" ".join(d["cards"]))
    elif move.do == "bid":
        r = await actor.slash(thread, "bid", chips=int(d["chips"]))
    elif move.do == "pass" and live.version % 2:
        r = await actor.slash(thread, "pass")
    else:
        hand = hands.get(actor.id)
        if hand is None or drawn_at(hand) != live.version:
            r = await actor.click(table_message(thread, live), label="Show my hand")
            hand = hand_message(r)
        if move.do in SIMPLE:
            r = await actor.click(hand, label=LABELS[move.do])
        else:
            for _ in range(index // PAGE):
                r = await actor.click(hand, label="Later ▶")
                hand = r.response.message if r.response else hand
            r = await actor.select(hand, [str(index)])
        # The move edits that hand in place: it is the hand to go on with.
        if r.response is not None and r.response.ephemeral:
            hands[actor.id] = r.response.message
        return True
    # A typed move is confirmed privately (or refused, which would be a bug in this test).
    assert r.ephemeral and "Done" in reply(r).content, reply(r).content
    return True


async def check_private_hands(
    bot: Any, guild: Any, thread: Any, members: list[Any], live: Any
) -> None:
    """Each member's hand is theirs alone: their own cards, invisible to the other."""
    shown = {}
    for m in members:
        r = await m.click(table_message(thread, live), label="Show my hand")
        msg = hand_message(r)
        seat = live.seat_of(m.id)
        cards = " ".join(str(c) for c in live.engine.view(seat).hand)
        assert cards in msg.content
        shown[m.id] = msg.id
    for m in members:
        visible = {x.id for x in thread.history(viewer=m)}
        for other, mid in shown.items():
            assert (mid in visible) == (other == m.id)


# Seeds whose first round is short when everyone plays like the computer (so each test stays
# well under a minute: SimCord's settling grows with the interactions in one world).
@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [
        ("more3", {"bid": False}, 14),
        ("more3", {"bid": True}, 14),
        ("hand", {}, 21),
        ("runfast", {}, 2024),
    ],
    ids=["more3", "more3-bid", "hand", "runfast"],
)
async def test_one_round(tmp_path: Path, game: str, options: dict[str, Any], seed: int) -> None:
    bot = make_bot(tmp_path / "bot.db", seed)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, game, **options)
        live = live_table(bot, guild.id)
        assert live.engine is not None and live.seats[2].is_computer
        await check_private_hands(bot, guild, thread, [alice, bob], live)

        hands: dict[int, Any] = {}
        for _ in range(600):
            if not await member_move(bot, guild, thread, actors, hands):
                break
        assert live.engine.round_over or live.engine.game_over
        # The score sheet (Run Fast is one deal: its round's end is the game's).
        said = "Game over" if live.engine.game_over else "Round over"
        assert any(said in m.content for m in thread.history())
        sheets = [a for m in thread.history() if said in m.content for a in m.attachments]
        assert any(a.filename == "scores.png" for a in sheets)
        # Someone's moves were announced on the live table along the way.
        # (at game over the table shows its final standings instead)
        shown = table_message(thread, live).content
        assert ("went out first" if live.engine.game_over else "Last move —") in shown
        await bot.close()
