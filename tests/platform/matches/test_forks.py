""" "What if" forks of stored matches (``matches.forks``): a fork shares its parent's
prefix byte for byte, verifies, plays on with the other bots, and is refused for
unfinished or hidden matches and bad seats, with the reason named."""

from __future__ import annotations

import pytest

from engine.replay import fork as engine_fork

from matches import services, verification
from matches.forks import ForkError, create_fork, seat_changes, shares_prefix
from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


def lines(match: Match) -> list[str]:
    return list(match.events.order_by("seq").values_list("line", flat=True))


@pytest.fixture
def parent() -> Match:
    return services.play_and_store("aimbots", ["greedy", "random"], 5)


@pytest.mark.parametrize("game", ["tic_tac_toe", "aimbots", "cascade_effect"])
def test_a_fork_shares_the_parents_prefix_byte_for_byte_and_verifies(game):
    parent = services.play_and_store(game, ["random", "greedy"], 3)
    at = parent.event_count // 3
    made = create_fork(parent, at, {1: "random"})
    assert (made.parent, made.status, made.seed, made.seed_salt) == (
        parent,
        Match.Status.QUEUED,
        parent.seed,
        parent.seed_salt,
    )
    assert made.fork_at is not None and abs(made.fork_at - at) <= parent.event_count
    services.run_stored_match(made)
    made.refresh_from_db()
    assert made.status == Match.Status.FINISHED, made.error
    assert lines(made)[: made.fork_at + 1] == lines(parent)[: made.fork_at + 1]
    assert shares_prefix(made)
    report = verification.verify_stored_match(made)
    assert report.ok, report.problems
    # the fork's MatchEnded reveals the parent's seed
    assert (
        made.result["seed"] == parent.result["seed"]
        and made.result["salt"] == parent.result["salt"]
    )
    assert [s.bot_name for s in made.seats.order_by("index")] == ["random", "random"]


def test_the_split_point_is_the_engines_nearest_decision_point(parent):
    """The engine's rule (docs/engine.md, "Randomness and resuming"): a cut inside a
    step's rules events is carried to the step's end, one among its decisions goes
    back to the step's start. The fork records where it actually split."""
    events = [row.to_engine() for row in parent.events.order_by("seq")]
    for at in range(0, 12):
        expected = (
            len(
                engine_fork(services.registry.get("aimbots"), events[: at + 1], events[-1].data).log
            )
            - 1
        )
        assert create_fork(parent, at, {0: "random"}).fork_at == expected
    assert any(create_fork(parent, at, {0: "random"}).fork_at != at for at in range(12))


def test_the_other_seats_keep_their_bots_and_the_change_is_listed(parent):
    made = create_fork(parent, 4, {1: "greedy"})
    assert [s.bot_name for s in made.seats.order_by("index")] == ["greedy", "greedy"]
    assert seat_changes(made) == [{"index": 1, "before": "random", "after": "greedy"}]


def test_a_match_that_is_not_a_fork_has_no_split_or_seat_changes_to_show(parent):
    with pytest.raises(ForkError, match=f"match {parent.pk} is not a fork"):
        seat_changes(parent)
    assert not shares_prefix(parent)


def test_a_fork_of_a_fork_works(parent):
    first = services.run_stored_match(create_fork(parent, 6, {1: "greedy"}))
    second = services.run_stored_match(create_fork(first, first.event_count - 8, {0: "random"}))
    assert second.status == Match.Status.FINISHED, second.error
    assert verification.verify_stored_match(second).ok
    assert second.parent == first and first.parent == parent


def test_verify_reports_a_fork_whose_prefix_is_not_its_parents(parent):
    made = services.run_stored_match(create_fork(parent, 6, {1: "greedy"}))
    # pretend the fork split later than it did: its events then differ from the parent's
    Match.objects.filter(pk=made.pk).update(fork_at=made.event_count - 2)
    made.refresh_from_db()
    report = verification.verify_stored_match(made)
    assert not report.ok
    assert any("not those of the parent" in p for p in report.problems)


def test_forks_are_not_fixtures_so_they_never_enter_standings(parent):
    made = services.run_stored_match(create_fork(parent, 6, {1: "greedy"}))
    assert getattr(made, "fixture", None) is None


