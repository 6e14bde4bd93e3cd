from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "uploaded bots"
    default_auto_field = "django.db.models.BigAutoField"

    def seat_players(self, game, seat_rows):
        """The players of a stored match's seats (``matches.players`` asks the
        installed apps): built-in bots in-process, uploaded versions sandboxed."""
        from bots.runtime import seat_players

        return seat_players(game, seat_rows)
