"""Pages: lists, standings, brackets and an entry's page with its rating chart."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from tournaments import selectors, services
from tournaments.models import Entry, Season, Tournament


def competitions(request):
    return render(request, "tournaments/list.html", {
        "seasons": Season.objects.order_by("-id")[:50],
        "tournaments": Tournament.objects.order_by("-id")[:50]})


def _standings_page(request, obj):
    return render(request, "tournaments/standings.html", {
        "obj": obj, "rows": selectors.standings(obj), "progress": selectors.progress(obj),
        "tie_breaks": services.tie_breaks_for(obj),
        "is_elimination": isinstance(obj, Tournament) and obj.is_elimination,
        "champion": selectors.champion(obj) if isinstance(obj, Tournament) else None,
        "hidden_notice": selectors.hidden_notice(obj)})


def season_standings(request, pk: int):
    return _standings_page(request, get_object_or_404(Season, pk=pk))


def tournament_standings(request, pk: int):
    return _standings_page(request, get_object_or_404(Tournament, pk=pk))


def tournament_bracket(request, pk: int):
    t = get_object_or_404(Tournament, pk=pk)
    return render(request, "tournaments/bracket.html", {
        "obj": t, "columns": selectors.bracket(t), "champion": selectors.champion(t),
        "hidden_notice": selectors.hidden_notice(t)})


def entry_detail(request, pk: int):
    entry = get_object_or_404(Entry.objects.select_related("season", "tournament", "rating",
                                                           "standing"), pk=pk)
    history = selectors.rating_history(entry)
    matches = selectors.entry_matches(entry)
    for m in matches:
        seats = list(m.seats.all())
        m.players = " vs ".join(s.bot_name for s in seats)
    return render(request, "tournaments/entry.html", {
        "entry": entry, "obj": entry.competition, "history": history,
        "hidden_notice": selectors.hidden_notice(entry.competition),
        "chart": mark_safe(selectors.rating_chart_svg(history)),  # built from numbers only
        "matches": matches})