# -- refusals -----------------------------------------------------------------------------
def refused(parent, at, seats, field, words):
    before = Match.objects.count(), MatchEvent.objects.count()
    with pytest.raises(ForkError) as caught:
        create_fork(parent, at, seats)
    assert caught.value.field == field
    assert words in caught.value.message, caught.value.message
    assert (Match.objects.count(), MatchEvent.objects.count()) == before  # nothing stored


def test_an_unfinished_or_failed_match_cannot_be_forked(parent):
    queued = services.create_match("aimbots", ["greedy", "random"], 5)
    refused(queued, 0, {0: "random"}, "non_field_errors", "only a finished match")
    Match.objects.filter(pk=parent.pk).update(status=Match.Status.FAILED)
    parent.refresh_from_db()
    refused(parent, 3, {0: "random"}, "non_field_errors", "only a finished match")


def test_a_match_whose_results_are_hidden_cannot_be_forked(parent, monkeypatch):
    Match.objects.update(hides_results=True)  # as a competition that hides results does
    parent.refresh_from_db()
    refused(parent, 3, {0: "random"}, "non_field_errors", "hidden")


@pytest.mark.parametrize(
    "at, words",
    [
        (-1, "0 to"),
        ("3", "not '3'"),
        (None, "not None"),
        (10**6, "0 to"),
    ],
)
def test_an_event_out_of_range_is_refused(parent, at, words):
    refused(parent, at, {0: "random"}, "at", words)


def test_an_event_past_the_decisive_step_is_refused(parent):
    refused(parent, parent.event_count - 1, {0: "random"}, "at", "already decided")


@pytest.mark.parametrize(
    "seats, words",
    [
        ({}, "at least one seat"),
        ({2: "random"}, "seat 2: this match has seats 0 to 1"),
        ({"1": "random"}, "seat '1'"),
        ({1: "nobody"}, "seat 1: aimbots has no built-in bot 'nobody'"),
        ({0: object()}, "seat 0: that bot does not play aimbots"),
    ],
)
def test_bad_seats_are_named(parent, seats, words):
    refused(parent, 4, seats, "seats", words)


# -- a real season: hidden results, standings and ratings ---------------------------------
@pytest.fixture
def season_match(django_capture_on_commit_callbacks, inline_worker):
    """A finished match of a season that hides its results, with the season."""
    from tournaments import lifecycle

    season = lifecycle.create_season("secret", game="tic_tac_toe", hide_results=True, k=1, seed=2)
    lifecycle.add_entries(season, bots=["greedy", "random"])
    lifecycle.open_entries(season)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(season)
    inline_worker.drain(committing=lambda: django_capture_on_commit_callbacks(execute=True))
    return season, Match.objects.get(fixture__competition=season)


def test_a_hidden_seasons_match_is_forked_only_once_the_season_ends_and_never_ranked(season_match):
    from tournaments import lifecycle
    from tournaments import selectors as standings_of
    from tournaments.models import Entry

    season, match = season_match
    assert match.status == Match.Status.FINISHED and match.hides_results
    refused(match, 2, {0: "random"}, "non_field_errors", "hidden")
    lifecycle.finish(season)
    match.refresh_from_db()
    before = (
        standings_of.standings(season),
        [standings_of.rating_history(e) for e in Entry.objects.filter(competition=season)],
    )
    assert len(before[0]) == 2 and all(before[1])  # the season's table and ratings
    made = services.run_stored_match(create_fork(match, 2, {0: "random"}))
    assert made.status == Match.Status.FINISHED and verification.verify_stored_match(made).ok
    after = (
        standings_of.standings(season),
        [standings_of.rating_history(e) for e in Entry.objects.filter(competition=season)],
    )
    assert after == before  # a fork is no fixture: no standings, no ratings
    assert Match.objects.filter(fixture__competition=season).count() == 1


def test_a_match_of_other_rules_is_refused_clearly(parent):
    Match.objects.filter(pk=parent.pk).update(game="no_such_game")
    parent.refresh_from_db()
    refused(parent, 4, {0: "random"}, "non_field_errors", "no_such_game")
