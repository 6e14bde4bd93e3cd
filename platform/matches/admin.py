"""The admin shows matches and their logs, read-only: events are never changed here."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from matches.models import Match, MatchEvent, MatchSeat

#: above this many events the match page links to the event list instead of inlining
INLINE_EVENTS_MAX = 500


class ReadOnlyMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MatchSeatInline(ReadOnlyMixin, admin.TabularInline):
    model = MatchSeat
    fields = ("index", "bot_name", "bot_version", "team", "rank", "score", "faults", "fault_reason")
    readonly_fields = fields
    extra = 0


class MatchEventInline(ReadOnlyMixin, admin.TabularInline):
    model = MatchEvent
    fields = ("seq", "type", "to", "data", "public", "chain_hash")
    readonly_fields = fields
    extra = 0
    ordering = ("seq",)


@admin.register(Match)
class MatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "status",
        "players",
        "event_count",
        "created_at",
        "finished_at",
        "run_by",
    )
    list_filter = ("game", "status", "created_at")
    search_fields = ("=id", "game", "seats__bot_name", "digest")
    date_hierarchy = "created_at"
    #: the seed and its salt stay secret until the match ends, from staff too
    exclude = ("seed", "seed_salt")
    readonly_fields = (
        "game",
        "rules_version",
        "shown_seed",
        "options",
        "status",
        "created_at",
        "started_at",
        "finished_at",
        "digest",
        "event_count",
        "result",
        "error",
        "event_log",
        "parent",
        "fork_at",
        "forked_by",
        "hides_results",
        "withheld",
    )

    @admin.display(description="seed")
    def shown_seed(self, obj):
        return obj.seed if obj.is_over else "secret until the match ends"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("claim").prefetch_related("seats")

    @admin.display(description="run by (starts)")
    def run_by(self, obj):
        held = getattr(obj, "claim", None)
        return f"{held.claimed_by or '-'} ({held.attempts})" if held is not None else "-"

    def get_inlines(self, request, obj):
        if obj is not None and obj.event_count <= INLINE_EVENTS_MAX:
            return [MatchSeatInline, MatchEventInline]
        return [MatchSeatInline]

    @admin.display(description="players")
    def players(self, obj):
        return " vs ".join(s.bot_name for s in obj.seats.all())

    @admin.display(description="events")
    def event_log(self, obj):
        url = reverse("admin:matches_matchevent_changelist") + f"?match__id__exact={obj.pk}"
        return format_html(
            '<a href="{}">all {} events</a> · <a href="{}">replay</a>',
            url,
            obj.event_count,
            reverse("match-detail-page", args=[obj.pk]),
        )


@admin.register(MatchEvent)
class MatchEventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("match", "seq", "type", "to", "short_data")
    list_filter = ("type",)
    search_fields = ("=match__id", "type")
    list_per_page = 200
    readonly_fields = (
        "match",
        "seq",
        "type",
        "to",
        "is_public",
        "data",
        "public",
        "line",
        "chain_hash",
    )

    def get_actions(self, request):
        return {}  # no bulk delete

    @admin.display(description="data")
    def short_data(self, obj):
        text = obj.line
        return text if len(text) < 120 else text[:117] + "..."
