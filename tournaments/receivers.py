"""What this app does when the apps below it report or ask (``matches.signals``,
``bots.signals``): the one way a lower layer hears this one.

- ``matches_over``: check the rounds of the matches, in the worker's task right
  after them (``after_matches``; idempotent, as a later delivery sends it
  again);
- ``recovery_sweep``: complete rounds whose last check was lost (a worker killed
  between its match and the check);
- ``bot_admin_actions``: the bots admin offers "Add to season/tournament"
  (``tournaments.admin.bot_action``).
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from bots.signals import bot_admin_actions
from matches.signals import matches_over, recovery_sweep
from tournaments import rounds
from tournaments.admin.bot_action import add_to_competition
from tournaments.after_matches import after_matches
from tournaments.models import Round

logger = logging.getLogger(__name__)


@receiver(matches_over, dispatch_uid="tournaments.after_matches")
def _after_matches(sender, match_ids: list[int], **kwargs) -> None:
    for round_id, outcome in after_matches(match_ids).items():
        if outcome == "completed":
            logger.info("matches %s completed round %s", match_ids, round_id)


@receiver(recovery_sweep, dispatch_uid="tournaments.complete_lost_rounds")
def _complete_lost_rounds(sender, **kwargs) -> dict:
    completed = sum(
        rounds.check_round(pk) == "completed"
        for pk in Round.objects.filter(status=Round.Status.RUNNING).values_list("pk", flat=True)
    )
    return {"rounds_completed": completed}


@receiver(bot_admin_actions, dispatch_uid="tournaments.add_to_competition")
def _bot_admin_actions(sender, **kwargs) -> list:
    return [add_to_competition]
