"""The end of a game through the real bot and SimCord, and the computers' names: a Run Fast game
(one deal) with two computers played to its end; the computers are Gulf and Levant names with
their seats, "Winner:" names the one who won; the table message becomes final (standings best first, the
pearls, a Rematch button and no other); Rematch refuses a member who was not seated, survives a
restart, and opens a lobby with the same seats in the same thread."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import simcord

import render.fonts as fonts
from bot.computers.pool import choose_computer_move
from bot.i18n import LANGUAGES, t
from bot.store.models import Seat, Status
from bot.tables import COMPUTER_NAMES, computer_name_key, public_view
from cogs.utils.words import names_of
from render import render_table, samples
from tests.render.test_phone import TABLES, TextDraw, drawn  # noqa: F401 (a fixture)

from .conftest import club, live_table, make_bot, play_runfast_out, reply

SEED = 2024  # Run Fast's one deal, short when everyone plays like the computer


def labels(message: Any) -> list[str]:
    return [getattr(c, "label", None) for row in message.components for c in row.children]


def message(thread: Any, message_id: int) -> Any:
    return next(m for m in thread.history() if m.id == message_id)


async def play_to_the_end(bot: Any, guild: Any, thread: Any, alice: Any) -> Any:
    """Alice's turns by typed /play and /pass (the computer's choice for her seat), the
    computers' by themselves, until the deal, and so the game, is over."""
    live = live_table(bot, guild.id)
    for _ in range(300):
        if not bot.service.tables(guild.id):
            break
        engine = live.engine
        seat = engine.turn
        assert live.seats[seat].user_id == alice.id, "a computer's turn was left waiting"
        move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
        if move.do == "pass":
            r = await alice.slash(thread, "pass")
        else:
            r = await alice.slash(thread, "play", cards=" ".join(move.to_dict()["cards"]))
        assert r.ephemeral and "Done" in reply(r).content, reply(r).content
    assert live.engine.game_over
    return live


