"""The factory floor (``board.py``, RULES.md "The factory floor"): a floor is data,
read from its JSON file. Each test parses the floor afresh, as a new floor file
would be."""

from __future__ import annotations

import json

import pytest
from powerball_helpers import E, N, S, W, custom_floor, sq

from engine.games.powerball import GAME, board
from engine.games.powerball.board import FLOORS, floor, floor_names, parse_floor


def arena():
    return parse_floor(json.loads((FLOORS / "arena.json").read_text()))


def turned(square: int) -> int:
    """``square`` after a quarter turn clockwise about the centre of a 12x12 floor."""
    x, y = square % 12, square // 12
    return sq(11 - y, x)


def test_the_arena_has_the_documented_elements():
    f = arena()
    assert (f.name, f.title, f.size) == ("arena", "Powerball Arena", 12)
    rows = [[divmod(s, 12) for s in f.spawns[i : i + 4]] for i in range(0, 20, 4)]
    assert all(y == 0 for y, _ in rows[0])  # 1-4 along the north wall
    assert all(x == 11 for _, x in rows[1])  # 5-8 east
    assert all(y == 11 for y, _ in rows[2])  # 9-12 south
    assert all(x == 0 for _, x in rows[3])  # 13-16 west
    assert set(f.spawns[16:]) == {sq(5, 5), sq(6, 5), sq(5, 6), sq(6, 6)}  # the centre
    assert len(f.pits) == 4 and len(f.gears) == 8 and len(f.lasers) == 4
    assert [arrow for _, arrow in f.flags] == [E, S, W, N]  # clockwise along the floor
    assert f.flags[0][0] == sq(2, 2)  # flag 1 in the north-west
    assert [(number, double) for number, _, double in f.wrenches] == [
        (1, False),
        (2, True),
        (3, False),
        (4, True),
    ]
    registers = sorted(r for _, r in f.pushers.values())
    assert registers == [(1, 3, 5), (1, 3, 5), (2, 4), (2, 4)]


def test_the_arena_is_the_same_floor_after_a_quarter_turn():
    """So that no flag, and no seat, starts better placed."""
    f = arena()
    for i in range(16):  # the spawn squares along the walls, then the centre
        assert f.spawns[(i + 4) % 16] == turned(f.spawns[i])
    assert {turned(s) for s in f.spawns[16:]} == set(f.spawns[16:])
    for i in range(4):
        (here, arrow), (there, next_arrow) = f.flags[i], f.flags[(i + 1) % 4]
        assert there == turned(here) and next_arrow == (arrow + 1) % 4
        assert f.wrenches[(i + 1) % 4][1] == turned(f.wrenches[i][1])
    assert {turned(p) for p in f.pits} == f.pits
    assert {turned(s): (d + 1) % 4 for s, (d, _) in f.belts.items()} == {
        s: d for s, (d, _) in f.belts.items()
    }
    assert {turned(s): t for s, t in f.gears.items()} == f.gears
    assert {turned(s): (d + 1) % 4 for s, (d, _) in f.pushers.items()} == {
        s: d for s, (d, _) in f.pushers.items()
    }
    assert {(turned(s), (d + 1) % 4, b) for s, d, b in f.lasers} == set(f.lasers)
    assert {(turned(s), (d + 1) % 4) for s, d in f.walls} == f.walls


def test_a_wall_blocks_both_ways_and_the_perimeter_blocks_all_round():
    given = [
        ([3, 3], "E"),
        ([0, 0], "S"),
        ([4, 4], "N"),
        ([0, 5], "W"),
        ([11, 5], "E"),
        ([5, 0], "N"),
        ([5, 11], "S"),
        ([11, 11], "W"),
        ([7, 0], "S"),
        ([6, 1], "N"),
    ]
    f = custom_floor(walls=[{"at": at, "side": side} for at, side in given])
    listed = [(sq(*at), "NESW".index(side)) for at, side in given]
    assert f.wall_list == tuple(listed)
    mirrors = {
        (sq(4, 3), W),
        (sq(0, 1), N),
        (sq(4, 3), S),
        (sq(10, 11), E),
        (sq(7, 1), N),
        (sq(6, 0), S),
    }
    assert f.walls == set(listed) | mirrors
    for (here, d), (there, back) in [
        ((sq(3, 3), E), (sq(4, 3), W)),
        ((sq(7, 0), S), (sq(7, 1), N)),
    ]:
        assert f.open_edge(here, d) is None and f.open_edge(there, back) is None
    assert f.open_edge(sq(3, 3), S) == sq(3, 4)


