"""Rules from the rulebook's text (sections named in each test), on hand-made tables."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dogfight_helpers import act, duel, match_of, plane, second_to_place, table, types
from hypothesis import given
from hypothesis import strategies as st

from engine.games.dogfight import GAME
from engine.games.dogfight.combat import damage, targets
from engine.games.dogfight.geometry import AREA, RULER
from engine.games.dogfight.plans import plans
from engine.games.dogfight.rules import STAT_CHOICES, advance, due
from engine.games.dogfight.setup import always_room, placements, table_side
from tests.engine.games.loaded_dice import LoadedDice


def decision(state):
    (only,) = GAME.pending(state)
    return only


# -- secret stats ---------------------------------------------------------------------------
def test_stats_are_4_3_3_2_in_any_order_chosen_in_secret_by_everyone_at_once():
    """Rules: each player secretly assigns 4, 3, 3, 2 and all reveal together."""
    assert len(STAT_CHOICES) == 12
    for choice in STAT_CHOICES:
        assert sorted(choice.values()) == [2, 3, 3, 4]
    beginner = {"attack": 2, "defense": 3, "speed": 3, "health": 4}
    ace = {"attack": 3, "defense": 3, "speed": 4, "health": 2}
    assert beginner in STAT_CHOICES and ace in STAT_CHOICES
    state = GAME.evolve(None, _started(3))
    pending = GAME.pending(state)
    assert [d.seat for d in pending] == [0, 1, 2] and all(d.secret for d in pending)
    assert all(d.prompt == "stats" and d.legal == STAT_CHOICES for d in pending)
    # RULES.md, Decisions: a pilot who fails to choose flies 4-3-3-2 in stat order
    default = {"attack": 4, "defense": 3, "speed": 3, "health": 2}
    assert all(d.default == default for d in pending)


def _started(seats, **options):
    from engine.events import Event

    resolved = GAME.resolve_options(options)
    return Event(
        "MatchStarted",
        {
            "game": "dogfight",
            "rules_version": 1,
            "seats": [{"bot": "x"}] * seats,
            "options": resolved,
            "limits": {},
        },
    )


def test_all_stats_are_revealed_in_one_event_then_the_first_player_is_rolled():
    state = GAME.evolve(None, _started(2))
    beginner = {"attack": 2, "defense": 3, "speed": 3, "health": 4}
    events = GAME.resolve(state, {0: beginner, 1: STAT_CHOICES[0]}, LoadedDice([3, 5]))
    assert types(events)[:3] == ["StatsRevealed", "DiceRolled", "FirstPlayer"]
    assert events[0].data["stats"][0] == beginner
    assert events[2].data["seat"] == 1 and events[2].data["place_order"] == [1, 0]


def test_a_tied_first_player_roll_is_rolled_again_by_the_tied_only():
    """Rules: high d6 starts; [reconstructed] ties roll again."""
    state = GAME.evolve(None, _started(3))
    events = GAME.resolve(
        state, {s: STAT_CHOICES[0] for s in range(3)}, LoadedDice([6, 2, 6, 1, 4])
    )
    rolls = [e.data for e in events if e.type == "DiceRolled"]
    assert rolls == [
        {"purpose": "first player", "seats": [0, 1, 2], "dice": [6, 2, 6]},
        {"purpose": "first player", "seats": [0, 2], "dice": [1, 4]},
    ]
    first = next(e for e in events if e.type == "FirstPlayer").data
    assert first["seat"] == 2 and first["order"] == [2, 0, 1]


def test_a_quick_game_caps_health_at_2():
    """Quick game: everyone starts with at most 2 Health."""
    state = GAME.evolve(None, _started(2, quick=True))
    beginner = {"attack": 2, "defense": 3, "speed": 3, "health": 4}
    events = GAME.resolve(state, {0: beginner, 1: beginner}, LoadedDice([6, 1]))
    assert [s["health"] for s in events[0].data["stats"]] == [2, 2]
    assert state.area == 2 * RULER


# -- placement ------------------------------------------------------------------------------
def test_planes_are_placed_near_an_edge_and_a_ruler_from_every_placed_plane():
    """Set-up: within one straight template of the edge, not closer than the
    range ruler to a plane already placed."""
    legal = placements(second_to_place(300, 300))
    assert legal and all(min(a["x"], a["y"], AREA - a["x"], AREA - a["y"]) == 300 for a in legal)
    assert all((a["x"] - 300) ** 2 + (a["y"] - 300) ** 2 >= RULER**2 for a in legal)
    assert {"x": 2700, "y": 300, "heading": 0} in legal  # exactly a ruler away
    assert {"x": 2100, "y": 300, "heading": 0} not in legal
    assert len({a["heading"] for a in legal}) == 8


def test_a_plane_off_the_placement_points_still_keeps_placements_a_ruler_away():
    """Set-up: the ruler's distance counts from wherever a placed plane stands,
    not only from the placement points (a plane set down off them, say by hand)."""
    legal = placements(second_to_place(1000, 1000))
    assert all((a["x"] - 1000) ** 2 + (a["y"] - 1000) ** 2 >= RULER**2 for a in legal)
    assert {"x": 300, "y": 300, "heading": 0} not in legal  # about 990 away
    assert {"x": 2700, "y": 300, "heading": 0} not in legal
    assert {"x": 3300, "y": 300, "heading": 0} in legal


def test_verify_checks_a_placement_against_the_points_without_listing_them():
    """A re-simulation's placement (``pending_unlisted``) is checked, not looked
    up among up to 512 listed ones, with the list's answer and default."""
    from engine.decisions import listed

    for x, y in ((300, 300), (1000, 1000)):
        state = second_to_place(x, y)
        (listing,), (checking,) = GAME.pending(state), GAME.pending_unlisted(state)
        assert checking.legal is None and checking.accepts is not None
        assert checking.default == listing.default and checking.prompt == listing.prompt
        legal = listing.legal
        near = [{"x": 2100, "y": 300, "heading": 0}, {"x": 300, "y": 300, "heading": 0}]
        odd = [{"x": 2700, "y": 300, "heading": 8}, {"x": 2700, "y": 300, "heading": True}]
        odd += [{"x": 2701, "y": 300, "heading": 0}, {"x": 2700, "y": 300}, [2700, 300, 0]]
        for action in [*legal, *near, *odd]:
            assert checking.accepts(action) == listed(action, legal), action


