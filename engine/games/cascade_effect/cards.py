"""The Cascade Card deck ([reconstructed]: the rulebook names the cards but not
what they say). RULES.md lists every card and why it is in the deck."""

from __future__ import annotations

#: points a penalty card gives the other alliance (rule 11 adds them to its score)
PENALTY_POINTS = {"minor_penalty": 10, "major_penalty": 30}

#: card -> copies in the deck
COPIES = {
    "minor_penalty": 4,  # the alliance drawing it is penalised 10
    "major_penalty": 1,  # ... penalised 30
    "dead_battery": 2,  # the robot drawing it loses its next turn
    "interference": 1,  # the next opposing robot to play loses its turn
    "overdrive": 2,  # the robot drawing it has OVERDRIVE_MOVES more moves next turn
    "bonus_balls": 2,  # 5 cm into the robot's attached goal, once scoring is open
    "kickstand_bump": 1,  # a standing kickstand falls
    "spin_out": 1,  # the robot ends up facing a random direction
    "clean_match": 2,  # no effect
}

#: the deck in a fixed order, shuffled by the match rng at set-up
DECK = tuple(card for card, n in COPIES.items() for _ in range(n))

TITLES = {
    "minor_penalty": "Minor penalty",
    "major_penalty": "Major penalty",
    "dead_battery": "Dead battery",
    "interference": "Interference",
    "overdrive": "Overdrive",
    "bonus_balls": "Bonus balls",
    "kickstand_bump": "Kickstand bump",
    "spin_out": "Spin out",
    "clean_match": "Clean match",
}

BONUS_CM = 5
#: moves an Overdrive card adds to its robot's next turn (on top of the die)
OVERDRIVE_MOVES = 2
