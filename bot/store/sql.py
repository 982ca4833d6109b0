"""Every SQL statement the store runs, as text: SQLite's, and PostgreSQL's where it reads them
differently (``DIALECT``).

The statements take ``:name`` parameters and are run by the operations of
``bot.store.sql_store.SQLStore`` on either engine; PostgreSQL's store runs each statement's text
from ``DIALECT`` when it has one there, and SQLite's text otherwise. Every query that reads or
writes a server's rows takes its ``guild_id``; the exception is ``SELECT_ALL_UNFINISHED``, which
restores every server's tables at start.
"""

from __future__ import annotations

# ---------------------------------------------------------------- SQL: tables

_COLUMNS = [
    "id",
    "guild_id",
    "channel_id",
    "thread_id",
    "message_id",
    "host_id",
    "game",
    "options",
    "seed",
    "seats",
    "record",
    "version",
    "status",
    "turn_timer",
    "turn_deadline",
    "missed_turns",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
]
TABLE_COLUMNS = ", ".join(_COLUMNS)
# A saved move doesn't read its record back: the caller has it, and decoding it again was a
# measurable part of each save.
SAVED_COLUMNS = ", ".join("NULL AS record" if c == "record" else c for c in _COLUMNS)

INSERT_TABLE = f"""
INSERT INTO tables (guild_id, channel_id, thread_id, message_id, host_id, game, options, seed,
                    seats, turn_timer, missed_turns, created_at, updated_at)
VALUES (:guild, :channel, :thread, :message, :host, :game, :options, :seed, :seats,
        coalesce(:turn_timer,
                 (SELECT turn_timer FROM guild_settings WHERE guild_id = :guild),
                 :default_timer),
        :missed, :now, :now)
RETURNING {TABLE_COLUMNS}
"""

SELECT_TABLE = f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = :id AND guild_id = :guild"

SELECT_STATUS = "SELECT status, version FROM tables WHERE id = :id AND guild_id = :guild"

# The status list must match the partial index tables_unfinished for SQLite to use it.
SELECT_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables
WHERE guild_id = :guild AND status IN ('lobby', 'playing') ORDER BY id
"""

SELECT_ALL_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables INDEXED BY tables_unfinished
WHERE status IN ('lobby', 'playing') ORDER BY guild_id, id
"""

# A process running some of the shards restores only the tables of the servers they own.
SELECT_SHARDS_UNFINISHED = f"""
SELECT {TABLE_COLUMNS} FROM tables INDEXED BY tables_unfinished
WHERE status IN ('lobby', 'playing')
  AND (guild_id >> 22) % :count IN (SELECT value FROM json_each(:shards))
ORDER BY guild_id, id
"""

UPDATE_LOBBY = f"""
UPDATE tables SET
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    options = coalesce(:options, options),
    seed = coalesce(:seed, seed),
    turn_timer = coalesce(:turn_timer, turn_timer),
    updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'lobby'
RETURNING {TABLE_COLUMNS}
"""

START_TABLE = f"""
UPDATE tables SET
    status = 'playing', record = :record, version = :version,
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, started_at = :now, updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'lobby'
RETURNING {TABLE_COLUMNS}
"""

# The optimistic check: the WHERE clause only matches the version the move was played on.
SAVE_MOVE = f"""
UPDATE tables SET
    record = :record, version = :version, status = :status,
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, updated_at = :now, finished_at = :finished
WHERE id = :id AND guild_id = :guild AND status = 'playing' AND version = :expected
RETURNING {SAVED_COLUMNS}
"""

UPDATE_TIMERS = f"""
UPDATE tables SET
    seats = coalesce(:seats, seats),
    missed_turns = coalesce(:missed, missed_turns),
    turn_deadline = :deadline, updated_at = :now
WHERE id = :id AND guild_id = :guild AND status = 'playing' AND version = :expected
RETURNING {TABLE_COLUMNS}
"""

SET_MESSAGES = f"""
UPDATE tables SET thread_id = :thread, message_id = :message, updated_at = :now
WHERE id = :id AND guild_id = :guild
RETURNING {TABLE_COLUMNS}
"""

CANCEL_TABLE = f"""
UPDATE tables SET status = 'cancelled', turn_deadline = NULL, updated_at = :now, finished_at = :now
WHERE id = :id AND guild_id = :guild AND status IN ('lobby', 'playing')
RETURNING {TABLE_COLUMNS}
"""

