"""A match option a game accepts (``Option``), and how a given value is checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError


@dataclass(frozen=True, slots=True)
class Option:
    """A match option a game accepts: its default, its type and allowed values."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, name: str, value: Any) -> Any:
        """Turn ``value`` (maybe a command-line string) into a checked option value."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text not in ("true", "false", "1", "0", "yes", "no"):
                    raise RulesError(f"option {name} takes true or false, not {value!r}")
                value = text in ("true", "1", "yes")
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise RulesError(f"option {name} takes an integer, not {value!r}") from None
        if type(value) is not kind:
            raise RulesError(f"option {name} takes a {kind.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise RulesError(f"option {name} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise RulesError(f"option {name} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise RulesError(f"option {name} must be at most {self.maximum}")
        return value


__all__ = ["Option"]
