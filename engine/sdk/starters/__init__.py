"""Starter bots, one per game: copy one to begin a bot of your own."""
