"""The held-out judging of bench/search_choices: a choice is valued by the runs
it was not chosen from, against greedy's own move (candidate 0)."""

from __future__ import annotations

from bench.search_choices import DEPTHS, best_mean, judge


def position(values: list[list[float]], rounds: int = 10) -> list[list[tuple[list[float], int]]]:
    """Runs whose every depth (and the end) shows the same values per candidate."""
    return [[([v] * (len(DEPTHS) + 1), rounds) for v in run] for run in values]


def test_a_candidate_that_wins_every_run_gains_its_margin_over_greedy():
    runs = position([[0.0, 1.0]] * 10)
    figures = judge([runs], (4, 2, 24), best_mean)
    assert figures == {"gain_x1000": 1000.0, "departs": 1.0, "rounds": 80}


def test_keeping_greedys_move_gains_nothing_and_never_departs():
    runs = position([[0.0, 1.0]] * 10)
    figures = judge([runs], (4, 2, 24), lambda values: 0)
    assert figures["gain_x1000"] == 0.0 and figures["departs"] == 0.0


def test_a_choice_is_judged_by_the_runs_it_was_not_chosen_from():
    # candidate 1 looks better in the first 4 runs and is worse in all the others
    runs = position([[0.0, 1.0]] * 4 + [[1.0, 0.0]] * 6)
    figures = judge([runs], (4, 2, 24), best_mean)
    assert figures["gain_x1000"] == -1000.0


def test_a_rollout_shorter_than_the_depth_costs_only_its_rounds():
    runs = position([[0.5, 0.5]] * 10, rounds=3)
    assert judge([runs], (4, 2, 24), best_mean)["rounds"] == 4 * 2 * 3
