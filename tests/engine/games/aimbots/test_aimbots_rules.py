"""The rules one by one, and the rulebook's worked examples."""

from dataclasses import replace
from functools import partial

import pytest
from aimbots_helpers import make_bot, make_state, play

from engine.games.aimbots.board import sq
from engine.games.aimbots.combat import hit_chance, in_reach, profile, targets, totals
from engine.games.aimbots.dice import orientations, sides
from engine.games.aimbots.moves import booster, play_actions, reachable
from engine.games.aimbots.state import Bot, State
from tests.engine.games.match_checks import Watching


def north_with_east(top, east):
    return next(n for n, e in orientations(top) if e == east)


def north_with(top, direction, value):
    """A north value that makes ``value`` point in ``direction``."""
    for n, e in orientations(top):
        faces = {"N": n, "E": e, "S": 7 - n, "W": 7 - e}
        if faces[direction] == value:
            return n
    raise AssertionError("no such orientation")


# -- booster ------------------------------------------------------------------------------
def test_book_boost_of_four_from_face_opposite_a_three():
    # the 3 face points east; boosting east is powered by the west face, a 4
    bot = make_bot(0, 0, "Scavenger", 1, north_with(1, "E", 3), sq(0, 3))
    state = make_state([bot])
    assert booster(bot, "E") == 4
    assert reachable(state, bot, "E") == 4
    boosts = [a["steps"] for a in play_actions(state) if a["do"] == "boost" and a["dir"] == "E"]
    assert boosts == [1, 2, 3, 4]  # may stop early


def test_plated_booster_face_moves_one():
    bot = make_bot(0, 0, "Scavenger", 1, north_with(1, "W", 4), sq(0, 3), plates=(4,))
    assert booster(bot, "E") == 1


def test_boost_stops_at_edge_and_cannot_pass_bots():
    bot = make_bot(0, 0, "Scavenger", 1, north_with(1, "W", 5), sq(1, 3))
    blocker = make_bot(1, 1, "Scavenger", 1, 2, sq(4, 3))
    state = make_state([bot, blocker])
    assert reachable(state, bot, "E") == 2
    assert reachable(state, bot, "W") <= 1  # the board edge


def test_boost_moves_and_costs_one():
    bot = make_bot(0, 0, "Scavenger", 1, north_with(1, "W", 4), sq(0, 3))
    events, after = play(make_state([bot]), {"do": "boost", "bot": 0, "dir": "E", "steps": 3})
    assert after.bots[0].sq == sq(3, 3) and after.energy == 2
    assert events[0].type == "Boosted"


def test_jet_and_turret_boost_abilities():
    jet = make_bot(0, 0, "Jet", 1, north_with(1, "S", 2), sq(3, 6))
    assert booster(jet, "N") == 4
    turret = make_bot(1, 0, "Turret", 2, north_with(2, "S", 6), sq(3, 6))
    assert booster(turret, "N") == 2


# -- pivot -------------------------------------------------------------------------------------
def test_pivot_costs_one_and_turns_die():
    bot = make_bot(0, 0, "Scavenger", 1, 2, sq(3, 3))
    _, after = play(make_state([bot]), {"do": "pivot", "bot": 0, "turn": "cw"})
    assert after.bots[0].east == 2 and after.bots[0].top == 1 and after.energy == 2


def test_scout_first_pivot_is_free_and_jack_turns_half():
    scout = make_bot(0, 0, "Scout", 1, 2, sq(3, 3))
    jack = make_bot(1, 0, "Jack", 3, 2, sq(0, 0))
    state = make_state([scout, jack])
    _, s1 = play(state, {"do": "pivot", "bot": 0, "turn": "cw"})
    assert s1.energy == 3
    _, s2 = play(s1, {"do": "pivot", "bot": 0, "turn": "cw"})
    assert s2.energy == 2
    assert {"do": "pivot", "bot": 1, "turn": "half"} in play_actions(state)
    assert {"do": "pivot", "bot": 0, "turn": "half"} not in play_actions(state)


# -- attacks ---------------------------------------------------------------------------------
def test_book_close_combat_plus_three_advantage():
    attacker = make_bot(0, 0, "Jack", 3, north_with(3, "E", 5), sq(2, 3))
    defender = make_bot(1, 1, "Narwhal", 2, 1, sq(3, 3))
    state = make_state([attacker, defender])
    p = profile(state, attacker, defender, "E", 1)
    assert (p["face_value"], p["armor"], p["advantage"], p["advantage_to"]) == (5, 2, 3, "attack")


def test_book_ranged_attack_through_a_bot_plus_four():
    attacker = make_bot(0, 0, "Hacker", 4, north_with(4, "N", 6), sq(3, 5))
    between = make_bot(1, 0, "Scavenger", 1, 2, sq(3, 4))
    defender = make_bot(2, 1, "Narwhal", 2, 1, sq(3, 3))
    state = make_state([attacker, between, defender])
    assert {"do": "attack", "bot": 0, "target": 2} in play_actions(state)
    p = profile(state, attacker, defender, "N", 2)
    assert (p["advantage"], p["advantage_to"]) == (4, "attack")


def test_reach_close_is_orthogonal_and_adjacent_only():
    a = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    assert in_reach(a, make_bot(1, 1, "Jack", 3, 1, sq(4, 3))) == ("E", 1)
    assert in_reach(a, make_bot(1, 1, "Jack", 3, 1, sq(4, 4))) is None  # diagonal
    assert in_reach(a, make_bot(1, 1, "Jack", 3, 1, sq(5, 3))) is None  # two away


