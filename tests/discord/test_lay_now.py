"""Lay it now: after taking the top discard (More), the hand offers a button that lays a legal
meld using the taken card, as the engine lists it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from .conftest import club, hand_message, live_table, make_bot
from .test_games_bot import member_move, open_and_start, table_message


def labels(message: Any) -> set[str]:
    return {getattr(c, "label", None) for row in message.components for c in row.children}


async def test_lay_it_now_after_taking_the_discard(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", 14)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "more3")
        live = live_table(bot, guild.id)
        hands: dict[int, Any] = {}
        laid = False
        for _ in range(600):
            engine = live.engine
            if engine.round_over:
                break
            seat = engine.turn
            takes = seat is not None and any(m.do == "take" for m in engine.legal_moves(seat))
            if takes and not live.automated(seat):
                actor = actors[live.seats[seat].user_id]
                r = await actor.click(table_message(thread, live), label="Show my hand")
                r = await actor.click(hand_message(r), label="Take the pile")
                assert engine.view(seat).must_lay
                # The take edits that same hand in place, with the button to lay it now.
                assert r.response is not None and not r.followups
                hand = r.response.message
                assert "Lay it now" in labels(hand)
                melds = len(engine.record["moves"])
                r = await actor.click(hand, label="Lay it now")
                assert len(engine.record["moves"]) > melds
                assert not engine.view(seat).must_lay
                laid = True
                break
            if not await member_move(bot, guild, thread, actors, hands):
                break
        assert laid, "no member could take the discard in this deal"
        await bot.close()
