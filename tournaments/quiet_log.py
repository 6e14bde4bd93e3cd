"""Keep the worker's log about matches: the routine answers of the round check
that follows every match ("waiting" for the round's other matches, "done
already") are not logged, so a season's rounds do not bury anyone's own matches.
A completed round, and every failure, is still logged."""

from __future__ import annotations

import logging

#: task name -> return values not worth a line in the worker's log
ROUTINE = {"tournaments.check_round": {"waiting", "done already", "not a fixture"}}
TRACE_LOGGER = "celery.app.trace"


class RoutineTaskResults(logging.Filter):
    """Drops Celery's "Task ... succeeded" line of a routine result."""

    def filter(self, record: logging.LogRecord) -> bool:
        data = getattr(record, "data", None)  # Celery passes the line's fields here
        if not isinstance(data, dict):
            return True
        quiet = ROUTINE.get(data.get("name"), ())
        return str(data.get("return_value", "")).strip("'\"") not in quiet


def install() -> None:
    trace = logging.getLogger(TRACE_LOGGER)
    if not any(isinstance(f, RoutineTaskResults) for f in trace.filters):
        trace.addFilter(RoutineTaskResults())
