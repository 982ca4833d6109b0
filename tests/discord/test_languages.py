"""Issue 19 on Discord: one member reads Arabic (their /preferences), another English (their
Discord app); each gets their own language in private replies, while the shared table speaks the
server's /settings language. The locale fallback is checked through SimCord too, by giving one
member a Dutch or Hindi Discord app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.client.limits import MESSAGE as MESSAGE_LIMIT
from bot.games.registry import GAME_KEYS
from bot.i18n import LANGUAGES, catalogue, pick_language, t, t_n
from bot.i18n.moves import choice_words, move_words
from bot.learning.lessons import lesson
from cogs.help import rules_message, rules_pages
from cogs.leaderboard import counts
from cogs.utils import pictures
from cogs.utils.words import game_name, names_of

from .conftest import club, hand_message, live_table, make_bot, pick_move, reply

GAME = "runfast"  # every move is /play or /pass, so a whole deal is played by slash commands


def start_of(key: str, lang: str) -> str:
    """A sentence's words before its first placeholder: what a message opens with."""
    cat = catalogue(lang)
    # A counted sentence ("Winner: …" for one) opens as its form for one does.
    text = cat.texts[key] if key in cat.texts else cat.plurals[key][cat.plural_rule(1)]
    opening = text.split("{")[0]
    assert opening.strip(), key  # a test on an empty opening would prove nothing
    return opening


def test_the_choice_goes_member_then_discord_app_then_server_then_english() -> None:
    assert pick_language("ar", "nl", "hi") == "ar"  # /preferences first
    assert pick_language(None, "nl", "hi") == "nl"  # then the Discord app's language
    assert pick_language(None, "hi", "nl") == "hi"
    assert pick_language(None, "en-GB", "nl") == "en"  # an English app is one of ours
    assert pick_language(None, "en-US", "ar") == "en"
    assert pick_language(None, "fr", "nl") == "nl"  # not ours: the server's
    assert pick_language(None, "pt-BR", None) == "en"
    assert pick_language("xx", None, "ar") == "ar"  # a stored value we don't speak is skipped
    assert pick_language() == "en"


def admin_of(env: Any, guild: Any, name: str) -> Any:
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[admins])


def table_message(thread: Any, live: Any) -> Any:
    return next(m for m in thread.history() if m.id == live.table.message_id)


async def play_out(bot: Any, guild: Any, thread: Any, actors: dict[int, tuple[Any, str]]) -> int:
    """Play the deal to its end by slash commands; every confirmation in the mover's language."""
    moves = 0
    for _ in range(400):
        if not bot.service.tables(guild.id):
            break  # the deal (and the game) is over
        live = live_table(bot, guild.id)
        seat = live.engine.turn
        if seat is None or live.automated(seat):
            break
        actor, lang = actors[live.seats[seat].user_id]
        _, move = pick_move(live, seat)
        if move.do == "play":
            r = await actor.slash(thread, "play", cards=" ".join(str(c) for c in move.cards))
        else:
            r = await actor.slash(thread, "pass")
        assert r.ephemeral
        assert reply(r).content == t("move_done", lang, move=move_words(move, lang))
        moves += 1
    return moves


def spy_on_pictures(monkeypatch: Any) -> list[tuple[str, str]]:
    """Which picture was drawn in which language, as (picture, lang); the real drawing goes on."""
    drawn: list[tuple[str, str]] = []
    # Each picture by the name the checks below know it by.
    for name, adapter in (
        ("_table_png", "table_png"),
        ("_hand_png", "hand_png"),
        ("_score_png", "score_png"),
    ):
        real = getattr(pictures, adapter)

        def spy(*args: Any, _real: Any = real, _name: str = name) -> bytes:
            drawn.append((_name, args[-1]))
            return _real(*args)

        monkeypatch.setattr(pictures, adapter, spy)
    return drawn