def test_reach_range_counts_spaces():
    lancer = make_bot(0, 0, "Lancer", 2, 1, sq(3, 3))
    sniper = make_bot(1, 0, "Sniper", 3, 1, sq(3, 3))
    far = make_bot(2, 1, "Jack", 3, 1, sq(3, 0))
    near = make_bot(3, 1, "Jack", 3, 1, sq(3, 2))
    assert in_reach(lancer, far) is None and in_reach(sniper, far) == ("N", 3)
    assert in_reach(lancer, near) == ("N", 1)


def test_defender_advantage_when_armor_higher():
    attacker = make_bot(0, 0, "Scavenger", 1, north_with(1, "E", 2), sq(2, 3))
    defender = make_bot(1, 1, "Turtle", 5, 1, sq(3, 3))
    p = profile(make_state([attacker, defender]), attacker, defender, "E", 1)
    assert (p["advantage"], p["advantage_to"]) == (3, "defense")
    assert totals(p) == (0, 3 + 2)  # Turtle adds 2 to its defense rolls


def test_plated_attack_face_counts_one():
    attacker = make_bot(0, 0, "Jack", 3, north_with(3, "E", 5), sq(2, 3), plates=(5,))
    defender = make_bot(1, 1, "Narwhal", 2, 1, sq(3, 3))
    p = profile(make_state([attacker, defender]), attacker, defender, "E", 1)
    assert (p["face_value"], p["advantage"], p["advantage_to"]) == (1, 1, "defense")


def duel(defender_plates=(), defender_north=1, core=2, pile=(5,)):
    attacker = make_bot(0, 0, "Jack", 3, north_with(3, "E", 5), sq(2, 3))
    defender = make_bot(
        1, 1, "Guardian", 4, defender_north, sq(3, 3), plates=defender_plates, core=core
    )
    tokens = ("core1",) * 12
    return make_state([attacker, defender], tokens=tokens, pile=pile)


def test_ties_go_to_the_attacker():
    state = duel()  # 5 face vs armor 4: attacker +1; Guardian +1 defense: fixed 1 vs 1
    events, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[3, 3, 2, 4])
    resolved = next(e for e in events if e.type == "AttackResolved")
    assert resolved.data["attack_total"] == resolved.data["defense_total"] == 7
    assert resolved.data["hit"]
    toward = 7 - after.bots[1].east  # the defender's west face looks at the attacker
    assert after.bots[1].plates == (toward,)


def test_miss_gives_no_plate():
    events, after = play(duel(), {"do": "attack", "bot": 0, "target": 1}, dice=[1, 1, 6, 6])
    assert not next(e for e in events if e.type == "AttackResolved").data["hit"]
    assert after.bots[1].plates == ()
    assert after.energy == 1 and after.attacked


def test_one_attack_per_turn():
    state = duel()
    state = replace(state, energy=5)
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[1, 1, 6, 6])
    assert after.energy == 3
    assert not [a for a in play_actions(after) if a["do"] == "attack"]


def test_plated_face_hit_lets_defender_choose(game):
    state = duel()
    toward = 7 - state.bots[1].east
    state = duel(defender_plates=(toward,))
    events, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert events[-1].type == "PlateChoice" and after.phase == "plate"
    (decision,) = game.pending(after)
    assert decision.seat == 1
    assert sorted(a["face"] for a in decision.legal) == [f for f in sides(4) if f != toward]
    choice = decision.legal[0]
    events, final = play(after, choice, seat=1)
    assert final.phase == "play" and final.bots[1].plates == (toward, choice["face"])


def test_third_plate_destroys_gives_core_and_drops_scrap(game):
    state = duel(defender_plates=(1, 2), core=3, pile=(7, 8))
    events, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    destroyed = next(e for e in events if e.type == "BotDestroyed")
    assert destroyed.data["core"] == 3 and destroyed.data["by"] == 0
    assert not after.bots[1].alive and after.cores == (3, 0)
    dropped = next(e for e in events if e.type == "ScrapDropped")
    assert dropped.to == () and dropped.public == {"sq": sq(3, 3)}  # where, never what
    assert after.board_scrap == ((sq(3, 3), 7),) and after.pile == (8,)


def test_narwhal_push_and_plate_never_need_ordering():
    """Golden Rule: only where the order of simultaneous effects changes the result
    does the active player choose. A push keeps the facing, so the plate lands on
    the same face either way: no decision."""
    narwhal = make_bot(0, 0, "Narwhal", 2, north_with(2, "E", 6), sq(2, 3))
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3))
    events, after = play(
        make_state([narwhal, victim]), {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1]
    )
    assert after.bots[1].sq == sq(4, 3) and after.phase == "play"
    assert after.bots[1].plates == (7 - victim.east,)  # the west face looked at the attacker
    assert "EffectsToOrder" not in [e.type for e in events]


def hacker_hit(victim_plates=()):
    hacker = make_bot(0, 0, "Hacker", 4, north_with(4, "E", 6), sq(2, 3))
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3), plates=victim_plates)
    events, after = play(
        make_state([hacker, victim]), {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1]
    )
    return victim, events, after