def placed_apart(events) -> bool:
    """Was every plane placed a ruler length or more from each plane placed before it?"""
    placed = []
    for e in events:
        if e.type == "PlanePlaced":
            here = (e.data["x"], e.data["y"])
            if any((x - here[0]) ** 2 + (y - here[1]) ** 2 < RULER**2 for x, y in placed):
                return False
            placed.append(here)
    return True


@pytest.mark.parametrize("seats, quick", [(8, False), (8, True), (7, False), (6, True)])
def test_every_plane_is_placed_a_ruler_from_every_other_however_many_fly(seats, quick):
    """Set-up: no plane closer than the range ruler to one already placed; with
    up to 8 planes the table is large enough that the rule can always be kept."""
    for seed in range(40):
        events = match_of(["random"] * seats, seed, quick=quick, rounds=1).log.events
        assert placed_apart(events), seed


def test_even_planes_placed_to_crowd_the_table_leave_room_for_the_last():
    """However the earlier planes are placed (here: each on the point that leaves
    the fewest for the rest), the eighth still has a legal point."""
    for quick in (False, True):
        side = table_side(8, quick)
        assert always_room(side, 8) and not always_room(side - 600, 8)
        state = table([], phase="place", area=side)
        placed = []
        for seat in range(8):
            free = [(a["x"], a["y"]) for a in placements(replace(state, planes=tuple(placed)))]
            assert free, f"no room for plane {seat + 1}"
            worst = min(
                set(free),
                key=lambda pt: sum(
                    (pt[0] - x) ** 2 + (pt[1] - y) ** 2 >= RULER**2 for x, y in free
                ),
            )
            placed.append(plane(seat, *worst))


def test_the_table_grows_with_the_planes_and_a_too_small_area_is_refused():
    from engine.game import RulesError

    assert table_side(2, False) == AREA and table_side(2, True) == 2 * RULER
    assert table_side(8, False) > AREA
    GAME.check_setup(8, GAME.resolve_options({"area": 1100}))
    with pytest.raises(RulesError, match="8 planes need a table of at least"):
        GAME.check_setup(8, GAME.resolve_options({"area": 720}))


