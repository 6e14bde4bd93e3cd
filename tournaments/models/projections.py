"""The projections of the stored results: ratings, their history and the
standings (``tournaments.rebuild`` recomputes them exactly)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from tournaments.models.play import Entry


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

    def __str__(self) -> str:
        return f"{self.entry}: {self.mu:.2f} ± {self.sigma:.2f}"


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

    def __str__(self) -> str:
        return (
            f"{self.entry} after match {self.match_id}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
        )


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

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry}: {self.points} points"
