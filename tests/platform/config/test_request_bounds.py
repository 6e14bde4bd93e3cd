"""What every request must be, checked at the door (``config.middleware``): a body
within what its view takes, by its Content-Length, before a byte of it is read;
no multipart body where no file is taken; no NUL byte in an address or header."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from bots import conf
from bots.models import Bot

pytestmark = pytest.mark.django_db

HUGE = 300 * 2**20
BOUNDARY = "b0undary"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"


class Tripwire(io.RawIOBase):
    """A request body of endless bytes (after ``head``) that counts what is read
    of it, and fails loudly past a MiB, before anything could spool it to disk."""

    def __init__(self, head: bytes = b"") -> None:
        self.head = head
        self.taken = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = len(buffer)
        if self.taken + n > 2**20:
            raise AssertionError(f"the body was read past {self.taken} bytes")
        start = self.head[self.taken : self.taken + n]
        buffer[: len(start)] = start
        buffer[len(start) : n] = bytes(n - len(start))
        self.taken += n
        return n


def file_part(name: str = "file") -> bytes:
    return (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"; filename="x.py"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()


def send(client, method, path, length, content_type=MULTIPART, **extra):
    """``method path`` with a body that claims ``length`` bytes; the body's tripwire."""
    body = Tripwire(file_part())
    environ = {"CONTENT_LENGTH": str(length), "CONTENT_TYPE": content_type, "wsgi.input": body}
    response = client.generic(method, path, **environ, **extra)
    return response, body


@pytest.fixture
def signed_in(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


@pytest.fixture
def bot(user, data_dir):
    return Bot.objects.create(owner=user, name="mine", game="tic_tac_toe")


def test_a_huge_anonymous_multipart_login_is_refused_before_its_body_is_read():
    for content_type in (MULTIPART, "application/json"):
        response, body = send(Client(), "POST", "/api/auth/token/", HUGE, content_type)
        assert response.status_code == 413 and f"is {HUGE} bytes" in response.json()["detail"]
        assert body.taken == 0


def test_an_upload_longer_than_an_upload_may_be_is_refused_before_it_is_read(signed_in, user, bot):
    too_long = conf.upload_request_bytes() + 1
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=user).key}"}
    for path, extra in [
        ("/api/bots/", auth),
        (f"/api/bots/{bot.pk}/versions/", auth),
        ("/bots/", {}),
        (f"/bots/{bot.pk}/upload/", {}),
    ]:
        response, body = send(signed_in, "POST", path, too_long, **extra)
        assert (response.status_code, body.taken) == (413, 0), path
        response, body = send(signed_in, "POST", path, HUGE, **extra)
        assert (response.status_code, body.taken) == (413, 0), path


def test_an_upload_within_its_limit_is_read_and_judged_on_its_content(user, bot):
    api = Client()
    api.force_login(user)
    payload = b"x = 1\n" * 10
    response = api.post(
        f"/api/bots/{bot.pk}/versions/", {"file": io.BytesIO(payload)}, format="multipart"
    )
    assert response.status_code in (201, 400) and response.status_code != 413


@pytest.mark.parametrize(
    "method, path",
    [
        ("POST", "/api/auth/token/"),
        ("PATCH", "/api/bots/{bot}/"),
        ("POST", "/api/bots/{bot}/challenges/"),
        ("POST", "/api/matches/{match}/forks/"),
    ],
)
def test_api_views_that_take_no_files_parse_no_multipart(user, bot, finished_match, method, path):
    client = Client()
    client.force_login(user)
    path = path.format(bot=bot.pk, match=finished_match.pk)
    response, body = send(client, method, path, 1000)
    assert (response.status_code, body.taken) == (415, 0)


def test_pages_that_take_no_files_keep_no_file_sent_to_them(user, monkeypatch):
    from django.core.files import uploadhandler

    def kept(*args, **kwargs):
        raise AssertionError("a file part was handed to an upload handler")

    for handler in (
        uploadhandler.MemoryFileUploadHandler,
        uploadhandler.TemporaryFileUploadHandler,
    ):
        monkeypatch.setattr(handler, "new_file", kept)
    client = Client()
    sent = {"username": "ada", "password": "s3cret-pass-word", "junk": io.BytesIO(b"0" * 2**20)}
    response = client.post("/accounts/login/", sent)  # a multipart form, as the client sends
    assert response.status_code == 302 and client.get("/bots/").status_code == 200


def test_a_content_length_that_is_not_a_number_of_bytes_is_a_400():
    for length in ("many", "-5"):
        response, body = send(Client(), "POST", "/api/auth/token/", length, "application/json")
        assert (response.status_code, body.taken) == (400, 0)


# -- NUL bytes ----------------------------------------------------------------------------
def routes(patterns, prefix: str = "") -> list[str]:
    """Every route of ``patterns`` (a URLconf's), as written: ``users/<str:username>/``."""
    found = []
    for entry in patterns:
        pattern = str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += routes(entry.url_patterns, prefix + pattern)
        elif isinstance(entry, URLPattern) and not pattern.startswith("^"):
            found.append(prefix + pattern)
    return found


def every_route() -> list[str]:
    """A path for every route of the site, each parameter filled with a NUL byte
    (numbers with 1: a NUL cannot be one, so it would not reach the view)."""
    paths = []
    for route in routes(get_resolver().url_patterns):
        for converter in ("int", "str", "slug", "path"):
            filler = "1" if converter == "int" else "%00"
            while f"<{converter}:" in route:
                start = route.index(f"<{converter}:")
                route = route[:start] + filler + route[route.index(">", start) + 1 :]
        paths.append("/" + route)
    return paths


def test_nul_bytes_anywhere_in_an_address_are_a_400_on_every_route(user):
    client = Client(raise_request_exception=True)
    client.force_login(user)
    routes = every_route()
    assert "/users/%00/" in routes and len(routes) > 40
    for path in routes + ["/users/%00/", "/%00/", "/api/%00/", "/static/%00.css"]:
        for query in ("", "?game=%00", "?%00=1", "?bot=x&search=a%00b"):
            if "%00" not in path + query:
                continue
            response = client.get(path + query)
            assert response.status_code == 400, (path + query, response.status_code)
    assert client.get("/api/bots/?game=%00").json()["detail"].startswith("NUL bytes")


def test_nul_bytes_in_a_header_or_a_cookie_are_a_400(user):
    for extra in (
        {"HTTP_AUTHORIZATION": "Token \x00abc"},
        {"HTTP_X_ANYTHING": "a\x00"},
        {"HTTP_COOKIE": 'sessionid="\\000abc"'},
    ):
        assert Client().get("/api/matches/", **extra).status_code == 400, extra
