from django.db import migrations, models


def mark_earlier_demo_ladders(apps, schema_editor):
    """The demo ladders ``manage.py demo_seasons`` made before seasons were marked:
    its name for them, organiser sign-up and built-in bots only."""
    Competition = apps.get_model("tournaments", "Competition")
    Competition.objects.filter(
        kind="season", name__startswith="Demo ladder: ", signup="organiser"
    ).exclude(entries__bot__isnull=False).update(demo=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_season_period_default"),
    ]

    operations = [
        migrations.AddField(
            model_name="competition",
            name="demo",
            field=models.BooleanField(
                default=False,
                editable=False,
                help_text="a demo ladder of built-in bots, renewed and pruned by itself",
            ),
        ),
        migrations.RunPython(mark_earlier_demo_ladders, migrations.RunPython.noop),
    ]
