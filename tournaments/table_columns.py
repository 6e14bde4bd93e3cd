"""How a competition's table reads: the column it is ranked by first, the tie-breaks
after it in order, and a sentence for each, so a reader sees why one entry stands
above another (the rules are ``tournaments.core.standings`` and ``projections``)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.format_rules import tie_breaks_for
from tournaments.models import Competition


@dataclass(frozen=True)
class Column:
    key: str  # the standings row's field
    label: str
    explained: str


RATING = Column(
    "ordinal",
    "Rating",
    "OpenSkill's cautious estimate of strength (mu - 3 sigma): it rises with results "
    "against strong entries and with the number of matches played",
)
POINTS = Column(
    "points",
    "Points",
    "3 for a win, 1 for a draw, 0 for a loss between two sides (a bye counts as a win); "
    "with more sides, one for each side ranked below",
)
TIE_BREAKS = {
    "buchholz": Column(
        "buchholz", "Buchholz", "the points of every opponent met, added up: a harder draw"
    ),
    "sonneborn_berger": Column(
        "sonneborn_berger",
        "Sonneborn-Berger",
        "the points of every opponent beaten, and half those of every opponent drawn with",
    ),
    "head_to_head": Column(
        "head_to_head",
        "Head-to-head",
        "among entries level on points, their score against each other",
    ),
    "wins": Column("wins", "Wins", "the number of matches won"),
}


@dataclass(frozen=True)
class TableColumns:
    ranked_by: Column
    tie_breaks: tuple[Column, ...]
    #: shown after the record (games, wins, draws, losses, byes), for reference
    also: Column

    @property
    def sentence(self) -> str:
        """What the rank follows, in words."""
        then = "".join(f", then {c.label}" for c in self.tie_breaks)
        return f"Ranked by {self.ranked_by.label}{then}."


def table_columns(competition: Competition) -> TableColumns:
    """A ladder season ranks by rating (points are shown for reference); a
    tournament ranks by points, then its format's tie-breaks."""
    if competition.is_season:
        return TableColumns(RATING, (), POINTS)
    breaks = tuple(TIE_BREAKS[name] for name in tie_breaks_for(competition))
    return TableColumns(POINTS, breaks, RATING)


def shown(column: Column, row: dict) -> str:
    """``row``'s value in ``column``, as the table prints it."""
    value = row[column.key]
    if column.key == "ordinal":
        return f"{value:.2f}"
    if isinstance(value, float):
        return f"{value:g}" if value == int(value) else f"{value:.1f}"
    return str(value)


def with_cells(rows: list[dict], columns: TableColumns) -> list[dict]:
    """``rows``, each with its ``ranked_by``, ``tie_breaks`` and ``also`` cells."""
    for row in rows:
        row["cells"] = {
            "ranked_by": shown(columns.ranked_by, row),
            "tie_breaks": [shown(c, row) for c in columns.tie_breaks],
            "also": shown(columns.also, row),
        }
    return rows
