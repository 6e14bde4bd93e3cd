"""How the events change the state (fold.py): each rule's bookkeeping."""

from dataclasses import replace

import pytest
from aimbots_helpers import make_bot, make_state, play

from engine.events import Event
from engine.game import Seat
from engine.games.aimbots import GAME
from engine.games.aimbots.board import sq
from engine.games.aimbots.dice import east_for
from engine.games.aimbots.draft import ORDERS
from engine.games.aimbots.fold import fold
from engine.runner import Match
from tests.engine.games.loaded_dice import LoadedDice


@pytest.mark.parametrize("seats, target", [(2, 7), (3, 5), (4, 5)])
def test_the_seat_count_sets_the_core_target_and_the_option_the_rounds(seats, target):
    match = Match.begin(GAME, [Seat("random")] * seats, 1, {"turn_limit": 12})
    state = match.state
    assert (state.seats, state.target, state.turn_limit) == (seats, target, 12)
    dice = 7 if seats == 2 else 5
    assert [len(r) for r in state.rolls] == [dice] * seats
    assert state.spent == ((False,) * dice,) * seats
    assert state.loaded == (False,) * seats and state.hands == ((),) * seats
    assert state.cores == (0,) * seats and state.phase == "draft"


def test_turn_order_runs_up_the_seats_from_the_first_player_who_drafts_one_die():
    state = Match.begin(GAME, [Seat("random")] * 4, 1).state
    state = fold(state, [Event("FirstPlayer", {"seat": 2, "totals": None, "tied": [2]})])
    assert state.order == (2, 3, 0, 1)
    state = fold(state, [Event("MarketDealt", {"cards": ["Jet", "Scout"]})])
    assert state.market == ("Jet", "Scout") and state.claims == (-1, -1)
    assert (state.draft_step, state.draft_left) == (0, 1)


def test_a_wild_die_shows_six_and_a_placed_die_is_spent_and_claims_its_card():
    state = Match.begin(GAME, [Seat("random")] * 2, 1).state
    rolled = state.rolls[1]
    state = fold(state, [Event("MarketDealt", {"cards": ["Jet", "Scout", "Turret", "Narwhal"]})])
    state = fold(state, [Event("DieWilded", {"seat": 1, "die": 2})])
    assert state.rolls[1] == rolled[:2] + (6,) + rolled[3:] and state.rolls[0] != (6,) * 7
    placed = {"seat": 1, "die": 2, "card": 3, "value": 6, "program": "Narwhal", "bot": 0}
    state = fold(state, [Event("DiePlaced", placed)])
    assert state.spent[1] == (False, False, True) + (False,) * 4
    assert state.claims == (-1, -1, -1, 1)
    assert [(b.id, b.owner, b.program, b.top) for b in state.bots] == [(0, 1, "Narwhal", 2)]


def test_the_first_game_lineups_skip_the_draft_and_keep_each_programs_armor():
    state = Match.begin(GAME, [Seat("random")] * 2, 1, {"first_game": True}).state
    assert state.phase == "load"
    assert state.rolls == state.spent == ((), ())  # no draft dice rolled
    assert GAME.view(state, 0)["rolls"] == [[], []]
    assert [(b.id, b.owner, b.program, b.top) for b in state.bots[:3]] == [
        (0, 0, "Turret", 2),
        (1, 0, "Turret", 2),
        (2, 0, "Turtle", 5),
    ]


def test_cores_go_to_a_seats_bots_in_id_order_and_placing_waits_for_every_seat():
    state = Match.begin(GAME, [Seat("random")] * 3, 1, {"first_game": True}).state
    state = fold(state, [Event("CoresLoaded", {"seat": 1, "cores": [3, 1, 2]})])
    assert [b.core for b in state.bots] == [0, 0, 0, 3, 1, 2, 0, 0, 0]
    assert state.loaded == (False, True, False) and state.phase == "load"
    state = fold(state, [Event("CoresLoaded", {"seat": 0, "cores": [1, 2, 3]})])
    state = fold(state, [Event("CoresLoaded", {"seat": 2, "cores": [2, 3, 1]})])
    assert state.phase == "place" and [b.core for b in state.bots][6:] == [2, 3, 1]


def test_combat_dice_leave_the_draft_dice_alone():
    attacker = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    defender = make_bot(1, 1, "Jack", 3, 1, sq(4, 3))
    state = make_state([attacker, defender], rolls=((1, 2), (3, 4)), spent=((True,) * 2,) * 2)
    events, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[1, 1, 6, 6])
    assert "DiceRolled" in [e.type for e in events]
    assert after.rolls == ((1, 2), (3, 4)) and after.spent == state.spent