# -- the move stage ---------------------------------------------------------------------------
def test_the_speed_4_example_two_straights_and_a_bank():
    """Move Stage: with Speed 4 a plane may fly 2 straights and 1 bank (1 + 1 + 2)."""
    legal = plans(plane(0, 3600, 3600, speed=4), quick=False)
    assert {"plan": ["S", "S", "BL"], "climb": 0} in legal
    assert {"plan": ["S", "S", "S", "S"], "climb": 0} in legal
    assert {"plan": ["S", "S", "TL"], "climb": 0} not in legal  # costs 5
    assert {"plan": [], "climb": 0} not in legal  # a plane must move or it stalls
    assert all(1 <= _cost(a) <= 4 for a in legal)


def _cost(action):
    cost = {"S": 1, "BL": 2, "BR": 2, "TL": 3, "TR": 3}
    return sum(cost[n] for n in action["plan"]) + action["climb"]


def test_speed_2_cannot_afford_a_turn():
    legal = plans(plane(0, 3600, 3600, speed=2), quick=False)
    assert sorted(tuple(a["plan"]) for a in legal if not a["climb"]) == [
        ("BL",),
        ("BR",),
        ("S",),
        ("S", "S"),
    ]


def test_flying_moves_the_plane_template_by_template():
    state = table([plane(0, 3600, 1000, 0), plane(1, 3600, 6000, 4)])
    events, after = act(state, 0, {"plan": ["S", "S", "BR"], "climb": 0})
    assert types(events) == ["PlaneFlew"]
    assert events[0].data == {
        "seat": 0,
        "plan": ["S", "S", "BR"],
        "climb": 0,
        "cost": 4,
        "path": [[3600, 1600, 0], [3600, 2200, 0], [3882, 2880, 1]],
        "altitude": 0,
    }
    assert after.planes[0].pose == (3882, 2880, 1)
    assert after.seat_queue == (1,)


def test_a_plane_with_any_part_off_the_table_is_destroyed_and_flies_no_further():
    """Move Stage: any part of the token off the board at the end of a manoeuvre."""
    state = table([plane(0, 3600, AREA - 700, 0), plane(1, 3600, 3000, 0), plane(2, 3100, 400, 2)])
    events, after = act(state, 0, {"plan": ["S", "BR"], "climb": 1})
    flew = events[0].data
    assert flew["path"] == [[3600, AREA - 100, 0]] and flew["climb"] == 0  # corner 50 over
    assert events[1].type == "PlaneDestroyed"
    assert events[1].data == {"seat": 0, "by": None, "reason": "flew off the table"}
    assert not after.planes[0].alive and after.planes[0].fell == 1


def test_the_last_plane_in_the_air_wins():
    state = table([plane(0, 3600, AREA - 500, 0), plane(1, 3600, 3000, 0)])
    events, after = act(state, 0, {"plan": ["S"], "climb": 0})
    assert after.phase == "over" and after.winner == 1
    outcome = GAME.outcome(after)
    assert outcome.ranks == (2, 1)
    assert outcome.reason == "team 1 is the last in the air"


# -- the attack stage --------------------------------------------------------------------------
def test_only_enemies_in_range_and_arc_can_be_attacked():
    """Attack Stage: the defender must be within the ruler and the attacker's arc."""
    state = duel("middle")
    assert targets(state, 1) == []  # flying away from the attacker: no shot back
    events = GAME.resolve(state, {0: {"target": 1, "ace": False}}, LoadedDice([1] * 6))
    assert [e.data for e in events if e.type == "HoldsFire"] == [
        {"seat": 1, "reason": "no target"},
    ]
    out_of_range = table(
        [plane(0, 3600, 2000, 0), plane(1, 3600, 2000 + RULER + 1, 0)], stage="attack"
    )
    assert targets(out_of_range, 0) == []
    teammates = table(
        [plane(0, 3600, 2000, 0, team=0), plane(1, 3600, 3000, 0, team=0)],
        teams=((0, 1),),
        stage="attack",
    )
    assert targets(teammates, 0) == []