# ---------------------------------------------------------------- SQL: results

ROUNDS_SO_FAR = """
SELECT count(*) AS played, coalesce(max(finished_at), :started) AS since
FROM rounds WHERE table_id = :table
"""

INSERT_ROUND = """
INSERT INTO rounds (guild_id, table_id, number, seats, scores, reason, closer, duration,
                    finished_at)
VALUES (:guild, :table, :number, :seats, :scores, :reason, :closer, :duration, :now)
"""

SELECT_ROUNDS = """
SELECT id, table_id, number, seats, scores, reason, closer, duration, finished_at
FROM rounds WHERE guild_id = :guild AND table_id = :table ORDER BY number
"""

INSERT_GAME = """
INSERT INTO games (guild_id, table_id, game, options, rounds, with_computers, low_score_wins,
                   duration, finished_at)
VALUES (:guild, :table, :game, :options, :rounds, :with_computers, :low, :duration, :now)
RETURNING id
"""

INSERT_GAME_SEAT = """
INSERT INTO game_seats (game_id, seat, guild_id, user_id, computer, score, won, pearls)
VALUES (:game_id, :seat, :guild, :user, :computer, :score, :won, :pearls)
"""

# One line per member and game. The cpu_* part is what came from games with computer players, so
# a server that ranks without them reads totals minus that part (see migration 0002).
UPSERT_LEADERBOARD = """
INSERT INTO leaderboard (guild_id, game, user_id, games, wins, points, pearls, best,
                         cpu_games, cpu_wins, cpu_points, cpu_pearls, best_without_cpu)
VALUES (:guild, :game, :user, 1, :won, :score, :pearls, :score,
        :cpu, :cpu * :won, :cpu * :score, :cpu * :pearls,
        CASE WHEN :cpu THEN NULL ELSE :score END)
ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
    games = games + 1,
    wins = wins + excluded.wins,
    points = points + excluded.points,
    pearls = pearls + excluded.pearls,
    best = CASE WHEN :low THEN min(best, excluded.best) ELSE max(best, excluded.best) END,
    cpu_games = cpu_games + excluded.cpu_games,
    cpu_wins = cpu_wins + excluded.cpu_wins,
    cpu_points = cpu_points + excluded.cpu_points,
    cpu_pearls = cpu_pearls + excluded.cpu_pearls,
    best_without_cpu = CASE
        WHEN excluded.best_without_cpu IS NULL THEN best_without_cpu
        WHEN best_without_cpu IS NULL THEN excluded.best_without_cpu
        WHEN :low THEN min(best_without_cpu, excluded.best_without_cpu)
        ELSE max(best_without_cpu, excluded.best_without_cpu)
    END
"""

UPSERT_OVERALL = """
INSERT INTO leaderboard_overall (guild_id, user_id, games, wins, points, pearls,
                                 cpu_games, cpu_wins, cpu_points, cpu_pearls)
VALUES (:guild, :user, 1, :won, :score, :pearls, :cpu, :cpu * :won, :cpu * :score, :cpu * :pearls)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    games = games + 1,
    wins = wins + excluded.wins,
    points = points + excluded.points,
    pearls = pearls + excluded.pearls,
    cpu_games = cpu_games + excluded.cpu_games,
    cpu_wins = cpu_wins + excluded.cpu_wins,
    cpu_points = cpu_points + excluded.cpu_points,
    cpu_pearls = cpu_pearls + excluded.cpu_pearls
"""

GAME_COLUMNS = (
    "g.id, g.table_id, g.game, g.options, g.rounds, g.with_computers, g.duration, g.finished_at,"
    " g.rating_order"
)

SELECT_TABLE_GAME = f"""
SELECT {GAME_COLUMNS} FROM games AS g WHERE g.guild_id = :guild AND g.table_id = :table
"""

SELECT_RECENT_GAMES = f"""
SELECT {GAME_COLUMNS}
FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.guild_id = :guild AND s.user_id = :user AND s.user_id IS NOT NULL
ORDER BY s.game_id DESC LIMIT :limit
"""

# The game ids come as one JSON array parameter, so the statement text never varies.
SELECT_GAME_SEATS = """
SELECT game_id, seat, user_id, computer, score, won, pearls
FROM game_seats
WHERE guild_id = :guild AND game_id IN (SELECT value FROM json_each(:ids))
ORDER BY game_id, seat
"""

