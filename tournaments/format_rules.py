"""What a competition plays by: its tournament format (the pure pairing rules of
``tournaments.core.formats``) and the tie-breaks of its table."""

from __future__ import annotations

from tournaments.core.formats import DoubleElimination, RoundRobin, SingleElimination, Swiss
from tournaments.core.formats.base import ROUND_ROBIN_TIE_BREAKS, SWISS_TIE_BREAKS
from tournaments.models import Competition

F = Competition.Format


def tournament_format(t: Competition, *, blind: bool = False):
    """``t``'s format; ``blind``: it makes rounds without the results so far (while
    ``t`` hides them: only Swiss would pair by them, the other formats either do not
    look or hold their later rounds back, ``selectors.rounds_shown``)."""
    if t.format == F.ROUND_ROBIN:
        return RoundRobin(cycles=1)
    if t.format == F.DOUBLE_ROUND_ROBIN:
        return RoundRobin(cycles=2)
    if t.format == F.SWISS:
        return Swiss(
            rounds=t.swiss_rounds or None,
            group_size=t.group_size,
            teams=t.team_sizes,
            blind=blind,
        )
    if t.format == F.SINGLE_ELIMINATION:
        return SingleElimination()
    return DoubleElimination()


def tie_breaks_for(competition: Competition) -> tuple[str, ...]:
    if competition.format == F.SWISS:
        return SWISS_TIE_BREAKS
    if competition.format in (F.ROUND_ROBIN, F.DOUBLE_ROUND_ROBIN):
        return ROUND_ROBIN_TIE_BREAKS
    return ()
