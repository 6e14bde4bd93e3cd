"""Hostile: answers with actions that are well-formed but illegal."""

from scrimmage_bot import run

ILLEGAL = [99, "centre", None, {"cell": 4}, [4]]
step = [0]


def decide(request):
    action = ILLEGAL[step[0] % len(ILLEGAL)]
    step[0] += 1
    return action


run(decide, name="cheater")
