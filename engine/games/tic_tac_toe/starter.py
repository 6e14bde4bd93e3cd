"""Starter bot for tic_tac_toe: plays a random legal move.

Run it locally against a built-in bot:

    scrimmage play tic_tac_toe engine/games/tic_tac_toe/starter.py greedy

The board is 9 cells, row by row; an action is the index (0-8) of an empty cell.
request.view is {"board": [...9 cells: -1 empty, else the seat that marked it],
"to_move": seat, "you": your seat}. Seat 0 plays first.
"""

import random

from scrimmage_bot import run  # in the sandbox the SDK is on the import path


def decide(request):
    # request.legal lists every legal action: here, the empty cells.
    # Improve me: win if you can, block the opponent's three in a row, take the centre.
    return random.choice(request.legal)


if __name__ == "__main__":
    run(decide, name="tic-tac-toe starter")
