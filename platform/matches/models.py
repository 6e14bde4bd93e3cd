"""Matches, their seats and their event logs.

A match's events are append-only: ``MatchEvent`` rows are written once, in
order, each sealed by the hash chain (``matches.storing.append_events`` is the
only writer), and are never updated or deleted through the ORM. The canonical line
of each event (``engine.events.encode``) is stored verbatim so the export is
byte-identical to the engine's log; the parsed fields beside it serve queries.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from engine.events import EVERYONE, Event


class AppendOnlyError(Exception):
    """Raised on any attempt to change or remove a stored event."""


class MatchQuerySet(models.QuerySet):
    def visible(self):
        """The matches the public may know of: all but those ``withheld`` until
        their competition's reveal. Every page and API response lists and finds
        matches through this (the organiser sees the rest in the admin)."""
        return self.filter(withheld=False)


class Match(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"
        FAILED = "failed", "failed"

    game = models.CharField(max_length=64, db_index=True)
    rules_version = models.PositiveIntegerField()
    #: secret while the match runs (``matches.seeding``); ``MatchEnded`` reveals it
    seed = models.BigIntegerField()
    #: the salt of the seed commitment in ``MatchStarted``; as secret as the seed.
    #: Empty for matches whose log records the seed itself (log format 1)
    seed_salt = models.CharField(max_length=32, blank=True, default="")
    #: the options as the game resolved them (every option, defaults filled in)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.QUEUED, db_index=True
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: the last link of the hash chain of the events stored so far
    digest = models.CharField(max_length=64, blank=True, default="")
    event_count = models.PositiveIntegerField(default=0)
    #: the outcome (``MatchEnded`` data: ranks, scores, reason, faults) once finished
    result = models.JSONField(null=True, blank=True)
    #: why a failed match failed (an engine or storage error)
    error = models.TextField(blank=True, default="")
    #: a "what if" fork: the finished match it branched from (``matches.forks``).
    #: Its log starts with the parent's events 0..``fork_at``, byte for byte
    parent = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="forks",
        help_text="a fork's parent: the match it was forked from",
    )
    fork_at = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="the seq of a fork's last event shared with its parent (the split point)",
    )
    forked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="forks",
        help_text="who asked for the fork",
    )
    #: the competition this match belongs to keeps results hidden until it finishes:
    #: set when the match is scheduled, cleared in one update at the reveal. Everything
    #: that reveals private events or results of a finished match asks this first
    hides_results = models.BooleanField(
        default=False,
        help_text="private events and the result stay hidden (a competition "
        "that hides results until it finishes)",
    )

    #: even that this match exists stays hidden until its competition's reveal:
    #: who plays it follows from hidden results (a knockout's later rounds name who
    #: advanced, a replay that a match was drawn). Implies ``hides_results``; cleared
    #: with it
    withheld = models.BooleanField(
        default=False,
        help_text="hidden from every page and API answer until the results are revealed "
        "(who plays it follows from hidden results)",
    )

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["game", "status", "created_at"])]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} ({self.status})"

    @property
    def is_over(self) -> bool:
        """Finished or failed: no more events will arrive, the whole log is shown."""
        return self.status in (self.Status.FINISHED, self.Status.FAILED)

    @property
    def seed_commitment(self) -> str | None:
        """The commitment ``MatchStarted`` carries (``None`` for a format-1 match)."""
        from engine.seeding import commitment

        return commitment(self.seed, self.seed_salt) if self.seed_salt else None

    @property
    def is_fork(self) -> bool:
        return self.parent_id is not None

    @property
    def reveals_everything(self) -> bool:
        """True when every event, private ones included, may be served."""
        return self.is_over and not self.hides_results


class MatchClaim(models.Model):
    """Who runs a stored match now, for at-least-once delivery (``matches.claims``):
    one row per stored match, made with it. A worker claims it under the match row's
    lock, beats while it runs, and every write of its run is fenced by it."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="claim"
    )
    #: "host:pid:task id" of the worker running the match (empty when nobody does)
    claimed_by = models.CharField(max_length=300, blank=True, default="")
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    #: when the match was last handed to the broker (the sweeper re-sends lost ones)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    #: how many times a worker started the match: 1, plus one per restart after its
    #: worker died (a stolen claim); retries after database/broker errors do not count
    attempts = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"claim of match {self.match_id}: {self.claimed_by or 'nobody'}"


class MatchSeat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    #: a built-in bot's name (or, later, an uploaded bot's name as recorded)
    bot_name = models.CharField(max_length=100, db_index=True)
    bot_version = models.CharField(max_length=100, default="builtin")
    #: the uploaded bot version this seat plays (pinned when the match is created);
    #: empty for a built-in bot. ``bot_name``/``bot_version`` then hold its label.
    bot_version_ref = models.ForeignKey(
        "bots.BotVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="seats"
    )
    team = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    faults = models.PositiveIntegerField(default=0)
    #: the last fault's reason (or the forfeit), empty when the bot played cleanly
    fault_reason = models.TextField(blank=True, default="")
    #: an uploaded bot's stderr in this match (capped), shown to its owner only
    stderr = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="unique_seat_per_match")
        ]

    def __str__(self) -> str:
        return f"seat {self.index}: {self.bot_name}"


class MatchEventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("match events are append-only: they cannot be updated")

    def delete(self):
        raise AppendOnlyError("match events are append-only: they cannot be deleted")

    def bulk_update(self, objs, fields, batch_size=None):
        raise AppendOnlyError("match events are append-only: they cannot be updated")

    def update_or_create(self, *args, **kwargs):
        raise AppendOnlyError("match events are append-only: they cannot be updated")

    def public(self):
        """Events a spectator may see while the match runs: public ones and the
        public twins of private ones."""
        return self.filter(models.Q(is_public=True) | models.Q(public__isnull=False))


# the manager built by assignment, the form the django-stubs plugin types
MatchEventManager = models.Manager.from_queryset(MatchEventQuerySet, "MatchEventManager")


class MatchEvent(models.Model):
    #: PROTECT: deleting a match must not silently take its log with it
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64, db_index=True)
    #: "all" or a list of seats
    to = models.JSONField()
    is_public = models.BooleanField()
    data = models.JSONField()
    #: the redacted twin that other seats see instead of a private event
    public = models.JSONField(null=True, blank=True)
    #: the canonical JSON line, exactly as ``engine.events.encode`` made it
    line = models.TextField()
    #: h[seq] = sha256(h[seq-1] + line)
    chain_hash = models.CharField(max_length=64)

    objects = MatchEventManager()

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="unique_event_seq_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.seq} {self.type}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("match events are append-only: they cannot be updated")
        if kwargs.get("force_update") or kwargs.get("update_fields"):
            raise AppendOnlyError("match events are append-only: they cannot be updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("match events are append-only: they cannot be deleted")

    def to_engine(self) -> Event:
        """The engine's event (from the stored fields)."""
        to = EVERYONE if self.to == EVERYONE else tuple(self.to)
        return Event(self.type, self.data, to, self.public, self.seq)
