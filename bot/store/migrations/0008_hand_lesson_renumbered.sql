-- Version 8: the Hand lesson gained a step (a joker in a set of three) before its last, "the
-- Hand", which was step 5 and is now step 6. A member who had answered the old step 5 answered
-- the Hand: their answer moves with it, so nothing earned is lost and the new step is not marked
-- done for them. (PostgreSQL: postgres/0005_hand_lesson_renumbered.sql.)

UPDATE lesson_progress SET step = 6 WHERE game = 'hand' AND step = 5;
