from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Matches"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Celery finds only an app's tasks module by itself
        from matches import recovery  # noqa: F401 - registers its task and worker signals
