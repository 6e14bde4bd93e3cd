"""Starter bot for aimbots: plays a random legal action at every decision.

Run it locally against a built-in bot:

    scrimmage play aimbots engine/games/aimbots/starter.py random

Aimbots asks several kinds of decision; request.prompt says which:
"draft" (claim a card with a die), "load cores" (hide your power cores under your
robots: secret until revealed), "place" (put a robot in your zone, facing a side),
"plate" (armor a side face), "order" (your Hacker hit: plate or twist first)
and "turn" (use energy: attack, pivot, boost, pick up, or {"do": "end"} to end
your turn). Every action is a small object such as
{"do": "place", "bot": 3, "sq": 12, "north": 5}; request.legal lists them all, so
a bot only has to choose. request.view is the arena as your seat sees it (other
seats' hidden cores are not in it); request.events are the events since your last
decision (dice rolled, attacks, robots destroyed, ...). See the game's RULES.md.
"""

import random

from scrimmage_bot import Bot, run


class StarterBot(Bot):
    name = "aimbots starter"

    def start(self, match):
        self.seat = match.seat  # keep whatever you need across the match

    def decide(self, request):
        # Improve me: look at request.view["bots"], prefer attacks that destroy a
        # robot, keep energy for pivots, end the turn when nothing good is left.
        return random.choice(request.legal) if request.legal else request.default


if __name__ == "__main__":
    run(StarterBot())
