-- PostgreSQL version 3: a member's lesson progress, as SQLite's version 6
-- (bot/store/migrations/0006_lesson_progress.sql): one row per member, game and step once the
-- member has answered it, on every server, as their preferences are.

CREATE TABLE lesson_progress (
    user_id    BIGINT           NOT NULL,
    game       TEXT             NOT NULL,
    step       INTEGER          NOT NULL CHECK (step >= 1),
    -- answers given to this step, right or not
    tries      INTEGER          NOT NULL CHECK (tries >= 1),
    -- 1 once the step was answered right; its first_try says whether that was the first answer
    done       INTEGER          NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    first_try  INTEGER          NOT NULL DEFAULT 0 CHECK (first_try IN (0, 1)),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game, step)
);
