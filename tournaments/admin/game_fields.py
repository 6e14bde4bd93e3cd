"""The organiser's form fields for a competition's options and teams, built from what
each installed game declares: its options (``engine.options.Option``: default,
help, choices, limits) and the alliances it plays at each seat count.

Options: one input per option of every game, grouped by game (a script shows the
chosen game's group only); the chosen game's inputs become the ``options`` dict,
which the form resolves through the game (``Game.resolve_options``), so a bad value
is refused with the engine's own words. Teams: a choice among the seat layouts
the games play, checked against the game, seat count and options by the form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from engine import registry
from engine.game import Game
from engine.options import Option


def _input_kind(spec: Option) -> str:
    if isinstance(spec.default, bool):
        return "checkbox"
    if spec.choices is not None:
        return "select"
    return "number" if isinstance(spec.default, int) else "text"


def _limits(spec: Option) -> str:
    if spec.minimum is not None and spec.maximum is not None:
        return f"{spec.minimum} to {spec.maximum}"
    if spec.minimum is not None:
        return f"at least {spec.minimum}"
    return f"at most {spec.maximum}" if spec.maximum is not None else ""


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return repr(value) if value == "" else str(value)


class GameOptionsWidget(forms.Widget):
    """Every game's options as inputs named ``<field>-<game>-<option>``; reads back
    the chosen game's (the form's ``game`` value, else ``game``: a locked one)."""

    template_name = "tournaments/widgets/game_options.html"

    def __init__(self, game: str = "", attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.game = game  # the chosen game, whose inputs show its values

    class Media:
        js = ["tournaments/game_options.js"]

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        current = value if isinstance(value, Mapping) else {}
        context["games"] = [
            {
                "name": game_name,
                "title": game.title or game_name,
                "options": [
                    self._option(name, game_name, option, spec, current, game_name == self.game)
                    for option, spec in sorted(game.options.items())
                ],
            }
            for game_name, game in sorted(registry.games().items())
        ]
        return context

    @staticmethod
    def _option(name, game_name, option, spec, current, is_current) -> dict[str, Any]:
        value = current.get(option, spec.default) if is_current else spec.default
        return {
            "name": option,
            "input": f"{name}-{game_name}-{option}",
            "kind": _input_kind(spec),
            "value": value,
            "choices": spec.choices or (),
            "minimum": spec.minimum,
            "maximum": spec.maximum,
            "help": spec.help,
            "default": _shown(spec.default),
            "limits": _limits(spec),
        }

    def value_from_datadict(self, data, files, name: str) -> dict[str, Any]:
        game_name = data.get("game", self.game)
        game = registry.games().get(game_name)
        if game is None:
            return {}
        given: dict[str, Any] = {}
        for option, spec in game.options.items():
            key = f"{name}-{game_name}-{option}"
            if isinstance(spec.default, bool):
                given[option] = key in data  # an unticked box is not sent
            elif data.get(key, "") != "":  # an emptied input keeps the default
                given[option] = data[key]
        return given

    def value_omitted_from_data(self, data, files, name: str) -> bool:
        return False  # unticked boxes are all a game's options may send


class GameOptionsField(forms.Field):
    """The chosen game's options as the form's ``clean`` resolves them."""

    widget = GameOptionsWidget

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault(
            "help_text", "the chosen game's options (the page shows that game's only)"
        )
        super().__init__(**kwargs)


def _layouts_of(game: Game) -> set[tuple[tuple[int, ...], str]]:
    """(team sizes, when the game plays them) for each seat count and each value of
    the game's options with choices (an option such as Dogfight's ``teams``)."""
    variants: list[tuple[dict[str, Any], str]] = [({}, "")]
    for option, spec in sorted(game.options.items()):
        variants += [({option: c}, f" with {option}={c}") for c in spec.choices or ()]
    found = set()
    for seats in game.seat_counts:
        for given, said in variants:
            for layout in game.alliances(seats, game.resolve_options(given)):
                found.add((tuple(layout), f"{game.name}{said}"))
    return found


def layout_choices() -> list[tuple[str, str]]:
    """The teams choices: every seat for itself, then each layout the installed
    games play (its sizes in seat order) with the games that play it."""
    games_of: dict[tuple[int, ...], set[str]] = {}
    for game in registry.games().values():
        for layout, who in _layouts_of(game):
            games_of.setdefault(layout, set()).add(who)
    choices = [("", "every seat for itself (no teams)")]
    for layout in sorted(games_of, key=lambda t: (sum(t), t)):
        sizes = " + ".join(str(n) for n in layout)
        label = f"{sizes} seats: {', '.join(sorted(games_of[layout]))}"
        choices.append((",".join(str(n) for n in layout), label))
    return choices


class TeamsField(forms.TypedChoiceField):
    """The teams as team sizes in seat order (``[2, 2]``), chosen among the layouts
    the games play; the form checks the choice against the game it is for."""

    def __init__(self, current: list[int] | None = None, **kwargs: Any) -> None:
        choices = layout_choices()
        value = ",".join(str(n) for n in current or [])
        if value and value not in dict(choices):  # kept as it is until changed
            choices.append((value, f"{value.replace(',', ' + ')} seats (as saved)"))
        kwargs.setdefault(
            "help_text",
            "alliances: the seats that share a rank, in seat order; "
            "the game, the seats per match and its options must play them",
        )
        super().__init__(choices=choices, coerce=self._sizes, required=False, **kwargs)

    def clean(self, value: Any) -> list[int]:
        return super().clean(value) or []  # no choice: every seat for itself

    @staticmethod
    def _sizes(value: str) -> list[int]:
        return [int(n) for n in value.split(",")]

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ",".join(str(n) for n in value)
        return value
