"""The terminal: play, lessons, the guided round and replays at a keyboard
(``python -m bot.console``). Nothing outside this package imports it."""
