"""A fork never counts in a bot's record: anyone may fork anyone's finished match,
as often as the hourly cap allows, with the bots they choose."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.lineup import lineup
from tests.platform.bots.bot_helpers import stored_bot

from bots.selectors import version_records
from matches import services
from matches.forks import create_fork
from matches.models import Match

pytestmark = pytest.mark.django_db


def play(match: Match) -> Match:
    """Run ``match`` with built-in bots standing in for its seats (no sandbox)."""
    _, players = lineup(registry.get(match.game), ["greedy", "random"])
    services.run_stored_match(match, players=players)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED, match.error
    return match


def record_cell(client, bot) -> str:
    html = client.get(f"/bots/{bot.pk}/").content.decode()
    return re.search(r'<td class="record">(.*?)</td>', html).group(1)


def test_several_forks_of_one_public_match_leave_a_bots_record_as_it_was(alice, bob, client):
    ace, rival = stored_bot(alice, "ace"), stored_bot(bob, "rival")
    parent = play(
        services.create_seated_match("tic_tac_toe", [ace.latest_valid(), rival.latest_valid()])
    )
    before = version_records(ace)
    shown = record_cell(client, ace)
    assert sum(before[1].values()) == 1
    for _ in range(5):  # bob plays on with another bot in his seat, ace's stays
        play(create_fork(parent, 2, {1: "greedy"}, forked_by=bob))
    assert Match.objects.filter(parent=parent, status=Match.Status.FINISHED).count() == 5
    assert version_records(ace) == before
    assert record_cell(client, ace) == shown
    page = client.get(f"/bots/{ace.pk}/").content.decode()
    assert page.count(f'fork of <a href="/matches/{parent.pk}/">') == 5  # listed, marked
