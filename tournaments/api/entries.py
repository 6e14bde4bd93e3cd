"""A competition's entries in the API: ``/api/competitions/ID/entries/``.

GET lists them (anyone); POST ``{"bot": ID}`` enters one of your bots, DELETE on
``/entries/ENTRY/`` withdraws it (signed in: a token or a session). A refusal
answers ``{"detail": why, "reason": code}``: 403 ``not_your_bot``; 400
``wrong_game`` or ``no_valid_version``; 409 ``closed``, ``cap_reached``,
``already_entered``, ``disqualified`` or ``not_entered``. Throttled as every
operation is (``user``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import Bot
from tournaments import signup, signup_rules
from tournaments.models import Competition, Entry

#: the HTTP status of each refusal
STATUS = {
    signup_rules.NOT_YOURS: 403,
    signup_rules.WRONG_GAME: 400,
    signup_rules.NO_VALID_VERSION: 400,
}
REFUSAL = {
    "type": "object",
    "properties": {"detail": {"type": "string"}, "reason": {"type": "string"}},
}


class EntrySerializer(serializers.ModelSerializer):
    bot = serializers.IntegerField(source="bot_id", allow_null=True, help_text="an uploaded bot")
    owner = serializers.CharField(
        source="bot.owner.username", allow_null=True, default=None, help_text="its owner"
    )
    withdrawn = serializers.BooleanField(help_text="withdrawn by its owner: no more pairings")
    url = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = [
            "id",
            "competition",
            "name",
            "builtin",
            "bot",
            "owner",
            "seed",
            "disqualified",
            "withdrawn",
            "withdrawn_at",
            "created_at",
            "url",
        ]

    def get_url(self, entry) -> str:
        return reverse("entry-page", args=[entry.pk])


class EnterSerializer(serializers.Serializer):
    bot = serializers.IntegerField(help_text="the id of your bot to enter")


def refused(exc: signup.SignupRefused) -> Response:
    return Response(
        {"detail": exc.message, "reason": exc.reason},
        status=STATUS.get(exc.reason, status.HTTP_409_CONFLICT),
    )


def _refusals(*codes: int) -> dict:
    return {
        code: OpenApiResponse(REFUSAL, description="refused: `reason` says why") for code in codes
    }


class CompetitionEntries(APIView):
    """GET: the competition's entries, in seed order. POST (signed in): enter one
    of your bots (a season under way pairs it from its next round)."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(responses=EntrySerializer(many=True))
    def get(self, request, pk: int):
        competition = get_object_or_404(Competition, pk=pk)
        entries = competition.entries.select_related("bot__owner").order_by("seed", "id")
        return Response(EntrySerializer(entries, many=True).data)

    @extend_schema(
        request=EnterSerializer,
        responses={201: EntrySerializer, **_refusals(400, 403, 409)},
    )
    def post(self, request, pk: int):
        competition = get_object_or_404(Competition, pk=pk)
        form = EnterSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        bot = Bot.objects.select_related("owner").filter(pk=form.validated_data["bot"]).first()
        if bot is None:
            raise ValidationError({"bot": ["no such bot"]})
        try:
            entry = signup.enter(request.user, competition, bot)
        except signup.SignupRefused as exc:
            return refused(exc)
        body = EntrySerializer(entry).data
        return Response(body, status=status.HTTP_201_CREATED)


class CompetitionEntry(APIView):
    """GET: one entry. DELETE (its bot's owner): withdraw it."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else []

    def _entry(self, pk: int, entry: int) -> Entry:
        # competition__pk, not competition_id: an id past the column's range finds
        # nothing (a foreign key's own lookup sends it to the database, which fails)
        return get_object_or_404(
            Entry.objects.select_related("bot__owner"), pk=entry, competition__pk=pk
        )

    @extend_schema(responses=EntrySerializer)
    def get(self, request, pk: int, entry: int):
        return Response(EntrySerializer(self._entry(pk, entry)).data)

    @extend_schema(responses={204: None, **_refusals(403, 409)})
    def delete(self, request, pk: int, entry: int):
        try:
            signup.withdraw(request.user, self._entry(pk, entry))
        except signup.SignupRefused as exc:
            return refused(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)
