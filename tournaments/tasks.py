"""The Celery task of seasons: ``season_tick`` makes a ladder season's next round
on its period. Matches run in the matches app (``matches.tasks.run_match``); this
app hears of them in ``tournaments.receivers``."""

from __future__ import annotations

from celery import shared_task

from matches.services import INFRASTRUCTURE_ERRORS
from matches.tasks import backoff
from tournaments import demo, rounds


@shared_task(bind=True, name="tournaments.season_tick", max_retries=3)
def season_tick(self, season_id: int) -> str:
    try:
        return rounds.ladder_tick(season_id)
    except INFRASTRUCTURE_ERRORS as exc:
        raise self.retry(exc=exc, countdown=backoff(self.request.retries)) from exc


@shared_task(name="tournaments.keep_demos_alive")
def keep_demos_alive() -> list[str]:
    """The scheduler's: a game's next demo ladder once its last has finished, and
    older finished ones deleted (``tournaments.demo``)."""
    return demo.keep_demos_alive()
