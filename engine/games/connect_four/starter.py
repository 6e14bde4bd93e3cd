"""Starter bot for connect_four: drops a disc in a random column that is not full.

Run it locally against a built-in bot:

    scrimmage play connect_four engine/games/connect_four/starter.py random

An action is a column number (0 on the left). request.view holds the board (its
cells row by row from the bottom, -1 empty, else the seat whose disc it is) and
whose turn it is; print(request.view) once to see every field (print goes to your
bot's stderr, which `scrimmage play` shows after the match).
"""

import random

from scrimmage_bot import run


def decide(request):
    # request.legal lists the columns that still have room.
    # Improve me: complete your own four, block the opponent's, prefer the centre.
    return random.choice(request.legal)


if __name__ == "__main__":
    run(decide, name="connect-four starter")
