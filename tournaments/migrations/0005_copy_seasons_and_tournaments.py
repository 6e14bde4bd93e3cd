"""One ``Competition`` table (step 2 of 3): every season and tournament copied into
it, in the order they were created, and the rows they own pointed at the copy.

New ids are assigned by the database (no sequence to reset); the old id -> new
id mapping is kept per kind while the rows are repointed. The ladder tick of a
season (django-celery-beat ``PeriodicTask`` ``season-<old id>``, args
``[old id]``) is renamed to the new id. Undone the same way back."""

import json

from django.db import migrations

#: the fields seasons and tournaments share, then each kind's own
SHARED = (
    "name",
    "game",
    "options",
    "status",
    "seed",
    "group_size",
    "teams",
    "created_at",
    "started_at",
    "finished_at",
    "hide_results",
    "last_error",
)
OWN = {
    "season": ("k", "period_seconds", "jitter", "starts_at", "ends_at", "max_rounds"),
    "tournament": ("format", "swiss_rounds"),
}
OWNED = ("Entry", "Round", "Fixture")


def _copy(apps) -> dict[str, dict[int, int]]:
    """Copy both tables, oldest first; returns {kind: {old id: new id}}."""
    Competition = apps.get_model("tournaments", "Competition")
    old = [
        (row.created_at, kind, row.pk, row)
        for kind in OWN
        for row in apps.get_model("tournaments", kind).objects.all()
    ]
    mapping: dict[str, dict[int, int]] = {kind: {} for kind in OWN}
    for _, kind, pk, row in sorted(old, key=lambda r: r[:3]):
        fields = {f: getattr(row, f) for f in SHARED + OWN[kind]}
        mapping[kind][pk] = Competition.objects.create(kind=kind, **fields).pk
    return mapping


def _copy_back(apps) -> dict[str, dict[int, int]]:
    """The undo of ``_copy``; returns {kind: {competition id: season/tournament id}}."""
    mapping: dict[str, dict[int, int]] = {kind: {} for kind in OWN}
    for c in apps.get_model("tournaments", "Competition").objects.order_by("id"):
        fields = {f: getattr(c, f) for f in SHARED + OWN[c.kind]}
        mapping[c.kind][c.pk] = apps.get_model("tournaments", c.kind).objects.create(**fields).pk
    return mapping


def _repoint(apps, mapping: dict[str, dict[int, int]], *, back: bool = False) -> None:
    """Point the owned rows from the ids of ``mapping``'s keys to its values:
    season/tournament -> competition, or (``back``) the other way."""
    for model in OWNED:
        rows = apps.get_model("tournaments", model).objects
        for kind, ids in mapping.items():
            key, new_key = f"{kind}_id", "competition_id"
            if back:
                key, new_key = new_key, key
            for old_id, new_id in ids.items():
                rows.filter(**{key: old_id}).update(**{new_key: new_id})


def _rename_ticks(apps, seasons: dict[int, int]) -> None:
    """``season-<id>`` -> ``season-<seasons[id]>``, in two passes so a new name
    never meets a not yet renamed old one."""
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    tasks = []
    for task in PeriodicTask.objects.filter(name__startswith="season-"):
        old_id = task.name.removeprefix("season-")
        if old_id.isdecimal() and int(old_id) in seasons:
            tasks.append((task, seasons[int(old_id)]))
    for task, _ in tasks:
        task.name = f"season-migrating-{task.pk}"
        task.save(update_fields=["name"])
    for task, new_id in tasks:
        task.name, task.args = f"season-{new_id}", json.dumps([new_id])
        task.save(update_fields=["name", "args"])


def forwards(apps, schema_editor):
    mapping = _copy(apps)
    _repoint(apps, mapping)
    _rename_ticks(apps, mapping["season"])


def backwards(apps, schema_editor):
    mapping = _copy_back(apps)
    _repoint(apps, mapping, back=True)
    _rename_ticks(apps, mapping["season"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_competition"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
