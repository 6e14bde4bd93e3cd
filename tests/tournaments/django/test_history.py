"""``load_history``: a competition's stored pairings and results as the pure core's
values, each result read from the match row or (``from_log``) the stored log."""

from __future__ import annotations

import pytest

from tests.tournaments.django.conftest import make_tournament

from matches.models import Match
from tournaments import lifecycle
from tournaments.history import load_history
from tournaments.models import Fixture
from tournaments.rebuild import rebuild

pytestmark = pytest.mark.django_db(transaction=True)


def test_pairings_byes_and_pinned_versions_follow_the_stored_fixtures(inline):
    t = make_tournament(bots=("greedy", "random", "random"))  # three entries: a bye a round
    lifecycle.start(t)
    inline()
    h = load_history(t)
    fixtures = list(
        Fixture.objects.filter(competition=t)
        .prefetch_related("seats")
        .order_by("round_no", "table", "leg")
    )
    seats = {f.pk: sorted(f.seats.all(), key=lambda s: s.index) for f in fixtures}
    assert [(p.round, p.table, p.entries, p.bye) for p in h.pairings] == [
        (f.round_no, f.table, tuple(s.entry_id for s in seats[f.pk]), f.bye) for f in fixtures
    ]
    assert sorted(h.byes) == sorted(seats[f.pk][0].entry_id for f in fixtures if f.bye)
    assert h.versions == {
        f.match_id: tuple(s.version for s in seats[f.pk]) for f in fixtures if f.match_id
    }


def test_a_result_is_read_from_the_match_row_or_from_its_stored_log(inline):
    t = make_tournament()
    lifecycle.start(t)
    inline()
    match = Match.objects.filter(fixture__competition=t).order_by("pk").first()
    logged = tuple(match.result["ranks"])
    tampered = (1, 1) if logged != (1, 1) else (1, 2)
    Match.objects.filter(pk=match.pk).update(result={**match.result, "ranks": list(tampered)})

    by_row = {r.match_id: r for r in load_history(t).results}
    by_log = {r.match_id: r for r in load_history(t, from_log=True).results}
    assert (
        set(by_row)
        == set(by_log)
        == set(Match.objects.filter(fixture__competition=t).values_list("pk", flat=True))
    )
    assert by_row[match.pk].ranks == tampered and by_log[match.pk].ranks == logged
    assert by_log[match.pk].scores == tuple(match.result["scores"])
    assert rebuild(t, check=True) == []  # the log is what a rebuild trusts
