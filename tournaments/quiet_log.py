"""Keep the worker's log about matches: the round check that follows every match
is not logged when it is routine (its "received" line, and its "succeeded" line
when the answer is "waiting" for the round's other matches or "done already"), so
a season's rounds do not bury anyone's own matches. A completed round, and every
failure, is still logged."""

from __future__ import annotations

import logging

#: task name -> return values not worth a line in the worker's log
ROUTINE = {"tournaments.check_round": {"waiting", "done already", "not a fixture"}}
#: Celery's loggers of a task's "received" and "succeeded" lines
TASK_LOGGERS = ("celery.worker.strategy", "celery.app.trace")


class RoutineTaskLines(logging.Filter):
    """Drops the "received" line of a routine task, and its "succeeded" line when
    it returned a routine answer."""

    def filter(self, record: logging.LogRecord) -> bool:
        data = getattr(record, "data", None)  # Celery passes the line's fields here
        if not isinstance(data, dict) or data.get("name") not in ROUTINE:
            return True
        if "return_value" not in data:
            return False  # "received": the outcome, if it matters, is logged at the end
        return str(data["return_value"]).strip("'\"") not in ROUTINE[data["name"]]


def install() -> None:
    for name in TASK_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RoutineTaskLines) for f in logger.filters):
            logger.addFilter(RoutineTaskLines())
