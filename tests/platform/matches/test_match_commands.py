"""manage.py play, verify_replays and demo."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from engine import registry

from matches.management.commands.demo import demo_lineups
from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_play_stores_a_match_and_prints_id_and_digest():
    out, _ = run("play", "tic_tac_toe", "greedy", "random", "--seed", "7")
    match = Match.objects.get()
    assert f"match {match.pk} digest {match.digest}" in out
    assert match.status == Match.Status.FINISHED
    assert match.seed == 7


@pytest.mark.parametrize("seed", ["-1", str(2**63), "9" * 25])
def test_play_refuses_a_seed_out_of_range_in_one_line(seed):
    with pytest.raises(CommandError, match="the seed must be an integer from 0 to"):
        run("play", "tic_tac_toe", "greedy", "random", "--seed", seed)
    assert not Match.objects.exists()


def test_play_without_a_seed_draws_a_secret_one():
    run("play", "tic_tac_toe", "greedy", "random")
    run("play", "tic_tac_toe", "greedy", "random")
    first, second = Match.objects.order_by("id")
    assert first.seed != second.seed and first.seed_salt != second.seed_salt


def test_options_a_seat_count_cannot_play_are_refused_before_anything_is_stored():
    with pytest.raises(CommandError, match="2v2 team game needs 4 seats, not 3"):
        run("play", "dogfight", "random", "random", "random", "--option", "teams=2v2")
    assert not Match.objects.exists()


def test_play_passes_options():
    game = next((g for g in registry.games().values() if g.options), None)
    if game is None:
        pytest.skip("no registered game has options")  # pragma: no cover
    name, spec = sorted(game.options.items())[0]
    value = spec.default
    text = str(value).lower() if isinstance(value, bool) else str(value)
    bots = [sorted(game.bots)[0]] * min(game.seat_counts)
    run("play", game.name, *bots, "--seed", "1", "--option", f"{name}={text}")
    assert Match.objects.get().options[name] == value


@pytest.mark.parametrize(
    "args, message",
    [
        (["nope", "greedy", "random"], "unknown game"),
        (["tic_tac_toe", "greedy", "nobody"], "no built-in bot"),
        (["tic_tac_toe", "greedy", "random", "--option", "x"], "key=value"),
    ],
)
def test_play_reports_bad_input(args, message):
    with pytest.raises(CommandError, match=message):
        run("play", *args)
    assert not Match.objects.exists()


def test_verify_replays_all_ok():
    run("play", "tic_tac_toe", "greedy", "random", "--seed", "1")
    run("play", "tic_tac_toe", "random", "greedy", "--seed", "2")
    out, err = run("verify_replays", "--all")
    assert "2 matches checked, 0 with mismatches" in out
    assert err == ""


def test_verify_replays_reports_a_tampered_event_and_fails():
    run("play", "tic_tac_toe", "greedy", "random", "--seed", "1")
    run("play", "tic_tac_toe", "random", "greedy", "--seed", "2")
    bad = Match.objects.order_by("id").first()
    row = bad.events.get(seq=2)
    forged = row.line.replace(
        f'"action":{row.data["action"]}', f'"action":{(row.data["action"] + 1) % 9}'
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {MatchEvent._meta.db_table} SET line = %s WHERE match_id = %s AND seq = 2",
            [forged, bad.pk],
        )
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("verify_replays", "--all", stdout=out, stderr=err)
    assert caught.value.returncode == 1
    assert f"match {bad.pk}: MISMATCH event 2: the chain hash" in err.getvalue()
    assert "re-simulation" in err.getvalue()
    assert "2 matches checked, 1 with mismatches" in out.getvalue()


def test_verify_replays_needs_ids_or_all_and_known_ids():
    with pytest.raises(CommandError, match="ids or --all"):
        run("verify_replays")
    with pytest.raises(CommandError, match="no match with id 999"):
        run("verify_replays", "999")


def test_demo_is_idempotent(django_user_model):
    # one match a game: greedy v random (the second lineup, with search-1, costs
    # seconds of CPU a game and plays in test_every_game_season already)
    out, _ = run("demo", "--matches", "1")
    assert "admin / admin" in out
    count = Match.objects.count()
    assert count == len(registry.games())
    assert set(Match.objects.values_list("game", flat=True)) == set(registry.games())
    assert set(Match.objects.values_list("status", flat=True)) == {"finished"}
    run("demo", "--matches", "1")
    assert Match.objects.count() == count
    assert django_user_model.objects.filter(username="admin", is_superuser=True).count() == 1


def test_demo_lineups_cycle_every_mixed_pairing_of_the_quick_builtins_with_new_seeds():
    """The demo's matches: each ordered pairing of a game's quick built-ins (no
    search beyond search-1, no bot against itself) in turn, seeds 1, 2, 3..."""
    game = registry.get("dogfight")
    lineups = demo_lineups(game, 8)
    pairings = [bots for bots, _ in lineups]
    assert pairings[:6] == [
        ["greedy", "random"],
        ["greedy", "search-1"],
        ["random", "greedy"],
        ["random", "search-1"],
        ["search-1", "greedy"],
        ["search-1", "random"],
    ]
    assert pairings[6:] == pairings[:2]
    assert [seed for _, seed in lineups] == list(range(1, 9))