def test_golden_rule_the_attacker_orders_a_hacker_twist_and_the_plate(game):
    """Golden Rule: two effects at once, the player whose turn it is orders them. A
    Hacker's twist and the plate are such a pair: plate first damages the face that
    looked at the attacker, twist first the face turned towards it."""
    victim, events, after = hacker_hit()
    assert events[-1].type == "EffectsToOrder" and after.phase == "order"
    (decision,) = game.pending(after)
    assert decision.seat == 0 and after.active == 0  # the active player decides
    assert decision.legal == [{"do": "order", "first": "plate"}, {"do": "order", "first": "twist"}]
    west_before = 7 - victim.east
    _, plate_first = play(after, decision.legal[0])
    assert plate_first.bots[1].plates == (west_before,)
    assert plate_first.bots[1].east == victim.north  # and it is turned 90° clockwise
    _, twist_first = play(after, decision.legal[1])
    turned = twist_first.bots[1]
    assert turned.east == victim.north and turned.plates == (7 - turned.east,)
    assert turned.plates != (west_before,)
    assert plate_first.phase == twist_first.phase == "play"
    assert plate_first.energy == twist_first.energy == 1  # the order costs nothing


def test_golden_rule_no_choice_when_the_hit_destroys(game):
    """A third plate destroys the robot: a twist of a robot that left the board
    changes nothing, so no order is asked for."""
    _, events, after = hacker_hit(victim_plates=(1, 2))
    types = [e.type for e in events]
    assert "EffectsToOrder" not in types and "BotDestroyed" in types
    assert after.phase == "over" or after.phase == "play"


def test_captain_shields_neighbours():
    attacker = make_bot(0, 0, "Jack", 3, north_with(3, "E", 5), sq(2, 3))
    defender = make_bot(1, 1, "Narwhal", 2, 1, sq(3, 3))
    captain = make_bot(2, 1, "Captain", 5, 1, sq(3, 4))
    state = make_state([attacker, defender, captain])
    assert profile(state, attacker, defender, "E", 1)["defense_bonus"] == 1


def attack_bonus(program, top, dist, aim=0):
    """The attack bonus of ``program`` against a bot ``dist`` squares south of it."""
    attacker = make_bot(0, 0, program, top, sides(top)[0], sq(3, 0))
    defender = make_bot(1, 1, "Jack", 3, 1, sq(3, dist))
    assert in_reach(attacker, defender) == ("S", dist)
    state = make_state([attacker, defender], aim=aim)
    return profile(state, attacker, defender, "S", dist)["attack_bonus"]


def test_attack_bonuses_follow_the_program_and_the_distance():
    assert attack_bonus("Ranger", 4, 1) == 0  # +1 only at 2 or more spaces
    assert attack_bonus("Ranger", 4, 2) == 1
    assert attack_bonus("Brawler", 4, 1) == 2  # +2 in close combat
    assert attack_bonus("Lancer", 2, 1) == attack_bonus("Lancer", 2, 2) == 1  # at any range
    assert attack_bonus("Sniper", 3, 3) == 0
    assert attack_bonus("Jack", 3, 1, aim=2) == 2  # a targeting token's +2
    assert attack_bonus("Lancer", 2, 2, aim=2) == 3


def test_bulwark_counts_its_armor_one_higher_and_a_tie_gives_nobody_advantage():
    def against(face):
        attacker = make_bot(0, 0, "Scavenger", 1, north_with(1, "E", face), sq(2, 3))
        bulwark = make_bot(1, 1, "Bulwark", 3, 1, sq(3, 3))
        p = profile(make_state([attacker, bulwark]), attacker, bulwark, "E", 1)
        return p["armor"], p["advantage"], p["advantage_to"], totals(p)

    assert against(4) == (4, 0, "none", (0, 0))  # 4 against 3 + 1: a tie
    assert against(5) == (4, 1, "attack", (1, 0))
    assert against(2) == (4, 2, "defense", (0, 2))


def test_captain_shields_only_friendly_bots_orthogonally_next_to_it():
    """Each friendly Captain beside the defender adds 1; an enemy Captain next to it, a
    friendly one diagonal or two squares off, and the defender's own aura add nothing."""
    attacker = make_bot(0, 0, "Captain", 5, north_with(5, "N", 4), sq(1, 1))  # an enemy Captain
    defender = make_bot(1, 1, "Narwhal", 2, 1, sq(1, 0))
    bots = [
        attacker,
        defender,
        make_bot(2, 1, "Captain", 5, 1, sq(0, 0)),  # square 0, beside it
        make_bot(3, 1, "Captain", 5, 1, sq(2, 0)),  # beside it
        make_bot(4, 1, "Captain", 5, 1, sq(2, 1)),  # diagonal
        make_bot(5, 1, "Captain", 5, 1, sq(1, 2)),  # two squares south
    ]
    state = make_state(bots)
    assert profile(state, attacker, defender, "N", 1)["defense_bonus"] == 2
    lone = make_bot(0, 1, "Captain", 5, 1, sq(5, 5))
    foe = make_bot(1, 0, "Jack", 3, 2, sq(4, 5))
    assert profile(make_state([lone, foe]), foe, lone, "E", 1)["defense_bonus"] == 0


def test_only_enemy_bots_on_the_board_are_targets():
    sniper = make_bot(0, 0, "Sniper", 3, 1, sq(1, 0))  # Range 3
    bots = [
        sniper,
        make_bot(1, 0, "Jack", 3, 1, sq(2, 0)),  # a friend in reach
        make_bot(2, 1, "Jack", 3, 1, sq(0, 0)),  # an enemy on square 0
        make_bot(3, 1, "Jack", 3, 1, sq(3, 0)),  # an enemy behind the friend
        replace(make_bot(4, 1, "Jack", 3, 1, -1), alive=False),  # destroyed
        make_bot(5, 1, "Jack", 3, 1, -1),  # not placed
    ]
    found = [(t.id, d, dist) for t, d, dist in targets(make_state(bots), sniper)]
    assert found == [(2, "W", 1), (3, "E", 2)]