def test_everyone_attacks_a_plane_with_a_target_cannot_hold_fire():
    """Stages: "everyone Attacks during the Attack Stage": with an enemy in range
    and arc, the only choices are which enemy (and whether to add the Ace die)."""
    state = duel("middle")
    assert decision(state).legal == [{"target": 1, "ace": False}]
    assert decision(state).default == {"target": 1, "ace": False}
    three = table(
        [plane(0, 3600, 2000, 0), plane(1, 3600, 3000, 0), plane(2, 3600, 1000, 0, ace=True)],
        stage="attack",
        queue=(2, 0, 1),
    )
    assert decision(three).legal == [
        {"target": 0, "ace": False},
        {"target": 0, "ace": True},
        {"target": 1, "ace": False},
        {"target": 1, "ace": True},
    ]
    for seed in range(10):
        events = match_of(["random"] * 4, seed).log.events
        assert all(e.data["reason"] == "no target" for e in events if e.type == "HoldsFire")


def test_hits_on_4_to_6_criticals_on_6_dodges_on_4_to_6():
    """Attack Stage: each 4-6 is a hit, a 6 a critical; each 4-6 dodge cancels a
    hit, two dodges a critical; an uncancelled critical deals just 1."""
    assert damage([4, 5, 3], [1, 2, 3])["damage"] == 2
    assert damage([6], [])["damage"] == 1  # a critical still deals only 1
    assert damage([6], [4])["damage"] == 1  # one dodge cannot cancel a critical
    assert damage([6], [4, 5])["damage"] == 0
    assert damage([4, 5, 6], [4, 6]) == {"hits": 2, "crits": 1, "dodges": 2, "damage": 1}
    assert damage([1, 2, 3], [6, 6]) == {"hits": 0, "crits": 0, "dodges": 2, "damage": 0}


def test_an_attack_rolls_attack_and_defence_dice_and_takes_health():
    state = duel("middle", health=3, defense=2)
    events, after = act(state, 0, {"target": 1, "ace": False}, dice=[6, 4, 2, 5, 1])
    assert types(events)[:4] == ["AttackDeclared", "DiceRolled", "DiceRolled", "AttackResolved"]
    # the attacker rolls its Attack in attack dice, the defender its Defense in defence dice
    assert events[1].data == {"purpose": "attack", "seat": 0, "dice": [6, 4, 2]}
    assert events[2].data == {"purpose": "defense", "seat": 1, "dice": [5, 1]}
    assert events[3].data["damage"] == 1 and after.planes[1].health == 2
    assert after.planes[0].dealt == 1


def rerolled(purpose, seat, indices, was, dice, altitude_spent=0):
    """A ``DiceRerolled`` event's data: which dice, what they showed, the dice after."""
    return {
        "purpose": purpose,
        "seat": seat,
        "indices": indices,
        "was": was,
        "dice": dice,
        "altitude_spent": altitude_spent,
    }


def test_the_attacker_rerolls_one_die_at_close_range_the_defender_at_far():
    """Attack/Defense bonuses: defender re-rolls 1 die in the far section,
    attacker 1 die in the close section; which die is the roller's choice."""
    state = duel("close")
    events, state = act(state, 0, {"target": 1, "ace": False}, dice=[1, 4, 5, 2, 2, 2])
    assert events[0].data["attack_rerolls"] == 1 and events[0].data["defense_rerolls"] == 0
    choice = decision(state)
    assert choice.seat == 0 and choice.prompt == "reroll"
    assert choice.legal == [{"reroll": []}, {"reroll": [0]}, {"reroll": [1]}, {"reroll": [2]}]
    events, state = act(state, 0, {"reroll": [0]}, dice=[6])
    assert events[0].data == rerolled("attack", 0, indices=[0], was=[1], dice=[6, 4, 5])
    assert events[1].data["damage"] == 3 and state.planes[1].health == 0

    far = duel("far")
    events, far = act(far, 0, {"target": 1, "ace": False}, dice=[4, 4, 4, 1, 1, 4])
    assert decision(far).seat == 1  # the defender decides its re-roll
    events, far = act(far, 1, {"reroll": [1]}, dice=[5])
    assert events[0].data == rerolled("defense", 1, indices=[1], was=[1], dice=[1, 5, 4])
    assert events[1].data["damage"] == 1


def test_a_plane_brought_to_0_health_is_shot_down_by_its_attacker_at_once():
    """Attack Stage: the defender loses Health; at 0 it is shot down there and then."""
    state = duel("middle", health=1)
    events, after = act(state, 0, {"target": 1, "ace": False}, dice=[5, 5, 5, 1, 1, 1])
    assert types(events)[3:5] == ["AttackResolved", "PlaneDestroyed"]
    assert events[4].data == {"seat": 1, "by": 0, "reason": "shot down"}
    assert not after.planes[1].alive


