"""What the matches app tells the apps above it (which it never imports).

- ``matches_over``: stored matches finished or failed (sent by the worker that ran
  them, once per message after its matches, and again by a later delivery that
  finds them over, so a receiver must be idempotent). Keyword argument:
  ``match_ids``, in the order they were run.
- ``recovery_sweep``: a recovery sweep ran (``matches.recovery.recover_stalled``); apps
  above recover their own work that a dead worker left half done (tournaments
  complete rounds whose last check was lost). A receiver returns what it recovered,
  as ``{name: count}``;
- ``players_wanted``: a stored match is about to be played (``matches.players``).
  Keyword arguments: ``game`` and ``seat_rows`` (its ``MatchSeat`` rows, in seat
  order). An app that runs players this one does not (``bots``: uploaded versions,
  in the sandbox) returns one player per seat row; the first answer plays, and
  without one the seats are built-in bots only.

The apps above connect their receivers in their ``AppConfig.ready``: the one way a
lower layer hears a higher one.
"""

from django.dispatch import Signal

matches_over = Signal()
recovery_sweep = Signal()
players_wanted = Signal()
