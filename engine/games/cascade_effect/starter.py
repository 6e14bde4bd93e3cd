"""Starter bot for cascade_effect: rolls for points when it may, else plays a
random legal action.

Run it locally against a built-in bot:

    scrimmage play cascade_effect engine/games/cascade_effect/starter.py random

Cascade Effect asks three kinds of decision; request.prompt says which:
"place" (start a robot on its ramp or in its parking zone: {"do": "place",
"sq": 0, "facing": 2}), "declare" (what the robot rolls for before the die is
rolled: {"do": "move"}, {"do": "attach", "goal": 2}, {"do": "kickstand",
"stand": 0}, {"do": "score"}, {"do": "climb", "to": 1}, {"do": "park", "to": 30},
{"do": "align"}, {"do": "centre"} or {"do": "detach", "to": S}) and "move" (after a roll
to move, or a missed action roll: a square and a facing the die can reach,
{"do": "move", "to": 14, "facing": 1}). request.legal lists every legal action.
Squares are row * 6 + col, row 0 the north edge; facings 0-3 are N, E, S, W.
request.view shows the whole field (request.view["robots"], ["goals"],
["field"], ["score"]); only the Cascade deck's order is hidden. In the 3-seat
game seat 0 drives both red robots: request.view["active"] says which one is
moving. See the game's RULES.md.
"""

import random

from scrimmage_bot import Bot, run

#: declarations worth trying whenever they are legal, best first
PREFERRED = ("centre", "score", "park", "climb", "attach", "kickstand", "align")


class StarterBot(Bot):
    name = "cascade_effect starter"

    def decide(self, request):
        legal = request.legal
        if request.prompt == "declare":
            for kind in PREFERRED:
                for action in legal:
                    if action["do"] == kind:
                        return action
        # Improve me: drive towards your best rolling goal, a kickstand, or
        # (in the end game) your parking zone instead of wandering.
        return random.choice(legal) if legal else request.default


if __name__ == "__main__":
    run(StarterBot())
