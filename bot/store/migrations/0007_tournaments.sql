-- Version 7: tournaments (issue 57): knockout, Arena and Swiss, run by the bot.
--
-- A tournament belongs to one server. Its players sign up (tournament_entries); each round's
-- tables are planned before they are opened (tournament_tables, a slot per table, its table_id
-- set once the table exists); and each game's points are written in the same transaction as
-- the game's own result (tournament_games), so a kill -9 neither loses nor counts one twice.
-- (PostgreSQL: postgres/0004_tournaments.sql.)

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    event_id    INTEGER,                -- the Discord scheduled event, when the bot made one
    creator_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    -- the tables' options, as a table stores them (Mor's players and length, More's bid)
    options     TEXT    NOT NULL CHECK (json_valid(options) AND json_type(options) = 'object'),
    format      TEXT    NOT NULL CHECK (format IN ('knockout', 'arena', 'swiss')),
    status      TEXT    NOT NULL DEFAULT 'signup'
                CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    starts_at   REAL    NOT NULL,
    ends_at     REAL,                   -- Arena: nothing new is seated after it
    rounds      INTEGER,                -- Swiss: how many rounds
    round       INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    turn_timer  INTEGER NOT NULL CHECK (turn_timer > 0),
    computers   INTEGER NOT NULL CHECK (computers IN (0, 1)),
    seed        INTEGER NOT NULL,
    -- what the format keeps between rounds: a knockout's bracket, an Arena's queue
    state       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(state)),
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    finished_at REAL
) STRICT;

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    name          TEXT,                 -- the display name when they signed up or last played
    status        TEXT    NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'paused', 'left', 'dropped')),
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) STRICT;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    number        INTEGER NOT NULL CHECK (number >= 1),
    -- one entry per seat: a member's id, or null for a computer player
    seats         TEXT    NOT NULL CHECK (json_valid(seats) AND json_type(seats) = 'array'),
    table_id      INTEGER UNIQUE REFERENCES tables (id),
    PRIMARY KEY (tournament_id, round, number)
) STRICT;

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    table_id      INTEGER NOT NULL REFERENCES tables (id),
    round         INTEGER NOT NULL,
    number        INTEGER NOT NULL,
    -- member id -> place points (half-points), for the members seated
    points        TEXT    NOT NULL CHECK (json_valid(points) AND json_type(points) = 'object'),
    -- the members whose seat the computer kept at the end (absent)
    absent        TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(absent)),
    finished_at   REAL    NOT NULL,
    PRIMARY KEY (tournament_id, table_id)
) STRICT;

-- Byes are results too (Swiss; a knockout table of one needs none: its entry goes on).
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
) STRICT;
