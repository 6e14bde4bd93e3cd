from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "uploaded bots"
    default_auto_field = "django.db.models.BigAutoField"
