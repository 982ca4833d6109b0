"""/practice and /lesson through the real bot and SimCord: a private thread (or the private hand
alone), the Hint button and its move played, and a lesson step answered wrong then right."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord
from simcord.backend.errors import SetupError

from bot.games.base import move_from_dict
from bot.i18n import t

from .conftest import closed_channel, club, live_table, make_bot, reply


def ephemerals(result: object) -> list[discord.Message]:
    # After a deferred "thinking" answer the first follow-up lands in the original response.
    first = [result.response] if result.response and result.response.ephemeral else []  # type: ignore[attr-defined]
    out = [f.message for f in [*first, *result.followups] if f.ephemeral]  # type: ignore[attr-defined]
    assert out, "no private answer"
    return out


def public(channel: object) -> list[discord.Message]:
    """The bot's own posts anyone can read (not ephemerals, not the thread-created notice)."""
    return [
        m
        for m in channel.history()  # type: ignore[attr-defined]
        if not m.flags.ephemeral and m.type != discord.MessageType.thread_created
    ]


def with_button(messages: list[discord.Message], label: str) -> discord.Message:
    for m in reversed(messages):
        for row in m.components:
            if any(getattr(c, "label", None) == label for c in getattr(row, "children", ())):
                return m
    raise AssertionError(f"no {label!r} button in {[m.content for m in messages]}")