@pytest.mark.parametrize("server", ["nl", "en"])
async def test_an_arabic_and_an_english_member_at_one_table(
    tmp_path: Path, server: str, monkeypatch: Any
) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        drawn = spy_on_pictures(monkeypatch)
        guild, channel, (bob,) = club(env, "bob")
        amira = admin_of(env, guild, "amira")
        if server != "en":
            r = await amira.slash(channel, "settings", language=server)
            # Amira has chosen nothing yet and her Discord app is English: English answers her.
            assert t("settings.language", "en", language=LANGUAGES[server]) in reply(r).content
        r = await amira.slash(channel, "preferences", language="ar")
        assert reply(r).content.startswith(t("settings_saved", "ar"))
        assert t("settings.language", "ar", language="العربية") in reply(r).content

        # Opening the table: the thread and the public answer in the server's language.
        r = await amira.slash(channel, "table new", game=GAME)
        thread = channel.threads[0]
        assert thread.name == t("thread.table", server, game=game_name(GAME, server))
        assert reply(r).content.startswith(start_of("opened", server))
        lobby = thread.history()[0]
        assert lobby.content.startswith(
            t(
                "lobby_title",
                server,
                game=game_name(GAME, server),
                table=live_table(bot, guild.id).id,
            )
        )
        r = await bob.slash(thread, "table join")
        assert reply(r).content == "You joined seat 2."
        await amira.click(lobby, label=t("btn_computer", server))  # the server's buttons
        r = await amira.slash(thread, "table start")
        assert reply(r).content == t("started", "ar")

        live = live_table(bot, guild.id)
        message = table_message(thread, live)
        title = t("table_title", server, game=game_name(GAME, server), table=live.id, round=1)
        assert message.content.startswith(title)
        labels = [c.label for row in message.components for c in row.children]
        assert labels == [t("btn_hand", server)]

        # Private hands: each in its reader's language, buttons and menu included.
        for member, lang in ((amira, "ar"), (bob, "en")):
            hand = hand_message(await member.click(message, label=t("btn_hand", server)))
            seat = live.seat_of(member.id)
            held = live.engine.view(seat).hand
            count = t_n("n_cards", len(held), lang)
            cards = " ".join(str(c) for c in held)
            assert hand.content.startswith(t("hand_header", lang, count=count, cards=cards))
            controls = [c for row in hand.components for c in row.children]
            assert t("btn_hand", lang) in [getattr(c, "label", None) for c in controls]
            menus = [c for c in controls if getattr(c, "options", None)]
            if menus and live.engine.turn == seat:
                legal = live.engine.legal_moves(seat)
                assert menus[0].options[0].label == choice_words(legal[0], lang)[:100]

        # A move out of turn is refused in the refused member's own language.
        mover = live.seats[live.engine.turn].user_id
        other, lang = (bob, "en") if mover == amira.id else (amira, "ar")
        r = await other.slash(thread, "pass")
        assert r.ephemeral and reply(r).content == t("game.not_your_turn", lang)
        assert (reply(r).content == "It's not your turn.") == (lang == "en")

        actors = {amira.id: (amira, "ar"), bob.id: (bob, "en")}
        assert await play_out(bot, guild, thread, actors) > 0
        assert live.engine.game_over
        posts = [m.content for m in thread.history()]
        # The shared story: the live table (at game over its final standings), the turn pings
        # and the result.
        final = table_message(thread, live).content
        winner = names_of(bot, live, server)[live.engine.winners[0]]
        assert t("table.went_out_first", server, names=winner) in final  # Run Fast: one deal
        if server != "en":
            assert "went out first" not in final and "Game over" not in "\n".join(posts)
        # Run Fast's one deal: the winner first, then the settlement.
        assert any(start_of("table.settlement", server) in p for p in posts)
        assert any(start_of("game_won", server) in p for p in posts)
        pings = [p for p in posts if p.startswith("<@") and f"#{live.id}" in p]
        assert pings and all(t("ping", server, mention="", table=live.id) in p for p in pings)

        # Pictures: the table and the score sheet in the server's language, hands in their
        # reader's (each member asked for their hand once above; their kept hands are drawn
        # again, each in its reader's language, as the cards change: cogs.utils.live_hands).
        assert {lang for name, lang in drawn if name != "_hand_png"} == {server}
        assert ("_score_png", server) in drawn
        hands = [lang for name, lang in drawn if name == "_hand_png"]
        assert hands[:2] == ["ar", "en"] and set(hands) == {"ar", "en"}

        # /stats, privately, in each member's own language.
        for member, lang in ((amira, "ar"), (bob, "en")):
            r = await member.slash(channel, "stats")
            standing = (await bot.store.member_stats(guild.id, member.id)).by_game[GAME]
            name = game_name(GAME, lang)
            line = t("stats_line", lang, game=name, rank=standing.rank, **counts(standing, lang))
            assert r.ephemeral and reply(r).content == line
        # /leaderboard is posted for the whole channel: the server's language.
        r = await bob.slash(channel, "leaderboard")
        title = t("leaderboard_title", server, game="")
        assert reply(r).content.startswith(f"**{title}**")
        await bot.close()


@pytest.fixture
def discord_apps(monkeypatch: Any) -> dict[int, str]:
    """Members' Discord app languages by user id: SimCord's interactions always say en-US, so
    the interaction it builds is given the member's locale here."""
    locales: dict[int, str] = {}
    real = simcord.interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = real(*args, **kwargs)
        user = kwargs.get("user_id")
        if user in locales:
            payload["locale"] = locales[user]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    return locales


