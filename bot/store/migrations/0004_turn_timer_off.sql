-- Version 4: a turn timer of 0 means "no timer", as /settings and /table new offer it.
--
-- Versions 1 to 3 checked turn_timer > 0, so choosing "off" failed the CHECK. SQLite can't change
-- a CHECK in place, so both tables are rebuilt the way its manual describes (create the new
-- table, copy, drop the old, rename); the migration runs with foreign keys off, so the rounds
-- and games that reference tables (id) keep pointing at the same ids. The copy is one pass over
-- the file's tables, once.

CREATE TABLE guild_settings_new (
    guild_id         INTEGER PRIMARY KEY,
    language         TEXT    NOT NULL DEFAULT 'en',
    -- seconds a member has for a turn; 0: no timer
    turn_timer       INTEGER NOT NULL DEFAULT 120 CHECK (turn_timer >= 0),
    -- game -> options object, e.g. {"mor": {"length": "quick"}}
    default_variants TEXT    NOT NULL DEFAULT '{}'
                     CHECK (json_valid(default_variants) AND json_type(default_variants) = 'object'),
    updated_at       REAL    NOT NULL,
    rank_computer_games INTEGER NOT NULL DEFAULT 1 CHECK (rank_computer_games IN (0, 1))
) STRICT;

INSERT INTO guild_settings_new (guild_id, language, turn_timer, default_variants, updated_at,
                                rank_computer_games)
SELECT guild_id, language, turn_timer, default_variants, updated_at, rank_computer_games
FROM guild_settings;

DROP TABLE guild_settings;
ALTER TABLE guild_settings_new RENAME TO guild_settings;

CREATE TABLE tables_new (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,
    host_id       INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL CHECK (json_valid(options)),
    seed          INTEGER NOT NULL,
    -- one entry per seat: {"user": id}, {"computer": level} or null while the lobby fills
    seats         TEXT    NOT NULL CHECK (json_valid(seats) AND json_type(seats) = 'array'),
    -- the table file that replays to the current state; NULL until the game starts
    record        TEXT    CHECK (record IS NULL OR json_valid(record)),
    -- number of moves in record: the optimistic-concurrency token
    version       INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    -- seconds a member has for a turn; 0: no timer (turn_deadline stays NULL)
    turn_timer    INTEGER NOT NULL CHECK (turn_timer >= 0),
    turn_deadline REAL,
    missed_turns  TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(missed_turns)),
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL
) STRICT;

INSERT INTO tables_new (id, guild_id, channel_id, thread_id, message_id, host_id, game, options,
                        seed, seats, record, version, status, turn_timer, turn_deadline,
                        missed_turns, created_at, updated_at, started_at, finished_at)
SELECT id, guild_id, channel_id, thread_id, message_id, host_id, game, options,
       seed, seats, record, version, status, turn_timer, turn_deadline,
       missed_turns, created_at, updated_at, started_at, finished_at
FROM tables;

DROP TABLE tables;
ALTER TABLE tables_new RENAME TO tables;

-- Dropped with the old table; the same partial index as version 1.
CREATE INDEX tables_unfinished ON tables (guild_id, id) WHERE status IN ('lobby', 'playing');
