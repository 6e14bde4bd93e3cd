"""The sign-up buttons of the pages (a season's page, a bot's page, My bots): a
POST enters a bot or withdraws an entry (``tournaments.signup``), then goes back
to the page it came from with a message saying what happened or why not."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from bots.models import Bot
from tournaments import signup
from tournaments.models import Competition, Entry


class EnterForm(forms.Form):
    bot = forms.IntegerField(min_value=1)
    next = forms.CharField(required=False, max_length=500)


class WithdrawForm(forms.Form):
    next = forms.CharField(required=False, max_length=500)


def _back(request, form, default: str):
    """Back to the page the button was on (this site's only), else ``default``."""
    target = form.cleaned_data.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(default)


@login_required
@require_POST
def enter(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    form = EnterForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("bot must be a bot's id")
    bot = get_object_or_404(Bot.objects.select_related("owner"), pk=form.cleaned_data["bot"])
    try:
        entry = signup.enter(request.user, competition, bot)
    except signup.SignupRefused as exc:
        messages.error(request, f"{bot.name} was not entered: {exc.message}")
    else:
        when = " from its next round" if competition.status != Competition.Status.OPEN else ""
        messages.info(request, f"{entry.name} is entered in {competition.name}{when}")
    return _back(request, form, reverse("competition-standings-page", args=[pk]))


@login_required
@require_POST
def withdraw(request, pk: int):
    entry = get_object_or_404(Entry.objects.select_related("competition"), pk=pk)
    competition = entry.competition
    form = WithdrawForm(request.POST)
    form.is_valid()  # next is optional and checked by _back
    try:
        signup.withdraw(request.user, entry)
    except signup.SignupRefused as exc:
        messages.error(request, f"{entry.name} was not withdrawn: {exc.message}")
    else:
        messages.info(request, f"{entry.name} is withdrawn from {competition.name}")
    return _back(request, form, reverse("competition-standings-page", args=[competition.pk]))