async def test_practice_hint_and_play_it_in_a_private_thread(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", seed=7)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob) = club(env, "alice", "bob")
        r = await alice.slash(channel, "practice", game="runfast", level="hard")
        live = live_table(bot, guild.id)
        assert live.table.options.get("practice") is True
        assert [s.computer for s in live.seats[1:]] == ["hard", "hard"]
        thread = channel.threads[0]
        assert live.table.thread_id == thread.id
        assert thread.history(viewer=alice)
        with pytest.raises(SetupError, match="cannot read"):  # a private thread: not Bob's
            thread.history(viewer=bob)
        assert not public(channel)  # nothing in the channel itself

        hand = with_button(ephemerals(r), "Hint")
        before = live.version
        # The hint in stages: what to look at, the cards (when the move has any), the move.
        r = await alice.click(hand, label="Hint")
        answer = reply(r)
        assert answer.ephemeral and answer.content.startswith("Hint: Look")
        seen = [answer.content]
        while buttons(answer.message, "Play the hint") == 0:
            label = (
                "Show the cards" if buttons(answer.message, "Show the cards") else "Show the move"
            )
            r = await alice.click(answer.message, label=label)
            answer = reply(r)
            seen.append(answer.content)
            assert len(seen) <= 3
        assert len(seen) in (2, 3)
        if len(seen) == 3:
            assert seen[1].startswith("Hint: The cards to use: ")
        assert answer.content.startswith("Hint: ")
        reason = answer.content.splitlines()[1]
        assert reason.endswith(".") or reason.endswith(")")

        since = len(env.http_requests)
        r = await alice.click(answer.message, label="Play the hint")
        # The hint message itself becomes the hand, the move's confirmation first (and then
        # follows the table, cogs.utils.live_hands: edited again once the computers have played).
        assert not r.followups and r.response is not None and r.response.id == answer.id
        edits = [
            e.json["content"]
            for e in env.http_requests[since:]
            if e.method == "PATCH" and e.path.startswith("/webhooks/")
        ]
        assert edits and edits[0].startswith("Done: ")
        record = live.engine.record["moves"] if live.engine else []
        mine = [m for m in record[before:] if m.get("seat") == 0]
        assert mine, "the hinted move was not played"
        played = move_from_dict(mine[0])
        assert played.do in ("play", "pass")
        await bot.close()


def buttons(message: discord.Message, label: str) -> int:
    return sum(
        getattr(c, "label", None) == label
        for row in message.components
        for c in getattr(row, "children", ())
    )


async def test_every_bot_in_a_process_gives_one_hint_button(tmp_path: Path) -> None:
    # discord.py loads each extension as a fresh module: a Hint kept in a module-level list of
    # cogs.play was lost by a later bot (or added twice), so the button went missing in a full run.
    from cogs import play  # the module a plain import reaches, as another test's would

    assert not hasattr(play, "HAND_EXTRAS")
    for n in range(2):
        bot = make_bot(tmp_path / f"bot{n}.db", seed=7)
        async with simcord.run(bot) as env:
            _, channel, (alice,) = club(env, "alice")
            r = await alice.slash(channel, "practice", game="runfast", level="hard")
            assert buttons(with_button(ephemerals(r), "Hint"), "Hint") == 1
            await bot.close()


async def test_practice_without_threads_lives_in_the_private_hand(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", seed=7)
    async with simcord.run(bot) as env:
        guild, _, (alice,) = club(env, "alice")
        closed = closed_channel(guild)
        r = await alice.slash(closed, "practice", game="hand")
        live = live_table(bot, guild.id)
        assert live.table.thread_id is None and not closed.threads
        assert not public(closed)  # the table is never posted in the channel
        hand = ephemerals(r)[-1]
        assert {a.filename for a in hand.attachments} == {"table.png", "hand.png"}
        assert "Hand table" in hand.content
        await bot.close()


async def test_lesson_step_wrong_then_right_then_next(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        r = await alice.slash(channel, "lesson", game="mor")
        step = reply(r)
        assert step.ephemeral and "step 1 of 8" in step.content
        assert step.message.attachments[0].filename == "lesson.png"

        # A refused answer, typed: the engine's sentence, then the step's explanation.
        r = await alice.slash(channel, "lesson", game="mor", answer="meld 7S 7H 7D")
        assert "The rules refuse that: 7♠ 7♥ 7♦ is not a meld" in reply(r).content

        # From the menu: a legal but wrong move, then the right one.
        options = step.message.components[0].children[0].options
        values = {o.label: o.value for o in options}
        # The choices read as moves to make, not moves made ("discard KC", not "discarded KC").
        assert "discarded KC" not in values
        r = await alice.select(step.message, [values["discard KC"]])
        assert reply(r).content.startswith("Not yet")
        r = await alice.select(step.message, [values["lay 3S 3H 3D"]])
        right = reply(r)
        assert right.content.startswith("Right") and "300 project" in right.content
        assert right.content.count("Right") == 1  # once, not "Right: laid …" above it
        r = await alice.click(right.message, label="Next step")
        assert "step 2 of 8: The pile" in reply(r).content
        await bot.close()


async def test_a_practice_table_never_stands_in_for_the_real_one(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", seed=7)
    async with simcord.run(bot) as env:
        guild, channel, (alice, bob, carol) = club(env, "alice", "bob", "carol")
        assert bot.service is not None
        # #cards: Bob's open lobby, then Alice's practice; Carol joins the lobby from #cards.
        await bob.slash(channel, "table new", game="runfast")
        lobby = live_table(bot, guild.id)
        await alice.slash(channel, "practice", game="runfast")
        r = await carol.slash(channel, "table join")
        assert "already started" not in reply(r).content
        assert lobby.seat_of(carol.id) is not None
        # A channel without threads: Alice sits at a real table, then practises there; /hand
        # there still shows the real table.
        closed = closed_channel(guild, public_threads=False)
        await alice.slash(closed, "table new", game="hand")
        real = live_table(bot, guild.id)
        await bob.slash(closed, "table join")
        await alice.slash(closed, "table start")
        assert real.engine is not None
        await alice.slash(closed, "practice", game="mor")
        practice = live_table(bot, guild.id)
        assert practice is not real and practice.table.options.get("practice")
        r = await alice.slash(closed, "hand")
        seat = real.seat_of(alice.id)
        assert seat is not None
        cards = " ".join(str(c) for c in real.engine.view(seat).hand)
        assert cards in reply(r).content  # the real table's hand, not the practice one's
        await bot.close()


@pytest.mark.parametrize("game", ["mor", "more3", "hand", "runfast"])
async def test_practice_hint_in_every_game(tmp_path: Path, game: str) -> None:
    # Seed 8: a More practice table whose first Hint once answered with the generic apology.
    bot = make_bot(tmp_path / "bot.db", seed=8)
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        r = await alice.slash(channel, "practice", game=game, level="normal")
        hand = with_button(ephemerals(r), "Hint")
        r = await alice.click(hand, label="Hint")
        answer = reply(r)
        assert answer.ephemeral and answer.content.startswith("Hint: "), answer.content
        assert "went wrong" not in answer.content.lower()
        await bot.close()


async def test_lesson_progress_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    bot = make_bot(db)
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        r = await alice.slash(channel, "lesson", game="mor", answer="meld 3S 3H 3D")
        assert reply(r).content.startswith("Right")  # step 1, right at the first try
        r = await alice.slash(channel, "lesson", game="mor", step=2, answer="draw")
        assert reply(r).content.startswith("Not yet")  # step 2 tried, not done
        await bot.close()
    again = make_bot(db)
    async with simcord.run(again) as env:
        _, channel, (alice,) = club(env, "alice")
        shown = reply(await alice.slash(channel, "lesson", game="mor")).content
        # Where she is: the first step not done, and her progress.
        assert "step 2 of 8" in shown
        assert "Your progress: 1 of 8 steps done, 1 of them right at the first try." in shown
        await again.close()


async def test_a_finished_practice_table_says_it_earns_no_pearls(tmp_path: Path) -> None:
    # Once: "Winners: alice. Pearls: alice 50" and "50 pearls", though nothing of a practice
    # game is recorded.
    from .test_review_bot import play_to_the_end

    bot = make_bot(tmp_path / "bot.db", seed=3)
    async with simcord.run(bot) as env:
        guild, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "practice", game="runfast", level="simple")
        thread = channel.threads[0]
        await play_to_the_end(bot, guild.id, thread, alice)
        said = "\n".join(m.content for m in thread.history())
        assert t("practice_no_pearls") in said
        assert "Game over. Winner: " in said and "A practice game earns no pearls." in said
        rest = said.replace(t("practice_no_pearls"), "")
        assert "Pearls:" not in rest and "pearls" not in rest.replace("earns no pearls", "")
        await bot.close()


async def test_a_skipped_lesson_step_says_its_rule_and_counts_as_passed(tmp_path: Path) -> None:
    # Issue 61 on Discord: the terminal's skip says what the step teaches; Discord had no skip,
    # so a member who moved on never read the rule a right answer's words give.
    from bot.learning.lessons import lesson

    steps = lesson("mor")
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        step = reply(await alice.slash(channel, "lesson", game="mor"))
        r = await alice.click(step.message, label="Skip this step")
        skipped = reply(r)
        assert skipped.ephemeral
        assert skipped.content == t("lesson_skipped", rule=steps[0].text("rule", "en"))
        r = await alice.click(skipped.message, label="Next step")
        assert "step 2 of 8" in reply(r).content
        # The terminal's word, typed, does the same; the last step's skip ends the lesson.
        r = await alice.slash(channel, "lesson", game="mor", step=8, answer="skip")
        said = reply(r).content
        assert said.startswith(t("lesson_skipped", rule=steps[7].text("rule", "en")))
        assert said.endswith(t("lesson_finished", game="Mor"))
        # Both steps count as passed, neither right at the first try: /lesson goes on at step 2.
        shown = reply(await alice.slash(channel, "lesson", game="mor")).content
        assert "step 2 of 8" in shown
        assert t("lesson_progress", done=2, count=8, first=0) in shown
        await bot.close()


@pytest.mark.parametrize("lang", ["ar", "hi", "nl"])
async def test_a_skipped_step_says_its_rule_in_the_members_language(
    tmp_path: Path, lang: str
) -> None:
    from bot.learning.lessons import lesson

    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "preferences", language=lang)
        step = reply(await alice.slash(channel, "lesson", game="hand"))
        r = await alice.click(step.message, label=t("lesson_skip", lang))
        rule = lesson("hand")[0].text("rule", lang)
        assert reply(r).content == t("lesson_skipped", lang, rule=rule)
        await bot.close()


async def test_a_lesson_answer_that_is_no_move_points_to_the_menu(tmp_path: Path) -> None:
    # Once the terminal's words: "type help for the list", where Discord has no help.
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        r = await alice.slash(channel, "lesson", game="mor", answer="zzz qq")
        said = reply(r).content
        assert r.ephemeral and said == t("lesson_unknown_word", word="zzz")
        assert "help" not in said
        await bot.close()


@pytest.mark.parametrize("lang", ["en", "ar", "hi", "nl"])
async def test_no_lesson_answer_tells_a_member_to_type_help(tmp_path: Path, lang: str) -> None:
    """Discord has no ``help`` word: an answer of no words at all (a lone comma) was answered
    with the terminal's "Type a move, or help for the list" (issue 61). Neither that nor any
    other answer that is no move, in any language, sends the member to ``help``."""
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        _, channel, (alice,) = club(env, "alice")
        await alice.slash(channel, "preferences", language=lang)
        for game in ("mor", "runfast"):
            for answer in (",", "zzz", "meld", "meld 3S", "add 1", "discard", "play", "hint"):
                said = reply(await alice.slash(channel, "lesson", game=game, answer=answer))
                assert "help" not in said.content, (game, answer, said.content)
        said = reply(await alice.slash(channel, "lesson", game="mor", answer=","))
        assert said.content == t("lesson_no_move", lang)
        await bot.close()
