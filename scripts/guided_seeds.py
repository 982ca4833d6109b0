"""Which deal makes a good guided round: for each seed, play the round with the member following
the coach against ``normal`` computers and count the rules that come up during play (not at the
score sheet), and time the coach rebuilt from the finished round's record.
``python scripts/guided_seeds.py GAME [FIRST] [LAST]``; the chosen seeds are in
``bot.learning.lessons.guided.GUIDED``."""

from __future__ import annotations

import sys
import time

from bot.learning.lessons import guided


def main() -> None:
    game = sys.argv[1]
    first, last = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (0, 20)
    total = len(guided.RULES[game])
    for seed in range(first, last + 1):
        deal = guided.GUIDED[game]
        engine = guided.new_game(game, dict(deal.options), seed)
        start = time.perf_counter()
        end, coach = guided.play_round(game, engine=engine)
        assert coach.last is not None
        late = [n.rule for n in coach.last.notes if n.rule != guided.SCORING]
        during = {n.rule for n in coach.shown} - set(late) - {guided.SCORING}
        played = time.perf_counter() - start
        # What a guided table's hand costs at the score sheet: the coach replayed from the
        # record (bot.learning.practice.coach_notes runs it on the bot's event loop).
        start = time.perf_counter()
        guided.current_notes(end)
        restored = time.perf_counter() - start
        print(
            f"seed {seed}: {len(during)}/{total} during play, at the end {late}, "
            f"{len(end.record['moves'])} moves, round {played * 1000:.0f} ms, "
            f"coach from the record {restored * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
