"""Sign-up on the pages: a season's page offers each of your bots of its game (Enter,
Withdraw, or why not), a bot's page lists the competitions open to it with one
click entry, My bots shows each bot's entries and rank, and a competition that
hides its results shows nothing more to a bot that enters it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import stored_bot
from tests.tournaments.django.signup_helpers import invalid_bot, open_season

from tournaments import lifecycle, signup
from tournaments.models import Competition, Entry

# the matches the rounds make wait in the test (``inline`` plays them)
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("data_dir", "inline_worker"),
]


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_a_season_page_offers_your_bots_and_says_why_one_cannot_enter(alice_client, alice):
    season = open_season()
    ace, _broken = stored_bot(alice, "ace"), invalid_bot(alice, "broken")
    page = reverse("competition-standings-page", args=[season.pk])
    rows = {r["bot"].name: r for r in alice_client.get(page).context["signup"]["rows"]}
    assert rows["ace"]["refusal"] is None
    assert rows["broken"]["refusal"].reason == "no_valid_version"
    text = html(alice_client.get(page))
    assert "Enter ace</button>" in text and "broken has no valid version yet" in text

    response = alice_client.post(
        reverse("competition-enter", args=[season.pk]), {"bot": ace.pk, "next": page}, follow=True
    )
    assert response.redirect_chain[-1][0] == page
    assert "alice/ace is entered in open ladder from its next round" in html(response)
    entry = Entry.objects.get(bot=ace)
    assert "Withdraw</button>" in html(alice_client.get(page))

    response = alice_client.post(
        reverse("entry-withdraw", args=[entry.pk]), {"next": page}, follow=True
    )
    assert "alice/ace is withdrawn from open ladder" in html(response)
    entry.refresh_from_db()
    assert entry.withdrawn
    assert "(withdrawn)" in html(alice_client.get(page))


def test_a_season_page_tells_a_visitor_how_to_take_part(client, alice):
    season = open_season()
    text = html(client.get(reverse("competition-standings-page", args=[season.pk])))
    assert "Open sign-up" in text and "Log in</a> to enter a bot" in text
    organised = open_season(signup="organiser")
    text = html(client.get(reverse("competition-standings-page", args=[organised.pk])))
    assert "The organiser enters the bots of this ladder season" in text


def test_a_bot_page_lists_the_competitions_open_to_it_with_one_click_entry(
    alice_client, alice, django_user_model
):
    ace = stored_bot(alice, "ace")
    open_ladder = open_season()
    full = open_season(builtins=("greedy", "random"), max_entries=2)
    open_season(signup="organiser")  # the organiser's: not listed
    open_season(game="connect_four")  # another game: not listed
    lifecycle.finish(open_season())  # finished: not listed
    page = reverse("bot-page", args=[ace.pk])
    rows = alice_client.get(page).context["open_competitions"]
    assert [(r["competition"].pk, r["refusal"] and r["refusal"].reason) for r in rows] == [
        (full.pk, "cap_reached"),
        (open_ladder.pk, None),
    ]
    response = alice_client.post(
        reverse("competition-enter", args=[open_ladder.pk]),
        {"bot": ace.pk, "next": page},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == page
    context = response.context
    assert [r["competition"].pk for r in context["open_competitions"]] == [full.pk]
    (entered,) = context["entries"]
    assert entered["competition"].pk == open_ladder.pk and entered["can_withdraw"]


def test_nobody_enters_or_withdraws_another_person_s_bot_from_the_pages(
    client, alice, django_user_model
):
    season = open_season()
    ace = stored_bot(alice, "ace")
    entry = signup.enter(alice, season, ace)
    client.force_login(django_user_model.objects.create_user("mallory"))
    response = client.post(
        reverse("competition-enter", args=[season.pk]), {"bot": ace.pk}, follow=True
    )
    assert "ace was not entered: ace is not your bot" in html(response)
    response = client.post(reverse("entry-withdraw", args=[entry.pk]), follow=True)
    assert "was not withdrawn" in html(response)
    entry.refresh_from_db()
    assert not entry.withdrawn
    # the bot's page offers a stranger no button
    assert "Withdraw</button>" not in html(client.get(reverse("bot-page", args=[ace.pk])))
    client.logout()
    response = client.post(reverse("competition-enter", args=[season.pk]), {"bot": ace.pk})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_sign_up_forms_refuse_bad_input_and_go_back_only_to_this_site(alice_client, alice):
    season = open_season()
    ace = stored_bot(alice, "ace")
    url = reverse("competition-enter", args=[season.pk])
    assert alice_client.post(url, {"bot": "ace"}).status_code == 400
    assert alice_client.post(url, {"bot": 10**9}).status_code == 404
    response = alice_client.post(url, {"bot": ace.pk, "next": "https://evil.example/"})
    assert response["Location"] == reverse("competition-standings-page", args=[season.pk])


def test_my_bots_shows_each_bot_s_entries_and_rank(alice_client, alice, inline):
    ace, idle = stored_bot(alice, "ace"), stored_bot(alice, "idle")
    season = open_season(builtins=("greedy",))
    signup.enter(alice, season, ace)
    from tournaments import rounds

    assert rounds.ladder_tick(season.pk) == "round 1 scheduled"
    inline()
    context = alice_client.get(reverse("my-bots")).context
    bots = {b.name: b for b in context["bots"]}
    (record,) = bots["ace"].competing
    assert record["competition"].pk == season.pk and record["rank"] in (1, 2)
    assert bots["idle"].competing == []
    text = html(alice_client.get(reverse("my-bots")))
    assert f'<span class="rank">#{record["rank"]}</span>' in text
    assert f'href="/bots/{idle.pk}/#compete">enter it</a>' in text


def test_entering_a_season_that_hides_results_reveals_nothing(alice_client, alice, api, inline):
    season = open_season(builtins=("greedy", "random"), hide_results=True)
    inline()  # round 1 played: its results are hidden
    ace = stored_bot(alice, "ace")
    response = alice_client.post(
        reverse("competition-enter", args=[season.pk]), {"bot": ace.pk}, follow=True
    )
    text = html(response)
    assert "results are hidden until this season finishes" in text
    entry = Entry.objects.get(bot=ace)
    from tournaments import rounds

    assert rounds.ladder_tick(season.pk) == "round 2 scheduled"
    inline()
    # no rank, rating or record anywhere the owner looks
    mine = {b.name: b for b in alice_client.get(reverse("my-bots")).context["bots"]}
    (record,) = mine["ace"].competing
    assert record["hidden"] and record["rank"] is None
    assert "(rank hidden)" in html(alice_client.get(reverse("my-bots")))
    bot_page = alice_client.get(reverse("bot-page", args=[ace.pk])).context
    assert all(r["rating"] is None and r["wins"] is None for r in bot_page["entries"])
    assert api.get(f"/api/competitions/{season.pk}/standings/").json()["standings"] == []
    listed = api.get(f"/api/competitions/{season.pk}/entries/").json()
    assert {e["id"] for e in listed} >= {entry.pk}
    assert not {"rank", "rating", "ordinal", "mu", "games"} & set(listed[0])
    assert Competition.objects.get(pk=season.pk).hide_results
