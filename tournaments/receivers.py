"""What this app does when the matches app reports (``matches.signals``).

- ``matches_over``: check the rounds of the matches, in the worker's task right
  after them (``rounds.after_matches``; idempotent, as a later delivery sends it
  again);
- ``recovery_sweep``: complete rounds whose last check was lost (a worker killed
  between its match and the check).
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from matches.signals import matches_over, recovery_sweep
from tournaments import rounds
from tournaments.models import Round

logger = logging.getLogger(__name__)


@receiver(matches_over, dispatch_uid="tournaments.after_matches")
def _after_matches(sender, match_ids: list[int], **kwargs) -> None:
    for round_id, outcome in rounds.after_matches(match_ids).items():
        if outcome == "completed":
            logger.info("matches %s completed round %s", match_ids, round_id)


@receiver(recovery_sweep, dispatch_uid="tournaments.complete_lost_rounds")
def _complete_lost_rounds(sender, **kwargs) -> dict:
    completed = sum(
        rounds.check_round(pk) == "completed"
        for pk in Round.objects.filter(status=Round.Status.RUNNING).values_list("pk", flat=True)
    )
    return {"rounds_completed": completed}
