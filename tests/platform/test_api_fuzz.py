"""The API fuzzed against its own OpenAPI schema (drf-spectacular's,
served by the live test server). Schemathesis generates requests from the schema,
valid ones and invalid ones, each sent anonymously and as a signed-in bot owner;
every response must be documented (status code, content type, body matching its
schema) and none may be a 5xx.

The examples per operation are bounded (``FUZZ_EXAMPLES``) and derandomized so the
run stays short on a busy machine and a failure reproduces. Every operation is
fuzzed in one test (one world of data), and every failure is reported at the end.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.inline_worker import InlineWorker
from tests.platform.bots.bot_helpers import py_upload

from matches import services as match_services
from tournaments import lifecycle

FUZZ_EXAMPLES = 8
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def fuzz_world(transactional_db, settings, tmp_path, monkeypatch, django_user_model):
    """Something of everything for the generated ids to find: matches finished and
    running, a played tournament, a season hiding results, a season open to
    sign-up, a user with a token and a public bot. Returns the token."""
    from bots import services as bot_services

    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()
    # challenges made by the fuzzer are not sent to a broker; uploads are not started
    worker = InlineWorker(monkeypatch)
    monkeypatch.setattr(
        bot_services, "validate_bot", lambda *a, **k: (False, "not started in the fuzz test", "")
    )
    match_services.play_and_store("tic_tac_toe", ["greedy", "random"], 7)
    running = match_services.create_match("tic_tac_toe", ["greedy", "random"], 1)
    running.status = running.Status.RUNNING
    running.save(update_fields=["status"])
    _played_tournament(worker)
    season = lifecycle.create_season("ladder", game="tic_tac_toe", hide_results=True)
    lifecycle.add_entries(season, bots=["greedy", "random"])
    # one that owners enter and withdraw their bots in
    lifecycle.open_entries(lifecycle.create_season("open", game="tic_tac_toe", signup="open"))
    user = django_user_model.objects.create_user("fuzz", password="fuzz-pass-word")
    bot_services.create_bot(user, "fuzzbot", "tic_tac_toe", py_upload(), public=True)
    return Token.objects.create(user=user).key


def _played_tournament(worker: InlineWorker) -> None:
    tournament = lifecycle.create_tournament("cup", game="tic_tac_toe", seed=3)
    lifecycle.add_entries(tournament, bots=["greedy", "random"])
    lifecycle.open_entries(tournament)
    lifecycle.start(tournament)
    worker.drain()
    worker.queue.clear()  # challenges made by the fuzzer are not run


def fuzz_operation(operation, mode: GenerationMode, base_url: str, token: str) -> None:
    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def fuzz(case):
        case.call_and_validate(base_url=base_url, checks=CHECKS)  # anonymous
        case.call_and_validate(
            base_url=base_url, checks=CHECKS, headers={"Authorization": f"Token {token}"}
        )

    fuzz()


@pytest.mark.slow  # every operation fuzzed: most of a minute, scheduled first
def test_every_response_is_documented_and_none_is_a_5xx(live_server, fuzz_world):
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    failures = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                fuzz_operation(operation, mode, live_server.url, fuzz_world)
            except Unsatisfiable:  # nothing to make invalid: no parameters, no body
                pass
            except (Exception, BaseExceptionGroup) as exc:
                failures.append(f"{operation.label} ({mode.value}): {exc}")
    assert not failures, "\n\n".join(failures)