def test_an_attack_on_a_plane_out_of_range_is_refused_naming_both_planes():
    """Attack Stage: only a plane within the ruler and the arc can be attacked; the
    legal actions offer no other, and resolving one anyway is a rules error."""
    from engine.game import RulesError

    state = table(
        [plane(0, 3600, 2000, 0), plane(1, 3600, 2000 + RULER + 1, 0), plane(2, 3600, 3000, 0)],
        stage="attack",
        queue=(0, 1, 2),
    )
    assert {"target": 1, "ace": False} not in decision(state).legal
    with pytest.raises(RulesError) as refused:
        GAME.resolve(state, {0: {"target": 1, "ace": False}}, LoadedDice([1] * 6))
    assert str(refused.value) == "plane 1 is out of plane 0's range"


def test_the_middle_section_gives_no_reroll():
    events, state = act(duel("middle"), 0, {"target": 1, "ace": False}, dice=[1, 1, 1, 1, 1, 1])
    assert "AttackResolved" in types(events)


def test_a_plane_shot_down_does_not_attack_later_in_the_stage():
    state = table(
        [plane(0, 3600, 2000, 0), plane(1, 3600, 3000, 4, health=1), plane(2, 3000, 4000, 4)],
        stage="attack",
        queue=(0, 1, 2),
    )
    events, after = act(state, 0, {"target": 1, "ace": False}, dice=[5, 5, 5, 1, 1, 1])
    assert "PlaneDestroyed" in types(events) and 1 not in after.seat_queue


# -- altitude (reconstructed) ---------------------------------------------------------------------
def test_climbing_costs_a_point_of_speed_once_a_round_but_freely_in_a_quick_game():
    """Quick game: planes may gain more than 1 altitude a round."""
    me = plane(0, 3600, 3600, speed=3, altitude=0)
    assert max(a["climb"] for a in plans(me, quick=False)) == 1
    assert max(a["climb"] for a in plans(me, quick=True)) == 2
    assert all(_cost(a) <= 3 for a in plans(me, quick=True))
    top = replace(me, altitude=4)
    assert max(a["climb"] for a in plans(top, quick=True)) == 0
    state = table([me, plane(1, 3600, 6000, 4)])
    events, after = act(state, 0, {"plan": ["S", "S"], "climb": 1})
    assert after.planes[0].altitude == 1
    assert events[0].data["climb"] == 1 and events[0].data["altitude"] == 1
    assert events[0].data["cost"] == 3  # two straights and a level of climb


def test_a_quick_games_fly_decision_offers_climbing_several_levels():
    """Quick game: planes may gain more than 1 altitude a round, in the decision
    a plane is asked as well as in its plans."""
    state = table([plane(0, 3600, 3600, speed=3), plane(1, 3600, 6000, 4)])
    assert {"plan": ["S"], "climb": 2} in decision(replace(state, quick=True)).legal
    assert {"plan": ["S"], "climb": 2} not in decision(state).legal


def test_a_level_of_altitude_buys_one_more_reroll_for_either_side():
    """[reconstructed] altitude bonuses: the attacker dives, the defender dives
    away; each spends one level for one extra re-roll."""
    state = duel("middle", attacker_alt=1, target_alt=2)
    events, state = act(state, 0, {"target": 1, "ace": False}, dice=[1, 4, 1, 4, 1, 1])
    declared = events[0].data
    assert (declared["attack_free"], declared["attack_rerolls"]) == (0, 1)
    assert (declared["defense_free"], declared["defense_rerolls"]) == (0, 1)
    choice = decision(state)
    assert choice.seat == 0 and choice.legal == [
        {"reroll": []},
        {"reroll": [0]},
        {"reroll": [1]},
        {"reroll": [2]},
    ]
    events, state = act(state, 0, {"reroll": [2]}, dice=[5])
    assert events[0].data["altitude_spent"] == 1 and state.planes[0].altitude == 0
    events, state = act(state, 1, {"reroll": []})
    assert events[0].data["altitude_spent"] == 0 and state.planes[1].altitude == 2
    assert events[1].data["damage"] == 1  # 4 and 5 hit, one dodge


