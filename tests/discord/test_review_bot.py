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

from bot.i18n import t
from cogs.utils.hand_controls import PAGE

from .conftest import closed_channel, club, live_table, make_bot, pick_move, reply
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


def typed(move: Any) -> tuple[str, dict[str, Any]] | None:
    """The slash command that makes ``move``, with its options (None: a lay that also adds
    to melds, which only the hand's menu makes)."""
    d = move.to_dict()
    if move.do in ("draw", "take", "pass", "return"):
        return move.do, {}
    if move.do == "discard":
        return "discard", {"card": d["card"]}
    if move.do in ("meld", "play"):
        return move.do, {"cards": " ".join(d["cards"])}
    if move.do in ("add", "swap"):
        end = {"end": d["end"]} if d.get("end") else {}
        return move.do, {"meld": d["meld"], "cards": " ".join(d["cards"]), **end}
    if move.do == "bid":
        return "bid", {"chips": d["chips"]}
    if move.do == "lay" and not d["adds"]:
        return "lay", {"melds": " | ".join(" ".join(m) for m in d["melds"])}
    return None


async def play_to_the_end(bot: Any, guild_id: int, thread: Any, alice: Any) -> Any:
    """Alice plays her practice game to its end by typed commands in its thread, carelessly (a
    random move among those a command makes, so the review has mistakes to find), and presses
    Ready under each round's score sheet."""
    live = live_table(bot, guild_id)
    seat = live.seat_of(alice.id)
    for _ in range(5000):
        engine = live.engine
        if engine.game_over:
            break
        if engine.round_over:
            table_message = next(m for m in thread.history() if m.id == live.table.message_id)
            await alice.click(table_message, label="Ready for the next round")
            continue
        moves = [m for m in engine.legal_moves(seat) if typed(m) is not None]
        assert moves, "her turn with no move a command makes"
        command, options = typed(random.Random(live.version).choice(moves))  # type: ignore[misc]
        r = await alice.slash(thread, command, **options)
        assert r.ephemeral and "Done" in reply(r).content, reply(r).content
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

        thread = channel.threads[0]
        live = await play_to_the_end(bot, guild.id, thread, alice)
        table_message = with_button(thread.history(viewer=alice), "Review my moves")

        r = await alice.click(table_message, label="Review my moves")
        shown = reply(r)
        assert shown.ephemeral
        first = shown.content
        assert first.startswith("**Review of your "), first
        assert "Your move: " in first and "The hard computer player's move: " in first
        # The margin's line: the points measured, or, for a move a rule of thumb faults where
        # the count can't tell the two apart, that the rule is the reason.
        assert "better for you" in first or t("review.margin_unclear") in first
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
        # In a new private thread of the channel, which she is told of.
        assert new.table.thread_id not in (None, live.table.thread_id)
        assert new.table.channel_id == channel.id
        told = f"Your move again, at table #{new.id}: <#{new.table.thread_id}>."
        assert any(m.content == told for m in ephemerals(r)), [m.content for m in ephemerals(r)]
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


async def test_review_buttons_work_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db, seed=11)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "practice", game="runfast", level="simple")
        thread = channel.threads[0]
        live = await play_to_the_end(bot, guild.id, thread, alice)
        table_message = with_button(thread.history(viewer=alice), "Review my moves")
        bot2 = make_bot(db, seed=11)
        await bot.close()
        await env.restart_bot(bot2)
        # The finished table's button, drawn by the bot before the restart, still answers.
        r = await alice.click(table_message, label="Review my moves")
        shown = reply(r)
        assert shown.ephemeral and shown.content.startswith("**Review of your Run Fast game")
        r = await alice.click(shown.message, label="Try again from here")
        assert with_button(ephemerals(r), "Hint")  # her new practice table's hand
        again = live_table(bot2, guild.id)
        assert again.id != live.id and "practice_from" in again.table.options
        await bot2.close()


