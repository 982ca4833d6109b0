"""Mor through the real bot and SimCord: lobby, hands, moves, refusals, restart, leaderboard."""

from __future__ import annotations

from pathlib import Path

import simcord

from cogs.utils.hand_controls import PAGE, SIMPLE

from .conftest import club, hand_message, live_table, make_bot, pick_move, reply


async def setup_world(env):
    guild, channel, (alice, bob, carol) = club(env, "alice", "bob", "carol")
    return guild, channel, alice, bob, carol


async def open_table(env, channel, alice, bob):
    r = await alice.slash(channel, "table new", game="mor", players=4, length="quick")
    assert r.acknowledged
    thread = channel.threads[0]
    lobby = thread.history()[0]
    assert "lobby" in lobby.content
    r = await bob.slash(thread, "table join")
    assert r.ephemeral and "seat 2" in reply(r).content
    await alice.click(thread.history()[0], label="Add computer")
    r = await alice.slash(thread, "table start")
    assert r.ephemeral
    return thread


async def play_member_turn(env, bot, guild, thread, actors) -> bool:
    """One member move through Show my hand and the hand's controls; False if none is due."""
    live = live_table(bot, guild.id)
    engine = live.engine
    if engine.round_over or engine.game_over or engine.turn is None:
        return False
    seat = engine.turn
    uid = live.seats[seat].user_id
    if uid is None or live.automated(seat):
        return False
    actor = actors[uid]
    table_msg = next(m for m in thread.history() if m.id == live.table.message_id)
    r = await actor.click(table_msg, label="Show my hand")
    hand = hand_message(r)
    assert "Your hand" in hand.content
    index, move = pick_move(live, seat)
    if move.do in SIMPLE:
        labels = {
            "draw": "Draw",
            "take": "Take the pile",
            "pass": "Pass",
            "return": "returned a card",
        }
        await actor.click(hand, label=labels[move.do])
    else:
        page = index // PAGE
        while page > 0:
            r = await actor.click(hand, label="Later ▶")
            hand = r.response.message if r.response else hand
            page -= 1
        await actor.select(hand, [str(index)])
    return True


async def test_mor_round_restart_and_refusals(tmp_path: Path):
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        guild, channel, alice, bob, carol = await setup_world(env)
        actors = {alice.id: alice, bob.id: bob}
        thread = await open_table(env, channel, alice, bob)
        live = live_table(bot, guild.id)
        assert live.engine is not None

        # Refusals: one ephemeral sentence each.
        r = await carol.slash(thread, "draw")
        assert r.ephemeral and "not seated" in reply(r).content
        seat = live.engine.turn
        mover = actors[live.seats[seat].user_id]
        other = bob if mover is alice else alice
        r = await other.slash(thread, "draw")
        assert r.ephemeral and "not your turn" in reply(r).content
        table_msg = next(m for m in thread.history() if m.id == live.table.message_id)
        r = await mover.click(table_msg, label="Show my hand")
        old_hand = hand_message(r)
        # Members see only their own hand.
        assert old_hand.id not in {m.id for m in thread.history(viewer=other)}

        # A few moves, then a stale button from an earlier turn.
        for _ in range(3):
            await play_member_turn(env, bot, guild, thread, actors)
        # The hand shown before those moves is from an earlier turn: its buttons say so.
        labels = {getattr(c, "label", None) for row in old_hand.components for c in row.children}
        if "Draw" in labels:
            r = await mover.click(old_hand, label="Draw")
        else:
            r = await mover.select(old_hand, ["0"])
        assert reply(r).ephemeral and "earlier turn" in reply(r).content

        # Restart in the middle of the game: a new bot on the same file.
        state = live.engine.to_json()
        version = live.version
        bot2 = make_bot(db)
        await bot.close()
        await env.restart_bot(bot2)
        live2 = live_table(bot2, guild.id)
        assert live2.version == version and live2.engine.to_json() == state
        assert any("restored" in m.content for m in thread.history())
        for _ in range(400):
            if not await play_member_turn(env, bot2, guild, thread, actors):
                break
        live2 = live_table(bot2, guild.id) if bot2.service.tables(guild.id) else live2
        assert live2.engine.round_over or live2.engine.game_over
        round_over = [m for m in thread.history() if "Round over" in m.content]
        assert round_over
        # The round's score sheet comes as a picture with the message.
        assert any(a.filename == "scores.png" for m in round_over for a in m.attachments)
        await bot2.close()
