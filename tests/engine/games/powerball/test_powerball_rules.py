"""The game's own entry points (``rules.py``): the set-up, the decisions it asks
for, what each answer does, and the result (RULES.md "Starting", "End of turn",
"The six events", "Decisions")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from powerball_helpers import ARENA, N, blank, events, put, sq, table, xy

from engine.games.powerball.cards import CRAB, DUAL, FLYWHEEL, GYRO, MEMORY, RADIO
from engine.games.powerball.rules import trade_events
from engine.games.powerball.state import change

FLAGS = [xy(s) for s, _ in ARENA.flags]  # (2,2) E, (9,2) S, (9,9) W, (2,9) N
BRAKES = "brakes"


def traders(trade: str, offered: tuple[str, ...] = ()):
    """Seats 0 and 1 on flags 1 and 2 (seat 0 asked first), seat 2 off the flags."""
    state = put(put(blank(3, phase=5), 0, *FLAGS[0], N), 1, *FLAGS[1], N, options=(CRAB,))
    state = put(state, 2, 6, 0, options=(DUAL, MEMORY))
    return replace(state, community=(GYRO, RADIO), trade=trade, queue=(0, 1), offered=offered)


def moves(t) -> list[tuple]:
    return [(d["option"], d["from"], d["to"]) for d in events(t, "OptionMoved")]


# -- trades ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "moved"),
    [
        ({"do": "pass"}, []),
        ({"do": "steal", "from": 2, "option": DUAL}, [(DUAL, 2, 0)]),
        (
            {"do": "replace", "community": GYRO, "from": 2, "option": DUAL},
            [(DUAL, 2, "community"), (GYRO, "community", 2)],
        ),
    ],
)
def test_a_flag_trade_moves_its_options_and_hands_on_to_the_next_flag_robot(action, moved):
    t = table(traders("flag"))
    trade_events(t, 0, action)
    assert moves(t) == moved
    assert events(t, "Trading") == [{"trade": "flag", "queue": [1]}]


def test_a_replace_leaves_the_community_card_with_the_player_whose_option_replaced_it():
    t = table(traders("flag"))
    trade_events(t, 0, {"do": "replace", "community": GYRO, "from": 2, "option": DUAL})
    assert t.state.robots[2].options == (MEMORY, GYRO)
    assert t.state.community == (RADIO, DUAL) and t.state.robots[0].options == ()


@pytest.mark.parametrize(
    ("action", "moved"),
    [
        ({"do": "keep", "option": BRAKES}, [(BRAKES, "offer", 0)]),
        ({"do": "discard", "option": BRAKES}, [(BRAKES, "offer", "discards")]),
        (
            {"do": "trade", "option": BRAKES, "with": 2, "for": DUAL},
            [(BRAKES, "offer", 2), (DUAL, 2, 0)],
        ),
        (
            {"do": "community", "option": BRAKES, "for": GYRO},
            [(BRAKES, "offer", "community"), (GYRO, "community", 0)],
        ),
    ],
)
def test_each_option_shuffle_answer_moves_the_offered_card(action, moved):
    t = table(traders("shuffle", offered=(BRAKES, FLYWHEEL)))
    trade_events(t, 0, action)
    assert moves(t) == moved
    assert t.state.offered == (FLYWHEEL,)
    assert events(t, "Trading") == []  # the same seat still has a card to place


def test_option_shuffle_hands_on_once_both_offered_cards_are_placed():
    t = table(traders("shuffle", offered=(BRAKES,)))
    trade_events(t, 0, {"do": "keep", "option": BRAKES})
    assert t.state.robots[0].options == (BRAKES,)
    assert events(t, "Trading") == [{"trade": "shuffle", "queue": [1]}]


# -- buzz bombs ------------------------------------------------------------------------------
def test_bombs_are_placed_in_flag_order_and_the_turn_goes_on_to_the_next_deal(game):
    """RULES.md, Buzz Bomb ([reconstructed]): the choices made at once are placed in the
    order of the flags their robots stand on, lowest first."""
    state = put(put(blank(2, phase=5), 0, *FLAGS[2], N), 1, *FLAGS[1], N)
    state = replace(state, stage="bomb", waiting=(0, 1), step="end-respawn")
    choice = {0: {"sq": sq(9, 8)}, 1: {"sq": sq(9, 3)}}
    resolved = game.resolve(state, choice, table(state).rng)
    placed = [e.data for e in resolved if e.type == "BombPlaced"]
    assert placed == [{"owner": 1, "sq": sq(9, 3)}, {"owner": 0, "sq": sq(9, 8)}]
    # the end of the turn goes on: the next deal arms both bombs, then the programs
    assert [e.data["bomb"] for e in resolved if e.type == "BombArmed"] == [0, 1]
    assert resolved.state.stage == "program"


# -- the decisions asked ---------------------------------------------------------------------
def asked(game, state, stage: str, *seats: int):
    return game.pending(replace(state, stage=stage, waiting=seats))


def test_the_program_is_one_secret_decision_per_seat_checked_not_listed(game):
    state = put(put(blank(2), 0, 3, 3, hand=(10, 70, 80, 430, 490, 660)), 1, 8, 8)
    first, second = asked(game, state, "program", 0, 1)
    assert (first.seat, second.seat) == (0, 1)
    assert first.prompt == "program" and first.secret and first.legal is None
    assert first.default["cards"] == [10, 70, 80, 430, 490]
    assert first.reject_reason(first.default) is None
    assert first.reject_reason({"cards": [10, 10, 70, 80, 430]}) is not None


def test_fire_trade_and_bomb_decisions_list_their_legal_answers_default_first(game):
    from engine.games.powerball.decisions import bomb_legal, fire_legal, trade_legal

    state = put(put(blank(2), 0, 2, 7, N, balls=1), 1, 2, 4)
    (fire,) = asked(game, state, "fire", 0)
    assert (fire.prompt, fire.legal, fire.default, fire.secret) == (
        "fire",
        fire_legal(state, 0),
        {"do": "laser"},
        False,
    )
    state = traders("flag")
    (trade,) = asked(game, state, "trade", 0)
    assert (trade.prompt, trade.legal, trade.default) == (
        "trade",
        trade_legal(state, 0),
        {"do": "pass"},
    )
    (bomb,) = asked(game, state, "bomb", 1)
    legal = bomb_legal(state, 1)
    assert (bomb.seat, bomb.prompt, bomb.legal, bomb.default) == (1, "buzz bomb", legal, legal[0])


def test_a_respawn_faces_its_rolled_flags_arrow_by_default(game):
    state = put(put(blank(2), 0, 3, 3, flag=2), 1, 8, 8)  # flag 2's arrow points south
    decisions = asked(game, state, "respawn", 0, 1)
    assert [(d.seat, d.prompt, d.default) for d in decisions] == [
        (0, "respawn facing", {"facing": "S"}),
        (1, "respawn facing", {"facing": "N"}),  # no flag rolled: north
    ]


@pytest.mark.parametrize("stage", ["recompile", "swap", "abort"])
def test_a_yes_or_no_decision_defaults_to_no(game, stage):
    (decision,) = asked(game, put(blank(2), 1, 3, 3), stage, 1)
    assert decision.seat == 1 and decision.prompt == stage
    assert decision.legal == [{stage: False}, {stage: True}] and decision.default == {stage: False}


def test_nobody_is_asked_anything_while_the_match_plays_on(game):
    assert asked(game, blank(2), "phase") == []


# -- the result ------------------------------------------------------------------------------
def test_a_match_has_an_outcome_only_once_it_is_over(game):
    state = blank(3)
    for seat, vp in enumerate((4, 7, 4)):
        state = change(state, seat, vp=vp)
    assert game.outcome(state) is None
    over = replace(state, stage="over", reason="30 rounds played")
    outcome = game.outcome(over)
    assert (outcome.ranks, outcome.scores, outcome.reason) == (
        (2, 1, 2),
        (4, 7, 4),
        "30 rounds played",
    )


# -- the set-up ------------------------------------------------------------------------------
def test_the_start_deals_a_card_per_seat_an_option_each_two_community_and_rolls_flags(game):
    from engine.lineup import lineup
    from engine.runner import Match

    seats, _ = lineup(game, ["random"] * 3)
    log = Match.begin(game, seats, 7).log.events
    ordered, dealt = log[1].data, log[2].data
    cards = ordered["cards"]
    assert len(set(cards)) == 3 and all(c % 10 == 0 and 10 <= c <= 840 for c in cards)
    assert [cards[s] for s in ordered["order"]] == sorted(cards, reverse=True)
    assert [len(hand) for hand in dealt["hands"]] == [1, 1, 1] and len(dealt["community"]) == 2
    assert len({o for hand in dealt["hands"] for o in hand} | set(dealt["community"])) == 5
    rolled = [e.data["robot"] for e in log if e.type == "FlagRolled"]
    assert rolled == ordered["order"]  # from the highest priority to the lowest
    waiting = [e.data for e in log if e.type == "Waiting"]
    assert waiting == [{"stage": "respawn", "seats": rolled, "step": "deal"}]
