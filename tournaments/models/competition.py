"""A competition: a ladder season or a tournament, its settings and status, and the
admin's two lists of it (proxies by kind)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tournaments.core.formats import by_name

SEASON_ONLY = "ladder seasons only: "
#: a new round every five minutes: a demo shows progress while people watch; a club
#: ladder picks hours or a day
DEFAULT_PERIOD_SECONDS = 300
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
        # the names are the core's (tournaments.core.formats.by_name)
        ROUND_ROBIN = by_name.ROUND_ROBIN, "round robin"
        DOUBLE_ROUND_ROBIN = by_name.DOUBLE_ROUND_ROBIN, "double round robin"
        SWISS = by_name.SWISS, "Swiss"
        SINGLE_ELIMINATION = by_name.SINGLE_ELIMINATION, "single elimination"
        DOUBLE_ELIMINATION = by_name.DOUBLE_ELIMINATION, "double elimination"

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

    #: made by ``manage.py demo_seasons`` (built-in bots only): ``tournaments.demo``
    #: starts the next when one finishes and deletes the older finished ones
    demo = models.BooleanField(
        default=False,
        editable=False,
        help_text="a demo ladder of built-in bots, renewed and pruned by itself",
    )

    k = models.PositiveSmallIntegerField(
        "games per entry per round",
        default=2,
        help_text=SEASON_ONLY + "each entry meets about k groups a round",
    )
    period_seconds = models.PositiveIntegerField(
        default=DEFAULT_PERIOD_SECONDS,
        help_text=SEASON_ONLY
        + "seconds between rounds: 60-300 for a demo people watch, 3600 (hourly) or 86400 "
        "(daily) for a club ladder; a round still being played is waited for "
        "(django-celery-beat runs the tick)",
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
            stray = [
                f
                for f in SEASON_FIELDS
                if getattr(self, f) != self._meta.get_field(f).get_default()  # type: ignore[union-attr]  # a concrete field
            ]
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


class _KindManager(models.Manager):
    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def get_queryset(self):
        return super().get_queryset().filter(kind=self.kind)


class _OneKind:
    """A proxy's rows are of its kind, new ones too (so ``clean`` checks that kind)."""

    objects: _KindManager

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = self.kind or type(self).objects.kind


class SeasonProxy(_OneKind, Competition):
    """The admin's list of ladder seasons (only the admin uses it)."""

    objects = _KindManager(Competition.Kind.SEASON)  # type: ignore[misc]  # a proxy's own manager

    class Meta:
        proxy = True
        verbose_name = "season"


class TournamentProxy(_OneKind, Competition):
    """The admin's list of tournaments (only the admin uses it)."""

    objects = _KindManager(Competition.Kind.TOURNAMENT)  # type: ignore[misc]  # a proxy's own manager

    class Meta:
        proxy = True
        verbose_name = "tournament"
