"""Tournaments and ladder seasons (a Django app): entries, rounds, ratings,
standings, and the Celery task that makes a season's rounds (the matches run in
``matches.tasks``). The pure rules (formats, standings, ratings) are its core,
``tournaments.core``, which imports nothing of Django nor of the rest of the app."""
