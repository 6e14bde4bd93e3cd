"""What ``MatchStarted`` records about a match: its seats (``Seat``) and the rest
of its header (``Header``), and how both read from and write to the log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError
from engine.plain import LogError


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: who plays it (bot name, version) and its team."""

    bot: str
    version: str = "builtin"
    team: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "version": self.version, "team": self.team}


@dataclass(frozen=True, slots=True)
class Header:
    """What ``MatchStarted`` records: all a re-simulation needs besides the actions
    and the seed.

    ``seed`` is the host's secret while the match runs: a format-2 log records only
    ``commitment`` (``engine.seeding``) and reveals seed and salt in ``MatchEnded``.
    A header read back from a log has ``seed`` ``None`` until the reveal is applied.
    Format-1 logs (made before commit-reveal) recorded the seed itself.
    """

    game: str
    rules_version: int
    seed: int | None
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]
    #: the runner's limits (``max_steps``, ``max_faults``): they shape the log too
    limits: Mapping[str, int]
    #: sha256 of seed and salt (format 2); ``None`` in a format-1 log
    commitment: str | None = None
    #: the salt of the commitment: secret like the seed until the reveal
    salt: str | None = None
    #: the log format: 1 recorded the seed, 2 commits to it
    log_format: int = 2

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "limits": dict(self.limits),
        }
        if self.log_format == 1:
            out["seed"] = self.seed
        else:
            out["log_format"] = self.log_format
            out["seed_commitment"] = self.commitment
        return out

    @property
    def known_seed(self) -> int:
        """The seed, to simulate with: a committed log's is known once it is revealed."""
        if self.seed is None:
            raise LogError("the seed is not revealed yet, so the match cannot be simulated")
        return self.seed

    @property
    def hashed_rng(self) -> bool:
        """Format 2 keys every random stream with a hash (``engine.rng``)."""
        return self.log_format >= 2

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Header:
        try:
            seats = tuple(
                Seat(s["bot"], s.get("version", "builtin"), s.get("team")) for s in data["seats"]
            )
            game, version = data["game"], data["rules_version"]
            options, limits = dict(data["options"]), dict(data["limits"])
            if "seed_commitment" in data:
                return cls(
                    game,
                    version,
                    None,
                    seats,
                    options,
                    limits,
                    commitment=data["seed_commitment"],
                    log_format=data["log_format"],
                )
            return cls(game, version, data["seed"], seats, options, limits, log_format=1)
        except (KeyError, TypeError) as exc:
            raise RulesError(f"MatchStarted is missing or mangles {exc}") from None


__all__ = ["Header", "Seat"]
