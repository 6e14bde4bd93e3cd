"""The owner of an uploaded bot reads its stderr in the replay, next to the events of
its decisions; another user does not."""

import pytest

from tests.platform.bots.bot_helpers import NOISY_PY, py_upload

from bots import services
from matches.tasks import run_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()
    return settings.DATA_DIR


def log_in(page, base, username, password):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form button[type=submit], form input[type=submit]")
    page.wait_for_load_state()


def test_the_owner_sees_each_decisions_log_beside_its_event(
    live_server, page, data_dir, django_user_model
):
    alice = django_user_model.objects.create_user("alice", password="pw-alice-123")
    django_user_model.objects.create_user("bob", password="pw-bob-123")
    bot, version = services.create_bot(alice, "noisy", "tic_tac_toe", py_upload(NOISY_PY))
    assert version.status == "valid", version.validation_reason
    made = services.challenge(alice, bot, builtin="greedy")
    assert run_match(made.match_id) == "finished"
    url = f"{live_server.url}/matches/{made.match_id}/"

    log_in(page, live_server.url, "alice", "pw-alice-123")
    page.goto(url + "#e0")
    page.wait_for_selector("#board[data-loaded='true'] svg")
    assert page.is_visible("#bot-logs")
    decision = page.locator("#events li.has-log").first
    seq = decision.get_attribute("data-seq")
    decision.locator("a").click()
    page.wait_for_function("s => document.getElementById('board').dataset.seq === s", arg=seq)
    current = page.locator("#bot-logs pre.current")
    assert current.get_attribute("data-seq") == seq
    assert "NOISY-STDERR thinking about" in current.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    page.context.clear_cookies()
    log_in(page, live_server.url, "bob", "pw-bob-123")
    page.goto(url)
    page.wait_for_selector("#board[data-loaded='true'] svg")
    assert not page.is_visible("#bot-logs") and "NOISY-STDERR" not in page.content()
