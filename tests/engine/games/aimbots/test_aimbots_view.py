"""What a seat sees (RULES.md "Hidden information"): every public part of the state,
its own cores and hand, only the count of others' hands, never a face-down kind."""

from dataclasses import replace

from aimbots_helpers import make_bot, make_state

from engine.games.aimbots.board import sq


def mid_match():
    """A turn of seat 1 in round 2, with the draft's record kept and one bot lost."""
    bots = [
        make_bot(0, 0, "Turret", 2, 1, sq(3, 1), plates=(3,), core=2),  # N 1, E 3
        make_bot(1, 1, "Jack", 3, 1, sq(5, 1), core=3),  # N 1, E 5
        replace(make_bot(2, 1, "Hacker", 4, 1, -1, core=1), alive=False),
    ]
    state = make_state(
        bots,
        tokens=("core1", "repair", "targeting", "core2", "overcharge"),
        board_scrap=((sq(1, 3), 3), (sq(5, 3), 4)),
        pile=(0,),
        hands=((1,), (2,)),
        cores=(1, 4),
    )
    return replace(
        state,
        order=(1, 0),
        rolls=((6, 2), (3, 3)),
        spent=((True, False), (True, True)),
        market=("Jet", "Scout", "Turret", "Narwhal"),
        claims=(-1, -1, 0, 1),
        draft_step=6,
        draft_left=1,
        loaded=(True, True),
        placing=2,
        active=1,
        energy=2,
        attacked=True,
        aim=2,
        free_pivots=(1,),
        round=2,
        turns=4,
        plate_bot=0,
        order_bot=1,
        order_dir="W",
        winner=1,
        reason="why",
    )


def public_part(you):
    return {
        "you": you,
        "seats": 2,
        "phase": "play",
        "target": 7,
        "turn_limit": 40,
        "order": [1, 0],
        "rolls": [[6, 2], [3, 3]],
        "spent": [[True, False], [True, True]],
        "market": ["Jet", "Scout", "Turret", "Narwhal"],
        "claims": [-1, -1, 0, 1],
        "draft_step": 6,
        "draft_left": 1,
        "loaded": [True, True],
        "placing": 2,
        "turns": 4,
        "board_scrap": [sq(1, 3), sq(5, 3)],  # where tokens lie, not which
        "pile": 1,  # how many are left
        "cores": [1, 4],
        "active": 1,
        "energy": 2,
        "attacked": True,
        "aim": 2,
        "free_pivots": [1],
        "round": 2,
        "plate_bot": 0,
        "order_bot": 1,
        "order_dir": "W",
        "winner": 1,
        "reason": "why",
        # 2 players: the middle five squares of the south and north edges, the scrap
        # spaces across the middle row
        "zones": [[sq(c, 6) for c in range(1, 6)], [sq(c, 0) for c in range(1, 6)]],
        "edges": ["S", "N"],
        "scrap_spaces": [sq(1, 3), sq(3, 3), sq(5, 3)],
    }


def bot(id, owner, program, top, east, square, plates, core, alive, reach):
    return {
        "id": id,
        "owner": owner,
        "program": program,
        "top": top,
        "north": 1,
        "east": east,
        "sq": square,
        "plates": plates,
        "core": core,
        "alive": alive,
        "reach": reach,
    }


def test_a_seat_sees_the_public_state_its_own_cores_and_hand_and_the_destroyed_cores(game):
    view = game.view(mid_match(), 0)
    bots = view.pop("bots")
    hands = view.pop("hands")
    assert view == public_part(0)
    assert bots == [
        bot(0, 0, "Turret", 2, 3, sq(3, 1), [3], 2, True, 3),  # its own core
        bot(1, 1, "Jack", 3, 5, sq(5, 1), [], None, True, 1),  # another seat's: hidden
        bot(2, 1, "Hacker", 4, 2, -1, [], 1, False, 2),  # revealed when destroyed
    ]
    assert hands == [[{"token": 1, "kind": "repair"}], [None]]


def test_a_spectator_sees_no_core_under_a_bot_and_no_held_token(game):
    view = game.view(mid_match(), None)
    assert [b["core"] for b in view.pop("bots")] == [None, None, 1]
    assert view.pop("hands") == [[None], [None]]
    assert view == public_part(None)


def test_the_free_for_all_views_show_every_seats_zone_and_the_five_scrap_spaces(game):
    bots = [make_bot(s, s, "Jack", 3, 1, sq(s, 0)) for s in range(4)]
    view = game.view(make_state(bots, seats=4), 3)
    middle = range(2, 5)
    assert view["zones"] == [
        [sq(c, 6) for c in middle],
        [sq(0, r) for r in middle],
        [sq(c, 0) for c in middle],
        [sq(6, r) for r in middle],
    ]
    assert view["edges"] == ["S", "W", "N", "E"]
    assert view["scrap_spaces"] == [sq(1, 1), sq(5, 1), sq(3, 3), sq(1, 5), sq(5, 5)]
    assert view["hands"] == [[], [], [], []] and view["seats"] == 4 and view["target"] == 5
