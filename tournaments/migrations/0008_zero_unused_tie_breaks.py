"""Standings keep only the tie-breaks their competition is ranked by: the others
are 0 (the live table adds a round's results to the stored rows and never computes
them; ``rebuild`` leaves them at 0 too). Stored rows get the same."""

from django.db import migrations

#: the tie-breaks each kind of competition ranks by (``format_rules.tie_breaks_for``)
KEPT = {
    "swiss": {"buchholz", "sonneborn_berger"},
    "round_robin": {"head_to_head", "sonneborn_berger"},
    "double_round_robin": {"head_to_head", "sonneborn_berger"},
}
TIE_BREAKS = ("buchholz", "sonneborn_berger", "head_to_head")


def zero_unused(apps, schema_editor):
    Competition = apps.get_model("tournaments", "Competition")
    Standing = apps.get_model("tournaments", "Standing")
    for competition in Competition.objects.only("pk", "kind", "format"):
        kept = KEPT.get(competition.format, set()) if competition.kind == "tournament" else set()
        unused = {name: 0 for name in TIE_BREAKS if name not in kept}
        if unused:
            Standing.objects.filter(entry__competition=competition).update(**unused)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_claims_move_to_matches"),
    ]

    operations = [
        migrations.RunPython(zero_unused, migrations.RunPython.noop),
    ]
