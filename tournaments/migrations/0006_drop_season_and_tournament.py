"""One ``Competition`` table (step 3 of 3): the ``season`` / ``tournament`` keys,
their constraints and tables go; ``competition`` becomes required and takes over
the unique constraints. The admin's two lists are proxies of ``Competition``."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_copy_seasons_and_tournaments"),
    ]

    operations = [
        *[
            migrations.RemoveConstraint(model_name=model, name=name)
            for model, name in [
                ("entry", "unique_entry_name_season"),
                ("entry", "unique_entry_name_tournament"),
                ("round", "unique_round_season"),
                ("round", "unique_round_tournament"),
                ("fixture", "unique_fixture_season"),
                ("fixture", "unique_fixture_tournament"),
            ]
        ],
        *[
            migrations.RemoveField(model_name=model, name=name)
            for model in ("entry", "round", "fixture")
            for name in ("season", "tournament")
        ],
        *[
            migrations.AlterField(
                model_name=model,
                name="competition",
                field=models.ForeignKey(
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
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                fields=("competition", "name"), name="unique_entry_name"
            ),
        ),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.UniqueConstraint(
                fields=("competition", "number"), name="unique_round"
            ),
        ),
        migrations.AddConstraint(
            model_name="fixture",
            constraint=models.UniqueConstraint(
                fields=("competition", "round_no", "table", "leg"), name="unique_fixture"
            ),
        ),
        migrations.DeleteModel(name="Season"),
        migrations.DeleteModel(name="Tournament"),
        migrations.CreateModel(
            name="SeasonProxy",
            fields=[],
            options={"verbose_name": "season", "proxy": True, "indexes": [], "constraints": []},
            bases=("tournaments.competition",),
        ),
        migrations.CreateModel(
            name="TournamentProxy",
            fields=[],
            options={"verbose_name": "tournament", "proxy": True, "indexes": [], "constraints": []},
            bases=("tournaments.competition",),
        ),
    ]
