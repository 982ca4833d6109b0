-- PostgreSQL version 5: the Hand lesson's old step 5 ("the Hand") is now step 6, as SQLite's
-- version 8 (bot/store/migrations/0008_hand_lesson_renumbered.sql): a member's answer moves
-- with the step it answered.

UPDATE lesson_progress SET step = 6 WHERE game = 'hand' AND step = 5;
