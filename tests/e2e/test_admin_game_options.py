"""The season admin in a browser: the options shown are the chosen game's (every
game's inputs are on the page; a script hides the others), and saving keeps them."""

from __future__ import annotations

import pytest

from tournaments.models import Competition

pytestmark = pytest.mark.django_db(transaction=True)


def _visible_games(page) -> list[str]:
    blocks = page.locator(".game-options-of")
    return [
        blocks.nth(i).get_attribute("data-game")
        for i in range(blocks.count())
        if blocks.nth(i).is_visible()
    ]


def test_choosing_a_game_shows_its_options_and_saving_keeps_them(
    live_server, page, as_organiser, artifacts
):
    as_organiser(page, "/admin/tournaments/seasonproxy/add/")
    page.wait_for_selector(".game-options")
    assert _visible_games(page) == [] and page.is_visible("[data-no-game]")

    page.select_option("select[name=game]", "powerball")
    assert _visible_games(page) == ["powerball"] and not page.is_visible("[data-no-game]")
    page.select_option("select[name=game]", "dogfight")
    assert _visible_games(page) == ["dogfight"]
    page.select_option("select[name=options-dogfight-teams]", "2v2")
    page.fill("input[name=options-dogfight-rounds]", "9")
    page.select_option("select[name=teams]", "2,2")
    page.fill("#id_group_size", "4")
    page.fill("#id_name", "dogfight pairs")
    page.locator(".field-options").screenshot(path=artifacts / "admin_season_options.png")
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist")
    season = Competition.objects.get(name="dogfight pairs")
    assert (season.options["teams"], season.options["rounds"], season.teams) == ("2v2", 9, [2, 2])
