"""What the matches app tells the apps above it (which it never imports).

- ``match_over``: a stored match finished or failed (sent by the worker that ran it,
  and again by a later delivery that finds it over, so a receiver must be idempotent).
  Keyword arguments: ``match_id``, ``status``.
- ``recovery_sweep``: a recovery sweep ran (``matches.tasks.recover_stalled``); apps
  above recover their own work that a dead worker left half done (tournaments
  complete rounds whose last check was lost). A receiver returns what it recovered,
  as ``{name: count}``.
"""

from django.dispatch import Signal

match_over = Signal()
recovery_sweep = Signal()
