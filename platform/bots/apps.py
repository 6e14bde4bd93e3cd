from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "uploaded bots"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # tournaments ask "which version of this entry's bot plays now?": for an
        # uploaded bot, its latest valid version (the label a match seat records)
        try:
            from tournaments.versions import register_resolver
        except ImportError:  # pragma: no cover - the tournaments app is optional here
            return
        register_resolver(entry_version)


def entry_version(entry) -> str | None:
    """The seat version label of an entry's uploaded bot (``None``: not an uploaded bot)."""
    bot_id = getattr(entry, "bot_id", None)
    if bot_id is None:
        return None
    from bots.models import BotVersion

    version = (BotVersion.objects.filter(bot_id=bot_id, status=BotVersion.Status.VALID)
               .order_by("-number").first())
    return version.seat_version if version else None
