"""The competitions API: seasons and tournaments and their standings (read-only;
entering and withdrawing bots: ``tournaments.api.entries``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors
from tournaments.models import Competition


class CompetitionSerializer(serializers.ModelSerializer):
    seed = serializers.SerializerMethodField()
    entries = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Competition
        fields = [
            "id",
            "kind",
            "name",
            "game",
            "options",
            "status",
            "seed",
            "group_size",
            "teams",
            "created_at",
            "started_at",
            "finished_at",
            "k",
            "period_seconds",
            "max_rounds",
            "format",
            "swiss_rounds",
            "signup",
            "entries_per_user",
            "max_entries",
            "entries",
            "progress",
        ]

    def get_seed(self, obj) -> int | None:
        """The seed of the pairings' draws; ``null`` while results are hidden."""
        return selectors.shown_seed(obj)

    def get_entries(self, obj) -> int:
        return obj.entry_count

    def get_progress(self, obj) -> dict:
        return selectors.progress(obj)


class CompetitionFilterSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Competition.Kind.values, required=False)
    game = serializers.CharField(required=False, max_length=64)
    status = serializers.ChoiceField(choices=Competition.Status.values, required=False)


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.CharField()
    disqualified = serializers.BooleanField()
    withdrawn = serializers.BooleanField()
    ordinal = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    points = serializers.IntegerField()
    buchholz = serializers.IntegerField()
    sonneborn_berger = serializers.FloatField()
    head_to_head = serializers.FloatField()


class StandingsPageSerializer(serializers.Serializer):
    """A competition's standings as served (``CompetitionStandings.get``)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    standings = StandingSerializer(many=True)
    results_hidden = serializers.BooleanField()
    notice = serializers.CharField(
        required=False, help_text="why the standings are empty, while results are hidden"
    )


@extend_schema(parameters=[CompetitionFilterSerializer])
class CompetitionList(generics.ListAPIView):
    """Seasons and tournaments, newest first, filtered by kind, game and status."""

    serializer_class = CompetitionSerializer

    def get_queryset(self):
        params = CompetitionFilterSerializer(data=self.request.query_params)
        params.is_valid(raise_exception=True)
        return selectors.with_progress(
            Competition.objects.filter(**params.validated_data).order_by("-id")
        )


class CompetitionDetail(generics.RetrieveAPIView):
    queryset = selectors.with_progress(Competition.objects.all())
    serializer_class = CompetitionSerializer


@extend_schema(responses=StandingsPageSerializer)
class CompetitionStandings(APIView):
    def get(self, request, pk: int):
        obj = get_object_or_404(Competition, pk=pk)
        rows = StandingSerializer(selectors.standings(obj), many=True).data
        out = {
            "id": obj.pk,
            "name": obj.name,
            "status": obj.status,
            "standings": rows,
            "results_hidden": selectors.competition_hides_results(obj),
        }
        if out["results_hidden"]:
            out["notice"] = selectors.hidden_notice(obj)
        return Response(out)
