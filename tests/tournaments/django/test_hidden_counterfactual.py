"""The counterfactual test of hidden results, the strong way (``tests/engine/
test_secrecy.py`` does it for seat views): the same hidden competition is run twice,
with outcomes that differ (the other entry wins every match, and draws in one run
only), and every public page and API answer must be byte for byte the same in both
runs, anonymous and signed in as a bot owner who does not organise it, once the
timestamps the site may show are normalised.

What is compared is found, not listed: a crawl from the competition's page and the
API root follows every link of every page and answer, and every route of the URL
configuration with an id in it is asked with every id of its kind (and one past
them). A new page or field is covered as soon as something links to it or its route
exists. A URL asked in one run only (a match that exists in one run, held back)
must answer exactly as an id that does not exist.

Between the two runs the database is flushed and its sequences reset, so the runs
make the same ids in the same order: ids need no normalising (a leak through an id,
a held-back match pushing a later one's number, would show).
"""

from __future__ import annotations

import difflib
import html
import json
import re
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RoutePattern
from django.utils import dateformat, timezone
from rest_framework.fields import DateTimeField

from tests.platform.bots.bot_helpers import stored_bot
from tests.tournaments.django.scripted_play import by_strength, fixed_seeds, scripted_outcomes

from bots.models import Bot, BotVersion
from matches import selectors as match_selectors
from matches.models import Match
from tournaments import lifecycle, rounds
from tournaments.models import Competition, Entry

# a minute or more each (eight crawls of every page): scheduled first (tests/conftest.py)
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

#: an id no row has
ABSENT = 10**9
#: paths that hold no data of any competition: the admin (the organiser's), static
#: files, accounts (the user's own token), the schema and the static documents
SKIPPED = (
    "/admin/",
    "/static/",
    "/accounts/",
    "/api/schema/",
    "/api/docs/",
    "/bots/write/",
    "/bots/docs/",
    "/bots/sdk/",
    "/bots/starters/",
)
#: what an id in a route names, by the path segment before it
KINDS = {"matches": Match, "bots": Bot, "competitions": Competition, "entries": Entry}
#: more ways to ask a route than its bare URL (the state endpoint needs an event)
QUERIES = {"state/": ("?at=0", "?at=4&seat=1")}
#: the most URLs one crawl may ask (a link that breeds links is a bug here)
MOST = 1500


@dataclass(frozen=True)
class Scenario:
    format: str  # a tournament format, or "ladder"
    entries: int
    #: how many matches are played before each comparison (a ladder's rounds are
    #: made by its tick when nothing is left to play)
    checks: tuple[int, ...]
    #: the pairs of entries (by seed, from 1) that draw, in the first run only
    draws: tuple[tuple[int, int], ...] = ()


SCENARIOS = {
    "round_robin": Scenario("round_robin", 4, (2, 5), draws=((1, 4), (2, 4))),
    "swiss": Scenario("swiss", 6, (3, 5), draws=((1, 4),)),
    "ladder": Scenario("ladder", 6, (3, 5), draws=((1, 2),)),
    # a draw in the first round is replayed: a batch held back, of more matches
    "single_elimination": Scenario("single_elimination", 6, (2, 3), draws=((4, 5),)),
    "double_elimination": Scenario("double_elimination", 4, (2, 4), draws=((2, 3),)),
}


# -- one run ------------------------------------------------------------------------------
def entries_in_seed_order(n: int, owner) -> list:
    """Two uploaded bots of ``owner`` (so bot and user pages are in play), then
    built-in bots."""
    return [stored_bot(owner, "ace"), stored_bot(owner, "bee")] + ["greedy"] * (n - 2)


def start(scenario: Scenario, owner) -> Competition:
    if scenario.format == "ladder":
        made = lifecycle.create_season(
            "Secret ladder", game="tic_tac_toe", hide_results=True, k=1, seed=77
        )
    else:
        made = lifecycle.create_tournament(
            "Secret cup", game="tic_tac_toe", format=scenario.format, hide_results=True, seed=77
        )
    lifecycle.add_entries(made, bots=entries_in_seed_order(scenario.entries, owner))
    lifecycle.open_entries(made)
    return lifecycle.start(made)


