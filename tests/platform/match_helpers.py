"""Rows of matches for the platform's tests."""

from __future__ import annotations

from matches import services
from matches.forks import create_fork
from matches.models import Match


def add_matches(groups: int) -> Match:
    """``groups`` times: a finished tic-tac-toe match, a fork of it, and a queued
    three-seat match whose results are hidden (the relations a listed match may
    load); returns the last finished one."""
    for _ in range(groups):
        parent = services.play_and_store("tic_tac_toe", ["greedy", "random"])
        create_fork(parent, 2, {1: "greedy"})
        services.create_seated_match("aimbots", ["greedy", "random", "greedy"], hides_results=True)
    return parent