def test_free_rerolls_come_first_and_altitude_adds_one_more():
    state = duel("close", attacker_alt=3)
    events, state = act(state, 0, {"target": 1, "ace": False}, dice=[1, 1, 1, 6, 6, 6])
    assert len(decision(state).legal) == 1 + 3 + 3  # none, any one, any two of three
    events, state = act(state, 0, {"reroll": [0]}, dice=[2])
    assert events[0].data["altitude_spent"] == 0 and state.planes[0].altitude == 3
    flat = duel("middle")
    events, flat = act(flat, 0, {"target": 1, "ace": False}, dice=[1, 1, 1, 1, 1, 1])
    assert "AttackResolved" in types(events)  # no altitude, no free re-roll: no decision


# -- the Ace Bonus die (reconstructed) ---------------------------------------------------------------
def test_shooting_a_plane_down_earns_the_ace_die_which_adds_an_attack_die_once():
    state = replace(duel("middle", health=1), ace_option=True)
    state = replace(
        state,
        seats=3,
        planes=state.planes + (plane(2, 3600, 4000, 4),),
        teams=((0,), (1,), (2,)),
        order=(0, 1, 2),
    )
    events, after = act(state, 0, {"target": 1, "ace": False}, dice=[5, 5, 5, 1, 1, 1])
    assert types(events)[4:6] == ["PlaneDestroyed", "AceEarned"]
    assert after.planes[0].ace
    again = replace(after, stage="attack", seat_queue=(0,), team_queue=(), phase="play")
    assert {"target": 2, "ace": True} in decision(again).legal
    events, final = act(again, 0, {"target": 2, "ace": True}, dice=[1, 1, 1, 6, 1, 1, 1])
    assert events[1].data["dice"] == [1, 1, 1, 6] and not final.planes[0].ace


def test_without_the_ace_option_shooting_a_plane_down_earns_no_ace_die():
    """RULES.md 5 ([reconstructed], option ``ace``, off by default): the Ace die is
    only in play with the option, so a kill without it earns nothing."""
    state = duel("middle", health=1)
    state = replace(
        state,
        seats=3,
        planes=state.planes + (plane(2, 3600, 4000, 4),),
        teams=((0,), (1,), (2,)),
        order=(0, 1, 2),
    )
    events, after = act(state, 0, {"target": 1, "ace": False}, dice=[5, 5, 5, 1, 1, 1])
    assert "PlaneDestroyed" in types(events) and "AceEarned" not in types(events)
    assert not after.planes[0].ace


# -- rounds, teams, the end ---------------------------------------------------------------------------
def test_whoever_went_second_goes_first_next_round():
    """Next Round: the player who went second now goes first; with more seats
    the order turns by one, skipping planes that fell."""
    state = table(
        [plane(0, 1000, 1000), plane(1, 6000, 1000), plane(2, 3600, 6000, 4)],
        stage="attack",
        queue=(2,),
        order=(1, 2, 0),
    )
    events, after = advance(state)  # plane 2 has no target: it holds fire
    started = next(e for e in events if e.type == "RoundStarted").data
    assert started == {"round": 2, "order": [2, 0, 1]}


def test_rounds_count_from_one_and_the_cap_ends_the_match_after_that_many():
    """RULES.md, Options and Next Round: round 1 opens the play, each new round
    counts one more, and ``rounds`` caps them: a match that nobody wins first
    plays exactly that many rounds."""
    capped = 0
    for seed in range(6):
        events = match_of(["greedy", "greedy"], seed, area=1000, rounds=3).log.events
        numbers = [e.data["round"] for e in events if e.type == "RoundStarted"]
        assert numbers == list(range(1, len(numbers) + 1))
        if any(e.type == "RoundLimitReached" for e in events):
            assert numbers == [1, 2, 3]
            capped += 1
    assert capped


def test_teams_take_turns_and_a_team_chooses_its_own_order():
    """Team game: order by team; within the team, the team decides who goes first."""
    planes = [
        plane(0, 1000, 1000, team=0),
        plane(1, 2500, 1000, team=0),
        plane(2, 1000, 6000, 4, team=1),
        plane(3, 2500, 6000, 4, team=1),
    ]
    state = table(planes, teams=((0, 1), (2, 3)), queue=(), team_queue=(1, 0), order=(1, 0))
    choice = decision(state)
    assert choice.prompt == "team order" and choice.seat == 2
    assert choice.legal == [[2, 3], [3, 2]]
    events, after = act(state, 2, [3, 2])
    assert after.seat_queue == (3, 2) and decision(after).seat == 3