def test_a_new_turn_refills_the_energy_and_clears_the_last_turns_marks():
    bots = [make_bot(0, 0, "Scout", 1, 2, sq(3, 3)), make_bot(1, 1, "Jack", 3, 1, sq(0, 0))]
    state = replace(make_state(bots), attacked=True, aim=2, free_pivots=(0,), turns=5, energy=0)
    after = fold(state, [Event("TurnStarted", {"seat": 1, "round": 3, "energy": 3})])
    assert (after.phase, after.active, after.round, after.energy) == ("play", 1, 3, 3)
    assert (after.attacked, after.aim, after.free_pivots, after.turns) == (False, 0, (), 6)


def test_only_a_free_pivot_is_marked_as_taken():
    scout = make_bot(0, 0, "Scout", 1, 2, sq(3, 3))
    jack = make_bot(1, 0, "Jack", 3, 1, sq(0, 0))
    state = make_state([scout, jack])
    _, state = play(state, {"do": "pivot", "bot": 1, "turn": "cw"})
    assert state.free_pivots == () and state.energy == 2
    _, state = play(state, {"do": "pivot", "bot": 0, "turn": "cw"})
    assert state.free_pivots == (0,) and state.energy == 2
    _, state = play(state, {"do": "pivot", "bot": 0, "turn": "ccw"})
    assert state.free_pivots == (0,) and state.energy == 1


def test_targeting_adds_to_the_next_attack_only():
    attacker = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    defender = make_bot(1, 1, "Jack", 3, 1, sq(4, 3))
    targeting = ("targeting", "targeting")
    state = make_state([attacker, defender], tokens=targeting, hands=((0, 1), ()), energy=5)
    _, state = play(state, {"do": "use", "token": 0})
    _, state = play(state, {"do": "use", "token": 1})
    assert state.aim == 4 and state.hands == ((), ())
    events, state = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[1, 1, 6, 6])
    resolved = next(e for e in events if e.type == "AttackResolved")
    assert resolved.data["attack_total"] == 1 + 1 + 2 + 4  # face 5 against armor 3: +2
    assert state.aim == 0 and state.energy == 3


def test_a_repair_takes_off_the_chosen_plate_only():
    bot = make_bot(0, 0, "Jack", 3, 1, sq(3, 3), plates=(2, 5))
    foe = make_bot(1, 1, "Jack", 3, 1, sq(0, 0), plates=(5,))
    state = make_state([bot, foe], tokens=("repair",), hands=((0,), ()))
    _, after = play(state, {"do": "use", "token": 0, "bot": 0, "face": 5})
    assert after.bots[0].plates == (2,) and after.bots[1].plates == (5,)
    assert after.energy == 3


def test_a_pick_up_takes_the_token_under_the_bot_only():
    bot = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    board = ((sq(1, 3), 0), (sq(3, 3), 1), (sq(5, 3), 2))
    state = make_state([bot], tokens=("core1",) * 3, board_scrap=board, hands=((), (4,)))
    _, after = play(state, {"do": "pickup", "bot": 0})
    assert after.board_scrap == ((sq(1, 3), 0), (sq(5, 3), 2))
    assert after.hands == ((1,), (4,)) and after.energy == 1


def test_the_match_ends_saying_why():
    state = make_state([make_bot(0, 0, "Jack", 3, 1, sq(3, 3))], cores=(5, 0))
    state = replace(state, tokens=("core3",), hands=((0,), ()))
    _, won = play(state, {"do": "use", "token": 0})
    assert (won.phase, won.winner, won.reason) == ("over", 0, "seat 0 collected 8 power cores")
    timed = fold(state, [Event("TimeUp", {"rounds": 12})])
    assert (timed.phase, timed.winner, timed.reason) == (
        "over",
        -1,
        "turn limit of 12 rounds reached",
    )


def test_destroying_the_last_enemy_bot_wins_and_the_core_target_comes_first():
    """The attacking seat wins either way (Golden Rule): the core target, reached
    first, is the reason given; otherwise the last team standing."""
    attacker = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    last = make_bot(1, 1, "Jack", 3, 1, sq(4, 3), plates=(1, 6), core=3)
    state = make_state([attacker, last], pile=())
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert (after.phase, after.winner, after.reason) == (
        "over",
        0,
        "only one team has bots left",
    )
    assert after.cores == (3, 0) and after.bots[1].sq == -1 and not after.bots[1].alive
    _, after = play(
        replace(state, cores=(4, 0)), {"do": "attack", "bot": 0, "target": 1}, [6, 6, 1, 1]
    )
    assert (after.winner, after.reason) == (0, "seat 0 collected 7 power cores")


def test_a_destruction_that_leaves_two_teams_plays_on():
    bots = [make_bot(i, i, "Jack", 3, 1, sq(i, 0)) for i in range(3)]
    bots[1] = make_bot(1, 1, "Jack", 3, 1, sq(1, 1), plates=(1, 5), core=1)
    bots[0] = make_bot(0, 0, "Jack", 3, 1, sq(1, 2))
    state = make_state(bots, seats=3, pile=(4,), tokens=("core1",) * 5)
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert after.phase == "play" and after.winner == -1 and after.cores == (1, 0, 0)
    assert after.board_scrap == ((sq(1, 1), 4),) and after.pile == ()


