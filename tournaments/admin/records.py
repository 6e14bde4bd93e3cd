"""The entries (disqualify) and the fixtures (re-run failed matches), each on a
list of its own."""

from __future__ import annotations

from django.contrib import admin
from django.template.defaultfilters import pluralize

from matches.models import Match
from tournaments import organiser
from tournaments.models import Entry, Fixture


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "builtin", "competition", "seed", "disqualified", "withdrawn_at")
    list_filter = ("disqualified",)
    search_fields = ("name", "builtin")
    readonly_fields = (
        "competition",
        "rated_version",
        "pinned_version",
        "disqualified",
        "disqualified_at",
        "withdrawn_at",
    )
    actions = ["disqualify"]

    def has_add_permission(self, request):
        return False  # entries are added from their season or tournament

    @admin.action(
        description="Disqualify (no future matches; the past stays)", permissions=["change"]
    )
    def disqualify(self, request, queryset):
        for entry in queryset:
            organiser.disqualify(entry)
        count = queryset.count()
        self.message_user(request, f"disqualified {count} entr{pluralize(count, 'y,ies')}")


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "competition",
        "round_no",
        "table",
        "leg",
        "bracket",
        "match",
        "match_status",
        "attempts",
        "claimed_by",
    )
    list_select_related = ("competition", "match__claim")
    list_filter = ("match__status",)
    readonly_fields = [f.name for f in Fixture._meta.fields]
    actions = ["rerun"]

    def has_add_permission(self, request):
        return False

    @admin.display(description="status")
    def match_status(self, obj):
        return obj.match.status if obj.match else ("bye" if obj.bye else "walkover")

    @admin.display(description="starts")
    def attempts(self, obj):
        return obj.match.claim.attempts if obj.match else None

    @admin.display(description="run by")
    def claimed_by(self, obj):
        return obj.match.claim.claimed_by if obj.match else ""

    @admin.action(description="Re-run the failed matches", permissions=["change"])
    def rerun(self, request, queryset):
        done = 0
        for f in queryset.select_related("match"):
            if f.match and f.match.status == Match.Status.FAILED:
                organiser.rerun_match(f.match)
                done += 1
        self.message_user(request, f"queued {done} failed match{pluralize(done, 'es')} again")
