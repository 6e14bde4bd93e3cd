"""Competitions (ladder seasons and tournaments), their entries, rounds, fixtures,
ratings and standings.

A ``Competition`` is of one ``kind``: a ladder *season* (runs in rounds on a
period until it is closed) or a *tournament* (a format played to its end). The
rows that belong to one (``Entry``, ``Round``, ``Fixture``) carry one foreign key
to it.

The link between a played match and its competition lives here, on ``Fixture``
(one-to-one to ``matches.Match``), so the matches app knows nothing of
tournaments. ``Rating``, ``RatingHistory`` and ``Standing`` are projections of
the stored results: ``rebuild`` recomputes them exactly.
"""

from __future__ import annotations

from typing import ClassVar

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

SEASON_ONLY = "ladder seasons only: "
TOURNAMENT_ONLY = "tournaments only: "
PUBLIC_BOTS_SEASONS_ONLY = (
    "every public bot joining by itself is a ladder's (a tournament's field is fixed at its start)"
)


class Competition(models.Model):
    """A ladder season or a tournament: the fields of both kinds, each kind-specific
    field saying in its help text which kind uses it."""

    class Kind(models.TextChoices):
        SEASON = "season", "ladder season"
        TOURNAMENT = "tournament", "tournament"

    class Status(models.TextChoices):
        DRAFT = "draft", "draft"
        OPEN = "open", "open"
        RUNNING = "running", "running"
        PAUSED = "paused", "paused"
        FINISHED = "finished", "finished"

    class Signup(models.TextChoices):
        ORGANISER = "organiser", "organiser only"
        OPEN = "open", "open sign-up"
        PUBLIC_BOTS = "public_bots", "every public valid bot of the game (always-on ladder)"

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "double round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "double elimination"

    kind = models.CharField(max_length=16, choices=Kind.choices, db_index=True)
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=64, db_index=True)
    #: the game's options for every match (resolved by the game when matches are made)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.DRAFT, db_index=True
    )
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
    #: who enters bots (``tournaments.signup``): the organiser alone; any signed-in
    #: owner, a bot of the game with a valid version, while entries are open (a
    #: season: until it finishes); or, besides, every public bot of the game with a
    #: valid version, entered by itself when a round is made (an always-on ladder)
    signup = models.CharField(
        "sign-up",
        max_length=16,
        choices=Signup.choices,
        default=Signup.ORGANISER,
        help_text="who enters bots: the organiser, their owners, or (a ladder) "
        "every public valid bot of the game by itself",
    )
    entries_per_user = models.PositiveSmallIntegerField(
        default=1, help_text="entries one person's bots may hold (0: no cap)"
    )
    max_entries = models.PositiveIntegerField(
        default=0, help_text="entries in all, built-in bots included (0: no cap)"
    )

    k = models.PositiveSmallIntegerField(
        "games per entry per round",
        default=2,
        help_text=SEASON_ONLY + "each entry meets about k groups a round",
    )
    period_seconds = models.PositiveIntegerField(
        default=3600,
        help_text=SEASON_ONLY + "seconds between rounds (django-celery-beat runs the tick)",
    )
    jitter = models.FloatField(
        default=1.0,
        help_text=SEASON_ONLY + "width of the random nudge (ordinal points) "
        "applied before sorting by rating",
    )
    starts_at = models.DateTimeField(null=True, blank=True, help_text=SEASON_ONLY + "planned start")
    ends_at = models.DateTimeField(
        null=True, blank=True, help_text=SEASON_ONLY + "no round is made after this"
    )
    max_rounds = models.PositiveIntegerField(
        default=0,
        help_text=SEASON_ONLY + "stop after this many rounds (0: until finished "
        "by the organiser or ends_at)",
    )

    format = models.CharField(
        max_length=32,
        choices=Format.choices,
        blank=True,
        default="",
        help_text=TOURNAMENT_ONLY + "how rounds are paired",
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        default=0, help_text=TOURNAMENT_ONLY + "Swiss: the number of rounds (0: ceil(log2 entries))"
    )

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(kind="season", format="", swiss_rounds=0)
                    | (Q(kind="tournament") & ~Q(format=""))
                ),
                name="competition_format_fits_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.status})"

    def clean(self) -> None:
        """A season has no format; a tournament has one (and none of a season's
        settings differ from their defaults)."""
        super().clean()
        if self.kind == self.Kind.SEASON and (self.format or self.swiss_rounds):
            raise ValidationError({"format": "a ladder season has no tournament format"})
        if self.kind == self.Kind.TOURNAMENT:
            if self.signup == self.Signup.PUBLIC_BOTS:
                raise ValidationError({"signup": PUBLIC_BOTS_SEASONS_ONLY})
            if not self.format:
                raise ValidationError({"format": "a tournament needs a format"})
            fields = {f.name: f for f in self._meta.concrete_fields}
            stray = [f for f in SEASON_FIELDS if getattr(self, f) != fields[f].get_default()]
            if stray:
                raise ValidationError(f"season settings on a tournament: {', '.join(stray)}")

    @property
    def is_season(self) -> bool:
        return self.kind == self.Kind.SEASON

    @property
    def is_elimination(self) -> bool:
        return self.format in (self.Format.SINGLE_ELIMINATION, self.Format.DOUBLE_ELIMINATION)

    @property
    def team_sizes(self) -> tuple[int, ...] | None:
        return tuple(self.teams) if self.teams else None


#: the fields only a ladder season uses
SEASON_FIELDS = ("k", "period_seconds", "jitter", "starts_at", "ends_at", "max_rounds")
#: the fields only a tournament uses
TOURNAMENT_FIELDS = ("format", "swiss_rounds")


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
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, related_name="rating_changes"
    )
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
        constraints = [
            models.UniqueConstraint(fields=["entry", "match"], name="one_rating_change_per_match")
        ]


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


class _KindManager(models.Manager):
    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def get_queryset(self):
        return super().get_queryset().filter(kind=self.kind)


class _OneKind:
    """A proxy's rows are of its kind, new ones too (so ``clean`` checks that kind)."""

    objects: ClassVar[_KindManager]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = self.kind or type(self).objects.kind


class SeasonProxy(_OneKind, Competition):
    """The admin's list of ladder seasons (only the admin uses it)."""

    objects: ClassVar[_KindManager] = _KindManager(Competition.Kind.SEASON)

    class Meta:
        proxy = True
        verbose_name = "season"


class TournamentProxy(_OneKind, Competition):
    """The admin's list of tournaments (only the admin uses it)."""

    objects: ClassVar[_KindManager] = _KindManager(Competition.Kind.TOURNAMENT)

    class Meta:
        proxy = True
        verbose_name = "tournament"
