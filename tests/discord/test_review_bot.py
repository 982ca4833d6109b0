"""A practice game from /practice to its review through the real bot and SimCord: the Hint in its
stages, the game played to its end, "Review my moves" on the finished table, the items one by
one, and "Try again from here" opening a new practice table at that move with the member to
move."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.tables import choose_computer_move

from .conftest import club, live_table, make_bot, reply
from .test_learn_bot import buttons, ephemerals, with_button

GAMES = ["runfast", "hand", "mor", "more3"]


def custom_id(message: discord.Message, label: str) -> str:
    for row in message.components:
        for c in getattr(row, "children", ()):
            if getattr(c, "label", None) == label:
                return str(c.custom_id)
    raise AssertionError(f"no {label!r} button")


async def hint_in_stages(alice: Any, hand: discord.Message) -> list[str]:
    """Hint, then Show the cards (when the move has cards), then Show the move: each press
    shows more, and the last offers to play it."""
    r = await alice.click(hand, label="Hint")
    answer = reply(r)
    seen = [answer.content]
    assert answer.content.startswith("Hint: "), answer.content
    while buttons(answer.message, "Play the hint") == 0:
        label = "Show the cards" if buttons(answer.message, "Show the cards") else "Show the move"
        answer = reply(await alice.click(answer.message, label=label))
        seen.append(answer.content)
        assert len(seen) <= 3, seen
    assert "went wrong" not in " ".join(seen).lower()
    return seen


async def play_to_the_end(bot: Any, guild_id: int, user_id: int) -> Any:
    """The member's moves straight through the table service (the fast way; the hand's
    controls are tested elsewhere), a careless player's (the random level's), so the review
    has mistakes to find; ready at each round's end."""
    service = bot.service
    live = live_table(bot, guild_id)
    seat = live.seat_of(user_id)
    for _ in range(5000):
        if not service.tables(guild_id) or live.engine.game_over:
            break
        engine = live.engine
        if engine.round_over:
            await service.ready(guild_id, live.id, user_id)
        elif engine.legal_moves(seat):
            rng = random.Random(live.version)
            move = choose_computer_move(engine, seat, "random", rng)
            await service.play(guild_id, live.id, user_id, move)
        await service.idle(guild_id, live.id)
    assert live.engine.game_over
    return live


@pytest.mark.parametrize("game", GAMES)
async def test_practice_hint_review_and_try_again(tmp_path: Path, game: str) -> None:
    bot = make_bot(tmp_path / "bot.db", seed=11)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        r = await alice.slash(channel, "practice", game=game, level="simple")
        stages = await hint_in_stages(alice, with_button(ephemerals(r), "Hint"))
        assert stages[0].startswith("Hint: ") and stages[-1].startswith("Hint: ")

        live = await play_to_the_end(bot, guild.id, alice.id)
        thread = next(th for th in channel.threads if th.id == live.table.thread_id)
        table_message = with_button(thread.history(viewer=alice), "Review my moves")

        r = await alice.click(table_message, label="Review my moves")
        shown = reply(r)
        assert shown.ephemeral
        first = shown.content
        assert first.startswith("**Review of your "), first
        assert "Your move: " in first and "The hard computer player's move: " in first
        assert "better for you" in first
        assert "Moves looked at: " in first
        assert {a.filename for a in shown.message.attachments} >= {"hand.png"}
        if buttons(shown.message, "Next move ▶"):
            r = await alice.click(shown.message, label="Next move ▶")
            second = reply(r)
            assert second.id == shown.id  # the same message steps on
            assert " · 2 of " in second.content and second.content != first
            shown = second

        again = custom_id(shown.message, "Try again from here")
        position = int(again.rsplit(":", 1)[1])
        finished = await bot.store.get_table(guild.id, live.id)  # type: ignore[union-attr]
        assert finished is not None and finished.record is not None
        old_moves = list(finished.record["moves"])
        assert old_moves[position]["seat"] == live.seat_of(alice.id)  # a move of hers
        r = await alice.click(shown.message, label="Try again from here")
        new = live_table(bot, guild.id)
        assert new.id != live.id and new.table.options.get("practice") is True
        assert new.table.options.get("practice_from") == position
        seat = new.seat_of(alice.id)
        assert seat == live.seat_of(alice.id)  # the same seat
        assert [s.computer for i, s in enumerate(new.seats) if i != seat] == ["simple"] * (
            len(new.seats) - 1
        )
        # The new table stands where the reviewed move was made, the member to move.
        assert list(new.engine.record["moves"]) == old_moves[:position]
        assert new.engine.legal_moves(seat)
        stored = await bot.store.get_table(guild.id, new.id)  # type: ignore[union-attr]
        assert stored is not None and stored.version == position  # saved before shown
        hand = with_button(ephemerals(r), "Hint")  # a practice hand, with its Hint
        assert "It's your turn" in hand.content  # her hand, with the moves she may make
        await bot.close()
