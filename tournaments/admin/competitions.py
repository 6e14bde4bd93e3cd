"""The seasons' and tournaments' lists and pages: one ``CompetitionAdmin`` for both
proxies, with its buttons (the status machine, built-in bots, CSV, rebuild, re-run
failed matches) and its entries inline."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.defaultfilters import pluralize
from django.urls import path, reverse
from django.utils.html import format_html

from matches.models import Match
from tournaments import lifecycle, organiser, selectors
from tournaments.admin.forms import AddBuiltinsForm, CompetitionForm
from tournaments.finishing import sync_hidden_results
from tournaments.models import (
    SEASON_FIELDS,
    TOURNAMENT_FIELDS,
    Competition,
    Entry,
    SeasonProxy,
    TournamentProxy,
)
from tournaments.rebuild import rebuild
from tournaments.schedule import sync_periodic_task

ACTIONS = ("open", "start", "pause", "resume", "finish")


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ("name", "builtin", "seed", "disqualified", "withdrawn_at", "rating_shown")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("rating")

    @admin.display(description="rating")
    def rating_shown(self, obj):
        r = getattr(obj, "rating", None)
        return f"{r.ordinal:.2f} (mu {r.mu:.2f}, sigma {r.sigma:.2f})" if r else "-"


LOCKED_ONCE_OPEN = ("game", "options", "group_size", "teams", "seed")
COMMON_FIELDS = (
    "name",
    "game",
    "options",
    "status",
    "seed",
    "group_size",
    "teams",
    "hide_results",
    "signup",
    "entries_per_user",
    "max_entries",
    "last_error",
    "started_at",
    "finished_at",
    "progress_shown",
    "links",
)
#: the page's sections per kind: what both kinds have, then the kind's own
FIELDSETS = {
    kind: [(None, {"fields": COMMON_FIELDS}), (title, {"fields": own})]
    for kind, title, own in [
        (Competition.Kind.SEASON, "Ladder", SEASON_FIELDS),
        (Competition.Kind.TOURNAMENT, "Format", TOURNAMENT_FIELDS),
    ]
}


class CompetitionAdmin(admin.ModelAdmin):
    form = CompetitionForm
    list_display = ("id", "name", "game", "status", "entry_count", "progress_shown", "created_at")
    list_filter = ("status", "game", "demo")
    search_fields = ("name",)
    inlines = [EntryInline]
    readonly_fields = (
        "status",
        "last_error",
        "started_at",
        "finished_at",
        "progress_shown",
        "links",
    )
    actions = ["export_standings_csv", "rebuild_standings"]
    change_form_template = "admin/tournaments/competition_change_form.html"

    def get_queryset(self, request):
        return selectors.with_progress(super().get_queryset(request), organiser=True)

    @admin.display(description="entries")
    def entry_count(self, obj):
        return obj.entry_count

    @admin.display(description="progress")
    def progress_shown(self, obj):
        if obj.pk is None:
            return "-"
        p = selectors.progress(obj, organiser=True)
        return format_html(
            '<span class="progress" data-progress="{}">{} queued, {} running, {} done, '
            '<b style="color:{}">{} failed</b>; rounds {}/{}</span>',
            obj.pk,
            p["queued"],
            p["running"],
            p["finished"],
            "#c00" if p["failed"] else "inherit",
            p["failed"],
            p["rounds_done"],
            p["rounds"],
        )

    @admin.display(description="pages")
    def links(self, obj):
        if obj.pk is None:
            return "-"
        url = reverse("competition-standings-page", args=[obj.pk])
        return format_html(
            '<a href="{}">standings</a> · <a href="{}">matches</a>',
            url,
            reverse("match-list-page") + f"?competition={obj.pk}",
        )

    def get_fieldsets(self, request, obj=None):
        return FIELDSETS[self.model.objects.kind]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.status != obj.Status.DRAFT:
            # matches were (or are being) made with these: they stay as they are
            fields += [f for f in LOCKED_ONCE_OPEN if f not in fields]
        return fields

    def _get_for(self, request, pk, permission: str = "change"):
        """The competition, once the user may ``permission`` it (403 otherwise)."""
        obj = get_object_or_404(self.model, pk=pk)
        check = self.has_view_permission if permission == "view" else self.has_change_permission
        if not check(request, obj):
            raise PermissionDenied
        return obj

    def get_urls(self):
        info = self.model._meta.app_label, self.model._meta.model_name
        return [
            path(
                "<int:pk>/do/<str:action>/",
                self.admin_site.admin_view(self.do_action),
                name="{}_{}_do".format(*info),
            ),
            path(
                "<int:pk>/add-builtins/",
                self.admin_site.admin_view(self.add_builtins),
                name="{}_{}_add_builtins".format(*info),
            ),
            path(
                "<int:pk>/standings.csv",
                self.admin_site.admin_view(self.standings_csv),
                name="{}_{}_csv".format(*info),
            ),
            path(
                "<int:pk>/rebuild/",
                self.admin_site.admin_view(self.rebuild_view),
                name="{}_{}_rebuild".format(*info),
            ),
            path(
                "<int:pk>/rerun-failed/",
                self.admin_site.admin_view(self.rerun_failed),
                name="{}_{}_rerun_failed".format(*info),
            ),
        ] + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = extra_context or {}
        obj = self.get_object(request, object_id)
        if obj is not None:
            info = self.model._meta.app_label, self.model._meta.model_name
            allowed = [a for a in ACTIONS if obj.status in lifecycle.TRANSITIONS[a][0]]
            extra_context.update(
                {
                    "transition_buttons": [
                        (a, reverse("admin:{}_{}_do".format(*info), args=[obj.pk, a]))
                        for a in allowed
                    ],
                    "add_builtins_url": reverse(
                        "admin:{}_{}_add_builtins".format(*info), args=[obj.pk]
                    ),
                    "csv_url": reverse("admin:{}_{}_csv".format(*info), args=[obj.pk]),
                    "rebuild_url": reverse("admin:{}_{}_rebuild".format(*info), args=[obj.pk]),
                    "rerun_url": reverse("admin:{}_{}_rerun_failed".format(*info), args=[obj.pk]),
                    "progress": selectors.progress(obj, organiser=True),
                    "failed_matches": list(
                        Match.objects.filter(fixture__competition=obj, status=Match.Status.FAILED)[
                            :50
                        ]
                    ),
                }
            )
        return super().change_view(request, object_id, form_url, extra_context)

    def _back(self, obj):
        info = self.model._meta.app_label, self.model._meta.model_name
        return HttpResponseRedirect(reverse("admin:{}_{}_change".format(*info), args=[obj.pk]))

    def do_action(self, request, pk, action):
        obj = self._get_for(request, pk)
        if request.method != "POST" or action not in ACTIONS:
            return self._back(obj)
        fn = {
            "open": lifecycle.open_entries,
            "start": lifecycle.start,
            "pause": lifecycle.pause,
            "resume": lifecycle.resume,
            "finish": lifecycle.finish,
        }[action]
        try:
            fn(obj)
            self.message_user(request, f"{obj.name}: {action} done, now {obj.status}")
        except lifecycle.TournamentError as exc:
            self.message_user(request, str(exc), messages.ERROR)
        return self._back(obj)

    def add_builtins(self, request, pk):
        obj = self._get_for(request, pk)
        form = AddBuiltinsForm(obj.game, request.POST or None)
        if request.method == "POST" and form.is_valid():
            bots = [
                b for b in form.cleaned_data["bots"] for _ in range(form.cleaned_data["copies"])
            ]
            try:
                made = lifecycle.add_entries(obj, bots=bots)
                self.message_user(request, f"added {len(made)} entr{pluralize(len(made), 'y,ies')}")
                return self._back(obj)
            except lifecycle.TournamentError as exc:
                self.message_user(request, str(exc), messages.ERROR)
        return render(
            request,
            "admin/tournaments/add_builtins.html",
            {
                **self.admin_site.each_context(request),
                "form": form,
                "obj": obj,
                "opts": self.model._meta,
                "title": f"Add built-in bots to {obj.name}",
            },
        )

    def standings_csv(self, request, pk):
        obj = self._get_for(request, pk, "view")
        response = HttpResponse(selectors.standings_csv(obj), content_type="text/csv")
        response["Content-Disposition"] = (
            f'attachment; filename="{obj.kind}-{obj.pk}-standings.csv"'
        )
        return response

    def rebuild_view(self, request, pk):
        obj = self._get_for(request, pk)
        if request.method == "POST":
            diffs = rebuild(obj)
            self.message_user(request, "rebuilt: " + ("; ".join(diffs) if diffs else "no change"))
        return self._back(obj)

    def rerun_failed(self, request, pk):
        obj = self._get_for(request, pk)
        if request.method == "POST":
            failed = Match.objects.filter(fixture__competition=obj, status=Match.Status.FAILED)
            asked = request.POST.getlist("match")
            bad = [a for a in asked if not (a.isascii() and a.isdecimal())]
            if bad:
                self.message_user(
                    request,
                    "match ids must be numbers, not " + ", ".join(repr(b) for b in bad),
                    messages.ERROR,
                )
                return self._back(obj)
            if asked:  # only this competition's failed matches, whatever was posted
                failed = failed.filter(pk__in=[int(a) for a in asked])
            done = 0
            for m in failed:
                try:
                    organiser.rerun_match(m)
                    done += 1
                except lifecycle.TournamentError as exc:
                    self.message_user(request, str(exc), messages.WARNING)
            self.message_user(request, f"queued {done} failed match{pluralize(done, 'es')} again")
        return self._back(obj)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "hide_results" in form.changed_data:
            sync_hidden_results(obj)
        if obj.is_season and change and obj.status != Competition.Status.DRAFT:
            sync_periodic_task(obj)  # a changed period takes effect at once

    @admin.action(description="Export standings as CSV", permissions=["view"])
    def export_standings_csv(self, request, queryset):
        out = "".join(
            f"# {c.kind} {c.pk}: {c.name}\n" + selectors.standings_csv(c) for c in queryset
        )
        response = HttpResponse(out, content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="standings.csv"'
        return response

    @admin.action(
        description="Rebuild ratings and standings from the stored logs", permissions=["change"]
    )
    def rebuild_standings(self, request, queryset):
        for c in queryset:
            diffs = rebuild(c)
            self.message_user(request, f"{c.name}: " + ("; ".join(diffs) if diffs else "no change"))


admin.site.register(SeasonProxy, CompetitionAdmin)
admin.site.register(TournamentProxy, CompetitionAdmin)
