"""Which candidate a search plays, given each run's values (the policy's own
choice is candidate 0)."""

from __future__ import annotations

from engine.search.mcts import pick


def test_a_candidate_better_in_every_run_is_played():
    runs = [[0.5, 0.7, 0.5], [0.4, 0.6, 0.4], [0.6, 0.8, 0.5]]
    assert pick(runs) == 1


def test_a_lucky_run_does_not_outweigh_the_policy():
    # candidate 1 wins on average only by one run's luck; candidate 2 never
    runs = [[0.5, 1.0, 0.5], [0.5, 0.4, 0.5], [0.5, 0.45, 0.5], [0.5, 0.45, 0.5]]
    assert pick(runs) == 0


def test_a_small_gain_in_every_run_is_played():
    # no noise at all: a gain of 0.01 each time is sure however small
    runs = [[0.5, 0.51], [0.5, 0.51], [0.5, 0.51]]
    assert pick(runs) == 1


def test_a_gain_of_more_than_one_standard_error_is_played():
    # paired gains 0.2, 0.2, -0.1, 0.1: a mean of 0.1, about 1.4 standard errors
    runs = [[0.5, 0.7], [0.4, 0.6], [0.6, 0.5], [0.5, 0.6]]
    assert pick(runs) == 1


def test_a_gain_within_one_standard_error_keeps_the_policy_choice():
    # paired gains 0.3, -0.2, 0.2, -0.1: a mean of 0.05, about 0.4 standard errors
    runs = [[0.5, 0.8], [0.5, 0.3], [0.5, 0.7], [0.5, 0.4]]
    assert pick(runs) == 0


def test_one_run_is_not_enough_to_leave_the_policy():
    assert pick([[0.1, 0.9]]) == 0
    assert pick([]) == 0


def test_a_stricter_bar_keeps_the_policy_choice_a_looser_one_leaves():
    # paired gains 0.2, 0.2, -0.1, 0.1: about 1.4 standard errors, short of 1.5
    runs = [[0.5, 0.7], [0.4, 0.6], [0.6, 0.5], [0.5, 0.6]]
    assert pick(runs, confidence=1.5) == 0
    assert pick(runs, confidence=1.0) == 1
