"""Admin for uploaded bots. Versions are read-only (immutable), as are challenges."""

from django import forms
from django.contrib import admin, messages
from django.shortcuts import render
from django.template.defaultfilters import pluralize

from bots.models import Bot, BotVersion, Challenge
from matches.admin import ReadOnlyMixin


class CompetitionForm(forms.Form):
    competition = forms.ChoiceField(label="season or tournament")

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        from tournaments.models import Competition

        self.fields["competition"].choices = [
            (c.pk, f"{c.get_kind_display()}: {c}")
            for c in Competition.objects.filter(game=game).exclude(status="finished")
            .order_by("kind", "-id")]

    def competition_object(self):
        from tournaments.models import Competition

        return Competition.objects.get(pk=self.cleaned_data["competition"])


@admin.action(description="Add to season/tournament", permissions=["change"])
def add_to_competition(modeladmin, request, queryset):
    """An intermediate page picks the season or tournament, then
    ``tournaments.lifecycle.add_entries(target, bots=bots)`` enters the bots."""
    from tournaments.lifecycle import add_entries

    games = set(queryset.values_list("game", flat=True))
    if len(games) != 1:
        modeladmin.message_user(request, "choose bots of one game", messages.ERROR)
        return None
    form = CompetitionForm(request.POST if "apply" in request.POST else None, game=games.pop())
    if form.is_bound and form.is_valid():
        target = form.competition_object()
        try:
            made = add_entries(target, bots=list(queryset))
        except Exception as exc:  # noqa: BLE001 - the organiser sees why
            modeladmin.message_user(request, f"not added: {exc}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{len(made)} entr{pluralize(len(made), 'y,ies')} added to {target}")
        return None
    return render(request, "bots/admin_add_to_competition.html", {
        "form": form, "bots": queryset, "opts": modeladmin.model._meta,
        "title": "Add bots to a season or tournament"})


class BotVersionInline(ReadOnlyMixin, admin.TabularInline):
    model = BotVersion
    fields = ("number", "status", "validation_reason", "kind", "original_name", "sha256",
              "size", "file_count", "created_at")
    readonly_fields = fields
    extra = 0
    ordering = ("-number",)


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "owner", "game", "public", "created_at")
    list_filter = ("game", "public")
    search_fields = ("name", "owner__username")
    readonly_fields = ("owner", "name", "game", "created_at")
    fields = ("owner", "name", "game", "public", "created_at")
    inlines = [BotVersionInline]
    actions = [add_to_competition]

    def has_add_permission(self, request):
        return False  # bots come from uploads (bots.services), with their files

    def has_delete_permission(self, request, obj=None):
        return False  # their versions are pinned by matches


@admin.register(BotVersion)
class BotVersionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "bot", "number", "status", "kind", "size", "created_at")
    list_filter = ("status", "kind", "bot__game")
    search_fields = ("bot__name", "bot__owner__username", "sha256")
    readonly_fields = ("bot", "number", "sha256", "kind", "original_name", "path", "entry",
                       "size", "file_count", "status", "validation_reason", "validation_stderr",
                       "created_at", "validated_at")

    def get_actions(self, request):
        return {}


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "challenger", "bot", "target_bot", "target_builtin", "match",
                    "created_at")
    search_fields = ("challenger__username", "bot__name")
