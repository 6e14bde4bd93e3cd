"""Seed commit-reveal: a salt per match, and fresh secret seeds for the queued
matches whose seeds were derived from public data (a competition's seed)."""

from django.db import migrations, models


def reseed_queued(apps, schema_editor):
    from matches.seeding import new_salt, new_seed

    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(status="queued", seed_salt="").only("id"):
        Match.objects.filter(pk=match.pk).update(seed=new_seed(), seed_salt=new_salt())


class Migration(migrations.Migration):
    dependencies = [("matches", "0002_matchseat_bot_version")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="seed_salt",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
        migrations.RunPython(reseed_queued, migrations.RunPython.noop),
    ]