def test_a_destroyed_robot_shows_as_destroyed_in_every_view(game):
    attacker = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    doomed = make_bot(1, 1, "Jack", 3, 1, sq(4, 3), plates=(1, 6), core=2)
    other = make_bot(2, 1, "Jack", 3, 1, sq(0, 0))
    state = make_state([attacker, doomed, other], pile=())
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    for seat in (0, 1, None):
        shown = game.view(after, seat)["bots"][1]
        assert (shown["alive"], shown["sq"], shown["core"]) == (False, -1, 2)


def test_the_draft_ends_with_every_step_of_its_order_done():
    """Set-up step 3: once the order's last die is placed the draft is over, and the
    view's draft step stands past the last step with no die left to place."""
    steps = ORDERS[2]
    state = Match.begin(GAME, [Seat("random")] * 2, 1).state
    last = len(steps) - 1
    state = replace(
        state,
        order=(0, 1),
        market=("Jet",) * 10,
        claims=(-1,) * 10,
        draft_step=last,
        draft_left=steps[last][1],
    )
    after = fold(state, [Event("DiePlaced", {"seat": 1, "die": 0, "card": 9, "bot": 0})])
    assert after.phase == "load"
    assert (after.draft_step, after.draft_left) == (len(steps), 0)
    view = GAME.view(after, 0)
    assert (view["draft_step"], view["draft_left"]) == (len(steps), 0)


def hacker_hit():
    """A Hacker's hit on an unplated Jack, waiting for the attacker to order it."""
    hacker = make_bot(0, 0, "Hacker", 4, 2, sq(2, 3))  # its east face: 6
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3))
    state = make_state([hacker, victim])
    assert hacker.east == 6
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert (after.phase, after.order_bot, after.order_dir) == ("order", 1, "E")
    return victim, after


@pytest.mark.parametrize("first", ["plate", "twist"])
def test_an_ordered_hacker_hit_turns_the_robot_a_quarter_clockwise_and_leaves_nothing_to_order(
    first, game
):
    """A Hacker's hit turns the defender 90° clockwise (its west face comes round to
    the north, its north face to the east); once the attacker has ordered it, play
    goes on with no hit waiting to be ordered, as before the attack."""
    victim, after = hacker_hit()
    _, ordered = play(after, {"do": "order", "first": first})
    turned = ordered.bots[1]
    assert (turned.north, turned.east) == (7 - victim.east, victim.north)
    assert (ordered.phase, ordered.order_bot, ordered.order_dir) == ("play", -1, "")
    view = game.view(ordered, 0)
    assert (view["order_bot"], view["order_dir"], view["plate_bot"]) == (-1, "", -1)


def test_placing_goes_round_the_turn_order_a_seat_placing_all_its_robots_first(game):
    """Set-up step 6: in turn order, each seat places all its robots, lowest id first,
    choosing the side value that points north (which fixes the facing)."""
    state = Match.begin(GAME, [Seat("random")] * 3, 1, {"first_game": True}).state
    state = replace(state, phase="place", order=(1, 2, 0), loaded=(True,) * 3)
    for bot in (3, 4, 5):  # seat 1's robots
        (decision,) = game.pending(state)
        assert decision.seat == 1 and decision.legal[0]["bot"] == bot
        chosen = decision.legal[-1]  # the last square, the last facing
        state = fold(state, game.resolve(state, {1: chosen}, LoadedDice([])))
        placed, north = state.bots[bot], chosen["north"]
        assert placed.sq == chosen["sq"]
        assert (placed.north, placed.east) == (north, east_for(placed.top, north))
    assert state.placing == 1 and game.view(state, None)["placing"] == 1
    (decision,) = game.pending(state)
    assert decision.seat == 2 and decision.legal[0]["bot"] == 6


def test_the_defenders_chosen_plate_ends_the_choice_and_play_goes_on(game):
    """Hit: when the face that looks at the attacker is plated already, the defender's
    seat chooses another side face, in the middle of the attacker's turn; once it has,
    the attacker's turn goes on and no seat is left to choose."""
    attacker = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    defender = make_bot(1, 1, "Jack", 3, 1, sq(4, 3), plates=(2,))  # west face 2 plated
    state = make_state([attacker, defender])
    _, choosing = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert (choosing.phase, choosing.plate_bot) == ("plate", 1)
    _, after = play(choosing, {"do": "plate", "face": 5}, seat=1)
    assert after.bots[1].plates == (2, 5)
    assert (after.phase, after.plate_bot, after.active, after.energy) == ("play", -1, 0, 1)
    assert game.view(after, 1)["plate_bot"] == -1
