"""One ``Competition`` table for seasons and tournaments (step 1 of 3): the new
table and a nullable ``competition`` key beside ``season`` / ``tournament`` on the
rows they own. 0005 copies the data, 0006 drops the old tables and keys; they are
separate migrations so PostgreSQL runs no schema change after the data update in
one transaction."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

STATUS = [
    ("draft", "draft"),
    ("open", "open"),
    ("running", "running"),
    ("paused", "paused"),
    ("finished", "finished"),
]
FORMAT = [
    ("round_robin", "round robin"),
    ("double_round_robin", "double round robin"),
    ("swiss", "Swiss"),
    ("single_elimination", "single elimination"),
    ("double_elimination", "double elimination"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_last_error_and_match_claim"),
    ]

    operations = [
        # "exactly one of season, tournament": gone first, so that undoing 0005 can
        # fill both keys back in before undoing this puts the check back
        *[
            migrations.RemoveConstraint(model_name=model, name=f"{model}_in_one_competition")
            for model in ("entry", "round", "fixture")
        ],
        migrations.CreateModel(
            name="Competition",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("season", "ladder season"), ("tournament", "tournament")],
                        db_index=True,
                        max_length=16,
                    ),
                ),
                ("name", models.CharField(max_length=120)),
                ("game", models.CharField(db_index=True, max_length=64)),
                ("options", models.JSONField(blank=True, default=dict)),
                (
                    "status",
                    models.CharField(choices=STATUS, db_index=True, default="draft", max_length=16),
                ),
                ("seed", models.BigIntegerField(default=1)),
                ("group_size", models.PositiveSmallIntegerField(default=2)),
                ("teams", models.JSONField(blank=True, default=list)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("hide_results", models.BooleanField(default=False)),
                ("last_error", models.TextField(blank=True, default="")),
                (
                    "k",
                    models.PositiveSmallIntegerField(
                        default=2,
                        help_text="ladder seasons only: each entry meets about k groups a round",
                        verbose_name="games per entry per round",
                    ),
                ),
                (
                    "period_seconds",
                    models.PositiveIntegerField(
                        default=3600,
                        help_text="ladder seasons only: seconds between rounds (django-celery-beat runs the tick)",
                    ),
                ),
                (
                    "jitter",
                    models.FloatField(
                        default=1.0,
                        help_text="ladder seasons only: width of the random nudge (ordinal points) applied before sorting by rating",
                    ),
                ),
                (
                    "starts_at",
                    models.DateTimeField(
                        blank=True, help_text="ladder seasons only: planned start", null=True
                    ),
                ),
                (
                    "ends_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="ladder seasons only: no round is made after this",
                        null=True,
                    ),
                ),
                (
                    "max_rounds",
                    models.PositiveIntegerField(
                        default=0,
                        help_text="ladder seasons only: stop after this many rounds (0: until finished by the organiser or ends_at)",
                    ),
                ),
                (
                    "format",
                    models.CharField(
                        blank=True,
                        choices=FORMAT,
                        default="",
                        help_text="tournaments only: how rounds are paired",
                        max_length=32,
                    ),
                ),
                (
                    "swiss_rounds",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="tournaments only: Swiss: the number of rounds (0: ceil(log2 entries))",
                    ),
                ),
            ],
            options={
                "ordering": ["-id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("format", ""), ("kind", "season"), ("swiss_rounds", 0)),
                            models.Q(
                                ("kind", "tournament"), models.Q(("format", ""), _negated=True)
                            ),
                            _connector="OR",
                        ),
                        name="competition_format_fits_kind",
                    )
                ],
            },
        ),
        *[
            migrations.AddField(
                model_name=model,
                name="competition",
                field=models.ForeignKey(
                    null=True,
                    on_delete=django.db.models.deletion.CASCADE,
                    related_name=related,
                    to="tournaments.competition",
                ),
            )
            for model, related in (
                ("entry", "entries"),
                ("round", "rounds"),
                ("fixture", "fixtures"),
            )
        ],
    ]
