"""Which version of an uploaded bot plays: a tournament plays the version its
entries had at its start to its end (a ladder takes each new valid version from
its next round: ``test_services``), and an entry's page says which version played
each of its matches."""

from __future__ import annotations

import pytest

from tests.platform.bots.bot_helpers import add_versions, stored_bot

from matches.models import MatchSeat
from tournaments import lifecycle, rounds
from tournaments.models import Entry

# the matches the rounds make wait in the test (``inline`` plays them)
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("data_dir", "inline_worker"),
]


def played_versions(entry: Entry) -> list[int]:
    """The version numbers ``entry``'s bot played its matches with, in match order."""
    return list(
        MatchSeat.objects.filter(match__fixture__seats__entry=entry, bot_version_ref__bot=entry.bot)
        .order_by("match_id")
        .values_list("bot_version_ref__number", flat=True)
    )


def test_a_tournament_plays_the_version_each_bot_had_at_its_start(inline, alice):
    ace = stored_bot(alice, "ace")
    cup = lifecycle.create_tournament("cup", game="tic_tac_toe", format="round_robin", seed=4)
    entry, *_ = lifecycle.add_entries(cup, bots=[ace, "greedy", "random"])
    lifecycle.open_entries(cup)
    lifecycle.start(cup)
    add_versions(ace, 1)  # v2 comes during round 1: the cup goes on with v1
    inline()
    cup.refresh_from_db()
    assert cup.status == "finished"
    assert played_versions(Entry.objects.get(pk=entry.pk)) == [1, 1]


def test_an_entry_page_says_which_version_played_each_match(client, inline, alice):
    ace = stored_bot(alice, "ace")
    season = lifecycle.create_season("ladder", game="tic_tac_toe", k=1, seed=3)
    entry, *_ = lifecycle.add_entries(season, bots=[ace, "greedy"])
    lifecycle.open_entries(season)
    lifecycle.start(season)
    inline()
    add_versions(ace, 1)
    assert rounds.ladder_tick(season.pk) == "round 2 scheduled"
    inline()
    response = client.get(f"/entries/{entry.pk}/")
    assert [m.entry_version for m in response.context["matches"]] == ["v2", "v1"]
    page = response.content.decode()
    assert '<td class="version" title="v2">v2</td>' in page
    assert '<td class="version" title="v1">v1</td>' in page
