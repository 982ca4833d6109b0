-- Version 6: a member's lesson progress (issue 25), kept across restarts.
--
-- One row per member, game and step once the member has answered it: how many answers it took
-- and whether the first was right. A member's progress is theirs on every server, as their
-- preferences are. (PostgreSQL: postgres/0003_lesson_progress.sql.)

CREATE TABLE lesson_progress (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL CHECK (step >= 1),
    -- answers given to this step, right or not
    tries      INTEGER NOT NULL CHECK (tries >= 1),
    -- 1 once the step was answered right; its first_try says whether that was the first answer
    done       INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    first_try  INTEGER NOT NULL DEFAULT 0 CHECK (first_try IN (0, 1)),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, game, step)
) STRICT;
