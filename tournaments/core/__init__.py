"""The tournament core: plain Python over plain values, no Django, Celery or REST
framework, and nothing of the rest of ``tournaments`` (the import contract
``tournament-core`` in pyproject.toml holds it to that).

- ``formats``: the pairing rules (round robin, Swiss, elimination, the ladder's
  rounds), the seats, and a format by the name a competition stores (``by_name``);
- ``standings``: a table with its tie-breaks, from results;
- ``ratings``: rating matches (openskill's Plackett-Luce);
- ``rating_fold``: the one fold of results into ratings, which the live path and
  the rebuild both use.

The Django app stores what these compute and rebuilds it from what is stored.
"""
