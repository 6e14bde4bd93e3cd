"""Starter bot for powerball: a random program every turn, the listed default
everywhere else.

Run it locally against a built-in bot:

    scrimmage play powerball engine/games/powerball/starter.py random

Powerball asks a few kinds of decision; request.prompt says which:

- "program" (every turn, secret): there are too many programs to list, so
  request.legal is None and you build the action yourself:
  {"cards": [...], "power_down": false, "pickup": true}. Your own robot in
  request.view["robots"][your seat] shows your "hand" (cards named by their
  priority) and "program_size" (how many cards to play, one per unlocked
  register, in register order). A program may add orders for the robot's
  options ("armour", "brakes", "flywheel", "pairs", "park"; see RULES.md).
- "fire" (fire the laser, throw a ball, use an option), "respawn facing" (with
  the option a destroyed robot loses), "trade", "buzz bomb", and the yes/no
  prompts of some options ("recompile", "swap", "abort"): request.legal lists
  every legal action, the default first.

An action the rules refuse is recorded as ActionRejected and the default is
played instead. The card kinds by priority, the floor and every rule are in
engine/games/powerball/RULES.md; print(request.view) once to explore it.
"""

import random

from scrimmage_bot import Bot, run


class StarterBot(Bot):
    name = "powerball starter"

    def start(self, match):
        self.seat = match.seat

    def decide(self, request):
        if request.legal:  # a listed decision: any entry is legal
            return random.choice(request.legal)
        me = request.view["robots"][self.seat]
        # Improve me: play the cards that carry a ball to a pit and face it.
        cards = random.sample(me["hand"], me["program_size"])
        return {"cards": cards, "power_down": False, "pickup": True}


if __name__ == "__main__":
    run(StarterBot())