async def test_a_dutch_or_hindi_discord_app_is_answered_in_its_language(
    tmp_path: Path, discord_apps: dict[int, str]
) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild, channel, (bob, priya) = club(env, "bob", "priya")
        amira = admin_of(env, guild, "amira")
        discord_apps[bob.id] = "nl"
        discord_apps[priya.id] = "hi"
        discord_apps[amira.id] = "nl"
        await amira.slash(channel, "settings", language="ar")  # the server speaks Arabic
        await amira.slash(channel, "preferences", language="en")  # but Amira chose English
        r = await bob.slash(channel, "help")
        assert reply(r).content.startswith(f"**{t('help_title', 'nl')}**")
        r = await priya.slash(channel, "draw")  # no table here: refused in Hindi
        assert reply(r).content == t("no_table", "hi")
        r = await amira.slash(channel, "draw")  # /preferences beats her Dutch app
        assert reply(r).content == t("no_table", "en")
        # A member whose app speaks none of ours reads the server's language.
        discord_apps[bob.id] = "fr"
        r = await bob.slash(channel, "draw")
        assert reply(r).content == t("no_table", "ar")
        # Choosing Automatic hands Amira back to her Discord app's language.
        r = await amira.slash(channel, "preferences", language="auto")
        assert t("settings.language_automatic", "nl") in reply(r).content
        await bot.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_fit_a_message_in_every_language(lang: str) -> None:
    for game in GAME_KEYS:
        pages = rules_pages(game, lang)
        for page in range(len(pages)):
            content, _ = rules_message(game, page, lang)
            assert len(content) <= MESSAGE_LIMIT, (game, lang, page)
            assert content.startswith(
                t("rules_page", lang, game=game_name(game, lang), page=page + 1, pages=len(pages))
            )


def labels_of(message: Any) -> list[str]:
    return [getattr(c, "label", None) for row in message.components for c in row.children]


async def test_an_arabic_member_learns_in_arabic(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db", seed=7)
    async with simcord.run(bot) as env:
        _, channel, (amira, bob) = club(env, "amira", "bob")
        await amira.slash(channel, "preferences", language="ar")

        r = await amira.slash(channel, "help")
        assert reply(r).content == f"**{t('help_title', 'ar')}**\n{t('help_text', 'ar')}"
        assert reply(await bob.slash(channel, "help")).content.startswith("**Diwaniya")

        # /rules: the Arabic document where written, its heading and buttons in Arabic.
        first = reply(await amira.slash(channel, "rules", game="mor"))
        content, _ = rules_message("mor", 0, "ar")
        assert first.content == content
        assert labels_of(first.message) == [t("btn_rules_prev", "ar"), t("btn_rules_next", "ar")]
        if len(rules_pages("mor", "ar")) > 1:
            r = await amira.click(first.message, label=t("btn_rules_next", "ar"))
            assert r.response.message.content == rules_message("mor", 1, "ar")[0]

        # /lesson: the step's words and the verdict in Arabic.
        step = lesson("mor")[0]
        shown = reply(await amira.slash(channel, "lesson", game="mor"))
        header = t(
            "lesson_header",
            "ar",
            game=game_name("mor", "ar"),
            number=1,
            count=len(lesson("mor")),
            title=step.text("title", "ar"),
        )
        assert shown.content.startswith(header)
        menu = shown.message.components[0].children[0]
        assert menu.placeholder == t("lesson_pick", "ar")
        choices = step.choices()
        wrong = next(i for i, m in enumerate(choices) if not step.judge(m).right)
        r = await amira.select(shown.message, [str(wrong)])
        verdict = step.judge(choices[wrong], "ar")
        said = t("lesson_try_again", "ar", move=move_words(choices[wrong], "ar"))
        assert reply(r).content == f"{said}\n{verdict.message}"

        # /practice: the private hand's Hint in Arabic, and the hint itself.
        r = await amira.slash(channel, "practice", game="runfast")
        hand = next(f.message for f in r.followups if t("btn_hint", "ar") in labels_of(f.message))
        answer = reply(await amira.click(hand, label=t("btn_hint", "ar")))
        # The hint's stages in Arabic: what to look at, the cards, then the move to play.
        assert answer.content.startswith(start_of("hint_prefix", "ar"))
        while labels_of(answer.message) != [t("btn_play_hint", "ar")]:
            (label,) = labels_of(answer.message)
            assert label in (t("btn_hint_cards", "ar"), t("btn_hint_move", "ar"))
            answer = reply(await amira.click(answer.message, label=label))
            assert answer.content.startswith(start_of("hint_prefix", "ar"))
        await bot.close()