def test_a_team_with_two_planes_flying_chooses_their_order_each_stage():
    """Team game: within its turn the team decides which of its planes goes first;
    only a team down to one plane has nothing to choose."""
    planes = [
        plane(0, 1000, 1000, team=0),
        plane(1, 2500, 1000, team=0),
        plane(2, 1000, 6000, 4, team=1),
        replace(plane(3, 2500, 6000, 4, team=1), alive=False, fell=1, health=0),
    ]
    state = table(planes, teams=((0, 1), (2, 3)), queue=(), team_queue=(), order=(0, 1))
    events, after = advance(state)  # the move stage is over: the attack stage starts
    assert types(events) == ["StageStarted"] and events[0].data["order"] == [0, 1]
    choice = decision(after)
    assert choice.prompt == "team order" and choice.legal == [[0, 1], [1, 0]]
    events, after = act(after, 0, [1, 0])  # both hold fire; team 1 flies one plane
    assert [e.data for e in events if e.type == "TeamUp"][:2] == [
        {"team": 0, "seats": [1, 0]},
        {"team": 1, "seats": [2]},
    ]


def test_the_round_cap_ranks_flying_teams_by_health_then_damage():
    """[reconstructed] a round limit; Health left, then damage dealt, decide."""
    state = table(
        [
            plane(0, 1000, 1000, health=2, dealt=1),
            plane(1, 6000, 1000, health=2),
            replace(plane(2, 3600, 6000, 4), alive=False, fell=1, health=0),
        ],
        stage="attack",
        queue=(0,),
        round=20,
        round_limit=20,
    )
    events, after = advance(state)
    assert events[-1].type == "RoundLimitReached" and events[-1].data["winner"] == 0
    assert GAME.outcome(after).ranks == (1, 2, 3)


def round_cap(*healths):
    """The last round's attack stage over, with one flying plane a seat of each
    ``healths`` (none with a target), and the cap reached."""
    spots = [(1000, 1000, 0), (6000, 1000, 0), (3600, 6000, 4)]
    planes = [plane(s, *spots[s], health=h) for s, h in enumerate(healths)]
    return table(planes, stage="attack", queue=(), round=20, round_limit=20)


def test_at_the_round_cap_flying_teams_equal_on_health_and_damage_share_the_win():
    """[reconstructed] the round cap: equal teams share a rank, so no single winner."""
    events, after = advance(round_cap(2, 2))
    assert events[-1].type == "RoundLimitReached"
    assert events[-1].data == {"rounds": 20, "winner": -1}
    assert GAME.outcome(after).ranks == (1, 1)
    events, after = advance(round_cap(3, 1, 3))  # the two ahead are equal
    assert events[-1].data["winner"] == -1
    assert GAME.outcome(after).ranks == (1, 3, 1)


def test_at_the_round_cap_the_one_team_ahead_of_every_other_wins():
    """[reconstructed] the round cap: the flying team with the most Health left wins,
    however many teams still fly."""
    events, after = advance(round_cap(1, 3, 2))
    assert events[-1].data == {"rounds": 20, "winner": 1}
    assert GAME.outcome(after).ranks == (3, 1, 2)
    events, after = advance(round_cap(2, 1, 3))
    assert events[-1].data["winner"] == 2


