"""The bots admin: bots, and versions read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import py_upload

from bots import services

pytestmark = pytest.mark.django_db


def test_the_admin_lists_bots_and_versions_read_only(admin_client, django_user_model):
    owner = django_user_model.objects.create_user("carol", password="pw-carol-1")
    bot, version = services.create_bot(owner, "b", "tic_tac_toe", py_upload())
    assert admin_client.get(reverse("admin:bots_bot_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:bots_bot_change", args=[bot.pk])).status_code == 200
    page = admin_client.get(reverse("admin:bots_botversion_change", args=[version.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.get(reverse("admin:bots_botversion_add")).status_code == 403


def test_the_bot_list_offers_the_actions_the_apps_above_answer_with(
    admin_client, django_user_model
):
    """The bots admin stays the bots app's own (no app registers ``Bot`` again); the
    apps above add actions by answering ``bots.signals.bot_admin_actions``."""
    from django.contrib import admin

    from bots.admin import BotAdmin
    from bots.models import Bot
    from bots.signals import bot_admin_actions

    assert type(admin.site._registry[Bot]) is BotAdmin
    owner = django_user_model.objects.create_user("erin", password="pw-erin-1")
    services.create_bot(owner, "b", "tic_tac_toe", py_upload())  # a list shows actions

    @admin.action(description="Wave at the bots")
    def wave(modeladmin, request, queryset):
        pass

    def offer(sender, **kwargs):
        return [wave]

    bot_admin_actions.connect(offer, dispatch_uid="test.wave")
    try:
        page = admin_client.get(reverse("admin:bots_bot_changelist")).content.decode()
    finally:
        bot_admin_actions.disconnect(dispatch_uid="test.wave")
    assert "Wave at the bots" in page and "Add to season/tournament" in page
