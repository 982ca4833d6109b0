"""The guided round on Discord: /lesson's Guided round button deals the game's fixed round at a
private practice table, the coach's first notes above the member's hand; after a restart the
hand carries the same notes, worked out again from the table's record alone."""

from __future__ import annotations

from pathlib import Path

import discord
import simcord

from bot.games.base import move_from_dict
from bot.i18n import t
from bot.i18n.moves import choice_words, move_words
from bot.learning.lessons.guided import (
    GUIDED,
    coach_hint,
    coach_move,
    current_notes,
    guided_game,
    other_move_note,
    same_outcome,
)

from .conftest import club, live_table, make_bot, reply

TIP = t("coach_tip", text="")


def coach_lines(text: str) -> list[str]:
    prefix = t("coach_note", text="")
    return [line for line in text.splitlines() if line.startswith(prefix)]


async def test_the_guided_round_button_shows_the_coach_above_the_hand(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        step = reply(await alice.slash(channel, "lesson", game="runfast"))
        r = await alice.click(step.message, label=t("btn_guided"))
        live = live_table(bot, guild.id)
        # The fixed deal, marked as a guided practice table (the mark is all a restart needs).
        assert live.table.options.get("practice") is True
        assert live.table.options.get("guided") is True
        assert live.table.seed == GUIDED["runfast"].seed
        assert live.seat_of(alice.id) == 0
        hand = reply(r)
        assert hand.ephemeral
        notes = coach_lines(hand.content)
        # The first stop: the goal first, above the cards.
        assert notes and notes[0] == t("coach_note", text=t("coach.runfast.goal"))
        assert hand.content.index(notes[-1]) < hand.content.index(t("hand_your_turn"))
        assert live.engine is not None
        assert [t("coach_note", text=n.text()) for n in current_notes(live.engine)] == notes
        # Then the coach's tip: the first stage of its hint, never the move given away (issue
        # 61), and the hand's Hint button goes on from the next stage.
        coach = coach_hint(live.engine)
        assert coach is not None
        suggested = [line for line in hand.content.splitlines() if line.startswith(TIP)]
        assert suggested == [t("coach_tip", text=coach.stage_text("nudge"))]
        for move in live.engine.legal_moves(0):
            assert choice_words(move) not in hand.content.split(TIP, 1)[1].splitlines()[0]
        assert coach.next_stage("nudge") == "cards" and t("btn_hint_cards") in labels(hand.message)
        shown = reply(await alice.click(hand.message, label=t("btn_hint_cards")))
        assert shown.content == t("hint_prefix", text=coach.stage_text("cards"))
        assert labels(shown.message) == [t("btn_hint_move")]

        bot2 = make_bot(db)
        await bot.close()
        await env.restart_bot(bot2)
        again = reply(await alice.slash(channel, "hand"))
        assert coach_lines(again.content) == notes
        assert suggested[0] in again.content.splitlines()
        await bot2.close()


def labels(message: discord.Message) -> list[str]:
    return [
        getattr(c, "label", None) or ""
        for row in message.components
        for c in getattr(row, "children", ())
    ]


async def test_the_hint_at_a_guided_table_plays_the_coachs_move(tmp_path: Path) -> None:
    """One source of advice: at each of the member's stops the Hint gives the coach's move
    (Run Fast's guided round once had them differ at 4 of its 13 stops, Mor's first stop had the
    coach say take and the Hint draw)."""
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        step = reply(await alice.slash(channel, "lesson", game="runfast"))
        hand = reply(await alice.click(step.message, label=t("btn_guided")))
        live = live_table(bot, guild.id)
        for _ in range(4):
            assert live.engine is not None
            coach = coach_move(live.engine)
            assert coach is not None
            before = len(live.engine.record["moves"])
            # At a stop the coach's tip was the first stage: the button goes on from there.
            first = next(
                x
                for x in (t("btn_hint"), t("btn_hint_cards"), t("btn_hint_move"))
                if x in labels(hand.message)
            )
            answer = reply(await alice.click(hand.message, label=first))
            while t("btn_play_hint") not in labels(answer.message):
                shown = labels(answer.message)
                label = next(x for x in (t("btn_hint_cards"), t("btn_hint_move")) if x in shown)
                answer = reply(await alice.click(answer.message, label=label))
            await alice.click(answer.message, label=t("btn_play_hint"))
            played = live.engine.record["moves"][before]
            assert played["seat"] == 0 and move_from_dict(played) == coach, before
            hand = reply(await alice.slash(channel, "hand"))  # the member's turn again
        await bot.close()


OTHER = t("coach_other_move", reason="").split(".")[0]  # "Coach: that move is allowed too"


async def test_a_move_other_than_the_coachs_gets_its_word_on_discord(tmp_path: Path) -> None:
    """The terminal's coach says "that move is allowed too, mine would have been …" after a
    move other than its own; Discord said nothing (issue 61). The Hand's guided round opens
    with a throw: the coach throws 3♣, the member throws another card, from the hand's menu
    and, in a second round of the test, typed."""
    engine = guided_game("hand")
    coach = coach_move(engine)
    legal = engine.legal_moves(0)
    other = next(m for m in legal if m.do == "discard" and not same_outcome(engine, 0, coach, m))
    said = other_move_note(engine, 0, coach, other)
    assert said is not None
    expected = said.text()
    for typed in (True, False):
        bot = make_bot(tmp_path / f"bot{typed}.db")
        async with simcord.run(bot) as env:
            _guild, channel, (alice,) = club(env, "alice")
            step = reply(await alice.slash(channel, "lesson", game="hand"))
            hand = reply(await alice.click(step.message, label=t("btn_guided")))
            if typed:
                # The command's answer: the move, then the coach's word on it.
                r = await alice.slash(channel, "discard", card=str(other.card))
                lines = reply(r).content.splitlines()
                assert lines == [t("move_done", move=move_words(other)), expected], lines
                hand = reply(await alice.slash(channel, "hand"))
            else:
                # The hand played from, shown again once the computers have played.
                r = await alice.select(hand.message, [str(legal.index(other))])
                hand = reply(r)
            # The hand carries the word above the coach's notes of the new position.
            assert expected in hand.content.splitlines(), hand.content
            assert coach_lines(hand.content)[0] == expected
            await bot.close()


async def test_following_the_coach_on_discord_gets_no_such_word(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        step = reply(await alice.slash(channel, "lesson", game="hand"))
        hand = reply(await alice.click(step.message, label=t("btn_guided")))
        live = live_table(bot, guild.id)
        assert live.engine is not None
        coach = coach_move(live.engine)
        r = await alice.select(hand.message, [str(live.engine.legal_moves(0).index(coach))])
        played = live.engine.record["moves"][0]
        assert played["seat"] == 0 and move_from_dict(played) == coach
        assert coach_lines(reply(r).content), "the coach's notes of the next stop"
        assert OTHER not in reply(r).content
        await bot.close()
