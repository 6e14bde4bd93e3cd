"""The 7x7 arena (board.py): squares ``row * 7 + col``, row 0 on the north edge,
col 0 on the west edge. ``step`` and ``line_to`` look up tables made at import
from ``_step`` and ``_line``; these tests check those too, so a change to them is
seen (the tables were made before any test runs)."""

import pytest

from engine.games.aimbots import board
from engine.games.aimbots.board import DIRS, line_to, sq, step

MOVES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def expected_step(square, d):
    col, row = square % 7 + MOVES[d][0], square // 7 + MOVES[d][1]
    return row * 7 + col if 0 <= col < 7 and 0 <= row < 7 else None


def expected_line(a, b):
    (ac, ar), (bc, br) = (a % 7, a // 7), (b % 7, b // 7)
    if a == b or (ac != bc and ar != br):
        return None
    for d in DIRS:
        for n in range(1, 7):
            if (ac + n * MOVES[d][0], ar + n * MOVES[d][1]) == (bc, br):
                return d, n
    raise AssertionError((a, b))


@pytest.mark.parametrize("make", [step, board._step])
def test_a_step_goes_one_square_over_and_none_off_the_edge(make):
    for square in range(49):
        for d in DIRS:
            assert make(square, d) == expected_step(square, d), (square, d)
    assert make(sq(0, 0), "N") is None and make(sq(6, 6), "E") is None
    assert make(sq(3, 3), "N") == sq(3, 2) and make(sq(3, 3), "W") == sq(2, 3)


@pytest.mark.parametrize("make", [line_to, board._line])
def test_a_straight_line_gives_its_direction_and_length_and_nothing_else_does(make):
    for a in range(49):
        for b in range(49):
            assert make(a, b) == expected_line(a, b), (a, b)
    assert make(sq(3, 5), sq(3, 3)) == ("N", 2) and make(sq(0, 0), sq(6, 0)) == ("E", 6)
    assert make(sq(1, 1), sq(2, 2)) is None and make(sq(4, 4), sq(4, 4)) is None
