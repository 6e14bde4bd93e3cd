from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Matches"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the recovery task and the worker signals it listens to (Celery finds only
        # the tasks modules of installed apps by itself)
        from matches import recovery  # noqa: F401
