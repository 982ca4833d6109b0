"""A member's latest private hand follows the table: after the others move it shows the member's
cards, whose turn it is and the controls for the moves they may make now, without a press of
Show my hand; a burst of the computers' moves is one edit; a hand Discord no longer lets the bot
edit (15 minutes on, or dismissed) is let go without a word, and Show my hand starts afresh; a
member whose seat the computer keeps is no longer edited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from bot.i18n import t
from cogs.utils.hand_controls import PAGE, SIMPLE

from .conftest import club, drawn_at, live_table, make_bot, pick_move, reply
from .test_games_bot import LABELS, open_and_start, table_message


def hand_edits(env: Any, since: int) -> list[Any]:
    """The bot's edits of private hands through an interaction's webhook since ``since``."""
    return [
        e
        for e in env.http_requests[since:]
        if e.method == "PATCH" and e.path.startswith("/webhooks/")
    ]


def cards_of(live: Any, seat: int) -> str:
    return " ".join(str(c) for c in live.engine.view(seat).hand)


async def typed_move(actor: Any, thread: Any, live: Any, seat: int) -> None:
    """The seat's move (as the computer would make it), typed by its member."""
    _, move = pick_move(live, seat)
    d = move.to_dict()
    if move.do == "play":
        r = await actor.slash(thread, "play", cards=" ".join(d["cards"]))
    else:
        r = await actor.slash(thread, "pass")
    assert r.ephemeral and "Done" in reply(r).content, reply(r).content


