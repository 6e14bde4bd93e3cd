"""Starter bot for aerial_assault: a random card at each draft, the default
action everywhere else.

Run it locally against a built-in bot:

    scrimmage play aerial_assault engine/games/aerial_assault/starter.py random

Aerial Assault asks two kinds of decision (request.prompt says which):

- the open ones: the draft of special cards ("draft a special card for robot
  N") and, after a card play is revealed, each blocking robot naming its target
  ("robot N: name the robot its block targets"): the legal answers are listed in
  request.legal, so pick one;
- the secret ones ("build your robot(s)", "program the autonomous round",
  "round R, card play P"): there are too many actions to list, so request.legal
  is None and you build the action yourself. A seat that drives several robots
  answers with a list holding one entry per robot, in robot order.
  request.default is always a legal action of the right shape: start from it,
  and read the game's RULES.md for every field. An action the rules refuse is
  recorded as ActionRejected and the default is played instead.

request.view shows the field, the balls and the robots; your own robots' entries
also hold their "hand" and "specials". print(request.view) once to explore it
(print goes to stderr, which `scrimmage play` shows after the match).
"""

import random

from scrimmage_bot import run


def decide(request):
    if request.legal:  # a listed decision: any entry is legal
        return random.choice(request.legal)
    # Improve me: build a better robot, program a smarter autonomous round, play
    # the card that scores. The default is the safe, legal choice.
    return request.default


if __name__ == "__main__":
    run(decide, name="aerial assault starter")
