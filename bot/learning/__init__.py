"""Learning: lessons and the guided round, hints, practice tables, reviews and the rules."""
