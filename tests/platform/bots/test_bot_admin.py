"""The bots admin: bots, and versions read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bots import services

from tests.platform.bots.bot_helpers import py_upload

pytestmark = pytest.mark.django_db


def test_the_admin_lists_bots_and_versions_read_only(admin_client, django_user_model):
    owner = django_user_model.objects.create_user("carol", password="pw-carol-1")
    bot, version = services.create_bot(owner, "b", "tic_tac_toe", py_upload())
    assert admin_client.get(reverse("admin:bots_bot_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:bots_bot_change", args=[bot.pk])).status_code == 200
    page = admin_client.get(reverse("admin:bots_botversion_change", args=[version.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.get(reverse("admin:bots_botversion_add")).status_code == 403
