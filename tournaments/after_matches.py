"""What follows matches that are over: the check of their rounds (which completes
a round whose last match this was: ``rounds.complete_round_locked``), or, for a
re-run's result in a round already rated, the rebuild of the ratings. The
tournaments app's receiver of ``matches.signals.matches_over`` runs it."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Exists, OuterRef

from matches.models import Match
from tournaments import rounds
from tournaments.models import Competition, Fixture, RatingHistory, Round
from tournaments.rebuild import rebuild


def after_matches(match_ids: Sequence[int]) -> dict[int, str]:
    """What follows matches that are over (a worker's message of them): each of
    their rounds is checked once; a result arriving after its round was already
    rated (a re-run) makes the ratings be rebuilt. Each round's outcome, by id."""
    # each fixture's round, its match's status and whether a match of its round is
    # still to be played, in one query (as values: no model is built): after most
    # messages, that is all it takes
    rows = (
        Fixture.objects.filter(match_id__in=match_ids)
        .order_by("round_id", "match_id")
        .values_list(
            "round_id",
            "competition_id",
            "round__status",
            "match_id",
            "match__status",
            Exists(
                Match.objects.filter(
                    fixture__round=OuterRef("round_id"), status__in=rounds.UNSETTLED
                )
            ),
        )
    )
    outcomes: dict[int, str] = {}
    for round_id, competition_id, round_status, match_id, match_status, round_waits in rows:
        if round_status == Round.Status.DONE:
            if _late_result(match_id, match_status, competition_id):
                outcomes[round_id] = "late result: rebuilt"
            else:
                outcomes.setdefault(round_id, "done already")
        elif round_id not in outcomes:
            # "waiting" is complete_round's common answer, without the competition's lock
            outcomes[round_id] = (
                "waiting"
                if round_waits
                else rounds.complete_round_locked(Round(pk=round_id, competition_id=competition_id))
            )
    return outcomes


def _late_result(match_id: int, match_status: str, competition_id: int) -> bool:
    """A re-run's result for a round already rated: rebuild the ratings with it."""
    if (
        match_status == Match.Status.FINISHED
        and not RatingHistory.objects.filter(match_id=match_id).exists()
    ):
        rebuild(Competition.objects.get(pk=competition_id))
        return True
    return False
