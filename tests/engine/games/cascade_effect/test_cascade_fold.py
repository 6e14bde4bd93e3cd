"""How each event changes the state (``fold.py``), as a replay shows it event by
event: the view after each event of a turn says which step is under way, what
was declared and at what, and the die (RULES.md "A turn", "Views and the log")."""

from __future__ import annotations

from ce_helpers import N, act, position, put, sq
from test_cascade_rules import setup_events

from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.fold import initial
from engine.games.cascade_effect.view import view

SHOWN = ("step", "declared", "declared_target", "die", "active", "extra_turn")


def shown_after_each(state, events):
    """The view's turn fields after each event, folded one at a time."""
    out = []
    for event in events:
        state = GAME.evolve(state, event)
        shown = view(state, None)
        out.append((event.type, tuple(shown[k] for k in SHOWN)))
    return out


def test_a_replay_shows_the_declaration_and_its_target_until_the_roll_ends_the_turn():
    """End game: red 1 on the start of its bridge declares the climb to (1,1) and
    rolls a 4; then blue 1's turn starts with nothing declared."""
    state = put(position(round_=20), 0, sq(1, 2), N)
    _, events = act(state, {"do": "climb", "to": sq(1, 1)}, [4])
    assert shown_after_each(state, events) == [
        ("Declared", ("roll", "climb", sq(1, 1), 0, 0, False)),
        ("Rolled", ("", "climb", sq(1, 1), 4, 0, False)),
        ("Climbed", ("", "climb", sq(1, 1), 4, 0, False)),
        ("TurnEnded", ("", "climb", sq(1, 1), 4, 0, False)),
        ("TurnStarted", ("declare", "", -1, 0, 1, False)),
    ]


def test_a_replay_shows_the_move_step_after_a_move_roll_and_no_step_once_the_turn_ended():
    state = position()
    after, events = act(state, {"do": "move"}, [2])
    assert shown_after_each(state, events) == [
        ("Declared", ("roll", "move", -1, 0, 0, False)),
        ("Rolled", ("move", "move", -1, 2, 0, False)),
    ]
    stay = {"do": "move", "to": after.robots[0].sq, "facing": after.robots[0].facing}
    _, events = act(after, stay)
    assert shown_after_each(after, events) == [
        ("Moved", ("move", "move", -1, 2, 0, False)),
        ("TurnEnded", ("", "move", -1, 2, 0, False)),
        ("TurnStarted", ("declare", "", -1, 0, 1, False)),
    ]


def test_a_6_rolled_to_move_leaves_no_move_step():
    """A 6, whatever was declared, draws a card and ends the turn: no move."""
    state = position()
    _, events = act(state, {"do": "move"}, [6])
    assert shown_after_each(state, events)[:2] == [
        ("Declared", ("roll", "move", -1, 0, 0, False)),
        ("Rolled", ("", "move", -1, 6, 0, False)),
    ]


def test_the_structure_has_no_position_until_a_1_2_or_3_is_rolled():
    """Set-up rule 1: "Roll a die until it shows 1, 2 or 3; the structure goes in
    that position": after a 4 and a 5 a replay shows no structure yet."""
    state = initial({"seats": [{"bot": "x"}] * 4})
    positions = []
    for event in setup_events([4, 5, 2]):
        state = GAME.evolve(state, event)
        if event.type == "CentreRoll":
            positions.append((event.data["die"], view(state, None)["field"]["structure"]))
    assert positions == [(4, []), (5, []), (2, [sq(3, 3), sq(4, 3)])]
