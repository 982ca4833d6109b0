-- Version 1: tables in play, finished rounds and games, leaderboards, settings.
--
-- Every row that belongs to a server carries guild_id, so no query ever needs to cross guilds.
-- Times are Unix seconds (REAL). JSON columns are checked with json_valid so a bad write fails
-- loudly instead of leaving a table that can't be restored.

CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    language         TEXT    NOT NULL DEFAULT 'en',
    turn_timer       INTEGER NOT NULL DEFAULT 120 CHECK (turn_timer > 0),
    -- game -> options object, e.g. {"mor": {"length": "quick"}}
    default_variants TEXT    NOT NULL DEFAULT '{}'
                     CHECK (json_valid(default_variants) AND json_type(default_variants) = 'object'),
    updated_at       REAL    NOT NULL
) STRICT;

-- A member's own preferences follow them from server to server, so they are keyed by user only.
CREATE TABLE member_settings (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT,                           -- NULL: the server's language
    card_style TEXT    NOT NULL DEFAULT 'classic',
    sort_order TEXT    NOT NULL DEFAULT 'suit',
    updated_at REAL    NOT NULL
) STRICT;

CREATE TABLE tables (
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
    turn_timer    INTEGER NOT NULL CHECK (turn_timer > 0),
    turn_deadline REAL,
    missed_turns  TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(missed_turns)),
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL
) STRICT;

-- Restoring at start reads only the unfinished tables, while finished ones pile up for ever.
CREATE INDEX tables_unfinished ON tables (guild_id, id) WHERE status IN ('lobby', 'playing');

CREATE TABLE rounds (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    number      INTEGER NOT NULL CHECK (number > 0),
    seats       TEXT    NOT NULL CHECK (json_valid(seats)),   -- who played it (seats can change)
    scores      TEXT    NOT NULL CHECK (json_valid(scores)),  -- one number per seat
    reason      TEXT    NOT NULL,
    closer      INTEGER,
    duration    REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    UNIQUE (table_id, number)
) STRICT;

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    table_id       INTEGER NOT NULL UNIQUE REFERENCES tables (id),
    game           TEXT    NOT NULL,
    options        TEXT    NOT NULL CHECK (json_valid(options)),
    rounds         INTEGER NOT NULL CHECK (rounds >= 0),
    with_computers INTEGER NOT NULL CHECK (with_computers IN (0, 1)),
    -- Hand is won by the lowest total: "best result" means the lowest score there
    low_score_wins INTEGER NOT NULL CHECK (low_score_wins IN (0, 1)),
    duration       REAL    NOT NULL,
    finished_at    REAL    NOT NULL
) STRICT;

CREATE TABLE game_seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    guild_id INTEGER NOT NULL,  -- copied from games so a member's history is read within one guild
    user_id  INTEGER,           -- NULL for a computer player
    computer TEXT,              -- the computer player's level, NULL for a member
    score    REAL    NOT NULL,  -- final total (Mor's halves are exact in a REAL)
    won      INTEGER NOT NULL CHECK (won IN (0, 1)),
    pearls   INTEGER NOT NULL CHECK (pearls >= 0),
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
) STRICT, WITHOUT ROWID;

-- One line per member and game, kept up to date in the same transaction as each game result, so
-- rankings never aggregate the whole history.
CREATE TABLE leaderboard (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    points   REAL    NOT NULL,
    pearls   INTEGER NOT NULL,
    best     REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) STRICT, WITHOUT ROWID;