# ---------------------------------------------------------------- SQL: names and rating history

# The names kept with some tables' seats (a member's display name as last seen: tables.seats).
# The ids come as one JSON array parameter, as in SELECT_GAME_SEATS.
SELECT_KEPT_NAMES = """
SELECT id, seats FROM tables
WHERE guild_id = :guild AND id IN (SELECT value FROM json_each(:ids))
"""

# Each member's latest name kept with a finished game's seat on this server: their games newest
# first (the game_seats_member index), the first whose table kept a name for that seat.
SELECT_MEMBER_NAMES = """
SELECT u.value AS user_id,
       (SELECT json_extract(t.seats, '$[' || s.seat || '].name')
        FROM game_seats AS s
        JOIN games AS g ON g.id = s.game_id
        JOIN tables AS t ON t.id = g.table_id
        WHERE s.guild_id = :guild AND s.user_id = u.value
          AND json_extract(t.seats, '$[' || s.seat || '].name') IS NOT NULL
        ORDER BY s.game_id DESC LIMIT 1) AS name
FROM json_each(:users) AS u
"""

# A member's rating after each of their rated games, per format, oldest first: their games on
# this server (the game_seats_member index) and what each did to their rating. games_before
# counts their rated games in that format before it, so it orders them.
SELECT_RATING_HISTORY = """
SELECT c.format, c.mu_after, c.sigma_after, c.games_before
FROM game_seats AS s
JOIN rating_changes AS c ON c.game_id = s.game_id AND c.user_id = s.user_id
WHERE s.guild_id = :guild AND s.user_id = :user
ORDER BY c.format, c.games_before
"""

# ---------------------------------------------------------------- SQL: skill ratings

SELECT_RATING = """
SELECT mu, sigma, games FROM ratings
WHERE guild_id = :guild AND format = :format AND user_id = :user
"""

UPSERT_RATING = """
INSERT INTO ratings (guild_id, format, user_id, mu, sigma, games)
VALUES (:guild, :format, :user, :mu, :sigma, :games)
ON CONFLICT (guild_id, format, user_id) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, games = excluded.games
"""

NEXT_RATING_ORDER = """
SELECT coalesce(max(rating_order), 0) + 1 FROM games WHERE guild_id = :guild
"""

SET_RATING_ORDER = "UPDATE games SET rating_order = :order WHERE id = :game_id"

INSERT_RATING_CHANGE = """
INSERT INTO rating_changes (game_id, user_id, guild_id, format, mu_before, sigma_before,
                            games_before, mu_after, sigma_after)
VALUES (:game_id, :user, :guild, :format, :mu_before, :sigma_before, :games_before, :mu_after,
        :sigma_after)
"""

# The ids come as one JSON array parameter, as in SELECT_GAME_SEATS.
SELECT_RATING_CHANGES = """
SELECT game_id, user_id, mu_before, sigma_before, games_before, mu_after, sigma_after
FROM rating_changes
WHERE guild_id = :guild AND game_id IN (SELECT value FROM json_each(:ids))
"""

# The ladder walks the ratings_rank index (migration 0005) in its order.
SELECT_RATING_TOP = """
SELECT user_id, mu, sigma, games FROM ratings
WHERE guild_id = :guild AND format = :format
ORDER BY mu - 3 * sigma DESC, games DESC, user_id
LIMIT :limit
"""

SELECT_MEMBER_RATINGS = """
SELECT format, mu, sigma, games FROM ratings
WHERE guild_id = :guild AND user_id = :user ORDER BY format
"""

RATINGS_AHEAD = """
SELECT count(*) FROM ratings
WHERE guild_id = :guild AND format = :format AND mu - 3 * sigma > :conservative
"""

# rerate: every rated game in the order it was rated, with its seats, and the ratings it left.
SELECT_RATED_GAMES = """
SELECT id, guild_id, game, options, low_score_wins, rating_order FROM games
WHERE rating_order IS NOT NULL ORDER BY guild_id, rating_order
"""

SELECT_SEATS_OF_GAME = """
SELECT seat, user_id, score, won FROM game_seats WHERE game_id = :game_id ORDER BY seat
"""

SELECT_ALL_RATINGS = "SELECT guild_id, format, user_id, mu, sigma, games FROM ratings"

# ---------------------------------------------------------------- SQL: rankings

