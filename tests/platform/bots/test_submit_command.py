"""``scrimmage submit`` against the live site: a real upload with an API token (a new
bot, then a new version of it), an invalid bot's reason, and one-line refusals of
a bad token and a file the site will not take, which store nothing."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from engine import cli
from tests.platform.bots.bot_helpers import FAILS_HANDSHAKE, GOOD_PY, NOISY_PY

from bots.models import Bot, BotVersion

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def token(alice) -> str:
    return Token.objects.create(user=alice).key


def _submit(live_server, token: str, path, name: str = "my-bot") -> int:
    return cli.main(
        ["submit", "tic_tac_toe", str(path), "--name", name]
        + ["--site", live_server.url, "--token", token]
    )


def test_the_first_submit_makes_a_bot_and_the_next_a_version_of_it(
    live_server, token, alice, tmp_path, capsys
):
    bot_file = tmp_path / "bot.py"
    bot_file.write_bytes(GOOD_PY)
    assert _submit(live_server, token, bot_file) == 0
    bot = Bot.objects.get(owner=alice, name="my-bot")
    out = capsys.readouterr().out
    assert f"my-bot (bot {bot.pk}) version 1: a new bot" in out
    assert f"{live_server.url}/bots/{bot.pk}/" in out and "valid: " in out

    bot_file.write_bytes(NOISY_PY)
    assert _submit(live_server, token, bot_file) == 0
    assert f"my-bot (bot {bot.pk}) version 2: a new version" in capsys.readouterr().out
    assert Bot.objects.filter(owner=alice).count() == 1
    assert list(bot.versions.order_by("number").values_list("status", flat=True)) == [
        BotVersion.Status.VALID,
        BotVersion.Status.VALID,
    ]


def test_an_invalid_bot_is_stored_and_its_reason_printed_with_status_1(
    live_server, token, alice, tmp_path, capsys
):
    bot_file = tmp_path / "quits.py"
    bot_file.write_bytes(FAILS_HANDSHAKE)
    assert _submit(live_server, token, bot_file) == 1
    captured = capsys.readouterr()
    version = Bot.objects.get(owner=alice).versions.get()
    assert version.status == BotVersion.Status.INVALID
    assert f"invalid: {version.validation_reason}" in captured.out
    assert "starting up, then giving up" in captured.err  # what the bot printed


def test_a_bad_token_is_refused_in_one_line_and_stores_nothing(live_server, tmp_path, capsys):
    bot_file = tmp_path / "bot.py"
    bot_file.write_bytes(GOOD_PY)
    assert _submit(live_server, "not-a-token", bot_file) == 2
    err = capsys.readouterr().err
    assert f"{live_server.url} refused the API token (Invalid token.)" in err
    assert err.count("\n") == 1
    assert not Bot.objects.exists()


def test_a_file_the_site_refuses_is_named_in_one_line_and_stores_nothing(
    live_server, token, tmp_path, capsys
):
    bot_file = tmp_path / "bot.zip"
    bot_file.write_bytes(b"this is not a zip archive")
    assert _submit(live_server, token, bot_file) == 2
    err = capsys.readouterr().err
    assert f"{live_server.url} refused the upload (400): file: " in err
    assert err.count("\n") == 1
    assert not Bot.objects.exists()
