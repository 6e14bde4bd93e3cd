"""What a competition that hides its results shows before the reveal, one leak at a
time (docs/tournaments.md, "Hidden results"): no seed, no length, time or error of
its matches, pairings that do not follow its results, and a knockout's later
rounds held back. ``test_hidden_counterfactual.py`` checks the whole site at once."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.django.conftest import make_tournament
from tests.tournaments.django.scripted_play import by_strength, scripted_outcomes

from matches.models import Match
from tournaments import lifecycle, rounds
from tournaments.models import Competition, FixtureSeat

pytestmark = pytest.mark.django_db(transaction=True)

#: six entries of one built-in bot (its players are scripted: ``scripted_play``)
ENTRIES = ("greedy", *(f"greedy-{n}" for n in range(2, 7)))


def match_row(html: str, pk: int) -> list[str]:
    """The cells of the row of match ``pk`` in a table of matches."""
    row = next(r for r in html.split("<tr>") if f'href="/matches/{pk}/"' in r)
    return re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)


def test_a_hidden_competition_publishes_no_seed_until_it_finishes(client, inline):
    t = make_tournament("round_robin", hide_results=True, seed=424242)
    lifecycle.start(t)
    assert client.get(f"/api/competitions/{t.pk}/").json()["seed"] is None
    assert [c["seed"] for c in client.get("/api/competitions/").json()] == [None]
    inline()
    t.refresh_from_db()
    assert t.status == Competition.Status.FINISHED
    assert client.get(f"/api/competitions/{t.pk}/").json()["seed"] == 424242


def test_a_hidden_match_shows_no_length_time_or_error(client, inline):
    s = lifecycle.create_season("secret", game="tic_tac_toe", hide_results=True, k=1)
    lifecycle.add_entries(s, bots=["greedy", "random"])
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    match = Match.objects.get(fixture__competition=s)
    assert match.status == Match.Status.FINISHED and match.event_count > 0
    hidden = ("result", "event_count", "started_at", "finished_at", "error")
    detail = client.get(f"/api/matches/{match.pk}/").json()
    listed = client.get(f"/api/matches/?competition={s.pk}").json()["results"][0]
    for served in (detail, listed):
        assert {f: served[f] for f in hidden} == dict.fromkeys(hidden), served
        assert served["status"] == "finished"  # "N of M played" is public
    *_, events = match_row(client.get("/matches/").content.decode(), match.pk)[:6]
    assert events == "–"  # the Events column
    home = client.get("/").content.decode()
    card = home[home.index(f'data-match="{match.pk}"') :]
    card = card[: card.index("</li>")]
    # Home's small board: neither the final position nor the number of events
    assert "results hidden" in card and "<svg" not in card and "event " not in card
    Match.objects.filter(pk=match.pk).update(  # as if it had failed
        status=Match.Status.FAILED, error="RulesError: the board at event 7 is full"
    )
    assert "event 7" not in client.get(f"/matches/{match.pk}/").content.decode()
    assert client.get(f"/api/matches/{match.pk}/").json()["error"] is None
    lifecycle.finish(s)
    assert client.get(f"/api/matches/{match.pk}/").json()["event_count"] == match.event_count
    assert "event 7" in client.get(f"/matches/{match.pk}/").content.decode()


def next_round_pairings(competition: Competition) -> list[tuple[str, ...]]:
    """The entry names of the latest round's pairings, in table order."""
    number = competition.rounds.order_by("-number").first().number
    seats = FixtureSeat.objects.filter(
        fixture__round__competition=competition, fixture__round__number=number
    ).order_by("fixture__table", "index")
    out: dict[int, list[str]] = {}
    for table, name in seats.values_list("fixture__table", "entry__name"):
        out.setdefault(table, []).append(name)
    return [tuple(names) for _, names in sorted(out.items())]


def hidden_competition(kind: str) -> Competition:
    if kind == "ladder":
        made = lifecycle.create_season(
            "secret ladder", game="tic_tac_toe", hide_results=True, k=1, seed=9
        )
    else:
        made = lifecycle.create_tournament(
            "secret swiss", game="tic_tac_toe", format="swiss", hide_results=True, seed=9
        )
    lifecycle.add_entries(made, bots=["greedy"] * len(ENTRIES))
    lifecycle.open_entries(made)
    lifecycle.start(made)
    return made


@pytest.mark.parametrize("kind", ["swiss", "ladder"])
def test_hidden_pairings_do_not_follow_the_results(inline, monkeypatch, kind):
    """The same hidden Swiss or ladder, played once as the entries' order says and
    once the other way round: round 2 is paired the same, so publishing it tells
    nothing of round 1 (paired by points or ratings, it told the outside test all)."""
    paired = []
    for order in (ENTRIES, ENTRIES[::-1]):
        scripted_outcomes(monkeypatch, by_strength(order))
        competition = hidden_competition(kind)
        inline()  # round 1 (a Swiss makes round 2 when it completes)
        if kind == "ladder":
            rounds.ladder_tick(competition.pk)
        paired.append(next_round_pairings(competition))
    assert paired[0] == paired[1]
    assert len(paired[0]) == 3


def test_a_hidden_knockout_holds_its_later_rounds_back_until_the_reveal(
    client, inline, monkeypatch
):
    scripted_outcomes(monkeypatch, by_strength(ENTRIES))
    t = make_tournament("single_elimination", bots=["greedy"] * 4, hide_results=True)
    lifecycle.start(t)
    first = set(Match.objects.filter(fixture__competition=t).values_list("pk", flat=True))
    inline.drain(limit=len(first))  # round 1; completing it makes the final
    final = Match.objects.get(fixture__competition=t, fixture__round_no=2)  # who advanced
    listed = {m["id"] for m in client.get(f"/api/matches/?competition={t.pk}").json()["results"]}
    assert listed == first
    assert f'href="/matches/{final.pk}/"' not in client.get("/matches/").content.decode()
    unknown = 10**9
    for url in (
        "/api/matches/{}/",
        "/api/matches/{}/events/",
        "/api/matches/{}/state/?at=0",
        "/api/matches/{}/log.jsonl",
        "/api/matches/{}/forks/",
        "/matches/{}/",
    ):
        withheld, absent = client.get(url.format(final.pk)), client.get(url.format(unknown))
        assert withheld.status_code == absent.status_code == 404, url
        assert withheld.content.replace(str(final.pk).encode(), b"ID") == absent.content.replace(
            str(unknown).encode(), b"ID"
        ), url
    progress = client.get(f"/api/competitions/{t.pk}/").json()["progress"]
    assert (progress["total"], progress["rounds"], progress["rounds_done"]) == (2, 1, 1)
    bracket = client.get(f"/competitions/{t.pk}/bracket/").content.decode()
    assert "Round 1" in bracket and "Round 2" not in bracket
    assert "rounds after the first are shown then" in bracket
    inline()
    t.refresh_from_db()
    assert t.status == Competition.Status.FINISHED
    assert client.get(f"/api/matches/{final.pk}/").status_code == 200
    assert "Round 2" in client.get(f"/competitions/{t.pk}/bracket/").content.decode()
