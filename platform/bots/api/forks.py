""" "What if" forks in the API: ``/api/matches/ID/forks/``.

GET lists a match's forks; POST (signed in) forks a finished match after an event
with other bots in some seats (``bots.services.fork_match``): a new unranked match,
queued for a worker, that records its parent and the actual split point. A refused
fork is a 400 naming the field (``at``, ``seats``), a rate limit a 429.

It is the bots API's (routed by ``bots.api.match_urls``): a fork puts bots in seats,
and the matches layer below does not know bots.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.api.views import _call
from bots.services import fork_match
from matches.api.serializers import MatchSerializer
from matches.models import Match


class ForkSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, help_text="the seat's index")
    builtin = serializers.CharField(
        required=False, max_length=100, help_text="a built-in bot's name"
    )
    bot = serializers.IntegerField(required=False, help_text="or one of your bots' id")
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="that bot's valid version (default: its latest)"
    )

    def validate(self, data):
        if ("builtin" in data) == ("bot" in data):
            raise serializers.ValidationError(
                f"seat {data.get('seat')}: give either builtin or bot"
            )
        if "version" in data and "bot" not in data:
            raise serializers.ValidationError(f"seat {data.get('seat')}: version goes with bot")
        return data


class ForkRequestSerializer(serializers.Serializer):
    at = serializers.IntegerField(
        help_text="the event after which other bots take over (the engine moves it to the "
        "nearest decision point; the fork's fork_at says where it split)"
    )
    seats = ForkSeatSerializer(
        many=True, help_text="the seats given to other bots; the others keep theirs"
    )


class ForksView(APIView):
    """A match's "what if" forks (GET), or a new one (POST, signed in): the finished
    match played on from event ``at`` with other bots in ``seats``. The fork shares
    the parent's events up to its ``fork_at`` byte for byte and plays on with the
    parent's seed, public by then: its hidden draws are knowable, so forks are
    unranked explorations."""

    parser_classes = [JSONParser, FormParser]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(
        responses=MatchSerializer(many=True),
        description="The match's forks, newest first (at most 100).",
    )
    def get(self, request, pk: int):
        parent = get_object_or_404(Match.objects.visible(), pk=pk)
        forks = parent.forks.prefetch_related("seats").order_by("-id")[:100]
        return Response(MatchSerializer(forks, many=True, context={"request": request}).data)

    @extend_schema(
        request=ForkRequestSerializer,
        description="Fork this finished match after event `at`, with other bots "
        "in `seats`; the fork is queued for the workers.",
        responses={
            201: MatchSerializer,
            400: OpenApiResponse(description="a field is wrong (named)"),
            429: OpenApiResponse(description="too many forks this hour"),
        },
    )
    def post(self, request, pk: int):
        parent = get_object_or_404(Match.objects.visible(), pk=pk)
        form = ForkRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        made = _call(
            fork_match,
            request.user,
            parent,
            form.validated_data["at"],
            form.validated_data["seats"],
        )
        body = MatchSerializer(made, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": body["url"]})
