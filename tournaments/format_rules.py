"""What a competition plays by: its tournament format and the tie-breaks of its
table, from what it stores (the core's ``formats.by_name`` holds the rules)."""

from __future__ import annotations

from tournaments.core.formats import Format
from tournaments.core.formats.by_name import format_named, tie_breaks_named
from tournaments.models import Competition


def tournament_format(t: Competition, *, blind: bool = False) -> Format:
    """``t``'s format; ``blind``: it makes rounds without the results so far (while
    ``t`` hides them: only Swiss would pair by them, the other formats either do not
    look or hold their later rounds back, ``selectors.rounds_shown``)."""
    return format_named(
        t.format,
        swiss_rounds=t.swiss_rounds,
        group_size=t.group_size,
        teams=t.team_sizes,
        blind=blind,
    )


def tie_breaks_for(competition: Competition) -> tuple[str, ...]:
    return tie_breaks_named(competition.format)


def planned_rounds(competition: Competition, entry_count: int) -> int | None:
    """How many rounds ``competition`` plays with ``entry_count`` entries: a season's
    ``max_rounds``, a round robin's or Swiss's schedule; ``None`` when no number is
    set in advance (a season without a limit, a knockout, whose replays and losers'
    bracket follow from its results)."""
    if competition.is_season:
        return competition.max_rounds or None
    if entry_count < 2:
        return None
    return tournament_format(competition).planned_rounds(range(entry_count))
