-- Version 2: what the ranking and history queries need.
--
-- A server may now rank members on games without computer players only (rank_computer_games = 0);
-- by default those games count and are marked. The leaderboard keeps the part of each total that
-- came from games with computers, so either ranking is one indexed read and switching the setting
-- is instant and reversible. Indexes serve top N, a member's rank and a member's recent games.

ALTER TABLE guild_settings
    ADD COLUMN rank_computer_games INTEGER NOT NULL DEFAULT 1 CHECK (rank_computer_games IN (0, 1));

ALTER TABLE leaderboard ADD COLUMN cpu_games  INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard ADD COLUMN cpu_wins   INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard ADD COLUMN cpu_points REAL    NOT NULL DEFAULT 0;
ALTER TABLE leaderboard ADD COLUMN cpu_pearls INTEGER NOT NULL DEFAULT 0;
-- best result among games without computers; NULL until there is one
ALTER TABLE leaderboard ADD COLUMN best_without_cpu REAL;

-- Created before the backfill, which reads a member's games through it.
CREATE INDEX game_seats_member ON game_seats (guild_id, user_id, game_id DESC)
    WHERE user_id IS NOT NULL;

-- Backfill from the results written under version 1.
UPDATE leaderboard SET (cpu_games, cpu_wins, cpu_points, cpu_pearls) = (
    SELECT count(*), coalesce(sum(s.won), 0), coalesce(sum(s.score), 0), coalesce(sum(s.pearls), 0)
    FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE s.guild_id = leaderboard.guild_id AND s.user_id = leaderboard.user_id
      AND g.game = leaderboard.game AND g.with_computers = 1
);

UPDATE leaderboard SET best_without_cpu = (
    SELECT CASE WHEN max(g.low_score_wins) = 1 THEN min(s.score) ELSE max(s.score) END
    FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE s.guild_id = leaderboard.guild_id AND s.user_id = leaderboard.user_id
      AND g.game = leaderboard.game AND g.with_computers = 0
);

-- Ranking order: pearls, then wins, then fewer games. The second index holds the same order for
-- games without computers; the repository's queries use exactly these expressions so SQLite can
-- walk the index instead of sorting.
CREATE INDEX leaderboard_rank
    ON leaderboard (guild_id, game, pearls DESC, wins DESC, games, user_id);

CREATE INDEX leaderboard_rank_without_cpu
    ON leaderboard (guild_id, game, pearls - cpu_pearls DESC, wins - cpu_wins DESC,
                    games - cpu_games, user_id)
    WHERE games > cpu_games;

-- A member's totals over every game of a server.
CREATE INDEX leaderboard_member ON leaderboard (guild_id, user_id);
