"""A stored format name gives its format, with the competition's settings, and the
tie-breaks its table ranks by (docs/tournaments.md, "Tie-breaks": Swiss by
Buchholz then Sonneborn-Berger, a round robin by head-to-head then
Sonneborn-Berger; the knockouts and a ladder have none)."""

from __future__ import annotations

import pytest

from tournaments.core.formats import (
    DoubleElimination,
    FormatError,
    RoundRobin,
    SingleElimination,
    Swiss,
)
from tournaments.core.formats.by_name import format_named, tie_breaks_named


def test_each_name_gives_its_format_with_the_settings():
    assert format_named("round_robin") == RoundRobin(cycles=1)
    assert format_named("double_round_robin") == RoundRobin(cycles=2)
    assert format_named("swiss", swiss_rounds=3, group_size=4, teams=(2, 2), blind=True) == (
        Swiss(rounds=3, group_size=4, teams=(2, 2), blind=True)
    )
    assert format_named("swiss").rounds is None  # 0 stored: the Swiss default
    assert format_named("single_elimination") == SingleElimination()
    assert format_named("double_elimination") == DoubleElimination()


def test_the_tie_breaks_are_the_format_s():
    assert tie_breaks_named("swiss") == ("buchholz", "sonneborn_berger")
    assert tie_breaks_named("round_robin") == ("head_to_head", "sonneborn_berger")
    assert tie_breaks_named("double_round_robin") == ("head_to_head", "sonneborn_berger")
    assert tie_breaks_named("single_elimination") == ()
    assert tie_breaks_named("double_elimination") == ()
    assert tie_breaks_named("") == ()  # a ladder season: ranked by rating


def test_an_unknown_name_is_refused():
    with pytest.raises(FormatError, match="no tournament format is named 'chess_olympiad'"):
        format_named("chess_olympiad")
