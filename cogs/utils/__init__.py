"""What several cogs share: not cogs themselves (the bot never loads them as extensions), so a
cog imports these and never another cog.

- ``context``: an interaction's table service, and the member's display name remembered;
- ``words``: games', seats' and moves' names, standings and options, in the reader's language;
- ``pictures``: the table's, the hand's and the score sheet's pictures, drawn off the event loop;
- ``buttons``: ``Control`` (every control's base), the view every control sits in, the lobby's
  and table's buttons, Rematch;
- ``hand``: a member's private hand, and a move made from its controls shown in it;
- ``hand_controls``: the private hand's controls and the view they sit in;
- ``live_hands``: each seated member's latest private hand, edited as the table changes;
- ``presenter``: the table message, from the table service's notices (``table_messages``: the
  bot's one Presenter);
- ``ratings``: how a rating and its change read.
"""
