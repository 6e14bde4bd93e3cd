from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments import quiet_log

        quiet_log.install()
