"""``/rules`` pages a game's whole section of docs/rules.md; ``/help`` points to it (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.client.limits import MESSAGE as MESSAGE_LIMIT
from bot.games.registry import GAME_KEYS
from bot.learning.rules import RULES_FILE, sections
from cogs.help import rules_message, rules_pages
from cogs.utils.words import game_name

from .conftest import make_bot, reply

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_page_fits_and_the_pages_give_back_the_section(game: str) -> None:
    section = sections()[game]
    pages = rules_pages(game)
    assert "".join(pages) == section
    for page in range(len(pages)):
        content, _ = rules_message(game, page)
        assert len(content) <= MESSAGE_LIMIT
    # Reflowing for the chat joins lines, never drops a word of the file's section.
    raw = RULES_FILE.read_text(encoding="utf-8").split(
        f"\n## {game_name(game)} <!-- game: {game} -->\n"
    )[1]
    assert section.split() == raw.split("\n## ")[0].split()


def test_readme_points_to_the_rules_in_this_repository() -> None:
    readme = README.read_text(encoding="utf-8")
    assert "docs/rules.md" in readme
    assert "shared/" not in readme


async def test_rules_pages_back_and_forth_and_help_mentions_it(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Diwaniya")
        channel = guild.create_text_channel("cards")
        alice = guild.add_member(env.create_user("alice"))
        answer = reply(await alice.slash(channel, "rules", game="more3"))
        assert answer.ephemeral
        pages = rules_pages("more3")
        assert len(pages) > 1
        shown = [answer.content]
        for _ in pages[1:]:
            shown.append((await alice.click(answer.message, label="Next ▶")).response.content)
        assert shown[-1].startswith(f"**More** rules, page {len(pages)} of {len(pages)}\n")
        assert all(len(c) <= MESSAGE_LIMIT for c in shown)
        assert [c.split("\n", 1)[1] for c in shown] == [p.strip() for p in pages]
        back = await alice.click(answer.message, label="◀ Previous")
        assert back.response.content == shown[-2]

        help_text = reply(await alice.slash(channel, "help")).content
        assert "/rules" in help_text
        await bot.close()
