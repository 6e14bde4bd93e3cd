from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "uploaded bots"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from bots import receivers  # noqa: F401 - connects the receivers
