-- Version 3: the overall ranking (every game of a server) kept as lines of its own.
--
-- Version 2 added up each member's per-game lines at every read and sorted the result, which the
-- benchmark showed growing with the server. Kept like the per-game lines, in the same transaction
-- as each game result, the overall top N and a member's overall rank are index walks again.

CREATE TABLE leaderboard_overall (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    points     REAL    NOT NULL,
    pearls     INTEGER NOT NULL,
    cpu_games  INTEGER NOT NULL,
    cpu_wins   INTEGER NOT NULL,
    cpu_points REAL    NOT NULL,
    cpu_pearls INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

INSERT INTO leaderboard_overall
SELECT guild_id, user_id, sum(games), sum(wins), sum(points), sum(pearls),
       sum(cpu_games), sum(cpu_wins), sum(cpu_points), sum(cpu_pearls)
FROM leaderboard
GROUP BY guild_id, user_id;

CREATE INDEX leaderboard_overall_rank
    ON leaderboard_overall (guild_id, pearls DESC, wins DESC, games, user_id);

CREATE INDEX leaderboard_overall_rank_without_cpu
    ON leaderboard_overall (guild_id, pearls - cpu_pearls DESC, wins - cpu_wins DESC,
                            games - cpu_games, user_id)
    WHERE games > cpu_games;