def test_a_step_reaches_every_edge_square_and_none_past_it():
    f = custom_floor()
    assert f.step(sq(1, 5), W) == sq(0, 5) and f.step(sq(5, 1), N) == sq(5, 0)
    assert f.step(sq(10, 5), E) == sq(11, 5) and f.step(sq(5, 10), S) == sq(5, 11)
    for here, d in ((sq(0, 5), W), (sq(5, 0), N), (sq(11, 5), E), (sq(5, 11), S)):
        assert f.step(here, d) is None and f.open_edge(here, d) is None
    assert f.open_edge(sq(1, 5), W) == sq(0, 5) and f.open_edge(sq(10, 5), E) == sq(11, 5)


def test_a_line_of_sight_runs_square_by_square_up_to_the_first_wall():
    f = custom_floor(walls=[{"at": [3, 3], "side": "E"}])
    assert f.sights[sq(0, 3) * 4 + E] == (sq(1, 3), sq(2, 3), sq(3, 3))
    assert f.sights[sq(3, 3) * 4 + E] == () and f.sights[sq(0, 0) * 4 + N] == ()
    assert f.sights[sq(5, 9) * 4 + S] == (sq(5, 10), sq(5, 11))
    # every line is the open edges followed one by one, on the arena too
    for g in (f, arena()):
        for here in range(g.size * g.size):
            for d in range(4):
                walked, at = [], g.open_edge(here, d)
                while at is not None:
                    walked.append(at)
                    at = g.open_edge(at, d)
                assert g.sights[here * 4 + d] == tuple(walked)


def test_a_line_of_sight_stops_at_the_side_of_the_floor_whatever_the_exits_say():
    # exits that loop (square 0 east leads back to square 0): a wrong table, as a
    # bad floor file or a mutant would make, ends the walk at size - 1 squares
    looping = (None, 0, None, None) * 9
    assert board._sight(looping, 3, 0, E) == (0, 0)


def test_a_square_off_the_floor_is_refused():
    for at in ([12, 0], [0, 12], [-1, 3], [3, -1]):
        with pytest.raises(ValueError) as refused:
            custom_floor(pits=[at])
        assert str(refused.value) == f"square {at} is off a 12x12 floor"


def test_wrenches_and_flags_take_their_numbers_whatever_their_order_in_the_file():
    f = custom_floor(
        wrenches=[
            {"number": 2, "at": [1, 1], "double": 1},
            {"number": 1, "at": [2, 1], "double": 0},
        ],
        flags=[
            {"number": 2, "at": [9, 2], "arrow": "S"},
            {"number": 1, "at": [2, 2], "arrow": "E"},
        ],
    )
    assert f.wrenches == ((1, sq(2, 1), False), (2, sq(1, 1), True))
    assert f.flags == ((sq(2, 2), E), (sq(9, 2), S))


def test_flag_at_numbers_the_flags_from_1_and_is_0_off_them():
    f = arena()
    assert [f.flag_at(s) for s, _ in f.flags] == [1, 2, 3, 4]
    assert f.flag_at(sq(0, 0)) == 0 and f.flag_at(sq(6, 6)) == 0


def test_the_floors_on_offer_are_the_files_in_the_floors_folder():
    assert floor_names() == ("arena",) == GAME.options["floor"].choices
    assert floor("arena").name == "arena"
    with pytest.raises(ValueError, match="no factory floor 'nowhere'"):
        floor("nowhere")