async def test_game_over_final_table_and_rematch(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db, SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        r = await alice.slash(channel, "table new", game="runfast")
        assert r.acknowledged
        thread = channel.threads[0]
        r = await alice.slash(thread, "table bot", level="hard")
        assert r.ephemeral
        live = live_table(bot, guild.id)
        # The lobby names the computer and its level.
        hard = t(computer_name_key(live.id, 1), "en")
        lobby = message(thread, live.table.message_id)
        assert f"Seat 2: {hard}, computer (hard)" in lobby.content, lobby.content
        r = await alice.slash(thread, "table start")  # seat 3: a normal computer
        assert r.ephemeral
        assert live.seats[1:] == (Seat.bot("hard"), Seat.bot("normal"))

        # Two computers, two names from the list, each with its seat; the table says them.
        normal = t(computer_name_key(live.id, 2), "en")
        english = [t(f"computer.name.{k}", "en") for k in range(1, COMPUTER_NAMES + 1)]
        assert hard != normal and {hard, normal} <= set(english)
        names = names_of(bot, live)
        assert names[1:] == [f"{hard} (computer, seat 2)", f"{normal} (computer, seat 3)"]
        assert not any("Computer (normal)" in m.content for m in thread.history())
        # The same names in the server's other languages: Arabic's and Hindi's own letters.
        for lang in ("ar", "hi"):
            local = names_of(bot, live, lang)
            assert t(computer_name_key(live.id, 1), lang) in local[1]
            assert hard not in local[1] and "2" in local[1]

        live = await play_to_the_end(bot, guild, thread, alice)
        engine = live.engine
        names = names_of(bot, live)
        totals = public_view(engine).totals
        pearls = engine.pearls()

        # "Game over. Winner: …" names the winner by the table's name for it: one winner, so
        # the label is singular (Run Fast's deal has one).
        said = [m.content for m in thread.history()]
        won = next(c for c in said if "Game over. Winner" in c)
        assert len(engine.winners) == 1 and "Game over. Winner: " in won, won
        assert all(names[s] in won for s in engine.winners), won

        # The table message is final: the winner first (in Run Fast whoever went out first),
        # then the others by their total, each total, the pearls beside the winners, and only
        # a Rematch button (no move, no Show my hand).
        final = message(thread, live.table.message_id)
        lines = final.content.splitlines()
        assert lines[0] == f"Run Fast table #{live.id}: game over", final.content
        winner = engine.winners[0]
        assert lines[1] == f"{names[winner]} went out first and won. The settlement:"
        others = sorted((s for s in range(3) if s != winner), key=lambda s: -totals[s])
        best_first = [winner, *others]
        standing = lines[2:5]
        for line, seat in zip(standing, best_first, strict=True):
            assert names[seat] in line and f"{totals[seat]:g}" in line, final.content
            if pearls.get(seat):
                assert line.endswith(f", {pearls[seat]} pearls"), line
            else:
                assert "pearl" not in line, line
        assert standing[0].startswith("1. ")
        assert "Rematch" in lines[-1]
        assert labels(final) == ["Rematch"]

        # Someone who was not seated is refused in one sentence, and nothing opens.
        r = await bob.click(final, label="Rematch")
        assert reply(r).ephemeral
        assert reply(r).content == f"Only the players of table #{live.id} can start its rematch."
        saved = await bot.service.store.unfinished_tables(guild.id)
        assert saved == []

        # After a restart the button still works: the old table comes from the store.
        bot2 = make_bot(db, SEED)
        await bot.close()
        await env.restart_bot(bot2)
        assert bot2.service.tables(guild.id) == []
        r = await alice.click(final, label="Rematch")
        assert reply(r).ephemeral and "Rematch opened" in reply(r).content, reply(r).content
        new = live_table(bot2, guild.id)
        assert new.id != live.id and new.table.status == Status.LOBBY
        assert new.seats == (Seat.member(alice.id), Seat.bot("hard"), Seat.bot("normal"))
        assert (new.table.game, new.table.thread_id) == ("runfast", thread.id)
        assert f"#{new.id}" in reply(r).content
        # Its lobby is posted in the same thread, its computers named by the new table.
        posted = message(thread, new.table.message_id)
        assert f"table #{new.id}" in posted.content and "Start" in labels(posted)
        assert t(computer_name_key(new.id, 1), "en") in posted.content
        # A second press points at the rematch already open instead of opening another.
        r = await alice.click(final, label="Rematch")
        assert reply(r).content == f"The rematch is already open: table #{new.id}."
        assert len(bot2.service.tables(guild.id)) == 1
        # The host starts it: the same three seats play again.
        r = await alice.slash(thread, "table start")
        assert r.ephemeral and new.engine is not None
        await bot2.close()


async def test_a_rematch_calls_the_other_members(tmp_path: Path) -> None:
    """A member who presses Rematch hosts the new lobby; the others are pinged to it, and
    they alone (allowed mentions), and the lobby keeps everyone's seat."""
    bot = make_bot(tmp_path / "bot.db", SEED)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        await alice.slash(channel, "table new", game="runfast")
        thread = channel.threads[0]
        await bob.slash(thread, "table join")
        await alice.slash(thread, "table start")
        live = await play_runfast_out(bot, guild, thread, {alice.id: alice, bob.id: bob})
        final = message(thread, live.table.message_id)
        r = await bob.click(final, label="Rematch")
        assert reply(r).ephemeral and "Rematch opened" in reply(r).content
        new = live_table(bot, guild.id)
        assert new.table.host_id == bob.id
        assert new.seats == (Seat.member(alice.id), Seat.member(bob.id), Seat.bot("normal"))
        call = thread.history()[-1]
        assert f"<@{alice.id}>" in call.content and f"#{new.id}" in call.content
        assert "Leave" in call.content
        await bot.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "n"), TABLES)
def test_computer_names_fit_the_plates_whole(
    game: str,
    n: int,
    lang: str,
    drawn: tuple[list[TextDraw], list[Any]],  # noqa: F811 (the fixture imported above)
) -> None:
    """Every computer name, in every language, on every plate of every table, with the turn's
    arrow and the dealer's button beside it: drawn whole, never shortened with an ellipsis."""
    texts, _ = drawn
    everyone = [t(f"computer.name.{k}", lang) for k in range(1, COMPUTER_NAMES + 1)]
    base = samples.midgame(game, n)
    for first in range(0, COMPUTER_NAMES, n):
        names = [everyone[(first + i) % COMPUTER_NAMES] for i in range(n)]
        for seat in range(n):
            view = replace(base, dealer=seat, turn=seat)
            render_table(view, names, computers=set(range(n)), lang=lang)
    bold = {d.text for d in texts if d.weight == fonts.BOLD}
    assert set(everyone) <= bold, set(everyone) - bold
    assert not [d for d in bold if d.endswith("…")]
