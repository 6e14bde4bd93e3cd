"""The lockout draft, wild sixes, the stuck case, and set-up."""

from dataclasses import replace

from engine.games.aimbots import GAME
from engine.games.aimbots.draft import ORDERS, can_claim, core_loadings, draft_actions, placements
from engine.games.aimbots.fold import fold
from engine.games.aimbots.state import State
from tests.engine.games.loaded_dice import LoadedDice

MARKET = (
    "Jet",
    "Scout",
    "Narwhal",
    "Turret",
    "Jack",
    "Sniper",
    "Hacker",
    "Brawler",
    "Captain",
    "Turtle",
)


def draft_state(rolls, claims=(-1,) * 10, spent=None):
    return State(
        seats=2,
        target=7,
        turn_limit=40,
        phase="draft",
        order=(0, 1),
        rolls=tuple(tuple(r) for r in rolls),
        spent=spent or tuple((False,) * len(r) for r in rolls),
        market=MARKET,
        claims=tuple(claims),
        draft_left=1,
        loaded=(False, False),
        hands=((), ()),
        cores=(0, 0),
    )


def place(state, seat, die, card):
    events = GAME.resolve(state, {seat: {"do": "draft", "die": die, "card": card}}, LoadedDice([]))
    return fold(state, events)


def test_book_lockout_example_amber():
    # Amber (seat 0) drafts Jet, Narwhal twice, Jack and Captain; nothing at level 4
    claims = [0, -1, 0, -1, 0, -1, -1, -1, 0, -1]
    state = draft_state([[2, 4, 4], [1, 1]], claims=claims)
    assert not can_claim(state, 0, 3)  # Turret: she already holds Narwhal at level 2
    assert can_claim(state, 0, 2)  # another Narwhal is fine
    assert {(a["card"]) for a in placements(state, 0) if a["die"] == 0} == {2}
    assert {a["card"] for a in placements(state, 0)} == {2, 6, 7}


def test_opponent_claims_lock_you_out():
    state = draft_state([[2], [2]], claims=[-1, -1, 1, -1, -1, -1, -1, -1, -1, -1])
    assert [a["card"] for a in placements(state, 0)] == [3]
    assert [a["card"] for a in placements(state, 1)] == [2]


def test_die_value_is_the_armor_level_and_six_is_wild():
    state = draft_state([[3, 6], [1]])
    cards = {(a["die"], a["card"]) for a in placements(state, 0)}
    assert {c for d, c in cards if d == 0} == {4, 5}
    assert {c for d, c in cards if d == 1} == set(range(10))
    after = place(state, 0, 1, 9)
    assert after.bots[0].program == "Turtle" and after.bots[0].top == 5


def test_stuck_player_may_turn_a_die_into_a_wild_six():
    state = draft_state([[4, 4], [1]], claims=[-1, -1, -1, -1, -1, -1, 1, 1, -1, -1])
    actions = draft_actions(state, 0)
    assert actions == [{"do": "wild", "die": 0}, {"do": "wild", "die": 1}]
    events = GAME.resolve(state, {0: actions[0]}, LoadedDice([]))
    after = fold(state, events)
    assert after.rolls[0] == (6, 4) and placements(after, 0)


def test_draft_orders_give_everyone_their_bots():
    for seats, each in ((2, 5), (3, 3), (4, 3)):
        totals = [0] * seats
        for player, count in ORDERS[seats]:
            totals[player] += count
        assert totals == [each] * seats