def run(scenario: Scenario, flipped: bool, inline, monkeypatch) -> list[dict]:
    """Play the scenario (``flipped``: the worse seed wins, no draws), crawling the
    site as each check comes; the crawls, as each identity saw them."""
    call_command("flush", interactive=False, verbosity=0)  # and restart the ids
    cache.clear()
    match_selectors.replay_cache.clear()
    inline.queue.clear()
    fixed_seeds(monkeypatch)
    owner = get_user_model().objects.create_user("owner", password="pw-owner-123")
    competition = start(scenario, owner)
    names = list(Entry.objects.filter(competition=competition).values_list("name", flat=True))
    draws = [frozenset((names[a - 1], names[b - 1])) for a, b in scenario.draws]
    judge = by_strength(names[::-1], ()) if flipped else by_strength(names, draws)
    scripted_outcomes(monkeypatch, judge)
    signed_in = Client()
    signed_in.force_login(owner)
    played, crawls = 0, []
    for target in scenario.checks:
        while played < target:
            if inline.queue:
                played += inline.drain(limit=1)
            elif competition.is_season:
                rounds.ladder_tick(competition.pk)
            else:
                raise AssertionError(f"nothing left to play after {played} matches")
        competition.refresh_from_db()
        assert competition.status == Competition.Status.RUNNING, "revealed before a check"
        crawls.append(
            {
                who: crawl(client, competition)
                for who, client in (("anonymous", Client()), ("signed in", signed_in))
            }
        )
    return crawls


# -- the crawl ------------------------------------------------------------------------------
@dataclass
class Crawl:
    #: every URL asked: (status, headers, normalised body)
    pages: dict[str, tuple]
    #: each id route (with its query): how it answers an id no row has
    absent: dict[str, tuple]


def crawl(client: Client, competition: Competition) -> Crawl:
    """Every URL reached from the competition's page and the API root, and every id
    route asked with every id of its kind."""
    cache.clear()  # throttles count per test, not per crawl
    start = [f"/competitions/{competition.pk}/", "/api/"]
    start += [
        f"/api/matches/?competition={competition.pk}&status={status}"
        for status in Match.Status.values
    ]
    probes = id_routes()
    times = allowed_times()
    seen: dict[str, tuple] = {}
    queue = deque(start + [url for url, _ in probes])
    while queue:
        url = queue.popleft()
        if url in seen or url.startswith(SKIPPED):
            continue
        assert len(seen) < MOST, f"more than {MOST} URLs: {url}"
        response = client.get(url)
        text = normalised(body_of(response), times)
        headers = tuple(
            (k, normalised(v, times))
            for k, v in sorted(response.headers.items())
            if k not in ("Set-Cookie", "Content-Length")
        )
        seen[url] = (response.status_code, headers, text)
        queue.extend(links(text, response.get("Content-Type", "")))
    absent = {route: answer_for_absent(client, route, times) for route in {r for _, r in probes}}
    return Crawl(seen, absent)


