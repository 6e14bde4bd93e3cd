"""The bots API (/api/bots/): thin views over ``bots.selectors`` and ``bots.services``.

Uploads are multipart (``file``: a .py or a .zip with bot.json). A rejected upload
is a 400 naming the field and the problem; a rate limit is a 429; a private bot's
source and logs are a 404 to anyone but its owner.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bots import conf, selectors, services
from bots.api import serializers as s
from bots.archive import UploadRejected
from bots.models import Bot

CONFLICT = OpenApiResponse(description="an identical upload to this bot finished first")


class Refused(APIException):
    def __init__(self, exc: services.BotServiceError):
        self.status_code = exc.status
        super().__init__({exc.field: [exc.message]})


def _call(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except UploadRejected as exc:
        raise ValidationError({exc.field: [exc.message]}) from None
    except services.BotServiceError as exc:
        raise Refused(exc) from None


@conf.takes_uploads
class BotListView(APIView):
    """GET: public bots and your own (``mine=1``: only yours; ``game``). POST
    (multipart): a new bot with its first version, validated in the sandbox."""

    parser_classes = [MultiPartParser, FormParser]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(responses=s.BotSerializer(many=True), parameters=[s.BotFilterSerializer])
    def get(self, request):
        bots = selectors.visible_bots(
            request.user,
            mine=request.query_params.get("mine") in ("1", "true"),
            game=request.query_params.get("game"),
        )
        return Response(s.BotSerializer(bots, many=True).data)

    @extend_schema(
        request=s.BotCreateSerializer, responses={201: s.BotDetailSerializer, 409: CONFLICT}
    )
    def post(self, request):
        form = s.BotCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        made, _ = _call(
            services.create_bot,
            request.user,
            data["name"],
            data["game"],
            data["file"],
            public=data["public"],
        )
        bot = selectors.get_bot(made.pk)  # read as the other views read it
        return Response(
            s.BotDetailSerializer(bot, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class BotDetailView(APIView):
    """GET: a bot and its versions (validation output for its owner, or if public).
    PATCH (owner): ``public``."""

    parser_classes = [JSONParser, FormParser]

    @extend_schema(responses=s.BotDetailSerializer)
    def get(self, request, pk: int):
        bot = selectors.get_bot(pk)
        return Response(s.BotDetailSerializer(bot, context={"request": request}).data)

    @extend_schema(request=s.BotUpdateSerializer, responses=s.BotDetailSerializer)
    def patch(self, request, pk: int):
        bot = selectors.get_owned(request.user, pk)
        form = s.BotUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.set_public(bot, form.validated_data["public"])
        return Response(s.BotDetailSerializer(bot, context={"request": request}).data)


@conf.takes_uploads
class VersionListView(APIView):
    """GET: the versions. POST (owner, multipart ``file``): a new version."""

    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(responses=s.BotVersionSerializer(many=True))
    def get(self, request, pk: int):
        bot = selectors.get_bot(pk)
        return Response(
            s.BotVersionSerializer(
                bot.versions.order_by("-number"),
                many=True,
                context=s.version_context(bot, request.user),
            ).data
        )

    @extend_schema(
        request=s.VersionUploadSerializer, responses={201: s.BotVersionSerializer, 409: CONFLICT}
    )
    def post(self, request, pk: int):
        bot = selectors.get_owned(request.user, pk)
        form = s.VersionUploadSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        version = _call(services.upload_version, bot, form.validated_data["file"])
        return Response(
            s.BotVersionSerializer(version, context={"inside": True, "hash": True}).data,
            status=status.HTTP_201_CREATED,
        )


class VersionDetailView(APIView):
    @extend_schema(responses=s.BotVersionSerializer)
    def get(self, request, pk: int, number: int):
        bot = selectors.get_bot(pk)
        version = selectors.get_version(bot, number)
        return Response(
            s.BotVersionSerializer(version, context=s.version_context(bot, request.user)).data
        )


class VersionSourceView(APIView):
    """The version's files (owner, or anyone if the bot is public)."""

    @extend_schema(responses={200: dict})
    def get(self, request, pk: int, number: int):
        bot = selectors.get_inside(request.user, pk)
        version = selectors.get_version(bot, number)
        return Response(
            {
                "bot": bot.pk,
                "version": version.number,
                "entry": version.entry,
                "files": selectors.source_files(version),
            }
        )


class LogsView(APIView):
    """The bot's stderr in each match it played (owner, or anyone if public)."""

    @extend_schema(responses=s.SeatLogSerializer(many=True))
    def get(self, request, pk: int):
        bot = selectors.get_inside(request.user, pk)
        return Response(s.SeatLogSerializer(selectors.bot_seats(bot)[:100], many=True).data)


class ChallengeView(APIView):
    """POST (owner): challenge ``target_bot`` (an id) or a ``builtin`` bot with this
    bot; an unranked match of the latest valid versions, queued for a worker.
    GET (signed in): your challenges."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, FormParser]

    @extend_schema(responses=s.ChallengeSerializer(many=True))
    def get(self, request, pk: int):
        bot = selectors.get_owned(request.user, pk)
        return Response(
            s.ChallengeSerializer(
                selectors.user_challenges(request.user).filter(bot=bot)[:100], many=True
            ).data
        )

    @extend_schema(request=s.ChallengeRequestSerializer, responses={201: s.ChallengeSerializer})
    def post(self, request, pk: int):
        bot = selectors.get_owned(request.user, pk)
        form = s.ChallengeRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        target = None
        if "target_bot" in form.validated_data:
            target = Bot.objects.filter(pk=form.validated_data["target_bot"]).first()
            if target is None:
                raise ValidationError({"target_bot": ["no such bot"]})
        try:
            made = services.challenge(
                request.user, bot, target_bot=target, builtin=form.validated_data.get("builtin", "")
            )
        except services.BotServiceError as exc:
            if exc.field == "target":  # the page's field: name the one this request gave
                exc.field = "target_bot" if target is not None else "builtin"
            raise Refused(exc) from None
        return Response(s.ChallengeSerializer(made).data, status=status.HTTP_201_CREATED)