async def hand_move(actor: Any, hand: Any, live: Any, seat: int) -> Any:
    """The seat's move made from the controls of ``hand`` (a message as Discord holds it now)."""
    index, move = pick_move(live, seat)
    if move.do in SIMPLE:
        return await actor.click(hand, label=LABELS[move.do])
    for _ in range(index // PAGE):
        r = await actor.click(hand, label="Later ▶")
        hand = r.response.message
    return await actor.select(hand, [str(index)])


async def test_the_last_hand_follows_the_table(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        thread, _ = await open_and_start(channel, alice, bob, "runfast", timer=0)
        live = live_table(bot, guild.id)
        mine = live.seat_of(alice.id)
        shown = await alice.click(table_message(thread, live), label=t("btn_hand", "en"))
        hand = reply(shown)  # read afresh at each look: the message as Discord holds it now
        presses, turns = 1, 0
        for _ in range(60):
            if not bot.service.tables(guild.id):
                break  # the deal is over
            seat = live.engine.turn
            if seat != mine:
                before = hand.content
                await typed_move(bob, thread, live, seat)
                if bot.service.tables(guild.id) and live.engine.turn == mine:
                    # Bob (and maybe the computer after him) moved: Alice's hand says it is her
                    # turn and offers her moves now, though she pressed nothing.
                    assert hand.content != before
                continue
            assert cards_of(live, mine) in hand.content
            assert t("hand_your_turn", "en") in hand.content
            assert drawn_at(hand.message) == live.version
            r = await hand_move(alice, hand.message, live, mine)
            assert r.response is not None and r.response.id == hand.id  # played in place
            turns += 1
        assert turns >= 3, turns
        assert presses == 1
        # The deal is over: her hand is left without a control to press.
        assert not bot.service.tables(guild.id) and not hand.message.components
        await bot.close()


async def alone(env: Any, game: str, **options: Any) -> tuple[Any, Any, Any]:
    """Alice alone at ``game`` with computers in the other seats: (guild, thread, alice)."""
    guild, channel, (alice,) = club(env, "alice")
    await alice.slash(channel, "table new", game=game, **options)
    thread = channel.threads[0]
    await alice.slash(thread, "table start")
    return guild, thread, alice


async def test_the_computers_quick_moves_are_one_edit(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, thread, alice = await alone(env, "runfast", timer=0)
        live = live_table(bot, guild.id)
        mine = live.seat_of(alice.id)
        assert live.engine.turn == mine  # the computers have played up to her
        hand = reply(await alice.click(table_message(thread, live), label="Show my hand"))
        bursts = 0
        for _ in range(20):
            if not bot.service.tables(guild.id):
                break
            assert live.engine.turn == mine and drawn_at(hand.message) == live.version
            moves = len(live.engine.record["moves"])
            since = len(env.http_requests)
            await hand_move(alice, hand.message, live, mine)
            if not bot.service.tables(guild.id):
                break
            # Her move and the two computers' after it: her hand is edited in place by her
            # move, then once more when the computers have played, not once a computer.
            assert len(live.engine.record["moves"]) - moves == 3
            assert len(hand_edits(env, since)) == 2, hand_edits(env, since)
            bursts += 1
        assert bursts >= 3, bursts
        await bot.close()


async def test_an_expired_hand_is_let_go_and_the_button_starts_afresh(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "runfast", timer=0)
        live = live_table(bot, guild.id)
        mine = live.seat_of(alice.id)
        old = reply(await alice.click(table_message(thread, live), label="Show my hand"))
        kept = old.content
        # Discord lets an interaction's replies be edited for 15 minutes, no longer.
        await env.advance_time(15 * 60)
        since = len(env.http_requests)
        for _ in range(3):  # typed moves all round: the table changes, Alice's cards too
            await typed_move(
                actors[live.seats[live.engine.turn].user_id], thread, live, live.engine.turn
            )
        assert not hand_edits(env, since), "no edit is tried through an expired interaction"
        assert old.content == kept
        # Nothing went wrong that anyone hears of: no apology anywhere.
        sorry = t("error", "en")
        assert not [m for m in thread.history() if sorry in m.content]
        # Show my hand: a fresh hand, kept up to date from here on.
        fresh = reply(await alice.click(table_message(thread, live), label="Show my hand"))
        before = fresh.content
        since = len(env.http_requests)
        for _ in range(3):
            await typed_move(
                actors[live.seats[live.engine.turn].user_id], thread, live, live.engine.turn
            )
        assert hand_edits(env, since) and fresh.content != before
        assert cards_of(live, mine) in fresh.content
        assert old.content == kept
        await bot.close()


async def test_a_hand_discord_no_longer_knows_is_let_go(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "runfast", timer=0)
        live = live_table(bot, guild.id)
        reply(await alice.click(table_message(thread, live), label="Show my hand"))
        # The member dismissed it, say: Discord answers the edit with Unknown Message.
        env.inject_error("PATCH", "/webhooks/*", status=404, code=10008, message="Unknown Message")
        since = len(env.http_requests)
        for _ in range(6):
            await typed_move(
                actors[live.seats[live.engine.turn].user_id], thread, live, live.engine.turn
            )
        assert len(hand_edits(env, since)) == 1, "one edit tried, refused, and no more"
        assert not [m for m in thread.history() if t("error", "en") in m.content]
        await bot.close()


async def test_a_seat_the_computer_keeps_gets_no_more_edits(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", 14, bot_delay=1)
    async with simcord.run(bot) as env:
        guild, thread, alice = await alone(env, "more3", timer=10)
        live = live_table(bot, guild.id)
        mine = live.seat_of(alice.id)

        async def wait_for_alice() -> None:
            for _ in range(60):  # a computer moves each second
                if live.engine.turn == mine or live.engine.round_over:
                    return
                await env.advance_time(1)

        await wait_for_alice()
        hand = reply(await alice.click(table_message(thread, live), label="Show my hand"))
        await env.advance_time(11)  # her first missed turn: the computer moves for her
        assert not live.taken_over(mine)
        await wait_for_alice()
        assert cards_of(live, mine) in hand.content  # still hers, still kept
        await env.advance_time(11)  # the second: the computer keeps her seat from now on
        assert live.taken_over(mine)
        since, shown = len(env.http_requests), hand.content
        moved = len(live.engine.record["moves"])
        for _ in range(300):  # the computers play every seat now, to the round's end
            if live.engine.round_over:
                break
            await env.advance_time(1)
        assert live.engine.round_over and len(live.engine.record["moves"]) - moved >= 10
        assert not hand_edits(env, since) and hand.content == shown
        await bot.close()
