"""A tournament format from the name a competition stores, and the tie-breaks its
table ranks by: the one place a stored name becomes a format (the platform's
``Competition.Format`` choices are these names)."""

from __future__ import annotations

from tournaments.core.formats.base import Format, FormatError
from tournaments.core.formats.elimination import DoubleElimination, SingleElimination
from tournaments.core.formats.round_robin import RoundRobin
from tournaments.core.formats.swiss import Swiss

ROUND_ROBIN = RoundRobin.name
#: a round robin played twice (each pairing once more, seats swapped)
DOUBLE_ROUND_ROBIN = "double_round_robin"
SWISS = Swiss.name
SINGLE_ELIMINATION = SingleElimination.name
DOUBLE_ELIMINATION = DoubleElimination.name


def format_named(
    name: str,
    *,
    swiss_rounds: int = 0,
    group_size: int = 2,
    teams: tuple[int, ...] | None = None,
    blind: bool = False,
) -> Format:
    """The format ``name`` with a competition's settings (``swiss_rounds``: 0 for
    the Swiss default; ``blind``: rounds made without the results so far, which
    only Swiss would pair by)."""
    if name == ROUND_ROBIN:
        return RoundRobin(cycles=1)
    if name == DOUBLE_ROUND_ROBIN:
        return RoundRobin(cycles=2)
    if name == SWISS:
        return Swiss(rounds=swiss_rounds or None, group_size=group_size, teams=teams, blind=blind)
    if name == SINGLE_ELIMINATION:
        return SingleElimination()
    if name == DOUBLE_ELIMINATION:
        return DoubleElimination()
    raise FormatError(f"no tournament format is named {name!r}")


def tie_breaks_named(name: str) -> tuple[str, ...]:
    """The tie-breaks of the format ``name``'s table, none for a ladder season (no
    format: ``""``; it ranks by rating)."""
    return format_named(name).tie_breaks if name else ()
