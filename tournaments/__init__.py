"""Tournaments and ladder seasons (a Django app): formats, entries, ratings,
standings and the Celery tasks that run matches."""