def combat_dice(attacker_program, attacker_top, defender_program, defender_top, dice):
    attacker = make_bot(0, 0, attacker_program, attacker_top, sides(attacker_top)[0], sq(2, 3))
    defender = make_bot(1, 1, defender_program, defender_top, sides(defender_top)[0], sq(3, 3))
    events, _ = play(
        make_state([attacker, defender]), {"do": "attack", "bot": 0, "target": 1}, dice=dice
    )
    return [e.data for e in events if e.type == "DiceRolled"]


def test_rerolls_roll_the_lower_die_again_only_when_it_shows_one_to_three():
    """The attacker's dice come first, then the defender's, each told with its seat and
    bot; a reroll tells the dice before it. Sniper rerolls attack dice, Dodger defense."""
    attack, defense = combat_dice("Sniper", 3, "Dodger", 2, [2, 5, 6, 4, 6])
    assert attack == {
        "purpose": "attack",
        "seat": 0,
        "bot": 0,
        "dice": [6, 5],
        "before_reroll": [2, 5],
    }
    assert defense == {"purpose": "defense", "seat": 1, "bot": 1, "dice": [4, 6]}  # 4: kept
    # the lower die second, at 3; the new roll stands even when worse
    attack, defense = combat_dice("Sniper", 3, "Dodger", 2, [5, 3, 1, 6, 1, 2])
    assert (attack["dice"], attack["before_reroll"]) == ([5, 1], [5, 3])
    assert (defense["dice"], defense["before_reroll"]) == ([6, 2], [6, 1])
    attack, defense = combat_dice("Sniper", 3, "Jack", 3, [4, 4, 1, 1])  # 4: no reroll
    assert "before_reroll" not in attack and attack["dice"] == [4, 4]
    assert "before_reroll" not in defense and defense["dice"] == [1, 1]  # Jack has none


def test_the_resolved_attack_tells_every_part_of_the_combat():
    """Attack face (a plated one counts 1), armor, advantage and to whom, each side's
    bonuses (a Lancer's +1 and targeting; a Guardian's +1 and a Captain beside it),
    both values with the dice, the hit and the 2 energy."""
    lancer = make_bot(0, 0, "Lancer", 2, north_with(2, "E", 6), sq(1, 3), plates=(6,))
    guardian = make_bot(1, 1, "Guardian", 4, 1, sq(3, 3))
    captain = make_bot(2, 1, "Captain", 5, 1, sq(3, 4))
    state = make_state([lancer, guardian, captain], aim=2)
    events, _ = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 5, 3, 3])
    (resolved,) = [e.data for e in events if e.type == "AttackResolved"]
    assert resolved == {
        "attacker": 0,
        "target": 1,
        "dir": "E",
        "distance": 2,
        "face": 6,
        "face_value": 1,
        "armor": 4,
        "advantage": 3,
        "advantage_to": "defense",
        "attack_bonus": 3,
        "defense_bonus": 2,
        "attack_total": 3 + 11,
        "defense_total": 3 + 2 + 6,
        "hit": True,
        "cost": 2,
    }


def narwhal_hit(narwhal_sq, victim_sq, others=()):
    narwhal = make_bot(0, 0, "Narwhal", 2, north_with(2, "E", 6), narwhal_sq)
    victim = make_bot(1, 1, "Jack", 3, 1, victim_sq)
    state = make_state([narwhal, victim, *others])
    events, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    return victim, [e for e in events if e.type in ("BotPushed", "PlateAdded")], after


def test_narwhal_pushes_straight_back_then_plates():
    victim, events, _ = narwhal_hit(sq(2, 3), sq(3, 3))
    assert [(e.type, e.data) for e in events] == [
        ("BotPushed", {"bot": 1, "from": sq(3, 3), "to": sq(4, 3)}),
        ("PlateAdded", {"bot": 1, "face": 7 - victim.east}),
    ]


def test_narwhal_push_needs_a_free_space_on_the_board():
    """A bot behind the defender (any seat's) or the board's edge stops the push; the
    plate still goes on."""
    behind = make_bot(2, 0, "Jack", 3, 1, sq(4, 3))
    victim, events, after = narwhal_hit(sq(2, 3), sq(3, 3), others=[behind])
    assert [e.type for e in events] == ["PlateAdded"] and after.bots[1].sq == sq(3, 3)
    assert after.bots[1].plates == (7 - victim.east,)
    victim, events, after = narwhal_hit(sq(5, 3), sq(6, 3))  # on the east edge
    assert [e.type for e in events] == ["PlateAdded"] and after.bots[1].sq == sq(6, 3)


def test_golden_rule_the_order_decision_names_the_attacking_seat_and_both_effects():
    _, events, _ = hacker_hit()
    assert events[-1].data == {"seat": 0, "bot": 1, "dir": "E", "effects": ["plate", "twist"]}


def test_golden_rule_the_effects_happen_in_the_order_the_attacker_chose():
    """Plate first: the plate, then the quarter turn clockwise; twist first: the other
    way round (each face unplated, so nobody else is asked)."""
    victim, _, after = hacker_hit()
    turned = {"bot": 1, "north": 7 - victim.east, "east": victim.north}
    west, south = 7 - victim.east, 7 - victim.north
    events, _ = play(after, {"do": "order", "first": "plate"})
    assert [(e.type, e.data) for e in events[1:]] == [
        ("PlateAdded", {"bot": 1, "face": west}),
        ("BotTurned", turned),
    ]
    events, _ = play(after, {"do": "order", "first": "twist"})
    assert [(e.type, e.data) for e in events[1:]] == [
        ("BotTurned", turned),
        ("PlateAdded", {"bot": 1, "face": south}),
    ]


