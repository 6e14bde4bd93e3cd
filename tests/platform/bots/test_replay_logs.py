"""An uploaded bot's stderr in the replay: stored with a mark
before each decision's output, and put on the match page for the bot's owner only,
never while the match hides its results."""

import json
import re

import pytest
from django.urls import reverse

from engine.bots import stderr_cut
from tests.platform.bots.bot_helpers import NOISY_PY, py_upload

from bots import conf, services
from bots.runtime import DECISION_MARK
from matches.models import Match, MatchSeat
from matches.tasks import run_match

pytestmark = pytest.mark.django_db

MARK = re.compile("^" + re.escape(DECISION_MARK).replace(r"\{\}", r"(\d+)") + "$", re.M)


@pytest.fixture
def played(alice, data_dir):
    bot, version = services.create_bot(alice, "noisy", "tic_tac_toe", py_upload(NOISY_PY))
    assert version.status == "valid", version.validation_reason
    made = services.challenge(alice, bot, builtin="greedy")
    assert run_match(made.match_id) == "finished"
    return Match.objects.get(pk=made.match_id)


def page_logs(client, match):
    html = client.get(reverse("match-detail-page", args=[match.pk])).content.decode()
    config = re.search(
        r'<script id="viewer-config" type="application/json">(.*?)</script>', html, re.S
    )
    return json.loads(config.group(1))["logs"] if config else None


def test_each_decisions_output_is_marked_with_the_event_it_was_made_at(played):
    seat = MatchSeat.objects.get(match=played, bot_version_ref__isnull=False)
    marks = [int(n) for n in MARK.findall(seat.stderr)]
    decisions = [
        e.seq
        for e in played.events.filter(type="ActionSubmitted").order_by("seq")
        if e.data["seat"] == seat.index
    ]
    assert marks == decisions
    # every decision printed one line, and it follows its own mark
    for block in MARK.split(seat.stderr)[2::2]:
        assert block.lstrip("\n").startswith("NOISY-STDERR thinking about")


def test_the_owner_sees_the_log_on_the_match_page_and_nobody_else(played, alice, bob, client):
    assert page_logs(client, played) == []
    client.force_login(bob)
    assert page_logs(client, played) == []
    client.force_login(alice)
    logs = page_logs(client, played)
    assert len(logs) == 1 and logs[0]["bot"] == "alice/noisy" and "NOISY-STDERR" in logs[0]["text"]


def test_no_log_while_results_are_hidden(played, alice, client, monkeypatch):
    Match.objects.update(hides_results=True)  # as a competition that hides results does
    client.force_login(alice)
    html = client.get(reverse("match-detail-page", args=[played.pk])).content.decode()
    assert "NOISY-STDERR" not in html


FLOOD_PY = b"""import random
import sys

from scrimmage_bot import run


def decide(request):
    print("x" * 30000, file=sys.stderr)
    return random.choice(request.legal)


if __name__ == "__main__":
    run(decide, name="flood")
"""


def test_a_stderr_cut_to_the_stored_size_says_how_many_bytes_were_dropped(alice, data_dir):
    bot, version = services.create_bot(alice, "flood", "tic_tac_toe", py_upload(FLOOD_PY))
    made = services.challenge(alice, bot, builtin="greedy")
    assert run_match(made.match_id) == "finished"
    seat = MatchSeat.objects.get(match_id=made.match_id, bot_version_ref__isnull=False)
    assert len(seat.stderr) <= conf.get("BOTS_STDERR_CAP")
    kept, dropped = stderr_cut.split_mark(seat.stderr)
    assert dropped > 0, seat.stderr[-200:]
    decisions = sum(
        1
        for e in Match.objects.get(pk=made.match_id).events.filter(type="ActionSubmitted")
        if e.data["seat"] == seat.index
    )
    # what the bot wrote is what is kept (its decision marks aside) and what the mark counts
    written = decisions * 30001
    bot_text = re.sub(MARK.pattern + r"\n", "", kept, flags=re.M)
    assert len(bot_text.encode()) + dropped == written
