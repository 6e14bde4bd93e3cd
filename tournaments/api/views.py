"""The tournaments API: seasons, tournaments and their standings (read-only)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors
from tournaments.models import Season, Tournament


class CompetitionSerializer(serializers.ModelSerializer):
    entries = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    def get_entries(self, obj) -> int:
        return obj.entries.count()

    def get_progress(self, obj) -> dict:
        return selectors.progress(obj)


class SeasonSerializer(CompetitionSerializer):
    class Meta:
        model = Season
        fields = ["id", "name", "game", "options", "status", "seed", "group_size", "teams", "k",
                  "period_seconds", "max_rounds", "created_at", "started_at", "finished_at",
                  "entries", "progress"]


class TournamentSerializer(CompetitionSerializer):
    class Meta:
        model = Tournament
        fields = ["id", "name", "game", "format", "options", "status", "seed", "group_size",
                  "teams", "swiss_rounds", "created_at", "started_at", "finished_at", "entries",
                  "progress"]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.CharField()
    disqualified = serializers.BooleanField()
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
    """A competition's standings as served (``_Standings.get``)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    standings = StandingSerializer(many=True)
    results_hidden = serializers.BooleanField()
    notice = serializers.CharField(required=False, help_text="why the standings are empty, "
                                                              "while results are hidden")


class SeasonList(generics.ListAPIView):
    queryset = Season.objects.order_by("-id")
    serializer_class = SeasonSerializer


class SeasonDetail(generics.RetrieveAPIView):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer


class TournamentList(generics.ListAPIView):
    queryset = Tournament.objects.order_by("-id")
    serializer_class = TournamentSerializer


class TournamentDetail(generics.RetrieveAPIView):
    queryset = Tournament.objects.all()
    serializer_class = TournamentSerializer


class _Standings(APIView):
    model = None

    def get(self, request, pk: int):
        obj = get_object_or_404(self.model, pk=pk)
        rows = StandingSerializer(selectors.standings(obj), many=True).data
        out = {"id": obj.pk, "name": obj.name, "status": obj.status, "standings": rows,
               "results_hidden": selectors.competition_hides_results(obj)}
        if out["results_hidden"]:
            out["notice"] = selectors.hidden_notice(obj)
        return Response(out)


@extend_schema(responses=StandingsPageSerializer)
class SeasonStandings(_Standings):
    model = Season


@extend_schema(responses=StandingsPageSerializer)
class TournamentStandings(_Standings):
    model = Tournament