@pytest.mark.parametrize(
    "attacker_sq, looking",
    [(sq(3, 2), "N"), (sq(4, 3), "E"), (sq(3, 4), "S"), (sq(2, 3), "W")],
)
def test_a_hit_plates_the_face_that_looks_at_the_attacker_from_every_side(attacker_sq, looking):
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3))  # N 1, E 5, S 6, W 2
    faces = {"N": 1, "E": 5, "S": 6, "W": 2}
    assert (victim.north, victim.east) == (faces["N"], faces["E"])
    attacker = make_bot(0, 0, "Jack", 3, 1, attacker_sq)
    _, after = play(
        make_state([attacker, victim]), {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1]
    )
    assert after.bots[1].plates == (faces[looking],)


def test_hacker_plate_first_on_a_plated_face_twists_then_the_defender_chooses():
    """Plate first when the face that looked at the attacker is plated already: the
    twist is done and the defender then chooses the face, the last thing asked."""
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3))
    west = 7 - victim.east  # looks at the Hacker
    _, _, after = hacker_hit(victim_plates=(west,))
    assert after.phase == "order"
    events, chosen = play(after, {"do": "order", "first": "plate"})
    assert [e.type for e in events] == ["EffectsOrdered", "BotTurned", "PlateChoice"]
    assert chosen.phase == "plate" and chosen.bots[1].east == victim.north
    assert events[-1].data == {
        "bot": 1,
        "seat": 1,
        "options": [f for f in sides(3) if f != west],
    }
    _, final = play(chosen, {"do": "plate", "face": 6}, seat=1)
    assert final.bots[1].plates == (west, 6) and final.phase == "play"


def test_hacker_twist_first_onto_a_plated_face_lets_the_defender_choose():
    victim = make_bot(1, 1, "Jack", 3, 1, sq(3, 3))
    south = 7 - victim.north  # the twist turns it towards the Hacker, in the west
    _, _, after = hacker_hit(victim_plates=(south,))
    assert after.phase == "order"
    events, chosen = play(after, {"do": "order", "first": "twist"})
    assert [e.type for e in events] == ["EffectsOrdered", "BotTurned", "PlateChoice"]
    assert chosen.phase == "plate" and 7 - chosen.bots[1].east == south
    assert events[-1].data["options"] == [f for f in sides(3) if f != south]


def test_destroyed_bot_with_an_empty_pile_drops_no_scrap():
    events, after = play(
        duel(defender_plates=(1, 2), core=2, pile=()),
        {"do": "attack", "bot": 0, "target": 1},
        dice=[6, 6, 1, 1],
    )
    destroyed = [e for e in events if e.type == "BotDestroyed"]
    assert [e.data for e in destroyed] == [
        {"bot": 1, "seat": 1, "by": 0, "core": 2, "sq": sq(3, 3)}
    ]
    assert destroyed[0].visible_to(None)  # the core is revealed to all
    assert "ScrapDropped" not in [e.type for e in events]
    assert after.board_scrap == () and after.cores == (2, 0)


def test_hit_chance_counts_the_dice_with_ties_to_the_attacker():
    """In 1296ths (two 2d6 rolls): equal bonuses hit on the 146 ties and half the rest."""
    assert hit_chance(0, 0) == 146 + (1296 - 146) // 2
    assert hit_chance(10, 0) == 1296  # 12 against 12 at worst: still a hit
    assert hit_chance(9, 0) == 1295  # misses only 2 + 9 against 12
    assert hit_chance(0, 10) == 1  # hits only 12 against 2 + 10
    assert hit_chance(0, 11) == 0
    assert hit_chance(1, 0) == 1296 - hit_chance(0, 2)


# -- energy, turns, scrap ------------------------------------------------------------------------
def test_energy_runs_out_and_turn_passes():
    bot = make_bot(0, 0, "Scavenger", 1, 2, sq(3, 3))
    foe = make_bot(1, 1, "Scavenger", 1, 2, sq(0, 0))
    state = make_state([bot, foe])
    for _ in range(2):
        _, state = play(state, {"do": "pivot", "bot": 0, "turn": "cw"})
    events, state = play(state, {"do": "pivot", "bot": 0, "turn": "cw"})
    assert [e.type for e in events] == ["Pivoted", "TurnEnded", "TurnStarted"]
    assert state.active == 1 and state.energy == 3


def test_end_action_ends_turn_early():
    bot = make_bot(0, 0, "Scavenger", 1, 2, sq(3, 3))
    foe = make_bot(1, 1, "Scavenger", 1, 2, sq(0, 0))
    events, state = play(make_state([bot, foe]), {"do": "end"})
    assert state.active == 1 and events[-1].data["round"] == 1


def test_pickup_costs_two_and_is_secret():
    bot = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    foe = make_bot(1, 1, "Jack", 3, 1, sq(0, 0))
    state = make_state([bot, foe], tokens=("core2", "repair"), board_scrap=((sq(3, 3), 1),))
    events, after = play(state, {"do": "pickup", "bot": 0})
    event = events[0]
    assert event.to == (0,) and event.data["kind"] == "repair"
    assert "kind" not in event.public and "token" not in event.public
    assert after.hands == ((1,), ()) and after.energy == 1 and after.board_scrap == ()


def test_scavenger_picks_up_for_one():
    bot = make_bot(0, 0, "Scavenger", 1, 2, sq(3, 3))
    state = make_state([bot], tokens=("core2",), board_scrap=((sq(3, 3), 0),))
    _, after = play(state, {"do": "pickup", "bot": 0})
    assert after.energy == 2


