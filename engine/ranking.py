"""How the seats of a match finish: an ``Outcome`` (a rank per seat, scores, the
reason), ranks from scores, and the seat convention for teams."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine.errors import RulesError

if TYPE_CHECKING:
    from _typeshed import SupportsDunderGT


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: a rank per seat (1 is best, ties share), scores, why."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"ranks": list(self.ranks), "scores": list(self.scores), "reason": self.reason}


def team_sizes(teams: Sequence[int | None]) -> tuple[int, ...] | None:
    """Each seat's team (``Seat.team``) as team sizes in seat order: the one seat
    convention for alliances, in every game and in tournaments' ``teams``. A team
    is a run of consecutive seats: ``[0, 0, 1, 1]`` is ``(2, 2)``, seats 0-1
    against seats 2-3. ``None`` when no seat has a team; ``RulesError`` when only
    some do, or teammates do not sit together."""
    known = [t for t in teams if t is not None]
    if not known:
        return None
    if len(known) != len(teams):
        raise RulesError("either every seat has a team or none does")
    sizes: list[int] = []
    seen: list[int] = []
    for team in known:
        if seen and team == seen[-1]:
            sizes[-1] += 1
        elif team in seen:
            raise RulesError(f"teammates sit together (seats in a row), not as in {list(teams)}")
        else:
            seen.append(team)
            sizes.append(1)
    return tuple(sizes)


Score = TypeVar("Score", bound="SupportsDunderGT[Any]")


def ranks_from_scores(scores: Sequence[Score]) -> tuple[int, ...]:
    """Competition ranking, higher score better: (5, 9, 5) -> (2, 1, 2). Any
    comparable score ranks: a tuple orders by its first item, then the next."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


__all__ = ["Outcome", "ranks_from_scores", "team_sizes"]
