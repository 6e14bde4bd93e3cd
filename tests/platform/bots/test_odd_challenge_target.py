"""A challenge form posted with an odd number ("bot:²") is refused, not a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import GOOD_PY, py_upload

from bots import services
from bots.models import Challenge

pytestmark = pytest.mark.django_db


def test_an_odd_bot_target_is_refused_with_a_message(alice, client):
    bot, version = services.create_bot(alice, "good", "tic_tac_toe", py_upload(GOOD_PY))
    assert version.status == "valid", version.validation_reason
    client.force_login(alice)
    r = client.post(reverse("bot-challenge", args=[bot.pk]), {"target": "bot:\u00b2"}, follow=True)
    assert r.status_code == 200 and "Challenge refused" in r.content.decode()
    assert Challenge.objects.count() == 0