def body_of(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body.decode("utf-8", "replace")


def id_routes() -> list[tuple[str, str]]:
    """``(url, route)`` for every route with an id in it, filled with every id of its
    kind (and one past the last), with the extra queries it takes."""
    out = []
    for route in all_routes():
        for url in fill(route):
            for query in ("",) + next((q for end, q in QUERIES.items() if route.endswith(end)), ()):
                out.append((url + query, route + query))
    return out


def all_routes(patterns=None, prefix: str = "") -> list[str]:
    out = []
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if not isinstance(p.pattern, RoutePattern):
            continue  # the admin's regular expressions
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            out += all_routes(p.url_patterns, route)
        elif "<int:" in route and not route.startswith("admin/"):
            out.append(route)
    return out


def fill(route: str) -> list[str]:
    """``route`` with each ``<int:...>`` replaced by every id of its kind (named by
    the segment before it) and one past them; a version's number by 1 and 2."""
    urls, previous = [""], ""
    for segment in route.split("/"):
        values = [segment]
        if segment.startswith("<int:"):
            model = KINDS.get(previous)
            ids = sorted(model.objects.values_list("pk", flat=True)) if model else [1]
            values = [str(pk) for pk in ids + [max(ids, default=0) + 1]]
        urls = [f"{url}/{value}" for url in urls for value in values]
        previous = segment
    return urls


def answer_for_absent(client: Client, route: str, times) -> tuple:
    """How ``route`` answers an id no row has, that id written ``ID``."""
    response = client.get(re.sub(r"<int:[a-z_]+>", str(ABSENT), "/" + route))
    text = normalised(body_of(response), times)
    return response.status_code, text.replace(f"/{ABSENT}/", "/ID/")


def links(text: str, content_type: str) -> list[str]:
    """The site's own URLs in an HTML page (``href``) or a JSON answer (strings)."""
    if "html" in content_type:
        found = [html.unescape(h) for h in re.findall(r'href="([^"#]+)', text)]
    elif "json" in content_type:
        found = list(strings(json.loads(text))) if text else []
    else:
        return []
    out = []
    for link in found:
        parts = urlsplit(link)
        if parts.netloc not in ("", "testserver") or not parts.path.startswith("/"):
            continue
        out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


# -- normalising ------------------------------------------------------------------------------
def allowed_times() -> list[str]:
    """How the times the site may show are written (the API's ISO form, the pages'
    minutes and days), longest first: when a match, competition, entry, bot, version
    or account was made, and when the competition started. A match's start, end or
    length is not among them."""
    values = [
        *Match.objects.values_list("created_at", flat=True),
        *Competition.objects.values_list("created_at", flat=True),
        *Competition.objects.exclude(started_at=None).values_list("started_at", flat=True),
        *Entry.objects.values_list("created_at", flat=True),
        *Bot.objects.values_list("created_at", flat=True),
        *BotVersion.objects.values_list("created_at", flat=True),
        *BotVersion.objects.exclude(validated_at=None).values_list("validated_at", flat=True),
        *get_user_model().objects.values_list("date_joined", flat=True),
    ]
    written = set()
    for value in values:
        local = timezone.localtime(value)
        written |= {
            DateTimeField().to_representation(value),
            dateformat.format(local, "Y-m-d H:i"),
            dateformat.format(local, "Y-m-d"),
        }
    return sorted(written, key=len, reverse=True)


def normalised(text: str, times: list[str]) -> str:
    text = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1CSRF", text)
    for written in times:
        text = text.replace(written, "TIME")
    return text


# -- the test ------------------------------------------------------------------------------
def differences(a: dict, b: dict) -> list[str]:
    """What differs between the answers to the URLs both crawls asked, in words
    (with the lines that differ)."""
    out = []
    for url in sorted(set(a) & set(b)):
        if a[url] == b[url]:
            continue
        (sa, ha, ta), (sb, hb, tb) = a[url], b[url]
        diff = "\n".join(
            list(difflib.unified_diff(ta.splitlines(), tb.splitlines(), lineterm="", n=1))[:12]
        )
        out.append(f"{url}: status {sa} / {sb}, headers {ha == hb}\n{diff}")
    return out


def one_sided(crawl: Crawl, other: Crawl) -> list[str]:
    """URLs asked in one run only (a route with an id that exists in that run) that
    do not answer exactly as an id no row has."""
    out = []
    absent = crawl.absent
    for url, (status, _, text) in crawl.pages.items():
        if url in other.pages:
            continue
        route, ids = route_of(url, absent)
        if route is None:
            out.append(f"{url}: reached in one run only")
            continue
        shown = text
        for pk in ids:
            shown = shown.replace(f"/{pk}/", "/ID/")
        if (status, shown) != absent[route]:
            out.append(f"{url}: answers {status}, not as an id that does not exist")
    return out


def route_of(url: str, routes) -> tuple[str | None, list[int]]:
    """The id route (with its query) ``url`` was made from, and its ids."""
    for route in routes:
        parts = re.split(r"(<int:[a-z_]+>)", route)
        pattern = "".join(r"(\d+)" if p.startswith("<int:") else re.escape(p) for p in parts)
        found = re.fullmatch("/" + pattern, url)
        if found:
            return route, [int(g) for g in found.groups()]
    return None, []


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_hidden_competition_looks_the_same_whatever_its_results(
    name, inline, monkeypatch, data_dir
):
    scenario = SCENARIOS[name]
    first = run(scenario, False, inline, monkeypatch)
    second = run(scenario, True, inline, monkeypatch)
    for check, (a_views, b_views) in enumerate(zip(first, second)):
        for who in a_views:
            a, b = a_views[who], b_views[who]
            assert len(a.pages) > 50, f"the crawl found too little: {sorted(a.pages)}"
            problems = differences(a.pages, b.pages) + one_sided(a, b) + one_sided(b, a)
            assert not problems, (
                f"{name}, after {scenario.checks[check]} matches, {who}: "
                + "\n\n".join(problems[:5])
            )
