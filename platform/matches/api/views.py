"""The matches API: thin views over ``matches.selectors`` and ``matches.services``."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from matches import selectors, verification
from matches.api import serializers as s
from matches.models import Match


def _params(serializer_class, request) -> dict:
    """Validated query parameters; a 400 naming each bad one otherwise."""
    ser = serializer_class(data=request.query_params)
    ser.is_valid(raise_exception=True)
    return ser.validated_data


def _selector_call(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except selectors.Forbidden as exc:
        raise PermissionDenied({exc.param: [exc.message]}) from None
    except selectors.SelectorError as exc:
        raise ValidationError({exc.param: [exc.message]}) from None


class MatchCursorPagination(CursorPagination):
    ordering = "-id"
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def decode_cursor(self, request):
        # the position is compared with ids in the query: a forged one that is not
        # an id would fail there, a 500, instead of here
        cursor = super().decode_cursor(request)
        if (
            cursor is not None
            and cursor.position is not None
            and not selectors.is_id(cursor.position)
        ):
            raise NotFound(self.invalid_cursor_message)
        return cursor

    def paginate_queryset(self, queryset, request, view=None):
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            raise ValidationError(
                {"cursor": ["invalid cursor: use the next or previous link as given"]}
            ) from None


@extend_schema(parameters=[s.MatchFilterSerializer])
class MatchListView(generics.ListAPIView):
    """Matches, newest first, filtered by game, bot, competition, status and creation date."""

    serializer_class = s.MatchSerializer
    pagination_class = MatchCursorPagination

    def get_queryset(self):
        return selectors.match_list(**_params(s.MatchFilterSerializer, self.request))


class MatchDetailView(generics.RetrieveAPIView):
    """One match with its seats and result."""

    serializer_class = s.MatchSerializer
    queryset = Match.objects.visible().prefetch_related("seats")


class EventsView(APIView):
    """The events of a match after ``after``, ``limit`` at a time. While the match
    runs, only public events (and the public twins of private ones) are served."""

    @extend_schema(parameters=[s.EventsQuerySerializer], responses=s.EventsPageSerializer)
    def get(self, request, pk: int):
        match = get_object_or_404(Match.objects.visible(), pk=pk)
        params = _params(s.EventsQuerySerializer, request)
        events, more = _selector_call(
            selectors.events_page, match, params["after"], params["limit"]
        )
        next_url = None
        if more and events:
            next_url = request.build_absolute_uri(
                f"{request.path}?after={events[-1]['seq']}&limit={params['limit']}"
            )
        return Response(
            {
                "match": match.pk,
                "status": match.status,
                "event_count": match.event_count,
                "results": events,
                "next": next_url,
            }
        )


class StateView(APIView):
    """The state after event ``at`` (everything, a spectator's or a seat's view) and
    the game's SVG drawing of it."""

    @extend_schema(
        parameters=[s.StateQuerySerializer],
        responses={
            200: s.FrameSerializer,
            403: OpenApiResponse(
                description="a frame at or after the result while results are "
                "hidden, or a seat's view while the match runs"
            ),
        },
    )
    def get(self, request, pk: int):
        match = get_object_or_404(Match.objects.visible(), pk=pk)
        params = _params(s.StateQuerySerializer, request)
        seat = _selector_call(selectors.parse_seat, match, params.get("seat"))
        return Response(_selector_call(selectors.frame, match, params["at"], seat))


class JSONLinesRenderer(BaseRenderer):
    media_type = "application/x-ndjson"
    format = "jsonl"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return JSONRenderer().render(data)


class LogView(APIView):
    """The whole log as JSON lines, byte-identical to the engine's export (so
    ``scrimmage verify`` accepts it). Served once the match is over."""

    renderer_classes = [JSONRenderer, JSONLinesRenderer]

    def finalize_response(self, request, response, *args, **kwargs):
        # the log itself streams as JSON lines; a refusal (404, 409, 429) is a JSON
        # object, as everywhere else, whatever format was asked for
        response = super().finalize_response(request, response, *args, **kwargs)
        if isinstance(response, Response):
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = JSONRenderer.media_type
        return response

    @extend_schema(
        responses={
            (200, "application/x-ndjson"): OpenApiTypes.BINARY,
            409: OpenApiResponse(description="the match is not over yet"),
        }
    )
    def get(self, request, pk: int):
        match = get_object_or_404(Match.objects.visible(), pk=pk)
        if not match.reveals_everything:
            return Response(
                {
                    "detail": f"match {match.pk} is {match.status}: its log is "
                    "served once it is over"
                },
                status=status.HTTP_409_CONFLICT,
            )
        response = StreamingHttpResponse(
            selectors.export_lines(match), content_type="application/x-ndjson"
        )
        response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.jsonl"'
        response["X-Scrimmage-Digest"] = match.digest
        return response


class VerifyView(APIView):
    """Re-simulate a stored match and check its chain; reports every problem found.
    Costs CPU, so it needs an account and has its own throttle."""

    permission_classes = [IsAuthenticated]
    throttle_scope = "verify"

    @extend_schema(
        request=None,
        responses={200: s.ReportSerializer, 409: OpenApiResponse(description="not over yet")},
    )
    def post(self, request, pk: int):
        match = get_object_or_404(Match.objects.visible(), pk=pk)
        if not match.reveals_everything:
            return Response(
                {
                    "detail": f"match {match.pk} is {match.status}: it can be "
                    "verified once it is over"
                },
                status=status.HTTP_409_CONFLICT,
            )
        return Response(verification.verify_stored_match(match).to_json())
