"""Serializers of the matches API: outputs, and the query parameters as inputs (so a
bad parameter comes back as a 400 naming it)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from rest_framework import serializers

from engine import registry

from matches import selectors
from matches.event_pages import DEFAULT_PAGE, MAX_PAGE
from matches.models import Match, MatchSeat


class SeatResultFields(serializers.Serializer):
    """A seat's result fields, ``null`` while its season or tournament hides results
    (``selectors.blank_hidden_seats``), so the schema says they may be."""

    rank = serializers.IntegerField(allow_null=True, read_only=True)
    score = serializers.IntegerField(allow_null=True, read_only=True)
    faults = serializers.IntegerField(allow_null=True, read_only=True)
    fault_reason = serializers.CharField(allow_null=True, read_only=True)


class SeatSerializer(SeatResultFields, serializers.ModelSerializer):
    class Meta:
        model = MatchSeat
        fields = (
            "index",
            "bot_name",
            "bot_version",
            "team",
            "rank",
            "score",
            "faults",
            "fault_reason",
        )

    def to_representation(self, instance: MatchSeat) -> dict:
        # rank, score and faults are the result: hidden while the season hides it
        return super().to_representation(selectors.blank_hidden_seats([instance])[0])


class MatchSerializer(serializers.ModelSerializer):
    """A match; what tells how it went (``selectors.MATCH_RESULT_FIELDS``) is ``null``
    while its season or tournament hides results, the seed and digest until its
    whole log is served."""

    seats = SeatSerializer(many=True, read_only=True)
    digest = serializers.SerializerMethodField()
    result = serializers.JSONField(allow_null=True, read_only=True)
    event_count = serializers.IntegerField(allow_null=True, read_only=True)
    error = serializers.CharField(allow_null=True, read_only=True)
    seed = serializers.SerializerMethodField()
    seed_commitment = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="match-detail")
    page = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = (
            "id",
            "url",
            "page",
            "game",
            "rules_version",
            "seed",
            "seed_commitment",
            "options",
            "status",
            "created_at",
            "started_at",
            "finished_at",
            "event_count",
            "digest",
            "result",
            "error",
            "seats",
            "parent",
            "fork_at",
        )

    def get_digest(self, obj: Match) -> str | None:
        # a running chain's links could be brute-forced to reveal small private
        # actions, so the digest is shown once the match is over
        return obj.digest if obj.reveals_everything else None

    def get_seed(self, obj: Match) -> int | None:
        # the PRNG is a function of the seed: known early, it gives away every
        # hidden draw, so it is shown with the rest of the log, once all is revealed
        return obj.seed if obj.reveals_everything else None

    def get_seed_commitment(self, obj: Match) -> str | None:
        """sha256 of the seed and its salt (engine.seeding); null for old logs."""
        return obj.seed_commitment

    def to_representation(self, instance: Match) -> dict:
        data = super().to_representation(instance)
        if instance.hides_results:
            data.update(dict.fromkeys(selectors.MATCH_RESULT_FIELDS, None))
        return data

    def get_page(self, obj: Match) -> str:
        request = self.context.get("request")
        path = f"/matches/{obj.pk}/"
        return request.build_absolute_uri(path) if request else path


class MatchFilterSerializer(serializers.Serializer):
    game = serializers.CharField(required=False)
    bot = serializers.CharField(
        required=False,
        max_length=100,
        help_text="a bot's name: owner/name exactly, or a plain name "
        "(a built-in bot, or any owner's bot of that name)",
    )
    competition = serializers.CharField(
        required=False, max_length=100, help_text="a season's or tournament's id"
    )
    status = serializers.ChoiceField(choices=Match.Status.values, required=False)
    created_after = serializers.CharField(required=False, help_text="ISO date or date-time")
    created_before = serializers.CharField(required=False, help_text="ISO date or date-time")
    search = serializers.CharField(required=False, max_length=100)

    def validate_competition(self, value: str) -> str:
        if not selectors.is_id(value):
            raise serializers.ValidationError(
                f"competition must be a season's or tournament's id (a number up to "
                f"{selectors.MAX_ID}), not {value!r}"
            )
        return value

    def validate_game(self, value: str) -> str:
        known = registry.games()
        if value not in known:
            raise serializers.ValidationError(
                f"unknown game {value!r} (games: {', '.join(known) or 'none'})"
            )
        return value

    @staticmethod
    def _moment(value: str) -> dt.datetime:
        try:
            moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise serializers.ValidationError(
                f"{value!r} is not an ISO date or date-time (e.g. 2025-01-31)"
            ) from None
        if timezone.is_naive(moment):
            moment = timezone.make_aware(moment, dt.UTC)
        return moment

    def validate_created_after(self, value: str) -> dt.datetime:
        return self._moment(value)

    def validate_created_before(self, value: str) -> dt.datetime:
        return self._moment(value)


class ViewQuery(serializers.Serializer):
    """The one definition of a view parameter (``engine.viewing``), shared by the
    events and the state endpoints."""

    view = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="'everything' (default; the spectator's while the match runs), "
        "'spectator' or a seat index: what that onlooker knew",
    )


class EventsQuerySerializer(ViewQuery):
    after = serializers.IntegerField(
        required=False, default=-1, help_text="return events with seq greater than this"
    )
    limit = serializers.IntegerField(
        required=False, default=DEFAULT_PAGE, min_value=1, max_value=MAX_PAGE
    )
    text = serializers.BooleanField(
        required=False,
        default=True,
        help_text="each event with the game's sentence for it (false: without, cheaper)",
    )


class StateQuerySerializer(ViewQuery):
    at = serializers.IntegerField(help_text="the event after which to show the state")
    seat = serializers.CharField(
        required=False, allow_blank=True, help_text="the older name of view ('all' = everything)"
    )


class EventSerializer(serializers.Serializer):
    """Documentation of an event as served (built by ``matches.event_pages``)."""

    seq = serializers.IntegerField()
    type = serializers.CharField()
    to = serializers.JSONField()
    # the event's field "data" hides Serializer.data: this serializer only documents
    # the schema, and is never asked for its .data
    data = serializers.JSONField()  # type: ignore[assignment]
    public = serializers.JSONField(required=False)
    hash = serializers.CharField(required=False)
    redacted = serializers.BooleanField(required=False)
    text = serializers.CharField(required=False)


class EventsPageSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    status = serializers.CharField()
    event_count = serializers.IntegerField()
    results = EventSerializer(many=True)
    next = serializers.CharField(allow_null=True)


class FrameSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    at = serializers.IntegerField()
    seat = serializers.JSONField(help_text="the view, with 'all' for everything")
    view = serializers.JSONField(help_text="'everything', 'spectator' or a seat index")
    state = serializers.JSONField()
    svg = serializers.CharField()
    event_count = serializers.IntegerField()
    status = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    ok = serializers.BooleanField()
    digest = serializers.CharField()
    recorded_digest = serializers.CharField()
    rules_version = serializers.IntegerField(allow_null=True)
    problems = serializers.ListField(child=serializers.CharField())
