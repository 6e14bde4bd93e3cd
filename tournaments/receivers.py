"""What this app does when the matches app reports (``matches.signals``).

- ``match_over``: check the match's round, in the worker's task right after the
  match (``rounds.after_match``; idempotent, as a later delivery sends it again);
- ``recovery_sweep``: complete rounds whose last check was lost (a worker killed
  between its match and the check).
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from matches.signals import match_over, recovery_sweep
from tournaments import rounds
from tournaments.models import Round

logger = logging.getLogger(__name__)


@receiver(match_over, dispatch_uid="tournaments.after_match")
def _after_match(sender, match_id: int, **kwargs) -> None:
    if rounds.after_match(match_id) == "completed":
        logger.info("match %s completed its round", match_id)


@receiver(recovery_sweep, dispatch_uid="tournaments.complete_lost_rounds")
def _complete_lost_rounds(sender, **kwargs) -> dict:
    completed = sum(rounds.check_round(pk) == "completed"
                    for pk in Round.objects.filter(status=Round.Status.RUNNING)
                    .values_list("pk", flat=True))
    return {"rounds_completed": completed}
