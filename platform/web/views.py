"""The web pages: thin views over ``matches.selectors``."""

from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe

from engine import registry
from engine.game import Game

from matches import selectors
from matches.api.serializers import MatchFilterSerializer
from matches.models import Match, MatchSeat
from web import games
from web.forks import fork_context
from web.now_playing import now_playing


def result_text(match: Match) -> str:
    """One line: who won, a draw, or the state of an unfinished match."""
    if match.status == Match.Status.FAILED:
        return "failed"
    if match.status != Match.Status.FINISHED or match.hides_results:
        return match.status
    seats = list(match.seats.all())
    winners = [s for s in seats if s.rank == 1]
    if len(winners) == len(seats):
        return "draw"
    names = ", ".join(f"{s.bot_name} (seat {s.index})" for s in winners)
    return f"{names} won"


def home(request):
    tables = now_playing()
    for m in tables["live"] + tables["finished"]:
        m.result_text = result_text(m)
    return render(request, "web/home.html", {**tables, "games": selectors.games_summary()})


def match_list(request):
    params = {k: v for k, v in request.GET.items() if v and k != "page"}
    form = MatchFilterSerializer(data=params)
    errors = {}
    if form.is_valid():
        qs = selectors.match_list(**form.validated_data)
    else:
        errors = {k: " ".join(str(m) for m in v) for k, v in form.errors.items()}
        qs = Match.objects.none()
    page = Paginator(qs, 25).get_page(request.GET.get("page"))
    for m in page.object_list:
        m.result_text = result_text(m)
    query = urlencode(params)
    # a bad filter shows its message, and the status says so too (as the API's 400)
    return render(
        request,
        "web/match_list.html",
        {
            "page": page,
            "params": params,
            "errors": errors,
            "query": query,
            "games": list(registry.games()),
            "statuses": Match.Status.values,
        },
        status=400 if errors else 200,
    )


def owner_logs(user, match: Match) -> list[dict]:
    """The stderr of the seats whose uploaded bot ``user`` owns, for the replay:
    never while the match hides its results (the seats arrive blanked then)."""
    if not user.is_authenticated:
        return []
    return [
        {"seat": s.index, "bot": s.bot_name, "text": s.stderr}
        for s in match.seats.all()
        if s.stderr is not None
        and s.bot_version_ref is not None
        and s.bot_version_ref.bot.owner_id == user.pk
    ]


def match_detail(request, pk: int):
    with_bots = MatchSeat.objects.select_related("bot_version_ref__bot")  # for owner_logs
    # with the competition panel's fixture, its competition, its seats' entries
    match = get_object_or_404(
        Match.objects.visible()
        .select_related("fixture__competition")
        .prefetch_related(Prefetch("seats", with_bots), "fixture__seats__entry"),
        pk=pk,
    )
    # the prefetched seats (shown by the template too) lose their result, unsaved
    selectors.blank_hidden_seats(list(match.seats.all()))
    game = registry.games().get(match.game)
    seats = [
        {"index": s.index, "bot": s.bot_name, "rank": s.rank, "score": s.score}
        for s in match.seats.all()
    ]
    config = {
        "logs": owner_logs(request.user, match),
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "eventCount": match.event_count,
        "over": match.reveals_everything,
        "seats": seats,
        "eventsUrl": reverse("match-events", args=[match.pk]),
        "stateUrl": reverse("match-state", args=[match.pk]),
        "matchUrl": reverse("match-detail", args=[match.pk]),
        "pacing": (game or Game).pacing.to_json(),
    }
    return render(
        request,
        "web/match_detail.html",
        {
            "match": match,
            "config": config,
            "result_text": result_text(match),
            "results_hidden": match.hides_results,
            "game": game,
            **fork_context(request, match),
        },
    )


# -- people, bots and games ------------------------------------------------------------
def game_list(request):
    return render(request, "web/games.html", {"games": selectors.games_summary()})


def game_page(request, name: str):
    from tournaments.profiles import game_competitions, game_leaderboard

    game = games.get_game(name)
    return render(
        request,
        "web/game.html",
        {
            "game": game,
            "rules": mark_safe(games.rules_html(game)),  # our own RULES.md
            "options": games.options(game),
            "bots": games.builtin_bots(game),
            "starter": games.has_starter(game),
            "leaders": game_leaderboard(name)[:10],
            **game_competitions(name),
        },
    )


def leaderboard(request, name: str):
    from tournaments.profiles import game_leaderboard

    game = games.get_game(name)
    return render(request, "web/leaderboard.html", {"game": game, "rows": game_leaderboard(name)})


def user_page(request, username: str):
    from bots.selectors import owner_bots
    from tournaments.profiles import bot_entries

    person = get_object_or_404(get_user_model(), username=username)
    bots = list(owner_bots(person))
    return render(
        request, "web/user.html", {"person": person, "bots": bots, "entries": bot_entries(bots)}
    )
