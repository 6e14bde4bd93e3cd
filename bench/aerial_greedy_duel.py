"""Aerial Assault: the built-in ``greedy`` against the pre-issue-14 greedy.

``python -m bench.aerial_greedy_duel [matches]`` plays two-seat matches (each seat
drives a whole alliance) with the seats swapped every other seed, and four-seat
matches with one alliance's robots driven by each bot, then prints win/draw/loss,
mean points and what each bot did (builds, passes, assists, steps that failed
for want of a ball or a truss). Not part of ``make bench``: it measures play, not
speed.
"""

from __future__ import annotations

import sys
from collections import Counter

from bench.aerial_old_greedy import OldGreedyBot
from engine.game import Seat
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.bots import GreedyBot
from engine.players import BotPlayer
from engine.runner import run_match

BOTS = {"new": GreedyBot, "old": OldGreedyBot}
HOPELESS = {
    ("pickup", "no ball of the alliance on the floor here"),
    ("catch", "no ball was trussed to this robot"),
    ("high", "the robot holds no ball"),
    ("pass", "the robot holds no ball"),
    ("truss", "the robot holds no ball that may be trussed"),
}


def duel(names: list[str], seed: int):
    players = [BotPlayer(GAME, BOTS[n]) for n in names]
    return run_match(GAME, players, [Seat(f"greedy-{n}") for n in names], seed, {})


def tally(names: list[str], match, stats: dict) -> None:
    state = match.state
    owner = {r: names[s] for r, s in enumerate(state.controllers)}
    for r, robot in enumerate(state.robots):
        stats[owner[r]]["builds"][tuple(robot.parts)] += 1
    for e in match.log.events:
        d = e.data
        if e.type == "StepFailed" and (d["act"], d["reason"]) in HOPELESS:
            stats[owner[d["robot"]]]["hopeless"] += 1
        elif e.type == "BallPassed":
            stats[owner[d["robot"]]]["passes"] += 1
            stats[owner[d["robot"]]]["kiss passes"] += "to" in d
        elif e.type == "BallScored" and e.data["assist_points"]:
            stats[owner[d["shooter"]]]["assist points"] += d["assist_points"]


def main(matches: int = 100) -> None:
    for seats in (2, 4):
        stats = {n: Counter(builds=Counter()) for n in BOTS}
        for n in BOTS:
            stats[n]["builds"] = Counter()
        record, points = Counter(), Counter()
        for seed in range(matches):
            names = (
                ["new", "old"] * (seats // 2) if seed % 2 == 0 else ["old", "new"] * (seats // 2)
            )
            m = duel(names, seed)
            state = m.state
            alliance = {
                names[s]: state.robots[state.controllers.index(s)].alliance for s in range(seats)
            }
            if len(set(alliance.values())) < 2:  # four seats: alliances dealt at random
                record["mixed"] += 1
                continue
            new = names.index("new")
            rank, other = m.outcome.ranks[new], m.outcome.ranks[names.index("old")]
            record["win" if rank < other else "loss" if rank > other else "draw"] += 1
            points["new"] += m.outcome.scores[new]
            points["old"] += m.outcome.scores[names.index("old")]
            tally(names, m, stats)
        played = record["win"] + record["draw"] + record["loss"]
        print(
            f"{seats} seats, {matches} seeds ({played} with one bot per alliance): "
            f"new greedy {record['win']} wins, {record['draw']} draws, {record['loss']} losses;"
            f" mean points new {points['new'] / max(played, 1):.1f}, "
            f"old {points['old'] / max(played, 1):.1f}"
        )
        for n in BOTS:
            s = stats[n]
            print(
                f"  {n}: distinct builds {len(s['builds'])}, per match: passes "
                f"{s['passes'] / max(played, 1):.2f} (kiss {s['kiss passes'] / max(played, 1):.2f}),"
                f" assist points {s['assist points'] / max(played, 1):.1f}, hopeless steps "
                f"{s['hopeless'] / max(played, 1):.2f}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
