"""Admin for uploaded bots. Versions are read-only (immutable), as are challenges.

The bot list offers the actions of the apps above too (``bots.signals``): the
tournaments admin's "Add to season/tournament", as entering competitions belongs
to the layer above."""

from django.contrib import admin

from bots.models import Bot, BotVersion, Challenge
from bots.signals import bot_admin_actions
from matches.admin import ReadOnlyMixin


class BotVersionInline(ReadOnlyMixin, admin.TabularInline):
    model = BotVersion
    fields = (
        "number",
        "status",
        "validation_reason",
        "kind",
        "original_name",
        "sha256",
        "size",
        "file_count",
        "created_at",
    )
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

    def has_add_permission(self, request):
        return False  # bots come from uploads (bots.services), with their files

    def has_delete_permission(self, request, obj=None):
        return False  # their versions are pinned by matches

    @property
    def actions(self):
        """The bots' actions: those the apps above offer (``bot_admin_actions``),
        asked when Django reads them, so its permission filter and checks apply."""
        return [
            action for _, offered in bot_admin_actions.send(sender=type(self)) for action in offered
        ]


@admin.register(BotVersion)
class BotVersionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "bot", "number", "status", "kind", "size", "created_at")
    list_filter = ("status", "kind", "bot__game")
    search_fields = ("bot__name", "bot__owner__username", "sha256")
    readonly_fields = (
        "bot",
        "number",
        "sha256",
        "kind",
        "original_name",
        "path",
        "entry",
        "size",
        "file_count",
        "status",
        "validation_reason",
        "validation_stderr",
        "created_at",
        "validated_at",
    )

    def get_actions(self, request):
        return {}


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "challenger",
        "bot",
        "target_bot",
        "target_builtin",
        "match",
        "created_at",
    )
    search_fields = ("challenger__username", "bot__name")
