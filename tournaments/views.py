"""Pages: the list, a competition's standings and bracket, and an entry's page with
its rating chart."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from tournaments import brackets, selectors, signup_selectors
from tournaments.entry_selectors import entry_matches
from tournaments.models import Competition, Entry
from tournaments.table_columns import table_columns, with_cells


def competitions(request):
    latest = selectors.with_leader(selectors.with_progress(Competition.objects.order_by("-id")))
    return render(
        request,
        "tournaments/list.html",
        {
            "seasons": selectors.listed(latest.filter(kind=Competition.Kind.SEASON)[:50]),
            "tournaments": selectors.listed(latest.filter(kind=Competition.Kind.TOURNAMENT)[:50]),
        },
    )


def standings(request, pk: int):
    obj = get_object_or_404(selectors.with_progress(Competition.objects.all()), pk=pk)
    columns = table_columns(obj)
    return render(
        request,
        "tournaments/standings.html",
        {
            "obj": obj,
            "rows": with_cells(selectors.standings(obj), columns),
            "progress": selectors.progress(obj),
            "columns": columns,
            "is_elimination": obj.is_elimination,
            "champion": selectors.champion(obj),
            "hidden_notice": selectors.hidden_notice(obj),
            "signup": signup_selectors.competition_signup(obj, request.user),
        },
    )


def bracket(request, pk: int):
    obj = get_object_or_404(Competition, pk=pk)
    if not obj.is_elimination:
        raise Http404("only an elimination tournament has a bracket")
    return render(
        request,
        "tournaments/bracket.html",
        {
            "obj": obj,
            "sections": brackets.bracket(obj),
            "champion": selectors.champion(obj),
            "hidden_notice": selectors.hidden_notice(obj),
        },
    )


def entry_detail(request, pk: int):
    entry = get_object_or_404(
        Entry.objects.select_related(
            "competition", "rating", "standing", "bot__owner", "pinned_version"
        ),
        pk=pk,
    )
    history = selectors.rating_history(entry)
    matches = entry_matches(entry)
    return render(
        request,
        "tournaments/entry.html",
        {
            "entry": entry,
            "obj": entry.competition,
            "history": history,
            "hidden_notice": selectors.hidden_notice(entry.competition),
            "chart": mark_safe(selectors.rating_chart_svg(history)),  # built from numbers only
            "matches": matches,
        },
    )