# How a leaderboard line reads with games against computers counted (True) or left out (False).
# The expressions are the ones indexed in migrations 0002 and 0003, so SQLite walks the index in
# rank order. Ranks are computed from those walks rather than with rank() OVER (…), which sorts
# every line of the server first (the benchmark showed it dominating).
_LINE: dict[bool, dict[str, str]] = {
    True: {
        "games": "games",
        "wins": "wins",
        "points": "points",
        "pearls": "pearls",
        "best": "best",
        "cpu": "cpu_games",
        "where": "TRUE",  # (a boolean, which PostgreSQL wants and SQLite reads as 1)
    },
    False: {
        "games": "games - cpu_games",
        "wins": "wins - cpu_wins",
        "points": "points - cpu_points",
        "pearls": "pearls - cpu_pearls",
        "best": "best_without_cpu",
        "cpu": "0",
        "where": "games > cpu_games",
    },
}


def _ranking(overall: bool, counted: bool) -> dict[str, str]:
    """The three ranking statements for one kind of line, from the fixed pieces above only."""
    c = _LINE[counted]
    source = "leaderboard_overall" if overall else "leaderboard"
    scope = "guild_id = :guild" + ("" if overall else " AND game = :game") + f" AND {c['where']}"
    columns = (
        f"user_id, {c['games']} AS games, {c['wins']} AS wins, {c['points']} AS points, "
        f"{c['pearls']} AS pearls, {'NULL' if overall else c['best']} AS best, "
        f"{c['cpu']} AS computer_games"
    )
    return {
        "top": f"SELECT {columns} FROM {source} WHERE {scope} "
        f"ORDER BY {c['pearls']} DESC, {c['wins']} DESC, {c['games']}, user_id LIMIT :limit",
        "line": f"SELECT {columns} FROM {source} WHERE {scope} AND user_id = :user",
        # Lines strictly ahead of one with :pearls, :wins and :games; the first condition is the
        # index range, the rest the tie-breaks. Rank = 1 + this count (equal lines share a rank).
        "ahead": f"SELECT count(*) FROM {source} WHERE {scope} AND {c['pearls']} >= :pearls "
        f"AND ({c['pearls']} > :pearls OR {c['wins']} > :wins "
        f"OR ({c['wins']} = :wins AND {c['games']} < :games))",
    }


# (overall?, computer games counted?) -> statement
_RANKINGS = {(o, c): _ranking(o, c) for o in (False, True) for c in (False, True)}
TOP = {key: r["top"] for key, r in _RANKINGS.items()}
MEMBER_LINE = {key: r["line"] for key, r in _RANKINGS.items()}
LINES_AHEAD = {key: r["ahead"] for key, r in _RANKINGS.items()}

MEMBER_GAMES = (
    "SELECT game FROM leaderboard WHERE guild_id = :guild AND user_id = :user ORDER BY game"
)

# ---------------------------------------------------------------- SQL: settings

SELECT_GUILD_SETTINGS = """
SELECT guild_id, language, turn_timer, default_variants, rank_computer_games
FROM guild_settings WHERE guild_id = :guild
"""

UPSERT_GUILD_SETTINGS = """
INSERT INTO guild_settings (guild_id, language, turn_timer, default_variants, rank_computer_games,
                            updated_at)
VALUES (:guild, :language, :turn_timer, :variants, :rank_cpu, :now)
ON CONFLICT (guild_id) DO UPDATE SET
    language = excluded.language, turn_timer = excluded.turn_timer,
    default_variants = excluded.default_variants,
    rank_computer_games = excluded.rank_computer_games, updated_at = excluded.updated_at
"""

# Only the fields a command changed, in one statement: two processes changing different fields
# of one server's or member's settings at once both keep their change (a read, a change and a
# save of the whole row would let the later save undo the earlier). :set_<field> says whether
# the field is changed; a new row takes the given value or the default.
CHANGE_GUILD_SETTINGS = """
INSERT INTO guild_settings (guild_id, language, turn_timer, default_variants, rank_computer_games,
                            updated_at)
VALUES (:guild, :language, :turn_timer, :default_variants, :rank_computer_games, :now)
ON CONFLICT (guild_id) DO UPDATE SET
    language = CASE WHEN :set_language THEN excluded.language
                    ELSE guild_settings.language END,
    turn_timer = CASE WHEN :set_turn_timer THEN excluded.turn_timer
                      ELSE guild_settings.turn_timer END,
    default_variants = CASE WHEN :set_default_variants THEN excluded.default_variants
                            ELSE guild_settings.default_variants END,
    rank_computer_games = CASE WHEN :set_rank_computer_games THEN excluded.rank_computer_games
                               ELSE guild_settings.rank_computer_games END,
    updated_at = excluded.updated_at
RETURNING guild_id, language, turn_timer, default_variants, rank_computer_games
"""

