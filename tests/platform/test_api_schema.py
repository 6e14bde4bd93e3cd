"""The OpenAPI schema says what the API answers. The fuzz run
(test_api_fuzz.py) checks it against real answers; these pin the fixes it led to."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        return APIClient().get("/api/schema/?format=json").json()


def component(schema, ref: str) -> dict:
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_a_seats_result_fields_may_be_null_while_results_are_hidden(schema):
    for name in ("Seat", "SeatLog"):
        fields = schema["components"]["schemas"][name]["properties"]
        for field in ("rank", "score", "faults", "fault_reason"):
            assert fields[field].get("nullable") is True, (name, field)


def test_standings_are_an_object_holding_the_rows(schema):
    body = schema["paths"]["/api/competitions/{id}/standings/"]["get"]["responses"]["200"]
    page = component(schema, body["content"]["application/json"]["schema"]["$ref"])
    assert page["type"] == "object"
    assert page["properties"]["standings"]["type"] == "array"
    assert {"results_hidden", "notice"} <= set(page["properties"])


def test_every_operation_documents_its_success_and_its_error_answers(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert {"401", "429"} <= codes, (method, path)
            assert any(code.startswith("2") for code in codes), (method, path)
            if "{" in path:
                assert {"400", "404"} <= codes, (method, path)  # 400: a NUL byte in it
            if method in ("post", "patch") or any(
                p["in"] == "query" for p in operation.get("parameters", [])
            ):
                assert "400" in codes, (method, path)
            if method in ("post", "patch", "put", "delete"):
                assert "413" in codes, (method, path)  # a body longer than it takes


def test_only_operations_that_take_a_file_take_multipart(schema):
    takes_files = set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            types = set(operation.get("requestBody", {}).get("content", {}))
            if "multipart/form-data" in types:
                takes_files.add((method, path))
    assert takes_files == {("post", "/api/bots/"), ("post", "/api/bots/{id}/versions/")}


def test_an_unknown_api_path_is_a_json_404(api):
    response = api.get("/api/matches/not-a-number/")
    assert response.status_code == 404 and response.json() == {"detail": "Not found."}


def test_a_refused_log_is_json_whatever_format_was_asked(api, running_real_match):
    response = api.get(f"/api/matches/{running_real_match.pk}/log.jsonl", {"format": "jsonl"})
    assert response.status_code == 409 and response["Content-Type"] == "application/json"
    assert "served once it is over" in response.json()["detail"]