def test_scrap_tokens_take_effect():
    bot = make_bot(0, 0, "Jack", 3, 1, sq(3, 3), plates=(2,))
    foe = make_bot(1, 1, "Jack", 3, 1, sq(0, 0))
    state = make_state(
        [bot, foe], tokens=("core2", "overcharge", "repair", "targeting"), hands=((0, 1, 2, 3), ())
    )
    _, state = play(state, {"do": "use", "token": 0})
    assert state.cores == (2, 0)
    _, state = play(state, {"do": "use", "token": 1})
    assert state.energy == 5
    _, state = play(state, {"do": "use", "token": 2, "bot": 0, "face": 2})
    assert state.bots[0].plates == ()
    _, state = play(state, {"do": "use", "token": 3})
    assert state.aim == 2 and state.hands == ((), ())


# -- winning -------------------------------------------------------------------------------------
def test_seven_cores_win_two_player(game):
    state = duel(defender_plates=(1, 2), core=1)
    state = replace(state, cores=(6, 0))
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    result = game.outcome(after)
    assert result.ranks == (1, 2) and result.scores[0] == 7
    assert game.pending(after) == []


def test_five_cores_win_free_for_all(game):
    bots = [
        make_bot(0, 0, "Jack", 3, 1, sq(3, 3)),
        make_bot(1, 1, "Jack", 3, 1, sq(0, 0)),
        make_bot(2, 2, "Jack", 3, 1, sq(6, 6)),
    ]
    state = make_state(bots, seats=3, tokens=("core2",), hands=((0,), (), ()), cores=(3, 0, 0))
    _, after = play(state, {"do": "use", "token": 0})
    assert game.outcome(after).ranks[0] == 1 and after.target == 5


def test_turn_limit_and_tie_breaks(game):
    bots = [
        make_bot(0, 0, "Jack", 3, 1, sq(3, 3)),
        make_bot(1, 1, "Jack", 3, 1, sq(0, 0)),
        make_bot(2, 1, "Jack", 3, 1, sq(6, 0), plates=(2,)),
    ]
    state = make_state(bots, cores=(2, 2))
    state = replace(state, round=40, active=1)
    events, after = play(state, {"do": "end"})
    assert events[-1].type == "TimeUp"
    result = game.outcome(after)
    assert result.scores == (2, 2) and result.ranks == (2, 1)  # seat 1 has more bots


# -- decisions: prompts, defaults, the unlisted turn ------------------------------------------
#: the prompt of each phase's decision, as the starter bots document them
PROMPTS = {
    "draft": "draft",
    "load": "load cores",
    "place": "place",
    "plate": "plate",
    "order": "order",
    "play": "turn",
}

#: the actions (RULES.md "Actions") each phase asks for
DOS = {
    "draft": {"draft", "wild"},
    "load": {"load"},
    "place": {"place"},
    "plate": {"plate"},
    "order": {"order"},
    "play": {"pivot", "boost", "attack", "pickup", "use", "end"},
}


def check_decisions(game, state, seen=None):
    """Every decision lists its legal actions and defaults to the first of them
    (``end`` during a turn), under the prompt the starter bots name."""
    if seen is not None:
        seen.add(state.phase)
    decisions = game.pending(state)
    for decision in decisions:
        assert decision.prompt == PROMPTS[state.phase]
        assert decision.legal, decision
        first = {"do": "end"} if state.phase == "play" else decision.legal[0]
        assert decision.default == first
        assert decision.secret == (state.phase == "load")
        assert {a["do"] for a in decision.legal} <= DOS[state.phase]
    if state.phase == "load":  # all seats at once, in secret
        assert [d.seat for d in decisions] == [s for s in range(state.seats) if not state.loaded[s]]
    unlisted = game.pending_unlisted(state)
    assert [(d.seat, d.default, d.prompt) for d in unlisted] == [
        (d.seat, d.default, d.prompt) for d in decisions
    ]
    return decisions