CHANGE_MEMBER_SETTINGS = """
INSERT INTO member_settings (user_id, language, card_style, sort_order, updated_at)
VALUES (:user, :language, :card_style, :sort_order, :now)
ON CONFLICT (user_id) DO UPDATE SET
    language = CASE WHEN :set_language THEN excluded.language ELSE member_settings.language END,
    card_style = CASE WHEN :set_card_style THEN excluded.card_style
                      ELSE member_settings.card_style END,
    sort_order = CASE WHEN :set_sort_order THEN excluded.sort_order
                      ELSE member_settings.sort_order END,
    updated_at = excluded.updated_at
RETURNING user_id, language, card_style, sort_order
"""

SELECT_MEMBER_SETTINGS = """
SELECT user_id, language, card_style, sort_order FROM member_settings WHERE user_id = :user
"""

UPSERT_MEMBER_SETTINGS = """
INSERT INTO member_settings (user_id, language, card_style, sort_order, updated_at)
VALUES (:user, :language, :card_style, :sort_order, :now)
ON CONFLICT (user_id) DO UPDATE SET
    language = excluded.language, card_style = excluded.card_style,
    sort_order = excluded.sort_order, updated_at = excluded.updated_at
"""

# A lesson answer: the first one inserts the row; a later one counts a try, and the first right
# answer marks the step done (with first_try when it was the first answer). Once done, further
# answers (the member going over the step again) change nothing but the count.
UPSERT_LESSON_ANSWER = """
INSERT INTO lesson_progress (user_id, game, step, tries, done, first_try, updated_at)
VALUES (:user, :game, :step, 1, :right, :right, :now)
ON CONFLICT (user_id, game, step) DO UPDATE SET
    tries = tries + 1,
    done = MAX(done, excluded.done),
    updated_at = excluded.updated_at
"""

# A skipped step: the skip counts as a try and marks the step done, never right at the first
# try (a step already answered right keeps its first_try).
UPSERT_LESSON_SKIP = """
INSERT INTO lesson_progress (user_id, game, step, tries, done, first_try, updated_at)
VALUES (:user, :game, :step, 1, 1, 0, :now)
ON CONFLICT (user_id, game, step) DO UPDATE SET
    tries = tries + 1,
    done = 1,
    updated_at = excluded.updated_at
"""

SELECT_LESSON_PROGRESS = """
SELECT step, tries, done, first_try FROM lesson_progress
WHERE user_id = :user AND game = :game ORDER BY step
"""


# ---------------------------------------------------------------- SQL: PostgreSQL's dialect

