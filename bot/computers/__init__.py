"""Computer play: the worker processes computers think in (hints and reviews too), and
measuring computer players against each other (self-play and the ladder)."""
