"""The game contract's one seat convention for alliances: a team is a run of
consecutive seats, in every game and in tournaments' ``teams``."""

from __future__ import annotations

import pytest

from engine import registry
from engine.game import RulesError, Seat, team_sizes
from engine.lineup import lineup
from engine.runner import run_match


def test_a_team_is_a_run_of_consecutive_seats():
    assert team_sizes([None, None]) is None
    assert team_sizes([0, 0, 1, 1]) == (2, 2)
    assert team_sizes([1, 0, 0]) == (1, 2)
    with pytest.raises(RulesError, match="teammates sit together"):
        team_sizes([0, 1, 0, 1])
    with pytest.raises(RulesError, match="every seat has a team or none"):
        team_sizes([0, None])


def seats_in_teams(sizes) -> list[int]:
    return [team for team, size in enumerate(sizes) for _ in range(size)]


def team_games():
    """(game, seat count, options, team sizes) for every alliance each game plays."""
    for name in sorted(registry.games()):
        game = registry.get(name)
        for n in game.seat_counts:
            options = {"teams": f"{n // 2}v{n // 2}"} if name == "dogfight" else {}
            try:
                resolved = game.resolve_options(options)
                game.check_setup(n, resolved)
            except RulesError:
                continue
            for sizes in game.alliances(n, resolved):
                yield name, n, options, sizes


@pytest.mark.parametrize("name, seats, options, sizes", list(team_games()))
def test_seats_of_a_team_are_allies_in_every_game(name, seats, options, sizes):
    """Seated in teams (as a tournament seats them), teammates are always on the
    same side of the game: they share every rank, and teams that do not draw
    rank apart."""
    game = registry.get(name)
    teams = seats_in_teams(sizes)
    for seed in range(6):
        names, players = lineup(game, ["random"] * seats)
        seated = [Seat(s.bot, s.version, team) for s, team in zip(names, teams)]
        ranks = run_match(game, players, seated, seed, options).outcome.ranks
        for team in set(teams):
            assert len({r for r, t in zip(ranks, teams) if t == team}) == 1, (seed, ranks)


def test_the_team_games_are_the_alliance_games():
    assert {name for name, *_ in team_games()} == {"aerial_assault", "cascade_effect", "dogfight"}


@pytest.mark.parametrize(
    "name, seats, options, sizes",
    [
        ("cascade_effect", 3, {}, (2, 1)),  # red is seat 0 alone, blue seats 1-2
        ("aerial_assault", 4, {}, (1, 3)),
        ("dogfight", 4, {}, (2, 2)),  # no teams option: every plane for itself
        ("dogfight", 6, {"teams": "3v3"}, (2, 4)),
        ("powerball", 4, {}, (2, 2)),  # every robot for itself
    ],
)
def test_teams_a_game_does_not_play_are_refused(name, seats, options, sizes):
    game = registry.get(name)
    with pytest.raises(RulesError, match="not teams"):
        game.check_teams(seats, game.resolve_options(options), sizes)
    names, players = lineup(game, ["random"] * seats)
    seated = [Seat(s.bot, s.version, t) for s, t in zip(names, seats_in_teams(sizes))]
    with pytest.raises(RulesError, match="not teams"):
        run_match(game, players, seated, 1, options)


def test_every_seat_for_itself_is_always_accepted():
    for name in registry.games():
        game = registry.get(name)
        n = game.seat_counts[0]
        game.check_teams(n, game.resolve_options({}), None)
        game.check_teams(n, game.resolve_options({}), (1,) * n)
