"""What a competition is played with: its entries, rounds, fixtures (a pairing,
with its match) and the seats of each fixture."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from tournaments.models.competition import Competition


class Entry(models.Model):
    """A bot in a competition. ``seed`` orders entries (1 is the top seed)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    #: the name shown in tables (unique in its competition)
    name = models.CharField(max_length=120)
    #: a built-in bot of the game; empty for an uploaded bot
    builtin = models.CharField(max_length=100, blank=True, default="")
    #: an uploaded bot; its latest valid version plays each round
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    seed = models.PositiveIntegerField(default=0)
    disqualified = models.BooleanField(default=False)
    disqualified_at = models.DateTimeField(null=True, blank=True)
    #: its owner withdrew it from a running season: no pairings from the next round
    #: on; what it played stays (withdrawn before the start, an entry is deleted)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    #: a tournament's uploaded entry plays the version pinned at the start (a ladder
    #: entry plays its bot's latest valid version each round)
    pinned_version = models.ForeignKey(
        "bots.BotVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="pinned_entries",
    )
    #: the bot version pinned on its last rated match (a change raises the uncertainty)
    rated_version = models.CharField(max_length=100, blank=True, default="")
    #: how often it took each seat so far (byes are not seats) and the seat of its
    #: last game: kept as rounds are made, for the fair seats of the next one
    seat_counts = models.JSONField(default=list, blank=True)
    last_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seed", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["competition", "name"], name="unique_entry_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class Round(models.Model):
    """One batch of fixtures scheduled together (a round, or the replays of drawn
    elimination matches). ``number`` counts batches from 1."""

    class Status(models.TextChoices):
        RUNNING = "running", "running"
        DONE = "done", "done"

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    created_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "number"], name="unique_round"),
        ]

    def __str__(self) -> str:
        return f"round {self.number}"


class Fixture(models.Model):
    """One pairing of a round: a match to play, a bye, or a walkover (an entry of it
    was disqualified before it was played)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="fixtures")
    #: the played match; empty for a bye or a walkover
    match = models.OneToOneField(
        "matches.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="fixture"
    )
    #: the format's round (elimination replays share it; ``leg`` counts them)
    round_no = models.PositiveIntegerField()
    table = models.PositiveIntegerField()
    leg = models.PositiveSmallIntegerField(default=1)
    bracket = models.CharField(max_length=8, blank=True, default="")
    bye = models.BooleanField(default=False)
    walkover = models.BooleanField(default=False)
    teams = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round_no", "table", "leg"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "round_no", "table", "leg"], name="unique_fixture"
            ),
        ]

    def __str__(self) -> str:
        return f"round {self.round_no} table {self.table}" + (
            f" leg {self.leg}" if self.leg > 1 else ""
        )


class FixtureSeat(models.Model):
    """An entry's seat in a fixture, with the bot version pinned when it was made."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField()
    version = models.CharField(max_length=100, default="builtin")

    class Meta:
        ordering = ["fixture", "index"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "index"], name="unique_fixture_seat")
        ]

    def __str__(self) -> str:
        return f"{self.fixture}, seat {self.index}: {self.entry}"
