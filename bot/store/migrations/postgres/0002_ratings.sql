-- PostgreSQL version 2: skill ratings, as SQLite's version 5 (bot/store/migrations/0005_ratings.sql).
--
-- A rated game notes the order it was rated in on its server (rating is serialized per server
-- under an advisory lock, so this is the order rerate replays); each member's current rating per
-- format; and what each rated game did to each member's rating, written with the game's result.

ALTER TABLE games ADD COLUMN rating_order INTEGER CHECK (rating_order > 0);
CREATE UNIQUE INDEX games_rating_order ON games (guild_id, rating_order)
    WHERE rating_order IS NOT NULL;

CREATE TABLE ratings (
    guild_id BIGINT           NOT NULL,
    format   TEXT             NOT NULL,
    user_id  BIGINT           NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games    INTEGER          NOT NULL CHECK (games > 0),
    PRIMARY KEY (guild_id, format, user_id)
);

CREATE INDEX ratings_rank ON ratings (guild_id, format, (mu - 3 * sigma) DESC, games DESC, user_id);

CREATE TABLE rating_changes (
    game_id      BIGINT           NOT NULL REFERENCES games (id),
    user_id      BIGINT           NOT NULL,
    guild_id     BIGINT           NOT NULL,
    format       TEXT             NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    games_before INTEGER          NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
