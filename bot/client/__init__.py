"""The Discord client: the bot itself (``diwaniya``), its slash commands in the members'
languages (``translator``) and its start, reconnects and shutdown (``serve``, ``python -m bot``)."""
