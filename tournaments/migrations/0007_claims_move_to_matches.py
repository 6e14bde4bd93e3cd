"""The claims of stored matches move to the matches app (one ``matches.MatchClaim``
for every match, fixtures and challenges alike), and each match stores whether it
hides its results: copied from the fixtures and challenge claims, then dropped here."""

from django.db import migrations

CLAIM_FIELDS = ("claimed_by", "heartbeat_at", "enqueued_at", "attempts")


def move_claims(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    NewClaim = apps.get_model("matches", "MatchClaim")
    Fixture = apps.get_model("tournaments", "Fixture")
    OldClaim = apps.get_model("tournaments", "MatchClaim")
    claims = {}
    for row in OldClaim.objects.values("match_id", *CLAIM_FIELDS):
        claims[row.pop("match_id")] = row
    for row in Fixture.objects.filter(match__isnull=False).values("match_id", *CLAIM_FIELDS):
        claims[row.pop("match_id")] = row
    have = set(NewClaim.objects.values_list("match_id", flat=True))
    NewClaim.objects.bulk_create(
        (
            NewClaim(match_id=pk, **claims.get(pk, {}))
            for pk in Match.objects.values_list("pk", flat=True).iterator()
            if pk not in have
        ),
        batch_size=2000,
    )
    hidden = (
        Fixture.objects.filter(match__isnull=False, competition__hide_results=True)
        .exclude(competition__status="finished")
        .values_list("match_id", flat=True)
    )
    Match.objects.filter(pk__in=list(hidden)).update(hides_results=True)


def keep_claims_here(apps, schema_editor):
    NewClaim = apps.get_model("matches", "MatchClaim")
    Fixture = apps.get_model("tournaments", "Fixture")
    OldClaim = apps.get_model("tournaments", "MatchClaim")
    for claim in NewClaim.objects.all().iterator():
        fields = {name: getattr(claim, name) for name in CLAIM_FIELDS}
        if not Fixture.objects.filter(match_id=claim.match_id).update(**fields):
            OldClaim.objects.create(match_id=claim.match_id, **fields)
    NewClaim.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_drop_season_and_tournament"),
        ("matches", "0005_claim_and_hidden_results"),
    ]

    operations = [
        migrations.RunPython(move_claims, keep_claims_here),
        migrations.RemoveField(
            model_name="fixture",
            name="attempts",
        ),
        migrations.RemoveField(
            model_name="fixture",
            name="claimed_by",
        ),
        migrations.RemoveField(
            model_name="fixture",
            name="enqueued_at",
        ),
        migrations.RemoveField(
            model_name="fixture",
            name="heartbeat_at",
        ),
        migrations.DeleteModel(
            name="MatchClaim",
        ),
    ]
