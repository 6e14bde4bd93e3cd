"""The periodic tick of ladder seasons, kept in django-celery-beat's tables.

Each season has one ``PeriodicTask`` named ``season-<id>`` running
``tournaments.season_tick`` every ``period_seconds``: created or updated when the
season starts or resumes, disabled when it pauses or finishes. The beat process
(``celery -A config beat``, with the database scheduler) picks changes up by
itself, so the organiser sets the period in the admin.
"""

from __future__ import annotations

import json

from django_celery_beat.models import IntervalSchedule, PeriodicTask

from tournaments.models import Competition

TASK = "tournaments.season_tick"


def task_name(season: Competition) -> str:
    return f"season-{season.pk}"


def sync_periodic_task(season: Competition) -> PeriodicTask:
    schedule, _ = IntervalSchedule.objects.get_or_create(
        every=max(1, season.period_seconds), period=IntervalSchedule.SECONDS
    )
    task, _ = PeriodicTask.objects.update_or_create(
        name=task_name(season),
        defaults={
            "task": TASK,
            "interval": schedule,
            "args": json.dumps([season.pk]),
            "enabled": season.status == Competition.Status.RUNNING,
            "description": f"ladder rounds of {season.name}",
        },
    )
    return task


def drop_periodic_task(season: Competition) -> None:
    """The season's tick removed from the scheduler's tables (the season is deleted)."""
    PeriodicTask.objects.filter(name=task_name(season)).delete()