def test_full_draft_through_the_engine_follows_the_order():
    from engine.lineup import lineup
    from engine.runner import run_match

    seats, players = lineup(GAME, ["random", "random"])
    match = run_match(GAME, players, seats, 11)
    placed = [e.data["seat"] for e in match.log.events if e.type == "DiePlaced"]
    first = next(e.data["seat"] for e in match.log.events if e.type == "FirstPlayer")
    expected = [(first + p) % 2 for p, n in ORDERS[2] for _ in range(n)]
    assert placed == expected
    # the lockout: each market card holds one seat's dice, and a seat uses one card a level
    placements_ = [e.data for e in match.log.events if e.type == "DiePlaced"]
    owners, cards = {}, {}
    for d in placements_:
        owners.setdefault(d["card"], set()).add(d["seat"])
        cards.setdefault((d["seat"], d["card"] // 2), set()).add(d["card"])
    assert all(len(o) == 1 for o in owners.values())
    assert all(len(c) == 1 for c in cards.values())


def test_market_deals_two_cards_of_each_level_duplicates_and_all():
    """Set-up step 4: each armor level's cards are shuffled and two dealt face up, so
    two copies of one program can come up (the catalogue has 2-3 copies of each)."""
    from engine.games.aimbots.catalogue import BY_NAME
    from engine.games.aimbots.rules import deal_market
    from engine.rng import Rng

    seen, doubled = set(), 0
    for seed in range(200):
        market = deal_market(Rng(seed))
        assert [BY_NAME[n].level for n in market] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
        doubled += any(market[i] == market[i + 1] for i in range(0, 10, 2))
        seen.add(tuple(market))
    assert len(seen) > 150
    # a level of 10 cards deals a pair of one program with chance sum c(c-1)/90; some
    # level does in about 62% of markets: 125 of 200, sd 7, and 95..155 is 4 sigma
    assert 95 <= doubled <= 155, doubled


def test_a_duplicate_card_is_claimed_card_by_card():
    """Lockout with two copies of one program: the copy an opponent used is locked,
    the other copy is free; a seat still uses one card per level."""
    market = ("Jet", "Jet") + MARKET[2:]
    state = draft_state([[1], [1]], claims=[1, -1] + [-1] * 8)
    state = replace(state, market=market)
    assert [a["card"] for a in placements(state, 0)] == [1]
    assert [a["card"] for a in placements(state, 1)] == [0]  # not its second level-1 card


def test_new_players_use_only_armor_level_1_bots():
    """Set-up step 4 deals the market level by level and adds that newer players
    may use only Level 1 bots: the market is the two cards dealt from the armor
    level 1 pile, and every bot drafted has armor 1 (dice that fit no card are
    turned wild, as the draft restrictions allow)."""
    from engine.games.aimbots.catalogue import BY_NAME
    from engine.games.aimbots.rules import NEW_PLAYER_LEVELS, deal_market
    from engine.lineup import lineup
    from engine.rng import Rng
    from engine.runner import run_match

    for seed in range(50):
        market = deal_market(Rng(seed), NEW_PLAYER_LEVELS)
        assert len(market) == 2 and all(BY_NAME[n].level == 1 for n in market)
    for seed in range(4):
        seats, players = lineup(GAME, ["random", "greedy"])
        match = run_match(GAME, players, seats, seed, {"new_players": True, "turn_limit": 3})
        assert len(match.state.market) == 2
        assert len(match.state.bots) == 10
        assert all(b.prog.level == 1 and b.top == 1 for b in match.state.bots)


def test_new_players_is_the_two_player_set_up():
    import pytest

    from engine.game import RulesError

    with pytest.raises(RulesError, match="2-player game"):
        GAME.check_setup(3, GAME.resolve_options({"new_players": True}))


def test_new_players_and_first_game_together_are_refused():
    import pytest

    from engine.game import RulesError, Seat
    from engine.runner import Match

    with pytest.raises(RulesError, match="first_game"):
        Match.begin(GAME, [Seat("random")] * 2, 1, {"new_players": True, "first_game": True})


def test_core_loadings():
    assert len(core_loadings(2)) == 30 and len(core_loadings(3)) == 6
    assert all(sorted(a["cores"]) == [1, 1, 2, 2, 3] for a in core_loadings(2))


def test_first_game_lineups():
    from engine.lineup import lineup
    from engine.runner import run_match

    seats, players = lineup(GAME, ["random", "random"])
    match = run_match(GAME, players, seats, 2, {"first_game": True})
    names = [sorted(b.program for b in match.state.bots if b.owner == s) for s in (0, 1)]
    assert names == [
        ["Jet", "Jet", "Turret", "Turret", "Turtle"],
        ["Captain", "Hacker", "Hacker", "Jack", "Jack"],
    ]
    assert not any(e.type == "DiePlaced" for e in match.log.events)


def test_catalogue_matches_the_book():
    from engine.games.aimbots.catalogue import BY_NAME, PROGRAMS, deck

    assert sum(p.copies for p in PROGRAMS) == 50
    for level in range(1, 6):
        assert len(deck(level)) == 10
        assert len({p.name for p in PROGRAMS if p.level == level}) >= 4
    for name in ("Turret", "Turtle", "Jet", "Jack", "Captain", "Hacker", "Narwhal"):
        assert name in BY_NAME
    assert BY_NAME["Narwhal"].level == BY_NAME["Turret"].level == 2
    amber = {BY_NAME[n].level for n in ("Jack", "Jet", "Captain", "Narwhal")}
    assert len(amber) == 4 and 4 not in amber
    for p in PROGRAMS:
        assert 1 <= p.complexity <= 3 and p.timing in (
            "always",
            "booster",
            "pivot",
            "attack",
            "defense",
        )


def test_a_placed_die_records_its_value_and_the_program_of_the_new_bot():
    state = draft_state([[3, 6], [1]])
    events = GAME.resolve(state, {0: {"do": "draft", "die": 1, "card": 9}}, LoadedDice([]))
    assert [(e.type, e.data) for e in events] == [
        (
            "DiePlaced",
            {"seat": 0, "die": 1, "card": 9, "value": 6, "program": "Turtle", "bot": 0},
        )
    ]
    after = fold(state, events)
    events = GAME.resolve(after, {0: {"do": "draft", "die": 0, "card": 4}}, LoadedDice([]))
    assert events[0].data["bot"] == 1 and events[0].data["value"] == 3


def test_scrap_goes_face_down_one_on_each_scrap_space_and_the_rest_to_the_pile():
    """Set-up step 7: the 12 tokens shuffled, one face down on each scrap space, the
    rest a face-down pile; token ids are places in the shuffled mix. Nobody sees
    the full event; everyone sees where tokens lie and how many are in the pile."""
    from engine.games.aimbots.scrap import KINDS
    from engine.games.aimbots.setup import scrap_events
    from engine.rng import Rng

    state = draft_state([[1], [1]])
    (event,) = scrap_events(state, LoadedDice())  # the loaded dice keep the order
    middle_row = [3 * 7 + c for c in (1, 3, 5)]
    assert event.type == "ScrapPlaced" and event.to == ()
    assert event.data == {
        "tokens": list(KINDS),
        "board": [[square, i] for i, square in enumerate(middle_row)],
        "pile": list(range(3, 12)),
    }
    assert event.public == {"spaces": middle_row, "pile": 9}
    (event,) = scrap_events(replace(state, seats=4), Rng(3))
    assert sorted(event.data["tokens"]) == sorted(KINDS) and event.public["pile"] == 7
    assert [i for _, i in event.data["board"]] == [0, 1, 2, 3, 4]
    assert event.data["pile"] == list(range(5, 12))


def test_equal_dice_are_offered_once_and_only_unplaced_dice_turn_wild():
    state = draft_state([[2, 2, 5], [1]], spent=((False, False, True), (False,)))
    assert {(a["die"], a["card"]) for a in placements(state, 0)} == {(0, 2), (0, 3)}
    locked = draft_state([[2, 2, 4], [1]], claims=[-1, -1, 1, 1, -1, -1, 1, 1, -1, -1])
    locked = replace(locked, spent=((False, True, False), (False,)))
    assert draft_actions(locked, 0) == [{"do": "wild", "die": 0}, {"do": "wild", "die": 2}]


def test_the_seat_to_draft_follows_the_order_from_the_first_player():
    from engine.games.aimbots.draft import drafting_seat

    state = replace(draft_state([[1], [1]]), seats=3, order=(2, 0, 1))
    seats = [drafting_seat(replace(state, draft_step=k)) for k in range(len(ORDERS[3]))]
    assert seats == [2, 0, 1, 0, 2, 0, 1]


def test_core_loadings_are_every_distinct_order_of_the_cores_sorted():
    """Set-up step 5: 2 players hand out cores 1, 1, 2, 2, 3, 3-4 players 1, 2, 3,
    one to each robot in id order: every distinct order, once, in ascending order."""
    for seats, cores, ways in ((2, [1, 1, 2, 2, 3], 30), (3, [1, 2, 3], 6), (4, [1, 2, 3], 6)):
        loadings = [a["cores"] for a in core_loadings(seats)]
        assert all(sorted(x) == cores for x in loadings)
        assert len({tuple(x) for x in loadings}) == len(loadings) == ways
        assert loadings == sorted(loadings)
        assert all(a == {"do": "load", "cores": a["cores"]} for a in core_loadings(seats))
    assert core_loadings(2)[0]["cores"] == [1, 1, 2, 2, 3]