# Statements PostgreSQL reads differently; every other statement runs as SQLite's text.
DIALECT: dict[str, str] = {
    # INDEXED BY is SQLite's; PostgreSQL picks the partial index by itself.
    SELECT_ALL_UNFINISHED: SELECT_ALL_UNFINISHED.replace(" INDEXED BY tables_unfinished", ""),
    SELECT_SHARDS_UNFINISHED: f"""
SELECT {TABLE_COLUMNS} FROM tables
WHERE status IN ('lobby', 'playing')
  AND (guild_id >> 22) % :count::bigint
      IN (SELECT shard::bigint FROM jsonb_array_elements_text(:shards::jsonb) AS shard)
ORDER BY guild_id, id
""",
    # SQLite's two-argument max is PostgreSQL's greatest; the existing row is named.
    UPSERT_LESSON_ANSWER: """
INSERT INTO lesson_progress AS p (user_id, game, step, tries, done, first_try, updated_at)
VALUES (:user, :game, :step, 1, :right, :right, :now)
ON CONFLICT (user_id, game, step) DO UPDATE SET
    tries = p.tries + 1,
    done = greatest(p.done, excluded.done),
    updated_at = excluded.updated_at
""",
    # The existing row is named, as above.
    UPSERT_LESSON_SKIP: """
INSERT INTO lesson_progress AS p (user_id, game, step, tries, done, first_try, updated_at)
VALUES (:user, :game, :step, 1, 1, 0, :now)
ON CONFLICT (user_id, game, step) DO UPDATE SET
    tries = p.tries + 1,
    done = 1,
    updated_at = excluded.updated_at
""",
    # json_each is SQLite's; the ids are still one JSON array parameter.
    SELECT_RATING_CHANGES: """
SELECT game_id, user_id, mu_before, sigma_before, games_before, mu_after, sigma_after
FROM rating_changes
WHERE guild_id = :guild
  AND game_id IN (SELECT id::bigint FROM jsonb_array_elements_text(:ids::jsonb) AS id)
""",
    SELECT_GAME_SEATS: """
SELECT game_id, seat, user_id, computer, score, won, pearls
FROM game_seats
WHERE guild_id = :guild
  AND game_id IN (SELECT id::bigint FROM jsonb_array_elements_text(:ids::jsonb) AS id)
ORDER BY game_id, seat
""",
    # PostgreSQL has least/greatest for SQLite's two-argument min/max, no arithmetic on booleans,
    # and wants the existing row's columns named (the proposed one is "excluded" on both).
    UPSERT_LEADERBOARD: """
INSERT INTO leaderboard AS l (guild_id, game, user_id, games, wins, points, pearls, best,
                              cpu_games, cpu_wins, cpu_points, cpu_pearls, best_without_cpu)
VALUES (:guild, :game, :user, 1, :won::int, :score::float8, :pearls::int, :score::float8,
        :cpu::int, :cpu::int * :won::int, :cpu::int * :score::float8, :cpu::int * :pearls::int,
        CASE WHEN :cpu::int = 1 THEN NULL ELSE :score::float8 END)
ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
    games = l.games + 1,
    wins = l.wins + excluded.wins,
    points = l.points + excluded.points,
    pearls = l.pearls + excluded.pearls,
    best = CASE WHEN :low::int = 1 THEN least(l.best, excluded.best)
                ELSE greatest(l.best, excluded.best) END,
    cpu_games = l.cpu_games + excluded.cpu_games,
    cpu_wins = l.cpu_wins + excluded.cpu_wins,
    cpu_points = l.cpu_points + excluded.cpu_points,
    cpu_pearls = l.cpu_pearls + excluded.cpu_pearls,
    best_without_cpu = CASE WHEN :low::int = 1
                            THEN least(l.best_without_cpu, excluded.best_without_cpu)
                            ELSE greatest(l.best_without_cpu, excluded.best_without_cpu) END
""",
    UPSERT_OVERALL: """
INSERT INTO leaderboard_overall AS o (guild_id, user_id, games, wins, points, pearls,
                                      cpu_games, cpu_wins, cpu_points, cpu_pearls)
VALUES (:guild, :user, 1, :won::int, :score::float8, :pearls::int,
        :cpu::int, :cpu::int * :won::int, :cpu::int * :score::float8, :cpu::int * :pearls::int)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    games = o.games + 1,
    wins = o.wins + excluded.wins,
    points = o.points + excluded.points,
    pearls = o.pearls + excluded.pearls,
    cpu_games = o.cpu_games + excluded.cpu_games,
    cpu_wins = o.cpu_wins + excluded.cpu_wins,
    cpu_points = o.cpu_points + excluded.cpu_points,
    cpu_pearls = o.cpu_pearls + excluded.cpu_pearls
""",
    # json_each and json_extract are SQLite's; the ids are still one JSON array parameter.
    SELECT_KEPT_NAMES: """
SELECT id, seats FROM tables
WHERE guild_id = :guild
  AND id IN (SELECT id::bigint FROM jsonb_array_elements_text(:ids::jsonb) AS id)
""",
    SELECT_MEMBER_NAMES: """
SELECT u.user_id,
       (SELECT t.seats::jsonb -> s.seat ->> 'name'
        FROM game_seats AS s
        JOIN games AS g ON g.id = s.game_id
        JOIN tables AS t ON t.id = g.table_id
        WHERE s.guild_id = :guild AND s.user_id = u.user_id
          AND t.seats::jsonb -> s.seat ->> 'name' IS NOT NULL
        ORDER BY s.game_id DESC LIMIT 1) AS name
FROM (SELECT id::bigint AS user_id FROM jsonb_array_elements_text(:users::jsonb) AS id) AS u
""",
}
