-- Version 5: skill ratings (bot/ratings.py), per server, per rating format, with their history.
--
-- A rated game is one where every seat was a member at the end (no computer player, no seat the
-- computer kept for missed turns, no practice table). Its rating changes are written in the same
-- transaction as its result, one row per member, so `python -m bot.store rerate` can rebuild every
-- rating from the games alone and compare. Games finished before this version stay unrated.

-- The order a server's rated games were rated in (1, 2, 3 …; NULL: not rated). Rating is
-- serialized per server, so this is the order rerate replays them in, even where two tables
-- finished at once and their ids were handed out in the other order.
ALTER TABLE games ADD COLUMN rating_order INTEGER CHECK (rating_order > 0);
CREATE UNIQUE INDEX games_rating_order ON games (guild_id, rating_order)
    WHERE rating_order IS NOT NULL;

-- A member's current rating in one format ("mor-2v2", "mor-1v1", "more3", "hand", "runfast").
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    format   TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL CHECK (sigma > 0),
    games    INTEGER NOT NULL CHECK (games > 0),
    PRIMARY KEY (guild_id, format, user_id)
) STRICT, WITHOUT ROWID;

-- The ladder's order: the conservative rating, then more games, then the older id.
CREATE INDEX ratings_rank ON ratings (guild_id, format, (mu - 3 * sigma) DESC, games DESC, user_id);

-- What each rated game did to each member's rating.
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    format       TEXT    NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    games_before INTEGER NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) STRICT, WITHOUT ROWID;
