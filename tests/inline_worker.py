"""Running stored matches in the test's own process, with the worker's own code.

``InlineWorker`` keeps the matches handed to the workers (``matches.tasks.enqueue``
sends ``run_match``) instead of sending them to a broker; ``drain`` runs them with
``matches.tasks.run`` (claim, play, store, then the ``matches_over`` receivers: the
round check), and whatever they schedule in turn, in order.
"""

from __future__ import annotations

from collections import deque
from contextlib import nullcontext

from matches import tasks


class InlineWorker:
    def __init__(self, monkeypatch) -> None:
        #: the ids of the matches sent, oldest first
        self.queue: deque[int] = deque()
        monkeypatch.setattr(tasks.run_match, "delay", self.sent)

    def sent(self, match_id: int, then=()) -> None:
        """A message: its matches, in order (several short ones: ``matches.batching``)."""
        self.queue.extend([match_id, *then])

    def __call__(self, limit: int = 10_000) -> int:
        return self.drain(limit)

    def drain(self, limit: int = 10_000, committing=nullcontext) -> int:
        """Run up to ``limit`` sent matches; ``committing()`` wraps each run (e.g.
        pytest-django's ``django_capture_on_commit_callbacks(execute=True)``)."""
        n = 0
        while self.queue and n < limit:
            with committing():
                tasks.run(self.queue.popleft(), "test")
            n += 1
        return n
