"""Write sample pictures of every game to a folder, to look at them.

    python -m render.preview all --out preview
    python -m render.preview mor
    python -m render.preview tournament --lang all
    python -m render.preview all --lang ar --lang hi --out preview

``tournament`` draws a tournament's pictures: the final standings on a podium, the standings
of a Swiss on request, and knockout brackets of 2 to 32 entries at tables of 2 and 3, part
played and finished, Mor's pairs among them.

For each game: a freshly dealt table, a mid-game table with melds, projects, wilds and piles
taken (a position played through the engine, render/samples.py), the seat's hand, a score sheet, and
from a real round played at random the busiest table and the final one, with long names. With
``--lang`` the pictures are drawn in that language (en, ar, hi, nl; ``all`` for the four) with
names in that language, and each file's name ends with the language (``mor_4p_score_ar.png``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bot.games.registry import GAME_KEYS
from bot.i18n import LANGUAGES, t
from render import samples
from render.hand import render_hand
from render.score import render_score_sheet
from render.table import render_table
from render.tournament import render_bracket, render_standings
from render.words import game_title

TOURNAMENT = "tournament"
# Brackets to look at: (entries, entries a table, rounds decided, Mor pairs, game).
BRACKETS = (
    (2, 2, 0, False, "mor"),
    (8, 2, 1, False, "mor"),
    (16, 2, 2, True, "mor"),
    (32, 2, 5, False, "mor"),
    (27, 2, 2, False, "mor"),
    (3, 3, 1, False, "hand"),
    (9, 3, 1, False, "more3"),
    (27, 3, 3, False, "runfast"),
    (32, 3, 2, False, "hand"),
)


def _write(out: Path, name: str, data: bytes, lang: str) -> None:
    path = out / (f"{name}.png" if lang == "en" else f"{name}_{lang}.png")
    path.write_bytes(data)
    print(f"{path}  {len(data) // 1024} KB")


def preview(game: str, out: Path, lang: str = "en") -> None:
    seat_counts = (4, 2) if game == "mor" else (3,)
    for n in seat_counts:
        suffix = f"_{n}p" if game == "mor" else ""
        names = samples.names_for(n, lang)
        dealt = samples.dealt(game, n, seed=1)

        def write(name: str, data: bytes, suffix: str = suffix) -> None:
            _write(out, f"{game}{suffix}_{name}", data, lang)

        write("table_dealt", render_table(dealt, names, computers={1}, lang=lang))
        write("hand_dealt", render_hand(dealt, lang=lang))
        mid = samples.midgame(game, n)
        write("table_midgame", render_table(mid, names, computers={1}, lang=lang))
        write("hand_midgame", render_hand(mid, sort="rank", four_colour=True, lang=lang))
        result, totals = samples.sample_result(game, n)
        sheet = render_score_sheet(
            result,
            names,
            totals,
            game,
            round_no=mid.round_no + 1,
            winners=samples.leaders(game, totals),
            lang=lang,
        )
        write("score", sheet)
        # Real rounds: the busiest table of the round, and the final one with the hands left,
        # both with long Latin, Arabic and Devanagari names.
        views = samples.engine_round(game, seed=2, n_seats=n)
        long = samples.LONG_NAMES[n]
        for key in ("busiest", "round_over"):
            picture = render_table(views[key], long, computers={1}, lang=lang)
            write(f"table_{key}_long_names", picture)
        end = views["round_over"]
        if end.result is not None:
            leading = samples.leaders(game, tuple(end.totals))
            sheet = render_score_sheet(
                end.result, long, end.totals, game, winners=leading, lang=lang
            )
            write("score_long_names", sheet)


def preview_tournament(out: Path, lang: str = "en") -> None:
    """The standings (final, on a podium; a Swiss's on request, with its tie-break) and the
    knockout brackets of ``BRACKETS``."""
    final = t("tournament.sim.standings", lang)
    rows = samples.sample_standings(lang, count=12)
    _write(out, "tournament_podium", render_standings(final, rows, lang, podium=True), lang)
    swiss = render_standings(game_title("hand", lang), rows, lang, podium=False)
    _write(out, "tournament_standings", swiss, lang)
    three = samples.sample_standings(lang, count=3, swiss=False)
    _write(out, "tournament_podium_3", render_standings(final, three, lang, podium=True), lang)
    for entries, per_table, decided, pairs, game in BRACKETS:
        rounds = samples.sample_bracket(entries, per_table, decided, lang, pairs)
        name = f"tournament_bracket_{entries}x{per_table}" + ("_pairs" if pairs else "")
        _write(out, name, render_bracket(game_title(game, lang), rounds, lang), lang)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m render.preview", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "game", choices=(*GAME_KEYS, TOURNAMENT, "all"), help="a game key, tournament, or all"
    )
    parser.add_argument("--out", type=Path, default=Path("preview"), help="folder to write to")
    parser.add_argument(
        "--lang",
        action="append",
        choices=(*LANGUAGES, "all"),
        help="the pictures' language (repeat it for several; all for the four); default en",
    )
    args = parser.parse_args(argv)
    langs = args.lang or ["en"]
    if "all" in langs:
        langs = list(LANGUAGES)
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for lang in dict.fromkeys(langs):
        for game in (*GAME_KEYS, TOURNAMENT) if args.game == "all" else (args.game,):
            if game == TOURNAMENT:
                preview_tournament(args.out, lang)
            else:
                preview(game, args.out, lang)
    print(f"done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
