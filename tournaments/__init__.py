"""Tournaments and ladder seasons (a Django app): formats, entries, ratings,
standings, and the Celery task that makes a season's rounds (the matches run in
``matches.tasks``)."""