def test_every_decision_defaults_to_its_first_legal_action_under_its_prompt(game):
    from engine.lineup import lineup
    from engine.runner import run_match

    seen: set = set()
    for seed, bots in enumerate([["random", "random"], ["random", "random", "random"]]):
        seats, players = lineup(game, bots)
        failures: list = []
        checking = [Watching(p, partial(check_decisions, seen=seen), failures) for p in players]
        match = run_match(game, checking, seats, seed, {"turn_limit": 2})
        assert not failures, failures[0]
        assert match.outcome.reason != "forfeit"
    assert {"draft", "load", "place", "play"} <= seen
    _, _, ordering = hacker_hit()
    assert [d.default for d in check_decisions(game, ordering)] == [
        {"do": "order", "first": "plate"}
    ]
    plated = duel(defender_plates=(7 - duel().bots[1].east,))
    _, choosing = play(plated, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert [d.seat for d in check_decisions(game, choosing)] == [1]


def test_a_turn_is_checked_action_by_action_not_listed(game):
    """``pending_unlisted`` leaves a turn's actions unlisted: it accepts exactly the
    actions the listed decision holds."""
    state = duel(pile=())
    (listing,) = game.pending(state)
    (checking,) = game.pending_unlisted(state)
    assert checking.legal is None and checking.accepts is not None
    assert (checking.seat, checking.default, checking.prompt) == (0, {"do": "end"}, "turn")
    assert all(checking.accepts(action) for action in listing.legal)
    assert not checking.accepts({"do": "attack", "bot": 1, "target": 0})  # not its bot
    assert not checking.accepts({"do": "pickup", "bot": 0})  # no scrap there


# -- what the events tell ----------------------------------------------------------------------
def test_a_pivot_and_a_boost_tell_who_moved_which_bot_how_and_at_what_cost():
    bot = make_bot(0, 0, "Scavenger", 1, north_with(1, "W", 4), sq(0, 3))
    events, after = play(make_state([bot]), {"do": "pivot", "bot": 0, "turn": "cw"})
    turned = after.bots[0]
    assert [e.data for e in events] == [
        {"seat": 0, "bot": 0, "turn": "cw", "north": turned.north, "east": turned.east, "cost": 1}
    ]
    events, _ = play(make_state([bot]), {"do": "boost", "bot": 0, "dir": "E", "steps": 3})
    assert [e.data for e in events] == [
        {"seat": 0, "bot": 0, "dir": "E", "steps": 3, "from": sq(0, 3), "to": sq(3, 3), "cost": 1}
    ]


def test_the_others_see_who_picked_up_where_and_the_picker_what():
    bot = make_bot(0, 0, "Jack", 3, 1, sq(3, 3))
    state = make_state([bot], tokens=("core2", "repair"), board_scrap=((sq(3, 3), 1),))
    (event,), _ = play(state, {"do": "pickup", "bot": 0})
    public = {"seat": 0, "bot": 0, "sq": sq(3, 3), "cost": 2}
    assert event.public == public
    assert event.data == {**public, "token": 1, "kind": "repair"} and event.to == (0,)


def test_the_order_chosen_is_recorded_with_the_seat_and_the_bot():
    _, _, after = hacker_hit()
    events, _ = play(after, {"do": "order", "first": "twist"})
    assert (events[0].type, events[0].data) == (
        "EffectsOrdered",
        {"seat": 0, "bot": 1, "first": "twist"},
    )


def test_the_other_seats_learn_that_a_seat_loaded_its_cores_but_not_how(game):
    bots = tuple(Bot(i, i // 3, "Jack", 3) for i in range(6))
    state = State(seats=2, target=7, turn_limit=40, phase="load", bots=bots, loaded=(False, False))
    state = replace(state, hands=((), ()), cores=(0, 0), order=(0, 1))
    loads = {0: {"do": "load", "cores": [1, 2, 3]}, 1: {"do": "load", "cores": [3, 2, 1]}}
    events = game.resolve(state, loads, None)
    assert [(e.data, e.to, e.public) for e in events] == [
        ({"seat": 0, "cores": [1, 2, 3]}, (0,), {"seat": 0}),
        ({"seat": 1, "cores": [3, 2, 1]}, (1,), {"seat": 1}),
    ]


# -- set-up: the first player, placing -------------------------------------------------------
def start_events(game, dice, choices=(), seats=2, **options):
    from engine.game import Seat
    from engine.header import Header
    from tests.engine.games.loaded_dice import LoadedDice

    header = Header(
        game.name,
        game.rules_version,
        0,
        (Seat("random"),) * seats,
        game.resolve_options(options),
        {},
    )
    return game.start(header, LoadedDice(dice, choices=choices))


def test_the_lowest_draft_total_goes_first_and_a_tie_is_drawn_among_the_tied(game):
    events = start_events(game, [6] * 7 + [1] * 7)
    first = next(e for e in events if e.type == "FirstPlayer")
    assert first.data == {"seat": 1, "totals": [42, 7], "tied": [1]}
    # 3-4 players roll 5 dice each
    events = start_events(game, [2] * 5 + [2, 2, 2, 1, 3] + [5] * 5, choices=[1], seats=3)
    rolled = [e.data for e in events if e.type == "DiceRolled"]
    assert [(d["purpose"], d["seat"], sum(d["dice"])) for d in rolled] == [
        ("draft", 0, 10),
        ("draft", 1, 10),
        ("draft", 2, 25),
    ]
    first = next(e for e in events if e.type == "FirstPlayer")
    assert first.data == {"seat": 1, "totals": [10, 10, 25], "tied": [0, 1]}


def test_the_first_game_has_no_roll_and_seat_0_goes_first(game):
    events = start_events(game, [], first_game=True)
    assert [(e.type, e.data) for e in events][0] == (
        "FirstPlayer",
        {"seat": 0, "totals": None, "tied": [0]},
    )
    assert [e.type for e in events] == ["FirstPlayer", "LineupsDealt"]


def placing_state():
    bots = (Bot(0, 0, "Jet", 1, core=1), Bot(1, 0, "Turtle", 5, core=2))
    bots += (Bot(2, 1, "Jack", 3, core=1), Bot(3, 1, "Jack", 3, core=2))
    return State(
        seats=2,
        target=7,
        turn_limit=40,
        phase="place",
        order=(1, 0),  # seat 1 is the first player
        bots=bots,
        loaded=(True, True),
        hands=((), ()),
        cores=(0, 0),
    )


def test_seats_place_their_bots_in_turn_order_and_the_first_player_then_starts(game):
    """Placing runs in turn order, each robot on a free square of its seat's zone,
    facing any way; once the last is placed, scrap is laid out and the first player
    takes the first turn of round 1."""
    from engine.games.aimbots.board import zone
    from engine.games.aimbots.dice import east_for, orientations
    from engine.games.aimbots.fold import fold
    from tests.engine.games.loaded_dice import LoadedDice

    state, placed, seats = placing_state(), [], []
    while state.phase == "place":
        (decision,) = game.pending(state)
        bot = state.bots[decision.legal[0]["bot"]]
        taken = {b.sq for b in state.bots if b.sq >= 0}
        assert decision.seat == bot.owner
        seats.append(decision.seat)
        assert decision.legal == [
            {"do": "place", "bot": bot.id, "sq": square, "north": north}
            for square in zone(2, bot.owner)
            if square not in taken
            for north, _ in orientations(bot.top)
        ]
        action = decision.legal[-1]
        events = game.resolve(state, {decision.seat: action}, LoadedDice())
        placed.append([e.type for e in events])
        sq_, north = action["sq"], action["north"]
        assert events[0].data == {
            "seat": bot.owner,
            "bot": bot.id,
            "sq": sq_,
            "top": bot.top,
            "north": north,
            "east": east_for(bot.top, north),
        }
        state = fold(state, events)
    assert seats == [1, 1, 0, 0]
    assert placed == [["BotPlaced"]] * 3 + [["BotPlaced", "ScrapPlaced", "TurnStarted"]]
    assert events[-1].data == {"seat": 1, "round": 1, "energy": 3}
    assert state.phase == "play" and state.active == 1


# -- turn order, rounds and the limit -----------------------------------------------------------
def three_seats(**changes):
    bots = [make_bot(s, s, "Jack", 3, 1, sq(s, 0)) for s in range(3)]
    return replace(make_state(bots, seats=3), **changes)


def test_turns_run_up_the_seat_numbers_and_a_round_ends_with_the_last_seat():
    events, state = play(three_seats(), {"do": "end"})
    assert [(e.type, e.data) for e in events] == [
        ("TurnEnded", {"seat": 0}),
        ("TurnStarted", {"seat": 1, "round": 1, "energy": 3}),
    ]
    _, state = play(state, {"do": "end"})
    events, state = play(state, {"do": "end"})
    assert events[-1].data == {"seat": 0, "round": 2, "energy": 3}
    # turn order counts from the first player: 2, 0, 1
    events, _ = play(three_seats(order=(2, 0, 1), active=0), {"do": "end"})
    assert events[-1].data == {"seat": 1, "round": 1, "energy": 3}
    events, _ = play(three_seats(order=(2, 0, 1), active=1), {"do": "end"})
    assert events[-1].data == {"seat": 2, "round": 2, "energy": 3}


def test_the_last_round_of_the_turn_limit_is_played():
    events, state = play(three_seats(round=39, active=2), {"do": "end"})
    assert events[-1].data == {"seat": 0, "round": 40, "energy": 3}
    events, state = play(replace(state, active=2), {"do": "end"})
    assert [(e.type, e.data) for e in events] == [
        ("TurnEnded", {"seat": 2}),
        ("TimeUp", {"rounds": 40}),
    ]


# -- the result ---------------------------------------------------------------------------------
def test_the_last_team_with_bots_wins_whatever_the_cores(game):
    state = replace(duel(defender_plates=(1, 2), core=1), cores=(0, 5))
    _, after = play(state, {"do": "attack", "bot": 0, "target": 1}, dice=[6, 6, 1, 1])
    assert after.winner == 0
    assert game.outcome(after).ranks == (1, 2) and game.outcome(after).scores == (1, 5)


def test_at_the_turn_limit_fewer_plates_break_a_tie_of_cores_and_bots(game):
    bots = [make_bot(0, 0, "Jack", 3, 1, sq(3, 3), plates=(2,)), make_bot(1, 1, "Jack", 3, 1, 0)]
    state = replace(make_state(bots, cores=(2, 2)), round=40, active=1)
    _, after = play(state, {"do": "end"})
    assert game.outcome(after).ranks == (2, 1)
    _, even = play(replace(state, bots=(bots[0], replace(bots[1], plates=(5,)))), {"do": "end"})
    assert game.outcome(even).ranks == (1, 1)


def test_core_tokens_still_held_count_in_the_final_score(game):
    bots = [make_bot(0, 0, "Jack", 3, 1, sq(3, 3)), make_bot(1, 1, "Jack", 3, 1, 0)]
    tokens = ("core3", "repair", "core1")
    state = make_state(bots, cores=(2, 4), tokens=tokens, hands=((0, 1), (2,)))
    _, after = play(replace(state, round=40, active=1), {"do": "end"})
    result = game.outcome(after)
    assert result.scores == (5, 5) and result.ranks == (1, 1)


def test_a_seat_views_its_own_cores_and_hand(game):
    bots = [make_bot(0, 0, "Jack", 3, 1, sq(3, 3), core=3), make_bot(1, 1, "Jack", 3, 1, 0)]
    state = make_state(bots, tokens=("core2",), hands=((0,), ()))
    view = game.view(state, 0)
    assert view["you"] == 0 and [b["core"] for b in view["bots"]] == [3, None]
    assert view["hands"] == [[{"token": 0, "kind": "core2"}], []]


def test_the_refusals_of_new_players_say_why_and_what_to_do(game):
    from engine.game import RulesError

    both = game.resolve_options({"new_players": True, "first_game": True})
    with pytest.raises(RulesError) as refused:
        game.check_setup(2, both)
    assert str(refused.value) == (
        "new_players changes the market, which first_game skips: choose one of the two options"
    )
    with pytest.raises(RulesError) as refused:
        game.check_setup(4, game.resolve_options({"new_players": True}))
    assert str(refused.value) == (
        "new_players is the 2-player game's set-up: its 2-card market of armor "
        "level 1 programs cannot serve 4 seats under the lockout"
    )


def test_squares_and_bots_are_labelled_as_on_the_board():
    """A square is labelled (column, row) counting from 1 at the north-west corner;
    a bot by its id after a #."""
    from engine.games.aimbots.board import bot_label, label

    assert [label(sq(0, 0)), label(sq(6, 0)), label(sq(2, 5))] == ["(1,1)", "(7,1)", "(3,6)"]
    assert bot_label(4) == "#4"
