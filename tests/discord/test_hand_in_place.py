"""The private hand feels finished: a move from its buttons or menu edits that same hand in place
(the confirmation first, then the new hand and only the controls that still apply), a control
from an earlier turn says whether it was a menu or a button, a typed move answers the member
before the table changes, and More's sealed bidding has its own screen and a /bid of 0 to 3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import simcord

from bot.games.base import Draw
from bot.i18n import names_list, t
from bot.i18n.moves import move_words
from cogs.utils.words import names_of

from .conftest import club, drawn_at, hand_message, live_table, make_bot, pick_move, reply
from .test_games_bot import due_member, member_move, open_and_start, table_message


def controls(message: Any) -> list[Any]:
    return [c for row in message.components for c in row.children]


def labels(message: Any) -> list[str | None]:
    return [getattr(c, "label", None) for c in controls(message)]


def menus(message: Any) -> list[Any]:
    return [c for c in controls(message) if isinstance(c, discord.SelectMenu)]


async def test_a_move_from_the_hand_edits_it_in_place(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", 14)
    async with simcord.run(bot) as env:
        guild, channel, (amira, bob) = club(env, "amira", "bob")
        await amira.slash(channel, "preferences", language="ar")
        actors = {amira.id: amira, bob.id: bob}
        thread, _ = await open_and_start(channel, amira, bob, "more3")
        live = live_table(bot, guild.id)
        hands: dict[int, Any] = {}
        # Play on until Amira is to draw.
        for _ in range(200):
            seat = due_member(live)
            mine = seat is not None and live.seats[seat].user_id == amira.id
            if mine and any(m.do == "draw" for m in live.engine.legal_moves(seat)):
                break
            assert await member_move(bot, guild, thread, actors, hands)
        else:
            raise AssertionError("Amira never came to draw")
        show = t("btn_hand", "en")  # the table's buttons speak the server's language
        hand = hand_message(await amira.click(table_message(thread, live), label=show))
        other = hand_message(await amira.click(table_message(thread, live), label=show))
        before = live.version

        # Draw from the hand's button: that same message becomes the hand to go on with.
        r = await amira.click(hand, label=t("btn_draw", "ar"))
        assert not r.followups, [f.content for f in r.followups]
        assert r.response is not None and r.response.id == hand.id and r.response.ephemeral
        done = t("move_done", "ar", move=move_words(Draw(), "ar"))
        lines = r.response.content.splitlines()
        assert lines[0] == done
        cards = live.engine.view(seat).hand
        assert " ".join(str(c) for c in cards) in r.response.content  # the new hand's text
        hand = r.response.message
        assert live.version > before and drawn_at(hand) == live.version
        assert t("btn_draw", "ar") not in labels(hand)
        assert menus(hand), "the discards and lays come in the edited hand's menu"
        assert any(a.filename == "hand.png" for a in r.response.attachments)

        # The other hand, drawn before the draw: its button is from an earlier turn.
        r = await amira.click(other, label=t("btn_draw", "ar"))
        assert reply(r).ephemeral and reply(r).content == t("stale", "ar")
        # A hand shown now, whose menu the discard below makes stale.
        later = hand_message(await amira.click(table_message(thread, live), label=show))
        assert menus(later)

        # Throw a card from the edited hand's menu: edited again, and no controls are left now
        # that it is someone else's turn.
        legal = live.engine.legal_moves(seat)
        index = next(i for i, m in enumerate(legal) if m.do == "discard")
        assert index < 25, "the discard is on the menu's first page"
        r = await amira.select(hand, [str(index)])
        assert not r.followups, [f.content for f in r.followups]
        assert r.response is not None and r.response.id == hand.id
        said = t("move_done", "ar", move=move_words(legal[index], "ar"))
        assert r.response.content.splitlines()[0] == said
        assert live.engine.turn != seat
        assert controls(r.response.message) == []

        # The later hand's menu is from an earlier turn, and says menu, not button.
        r = await amira.select(later, ["0"])
        assert reply(r).ephemeral and reply(r).content == t("stale_menu", "ar")
        assert t("stale_menu", "en").startswith("That menu is from an earlier turn")
        await bot.close()


async def test_a_typed_move_answers_before_the_table_changes(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "runfast")
        live = live_table(bot, guild.id)
        checked = 0
        for _ in range(20):
            seat = due_member(live)
            if seat is None:
                break
            _, move = pick_move(live, seat)
            actor = actors[live.seats[seat].user_id]
            before = len(env.http_requests)
            if move.do == "play":
                r = await actor.slash(thread, "play", cards=" ".join(move.to_dict()["cards"]))
            else:
                r = await actor.slash(thread, "pass")
            # The first answer is the confirmation itself.
            assert r.response is not None and r.response.ephemeral
            assert r.response.content == t("move_done", "en", move=move_words(move, "en"))
            made = [f"{e.method} {e.path}" for e in env.http_requests[before:]]
            table_edit = f"PATCH /channels/{thread.id}/messages/{live.table.message_id}"
            answer = next(i for i, m in enumerate(made) if m.endswith("/callback"))
            assert table_edit in made, made
            assert answer < made.index(table_edit), made
            checked += 1
        assert checked
        # A typed move that is refused is still one sentence, and the table is left alone.
        seat = due_member(live)
        if seat is not None:
            waiting = next(m for m in (alice, bob) if live.seat_of(m.id) != seat)
            r = await waiting.slash(thread, "pass")
            assert r.ephemeral and "not your turn" in reply(r).content
        await bot.close()


async def test_more_bidding_has_its_own_screen(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", 14)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        thread, _ = await open_and_start(channel, alice, bob, "more3", bid=True)
        live = live_table(bot, guild.id)
        engine = live.engine
        assert engine.phase == "bid"
        seat = due_member(live)
        assert seat is not None and engine.turn == seat
        mover = alice if live.seats[seat].user_id == alice.id else bob
        waiter = bob if mover is alice else alice
        names = names_of(bot, live)
        show = t("btn_hand", "en")

        r = await mover.click(table_message(thread, live), label=show)
        screen = reply(r)
        assert "Your hand (0" not in screen.content
        assert t("bid.title", "en") in screen.content
        assert t("bid.explain", "en", low=0, high=3) in screen.content
        assert t("bid.your_turn", "en") in screen.content
        assert not [a for a in screen.attachments if a.filename == "hand.png"]
        bids = [f"Bid {c}" for c in range(4)]
        assert [x for x in labels(screen.message) if x in bids] == bids
        r = await waiter.click(table_message(thread, live), label=show)
        waiting = reply(r)
        assert t("bid.waiting", "en", name=names[seat]) in waiting.content
        assert not [x for x in labels(waiting.message) if x in bids]

        # Bid from the screen: edited in place; the bid is the member's own secret.
        since = len(env.http_requests)
        r = await mover.click(screen.message, label="Bid 2")
        assert not r.followups and r.response is not None and r.response.id == screen.id
        # The edit answering the click confirms the bid; the screen then follows the others'
        # bids (cogs.utils.live_hands), so it may have been edited again since.
        edits = [
            e.json["content"]
            for e in env.http_requests[since:]
            if e.method == "PATCH" and e.path.startswith("/webhooks/")
        ]
        bid = move_words({"do": "bid", "chips": 2})
        assert edits and edits[0].splitlines()[0] == t("move_done", "en", move=bid)
        content = r.response.content
        assert t("bid.yours", "en", chips=2) in content
        assert not [x for x in labels(r.response.message) if x in bids]
        # The others see that the mover has bid, not how much.
        r = await waiter.click(table_message(thread, live), label=show)
        seen = reply(r).content
        assert t("bid.title", "en") in seen
        # Exactly who has bid, in seat order, and no amount.
        bidders = names_list([names[s] for s in range(3) if engine.bids[s] is not None], "en")
        assert t("bid.have_bid", "en", names=bidders) in seen.splitlines()
        assert t("bid.yours", "en", chips=2) not in seen
        await bot.close()


async def test_bid_offers_zero_to_three(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        club(env, "alice")
        synced = {c.name: c for c in await bot.tree.fetch_commands()}
        (chips,) = synced["bid"].options
        assert (chips.min_value, chips.max_value) == (0, 3)
        await bot.close()


async def test_the_table_never_shows_a_bid_before_the_reveal(tmp_path: Path) -> None:
    # The live table's "Last:" lines read the move record, which holds each bid's chips: while
    # the bids are sealed they must say only that a seat has bid.
    bot = make_bot(tmp_path / "bot.db", 14)
    shown: list[str] = []
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        actors = {alice.id: alice, bob.id: bob}
        thread, _ = await open_and_start(channel, alice, bob, "more3", bid=True)
        live = live_table(bot, guild.id)
        hands: dict[int, Any] = {}
        for _ in range(10):  # three bids at most, whoever makes them
            if live.engine.phase != "bid":
                break
            shown.append(table_message(thread, live).content)
            if not await member_move(bot, guild, thread, actors, hands):
                break
        revealed = live.engine.phase != "bid"
        await bot.close()
    # Checked once the bot is closed, so a failure reports instead of holding the loop open.
    assert revealed, "the bidding never ended"
    amounts = {move_words({"do": "bid", "chips": c}) for c in range(4)}
    assert not [text for text in shown if any(a in text for a in amounts)], shown
    sealed = t("table_last", "en", text="")  # "Last: "
    assert any(sealed in text and move_words({"do": "bid_sealed"}) in text for text in shown)
