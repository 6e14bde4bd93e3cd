"""Restarts after a killed worker (docs/tournaments.md, "Workers"; the contract in
``matches.claims``): a dead claimer's partial log is discarded and the match runs
again from the start, and the third death fails the match."""

import socket

import pytest

from engine import registry
from engine.lineup import lineup
from engine.runner import run_match

from matches import storing, tasks
from matches.claims import claim
from matches.models import Match, MatchClaim, MatchEvent
from matches.services import create_match

pytestmark = pytest.mark.django_db


def dead_worker(n: int) -> str:
    """The claim token of a worker on this host whose process is gone."""
    return f"{socket.gethostname()}:999999:delivery-{n}"


def store_first_events(match: Match, count: int) -> None:
    """What a worker killed mid-match leaves behind: the first events of the run."""
    game = registry.get(match.game)
    seats, players = lineup(game, [s.bot_name for s in match.seats.order_by("index")])
    played = run_match(game, players, seats, match.seed, match.options, salt=match.seed_salt)
    storing.append_events(match, played.log.lines[:count])


def test_a_restarted_match_discards_the_dead_workers_partial_log():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    claimed, _ = claim(match.pk, dead_worker(1))
    store_first_events(claimed, 4)
    assert MatchEvent.objects.filter(match=match).count() == 4
    restarted, why = claim(match.pk, dead_worker(2))
    assert why == "claimed" and restarted.event_count == 0
    assert not MatchEvent.objects.filter(match=match).exists()
    assert tasks.run_match(match.pk) == "finished"  # from the start: seq 0 again
    match.refresh_from_db()
    assert match.event_count == MatchEvent.objects.filter(match=match).count() > 4


def test_a_match_whose_worker_dies_three_times_fails():
    """Three starts (the first and two restarts), each worker killed: the third
    death fails the match rather than starting a fourth time."""
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    for start in (1, 2, 3):
        _, why = claim(match.pk, dead_worker(start))
        assert why == "claimed" and MatchClaim.objects.get(match=match).attempts == start
    assert claim(match.pk, dead_worker(4)) == (None, Match.Status.FAILED)
    match.refresh_from_db()
    assert match.status == Match.Status.FAILED and "died 3 times" in match.error