async def test_a_practice_table_without_a_thread_ends_with_its_review(tmp_path: Path) -> None:
    # Where the bot may not make private threads, the practice table lives in the member's
    # private hand: the message her last move edits is where the finished table's controls go.
    bot = make_bot(tmp_path / "bot.db", seed=11)
    async with simcord.run(bot) as env:
        guild, _, (alice,) = club(env, "alice")
        closed = closed_channel(guild)
        r = await alice.slash(closed, "practice", game="runfast", level="simple")
        live = live_table(bot, guild.id)
        assert live.table.thread_id is None
        seat = live.seat_of(alice.id)
        hand = ephemerals(r)[-1]
        for _ in range(200):
            if live.engine.game_over:
                break
            index, move = pick_move(live, seat)
            if move.do == "pass":
                r = await alice.click(hand, label="Pass")
            else:  # from the menu's first page, which holds the first moves the engine lists
                r = await alice.select(hand, [str(index if index < PAGE else 1)])
            assert r.response is not None and r.response.id == hand.id, reply(r).content
            hand = r.response.message  # the move edits the hand in place
        assert live.engine.game_over and not bot.service.tables(guild.id)  # type: ignore[union-attr]
        # The last move's message is the finished table: its result, Rematch and the review.
        assert "Done" in hand.content and "Run Fast" in hand.content, hand.content
        assert buttons(hand, "Rematch") == 1 and buttons(hand, "Review my moves") == 1
        r = await alice.click(hand, label="Review my moves")
        shown = reply(r)
        assert shown.ephemeral and "Moves looked at: " in shown.content, shown.content
        await bot.close()


async def test_the_review_steps_through_the_moves_in_the_order_played(tmp_path: Path) -> None:
    # Once by margin, so "Next move" could step back to an earlier turn of the game. (Seed 13:
    # a game whose review holds several moves, now that the review never flags the hint's own.)
    bot = make_bot(tmp_path / "bot.db", seed=13)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "practice", game="runfast", level="simple")
        thread = channel.threads[0]
        await play_to_the_end(bot, guild.id, thread, alice)
        table_message = with_button(thread.history(viewer=alice), "Review my moves")
        shown = reply(await alice.click(table_message, label="Review my moves"))
        positions = [int(custom_id(shown.message, "Try again from here").rsplit(":", 1)[1])]
        while buttons(shown.message, "Next move ▶"):
            shown = reply(await alice.click(shown.message, label="Next move ▶"))
            positions.append(int(custom_id(shown.message, "Try again from here").rsplit(":", 1)[1]))
        assert len(positions) >= 2, positions
        assert positions == sorted(positions)
        await bot.close()


async def test_each_reviewed_move_says_its_move_number_and_what_was_not_checked(
    tmp_path: Path,
) -> None:
    """Issue 61, as in the terminal: each item names the member's move number (the terminal's
    ``again N`` takes the same number), and the moves not checked are said for what they were,
    the forced ones counted from the record."""
    from bot.learning.review import decisions
    from bot.replay import Replay

    bot = make_bot(tmp_path / "bot.db", seed=13)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "practice", game="runfast", level="simple")
        thread = channel.threads[0]
        live = await play_to_the_end(bot, guild.id, thread, alice)
        seat = live.seat_of(alice.id)
        finished = await bot.store.get_table(guild.id, live.id)  # type: ignore[union-attr]
        assert finished is not None and finished.record is not None
        replay = Replay(finished.record)
        mine = [d.position for d in decisions(replay, seat)]
        forced = sum(len(replay.engine_at(p).legal_moves(seat)) == 1 for p in mine)
        assert forced, "no forced pass: the test would not show the count"

        table_message = with_button(thread.history(viewer=alice), "Review my moves")
        shown = reply(await alice.click(table_message, label="Review my moves"))
        said = f"Not checked because only one move was allowed there (a forced move): {forced}."
        assert said in shown.content, shown.content
        while True:
            title = shown.content.split("\n", 1)[0]
            position = int(custom_id(shown.message, "Try again from here").rsplit(":", 1)[1])
            number = mine.index(position) + 1
            assert title.endswith(f", your move {number}**"), title
            if not buttons(shown.message, "Next move ▶"):
                break
            shown = reply(await alice.click(shown.message, label="Next move ▶"))
        await bot.close()
