"""The forms of the organiser's pages: a competition, its built-in bots, and the
season or tournament the bots admin's action enters bots in."""

from __future__ import annotations

from django import forms

from engine import registry
from engine.errors import RulesError

from tournaments.admin.game_fields import GameOptionsField, GameOptionsWidget, TeamsField
from tournaments.models import Competition


class AddBuiltinsForm(forms.Form):
    bots = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False)
    copies = forms.IntegerField(
        min_value=1, max_value=64, initial=1, help_text="entries per chosen bot"
    )

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bots"].choices = [(b, b) for b in sorted(registry.get(game).bots)]


#: what hiding results means, on the form where the organiser chooses it
HIDE_RESULTS_HELP = (
    "Until it finishes, the site shows its entries, rounds, pairings, each match's "
    "players and status, and how many are played; no result, table, rating, seed, "
    "or length or time of a match. A Swiss or ladder is then paired without the "
    "results (by seed; a ladder by a secret draw). A knockout shows its first round "
    "only: its later rounds, and replays of drawn matches, are held back until it "
    'finishes (docs/tournaments.md, "Hidden results").'
)


def game_choices() -> list[tuple[str, str]]:
    return [(name, f"{g.title or name} ({name})") for name, g in sorted(registry.games().items())]


def _said(exc: Exception) -> str:
    """A refusal in the engine's words (its own errors need no class name)."""
    return str(exc) if isinstance(exc, RulesError) else f"{type(exc).__name__}: {exc}"


class CompetitionForm(forms.ModelForm):
    """The service's checks on the admin's form: a registered game and options it accepts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "hide_results" in self.fields:
            self.fields["hide_results"].help_text = HIDE_RESULTS_HELP
        if "game" in self.fields:
            self.fields["game"] = forms.ChoiceField(
                choices=[("", "---------")] + game_choices(),
                help_text="one of the installed games (its page has the rules and options)",
            )
        if "options" in self.fields:
            game = self.data.get("game") or self.instance.game
            self.fields["options"] = GameOptionsField(widget=GameOptionsWidget(game=game))
        if "teams" in self.fields:
            self.fields["teams"] = TeamsField(current=self.instance.teams)

    def clean(self):
        data = super().clean()
        game = data.get("game", getattr(self.instance, "game", None))
        if "game" in self.fields:
            known = registry.games()
            if "game" in self.errors:  # not one of the choices: said already
                return data
            if game not in known:
                self.add_error("game", f"unknown game {game!r} (games: {', '.join(sorted(known))})")
                return data
        if "options" in self.fields and game:
            if not isinstance(data.get("options") or {}, dict):
                self.add_error("options", "options must be a JSON object (name: value)")
                return data
            try:
                data["options"] = registry.get(game).resolve_options(data.get("options") or {})
            except Exception as exc:
                self.add_error("options", _said(exc))
                return data
        teams, group_size = data.get("teams"), data.get("group_size")
        if "teams" in self.fields and game and teams and isinstance(group_size, int):
            try:
                registry.get(game).check_teams(group_size, data.get("options") or {}, teams)
            except Exception as exc:
                self.add_error("teams", _said(exc))
        return data


class PickCompetitionForm(forms.Form):
    competition = forms.ChoiceField(label="season or tournament")

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["competition"].choices = [  # type: ignore[attr-defined]  # a ChoiceField
            (c.pk, f"{c.get_kind_display()}: {c}")
            for c in Competition.objects.filter(game=game)
            .exclude(status="finished")
            .order_by("kind", "-id")
        ]

    def competition_object(self):
        return Competition.objects.get(pk=self.cleaned_data["competition"])
