from __future__ import annotations

from typing import cast

from django.urls import reverse
from rest_framework import serializers

from bots.models import Bot, BotVersion, Challenge, game_choices
from matches.api.serializers import SeatResultFields
from matches.models import MatchSeat
from matches.selectors import blank_hidden_seats


def version_context(bot: Bot, user) -> dict:
    """What ``BotVersionSerializer`` shows ``user`` of ``bot``'s versions."""
    return {"inside": bot.visible_inside_to(user), "hash": bot.hash_visible_to(user)}


class BotVersionSerializer(serializers.ModelSerializer):
    """A version; its validation reason and stderr only for those who may see inside,
    the sha256 of its upload only for them and staff (``Bot.hash_visible_to``)."""

    sha256 = serializers.CharField(
        read_only=True,
        allow_null=True,
        help_text="of the uploaded file; null unless you may read the bot's source",
    )

    class Meta:
        model = BotVersion
        fields = [
            "number",
            "sha256",
            "kind",
            "original_name",
            "entry",
            "size",
            "file_count",
            "status",
            "validation_reason",
            "validation_stderr",
            "created_at",
            "validated_at",
        ]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not self.context.get("inside"):
            data.pop("validation_reason")
            data.pop("validation_stderr")
        if not self.context.get("hash"):
            data["sha256"] = None
        return data


class BotSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    latest_valid_version = serializers.IntegerField(
        source="latest_valid_number",
        read_only=True,
        allow_null=True,
        help_text="the number of the newest valid version",
    )
    url = serializers.SerializerMethodField()

    class Meta:
        model = Bot
        fields = [
            "id",
            "name",
            "owner",
            "game",
            "public",
            "created_at",
            "latest_valid_version",
            "url",
        ]
        read_only_fields = ["id", "name", "owner", "game", "created_at"]

    def get_url(self, bot) -> str:
        return reverse("bot-page", args=[bot.pk])


class BotDetailSerializer(BotSerializer):
    versions = serializers.SerializerMethodField()

    class Meta(BotSerializer.Meta):
        fields = BotSerializer.Meta.fields + ["versions"]

    def get_versions(self, bot) -> list[dict]:
        versions = BotVersionSerializer(
            bot.versions.order_by("-number"),
            many=True,
            context=version_context(bot, self.context["request"].user),
        )
        return cast(list[dict], versions.data)  # many=True: a list (the stubs say a dict)


class BotCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=40)
    game = serializers.ChoiceField(choices=[])
    public = serializers.BooleanField(default=False)
    file = serializers.FileField(allow_empty_file=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class BotFilterSerializer(serializers.Serializer):
    """The bot list's query parameters (documentation: the view reads them as given)."""

    mine = serializers.BooleanField(required=False, help_text="only your own bots")
    game = serializers.CharField(required=False, help_text="only bots of this game")


class BotUpdateSerializer(serializers.Serializer):
    public = serializers.BooleanField()


class VersionUploadSerializer(serializers.Serializer):
    file = serializers.FileField(allow_empty_file=True)


class ChallengeRequestSerializer(serializers.Serializer):
    target_bot = serializers.IntegerField(required=False, help_text="a bot's id")
    builtin = serializers.CharField(required=False, help_text="or a built-in bot's name")

    def validate(self, data):
        if ("target_bot" in data) == ("builtin" in data):
            problem = (
                "give exactly one of target_bot (a bot's id) or builtin (a built-in bot's name)"
            )
            raise serializers.ValidationError({"target_bot": [problem], "builtin": [problem]})
        return data


class ChallengeSerializer(serializers.ModelSerializer):
    bot = serializers.CharField(source="bot.label")
    target = serializers.SerializerMethodField()
    match_url = serializers.SerializerMethodField()
    status = serializers.CharField(source="match.status")

    class Meta:
        model = Challenge
        fields = ["id", "bot", "target", "match", "match_url", "status", "created_at"]

    def get_target(self, c) -> str:
        return c.target_bot.label if c.target_bot_id else c.target_builtin

    def get_match_url(self, c) -> str:
        return reverse("match-detail", args=[c.match_id])


class SeatLogSerializer(SeatResultFields, serializers.ModelSerializer):
    match = serializers.IntegerField(source="match_id")
    game = serializers.CharField(source="match.game")
    match_status = serializers.CharField(source="match.status")
    version = serializers.IntegerField(source="bot_version_ref.number")

    class Meta:
        model = MatchSeat
        fields = [
            "match",
            "game",
            "match_status",
            "index",
            "version",
            "rank",
            "score",
            "faults",
            "fault_reason",
            "stderr",
        ]

    def to_representation(self, instance: MatchSeat) -> dict:
        # rank, score, faults and stderr tell the result: hidden while the season hides it
        return super().to_representation(blank_hidden_seats([instance])[0])
