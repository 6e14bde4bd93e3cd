"""The bots admin's "Add to season/tournament" action. The bots app sits below
tournaments and never imports it: it asks the apps above for actions to offer
(``bots.signals.bot_admin_actions``), and ``tournaments.receivers`` answers with
this one."""

from __future__ import annotations

from django.contrib import admin, messages
from django.shortcuts import render
from django.template.defaultfilters import pluralize

from tournaments import lifecycle
from tournaments.admin.forms import PickCompetitionForm


@admin.action(description="Add to season/tournament", permissions=["change"])
def add_to_competition(modeladmin, request, queryset):
    """An intermediate page picks the season or tournament, then
    ``lifecycle.add_entries(target, bots=bots)`` enters the bots."""
    games = set(queryset.values_list("game", flat=True))
    if len(games) != 1:
        modeladmin.message_user(request, "choose bots of one game", messages.ERROR)
        return None
    form = PickCompetitionForm(request.POST if "apply" in request.POST else None, game=games.pop())
    if form.is_bound and form.is_valid():
        target = form.competition_object()
        try:
            made = lifecycle.add_entries(target, bots=list(queryset))
        except Exception as exc:
            modeladmin.message_user(request, f"not added: {exc}", messages.ERROR)
        else:
            modeladmin.message_user(
                request, f"{len(made)} entr{pluralize(len(made), 'y,ies')} added to {target}"
            )
        return None
    return render(
        request,
        "admin/tournaments/add_bots_to_competition.html",
        {
            "form": form,
            "bots": queryset,
            "opts": modeladmin.model._meta,
            "title": "Add bots to a season or tournament",
        },
    )