def test_fallen_teams_rank_by_when_their_last_plane_fell():
    """RULES.md 6 ([reconstructed]): teams shot down rank below the flying ones,
    the later their last plane fell the better. Team 0 lost the first plane of
    the match but its other one fell last; team 1's both fell in between."""
    down = {0: 1, 1: 4, 2: 2, 3: 3}
    planes = [
        replace(plane(s, 1000 + 500 * s, 1000, team=s // 2), alive=False, fell=f, health=0)
        for s, f in down.items()
    ]
    planes += [plane(4, 1000, 6000, 4, team=2), plane(5, 2500, 6000, 4, team=2)]
    state = table(planes, teams=((0, 1), (2, 3), (4, 5)), phase="over")
    # seat ranks count the seats ahead (competition ranking): team 2, team 0, team 1
    assert GAME.outcome(state).ranks == (3, 3, 5, 5, 1, 1)


def test_the_teams_option_makes_two_alliances_of_teammates_in_a_row():
    """Team game: 2v2, 3v3 or 4v4 are two teams of seats sitting together; without
    the option (or with ``none``) every pilot plays for themself."""
    assert GAME.alliances(4, {"teams": "2v2"}) == ((2, 2),)
    assert GAME.alliances(6, {"teams": "3v3"}) == ((3, 3),)
    assert GAME.alliances(8, {"teams": "4v4"}) == ((4, 4),)
    assert GAME.alliances(4, {"teams": "none"}) == ()
    assert GAME.alliances(4, {}) == ()
    GAME.check_teams(4, {"teams": "2v2"}, [2, 2])
    from engine.game import RulesError

    with pytest.raises(RulesError):
        GAME.check_teams(4, {}, [2, 2])


def test_a_seats_view_says_whose_it_is():
    """The protocol: a view names the seat it was made for (``you``), ``None`` for
    a spectator; the starter bot finds its own plane by it."""
    state = duel("middle")
    assert GAME.view(state, 1)["you"] == 1 and GAME.view(state, 0)["you"] == 0
    assert GAME.view(state, None)["you"] is None


def test_no_decision_is_due_between_steps_nobody_decides_nor_once_the_match_is_over():
    """The plugin contract: ``pending`` lists the decisions due, none when the next
    events follow by themselves (the last plane placed, a stage over) or the match
    has ended; ``due`` says so as ``("", -1)``."""
    placed = table(
        [plane(0, 300, 300), plane(1, 6900, 6900)], phase="place", place_order=(0, 1), placing=2
    )
    between = table([plane(0, 300, 300), plane(1, 6900, 6900)], queue=(), team_queue=())
    over = replace(between, phase="over", winner=0)
    for state in (placed, between, over):
        assert GAME.pending(state) == [] and due(state) == ("", -1)


def test_the_area_option_is_0_or_a_side_of_360_to_1440_mm():
    """RULES.md options: ``area`` is the table's side, 360-1440 mm, or 0 for the
    default; each number of planes needs a side at least so large (1010 mm for 8)."""
    from engine.game import RulesError

    for side in (0, 360, 1440):
        assert GAME.resolve_options({"area": side})["area"] == side
    for side in (1, 359):
        with pytest.raises(RulesError) as refused:
            GAME.resolve_options({"area": side})
        assert str(refused.value) == "option area must be 0 (the default size) or 360-1440 mm"
    GAME.check_setup(8, GAME.resolve_options({"area": 1010}))
    with pytest.raises(RulesError) as refused:
        GAME.check_setup(8, GAME.resolve_options({"area": 1009}))
    assert str(refused.value) == (
        "option area: 8 planes need a table of at least 1010 mm, "
        "so that each can be placed a ruler from every other (not 1009)"
    )


def test_bad_options_and_seat_counts_are_refused_clearly():
    from engine.game import RulesError
    from engine.lineup import lineup
    from engine.runner import run_match

    with pytest.raises(RulesError, match="2v2 team game needs 4 seats"):
        seats, players = lineup(GAME, ["random"] * 3)
        run_match(GAME, players, seats, 1, {"teams": "2v2"})
    with pytest.raises(RulesError, match="area"):
        GAME.resolve_options({"area": "100"})
    with pytest.raises(RulesError, match="teams must be one of"):
        GAME.resolve_options({"teams": "5v5"})
    with pytest.raises(RulesError, match="1 seats|seats"):
        GAME.check_seat_count(9)


# -- properties ---------------------------------------------------------------------------------
dice = st.lists(st.integers(1, 6), max_size=6)


@given(dice, dice)
def test_damage_is_between_nothing_and_every_hit_and_dodges_only_help(attack, defense):
    result = damage(attack, defense)
    assert 0 <= result["damage"] <= result["hits"] + result["crits"]
    assert damage(attack, defense + [4])["damage"] <= result["damage"]
    assert damage(attack + [6], defense)["damage"] >= result["damage"]


@given(st.integers(2, 4), st.integers(0, 4), st.booleans())
def test_every_flight_plan_costs_1_to_speed_and_climbs_within_the_rules(speed, altitude, quick):
    legal = plans(plane(0, 3600, 3600, speed=speed, altitude=altitude), quick)
    assert legal and all(a["plan"] and 1 <= _cost(a) <= speed for a in legal)
    assert all(altitude + a["climb"] <= 4 for a in legal)
    assert quick or all(a["climb"] <= 1 for a in legal)
    assert len({str(a) for a in legal}) == len(legal)
