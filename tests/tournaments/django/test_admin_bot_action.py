"""The "Add to season/tournament" action the tournaments admin adds to the bots admin."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import py_upload

from bots import services as bot_services
from tournaments.lifecycle import create_tournament

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:bots_bot_changelist"


@pytest.fixture
def bot(django_user_model):
    owner = django_user_model.objects.create_user("dave", password="pw-dave-1")
    return bot_services.create_bot(owner, "b", "tic_tac_toe", py_upload())[0]


def test_the_add_to_competition_action_enters_bots_in_a_tournament(admin_client, bot):
    page = admin_client.get(reverse(CHANGELIST)).content.decode()
    assert "add_to_competition" in page
    cup = create_tournament("Cup", game="tic_tac_toe")
    url = reverse(CHANGELIST)
    response = admin_client.post(
        url, {"action": "add_to_competition", "_selected_action": [bot.pk]}
    )
    assert response.status_code == 200 and "Cup" in response.content.decode()
    admin_client.post(
        url,
        {
            "action": "add_to_competition",
            "_selected_action": [bot.pk],
            "apply": "1",
            "competition": str(cup.pk),
        },
    )
    assert cup.entries.filter(bot=bot).exists()


def test_admin_messages_count_in_the_right_number(admin_client, bot):
    cup = create_tournament("Cup", game="tic_tac_toe")
    response = admin_client.post(
        reverse(CHANGELIST),
        {
            "action": "add_to_competition",
            "_selected_action": [bot.pk],
            "apply": "1",
            "competition": str(cup.pk),
        },
        follow=True,
    )
    html = response.content.decode()
    assert "1 entry added" in html and "1 entries" not in html
