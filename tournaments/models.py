"""Seasons, tournaments, their entries, rounds, fixtures, ratings and standings.

A *competition* is a ``Season`` (a ladder that runs in rounds on a period until it
is closed) or a ``Tournament`` (a format played to its end). Rows that belong to
one carry a foreign key to each, exactly one of them set (checked by a constraint).

The link between a played match and its competition lives here, on ``Fixture``
(one-to-one to ``matches.Match``), so the matches app knows nothing of
tournaments. ``Rating``, ``RatingHistory`` and ``Standing`` are projections of
the stored results: ``services.rebuild`` recomputes them exactly.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone


def _one_owner(name: str) -> models.CheckConstraint:
    return models.CheckConstraint(
        condition=(Q(season__isnull=False, tournament__isnull=True)
                   | Q(season__isnull=True, tournament__isnull=False)),
        name=f"{name}_in_one_competition")


class Competition(models.Model):
    """What seasons and tournaments share."""

    class Status(models.TextChoices):
        DRAFT = "draft", "draft"
        OPEN = "open", "open"
        RUNNING = "running", "running"
        PAUSED = "paused", "paused"
        FINISHED = "finished", "finished"

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=64, db_index=True)
    #: the game's options for every match (resolved by the game when matches are made)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT,
                              db_index=True)
    #: every match seed, pairing shuffle and jitter derives from this
    seed = models.BigIntegerField(default=1)
    #: seats per match (2, or a free-for-all / alliance group of the game's size)
    group_size = models.PositiveSmallIntegerField(default=2)
    #: alliances: team sizes in seat order, e.g. [2, 2]; empty = everyone for themselves
    teams = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: keep private events and results hidden until the competition finishes
    hide_results = models.BooleanField(default=False)
    #: why the competition stopped on its own (e.g. the format could not make the
    #: next round); set when it is paused by an error, cleared when a round is made
    last_error = models.TextField(blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.status})"

    @property
    def kind(self) -> str:
        return self._meta.model_name  # "season" or "tournament"

    @property
    def owner(self) -> dict:
        """Keyword arguments naming this competition on an owned row."""
        return {self.kind: self}

    @property
    def team_sizes(self) -> tuple[int, ...] | None:
        return tuple(self.teams) if self.teams else None


class Season(Competition):
    """A ladder season: rounds on a period, pairing by rating neighbourhood."""

    #: games per entry per round (each entry meets about k groups a round)
    k = models.PositiveSmallIntegerField("games per entry per round", default=2)
    #: seconds between rounds (django-celery-beat runs the tick)
    period_seconds = models.PositiveIntegerField(default=3600)
    #: width of the random nudge (ordinal points) applied before sorting by rating
    jitter = models.FloatField(default=1.0)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    #: stop after this many rounds (0: until finished by the organiser or ends_at)
    max_rounds = models.PositiveIntegerField(default=0)

    class Meta(Competition.Meta):
        pass


class Tournament(Competition):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "double round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "double elimination"

    format = models.CharField(max_length=32, choices=Format.choices, default=Format.ROUND_ROBIN)
    #: Swiss only: the number of rounds (0: ceil(log2 entries))
    swiss_rounds = models.PositiveSmallIntegerField(default=0)

    class Meta(Competition.Meta):
        pass

    @property
    def is_elimination(self) -> bool:
        return self.format in (self.Format.SINGLE_ELIMINATION, self.Format.DOUBLE_ELIMINATION)


class Entry(models.Model):
    """A bot in a season or tournament. ``seed`` orders entries (1 is the top seed)."""

    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="entries")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="entries")
    #: the name shown in tables (unique in its competition)
    name = models.CharField(max_length=120)
    #: a built-in bot of the game; empty for an uploaded bot
    builtin = models.CharField(max_length=100, blank=True, default="")
    #: an uploaded bot; its latest valid version plays each round
    bot = models.ForeignKey("bots.Bot", null=True, blank=True, on_delete=models.PROTECT,
                            related_name="entries")
    seed = models.PositiveIntegerField(default=0)
    disqualified = models.BooleanField(default=False)
    disqualified_at = models.DateTimeField(null=True, blank=True)
    #: the bot version pinned on its last rated match (a change raises the uncertainty)
    rated_version = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seed", "id"]
        verbose_name_plural = "entries"
        constraints = [
            _one_owner("entry"),
            models.UniqueConstraint(fields=["season", "name"], name="unique_entry_name_season"),
            models.UniqueConstraint(fields=["tournament", "name"],
                                    name="unique_entry_name_tournament"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def competition(self) -> Competition:
        return self.season or self.tournament


class Round(models.Model):
    """One batch of fixtures scheduled together (a round, or the replays of drawn
    elimination matches). ``number`` counts batches from 1."""

    class Status(models.TextChoices):
        RUNNING = "running", "running"
        DONE = "done", "done"

    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="rounds")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    created_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            _one_owner("round"),
            models.UniqueConstraint(fields=["season", "number"], name="unique_round_season"),
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="unique_round_tournament"),
        ]

    def __str__(self) -> str:
        return f"round {self.number}"


class Fixture(models.Model):
    """One pairing of a round: a match to play, a bye, or a walkover (an entry of it
    was disqualified before it was played)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="fixtures")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="fixtures")
    #: the played match; empty for a bye or a walkover
    match = models.OneToOneField("matches.Match", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="fixture")
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
            _one_owner("fixture"),
            models.UniqueConstraint(fields=["season", "round_no", "table", "leg"],
                                    name="unique_fixture_season"),
            models.UniqueConstraint(fields=["tournament", "round_no", "table", "leg"],
                                    name="unique_fixture_tournament"),
        ]

    def __str__(self) -> str:
        return f"round {self.round_no} table {self.table}" + (f" leg {self.leg}" if self.leg > 1 else "")

    @property
    def competition(self) -> Competition:
        return self.season or self.tournament


class FixtureSeat(models.Model):
    """An entry's seat in a fixture, with the bot version pinned when it was made."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField()
    version = models.CharField(max_length=100, default="builtin")

    class Meta:
        ordering = ["fixture", "index"]
        constraints = [models.UniqueConstraint(fields=["fixture", "index"],
                                               name="unique_fixture_seat")]


class Rating(models.Model):
    """An entry's current OpenSkill rating (Plackett-Luce)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-ordinal"]


class RatingHistory(models.Model):
    """One immutable row per entry per rated match."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="rating_history")
    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT,
                              related_name="rating_changes")
    round_no = models.PositiveIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    #: the bot version changed before this match (its uncertainty was raised)
    version_bumped = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["entry", "round_no", "match"]
        verbose_name_plural = "rating history"
        constraints = [models.UniqueConstraint(fields=["entry", "match"],
                                               name="one_rating_change_per_match")]


class Standing(models.Model):
    """A row of the table: a projection of the stored results (rebuilt exactly)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    points = models.IntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    buchholz = models.IntegerField(default=0)
    sonneborn_berger = models.FloatField(default=0)
    head_to_head = models.FloatField(default=0)

    class Meta:
        ordering = ["rank", "entry"]
