"""Aimbots Combat Arena as a Scrimmage game plugin: start, pending, resolve, view.

Every state change is an event folded by ``fold.evolve``; ``resolve`` turns the
submitted actions into events, drawing all chance from the rng it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from engine.events import Event
from engine.game import (
    Decision,
    Game,
    Header,
    Option,
    Outcome,
    Resolved,
    RulesError,
    ranks_from_scores,
)
from engine.games.aimbots import fold
from engine.games.aimbots.board import step, zone
from engine.games.aimbots.catalogue import FIRST_GAME, LEVELS, deck
from engine.games.aimbots.combat import attack_events, in_reach, ordered_events
from engine.games.aimbots.dice import east_for, orientations, pivot, sides
from engine.games.aimbots.draft import DRAFT_DICE, core_loadings, draft_actions, drafting_seat
from engine.games.aimbots.events import (
    BOOSTED,
    BOT_PLACED,
    CORES_LOADED,
    DICE_ROLLED,
    DIE_PLACED,
    DIE_WILDED,
    EFFECTS_ORDERED,
    FIRST_PLAYER,
    LINEUPS_DEALT,
    MARKET_DEALT,
    PICKED_UP,
    PIVOTED,
    PLATE_ADDED,
    SCRAP_USED,
    TIME_UP,
    TURN_ENDED,
    TURN_STARTED,
)
from engine.games.aimbots.moves import (
    END,
    accepts_play,
    can_act,
    pivot_cost,
    play_actions,
    token_cores,
)
from engine.games.aimbots.setup import scrap_events
from engine.games.aimbots.state import Bot, State, bots_of, occupied
from engine.games.aimbots.view import view
from engine.rng import Rng

#: the market's levels for newer players: "only Level 1 bots" (set-up step 4)
NEW_PLAYER_LEVELS = (1,)


class Aimbots(Game):
    name = "aimbots"
    title = "Aimbots Combat Arena"
    rules_version = 3
    #: v1 dealt two different programs per level and fixed a Hacker's plate before
    #: its twist; v2's new_players market held the complexity-1 programs of every
    #: level. All show only in events, which v3 folds alike
    folds_versions = (1, 2)
    seat_counts = (2, 3, 4)
    options = {
        "first_game": Option(False, "use the first-game lineups instead of the draft"),
        "new_players": Option(
            False, "newer players: only armor level 1 programs in the market (2 seats)"
        ),
        "turn_limit": Option(
            40, "rounds before the match is scored as it stands", minimum=1, maximum=500
        ),
    }

    def check_setup(self, seat_count: int, options: Mapping[str, Any]) -> None:
        if not options.get("new_players"):
            return
        if options.get("first_game"):
            raise RulesError(
                "new_players changes the market, which first_game skips: "
                "choose one of the two options"
            )
        if seat_count != 2:
            raise RulesError(
                "new_players is the 2-player game's set-up: its 2-card market of armor "
                f"level 1 programs cannot serve {seat_count} seats under the lockout"
            )

    # -- set-up ------------------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        n = len(header.seats)
        if header.options.get("first_game"):
            bots = [[seat, name] for seat in range(n) for name in FIRST_GAME[n][seat]]
            return [
                Event(FIRST_PLAYER, {"seat": 0, "totals": None, "tied": [0]}),
                Event(LINEUPS_DEALT, {"bots": bots}),
            ]
        rolls = [[rng.die() for _ in range(DRAFT_DICE[n])] for _ in range(n)]
        events = [
            Event(DICE_ROLLED, {"purpose": "draft", "seat": s, "dice": rolls[s]}) for s in range(n)
        ]
        totals = [sum(r) for r in rolls]
        tied = [s for s in range(n) if totals[s] == min(totals)]
        events.append(
            Event(FIRST_PLAYER, {"seat": rng.choice(tied), "totals": totals, "tied": tied})
        )
        levels = NEW_PLAYER_LEVELS if header.options.get("new_players") else LEVELS
        return events + [Event(MARKET_DEALT, {"cards": deal_market(rng, levels)})]

    evolve = staticmethod(fold.evolve)

    # -- decisions -----------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        if state.phase == "draft":
            seat = drafting_seat(state)
            legal = draft_actions(state, seat)
            return [Decision(seat, legal[0], legal, prompt="draft")]
        if state.phase == "load":
            legal = core_loadings(state.seats)
            return [
                Decision(s, legal[0], legal, secret=True, prompt="load cores")
                for s in range(state.seats)
                if not state.loaded[s]
            ]
        if state.phase == "place":
            seat = state.order[state.placing]
            legal = placements(state, seat)
            return [Decision(seat, legal[0], legal, prompt="place")]
        if state.phase == "plate":
            bot = state.bots[state.plate_bot]
            legal = plate_actions(state)
            return [Decision(bot.owner, legal[0], legal, prompt="plate")]
        if state.phase == "order":
            legal = ORDER_ACTIONS
            return [Decision(state.active, legal[0], legal, prompt="order")]
        if state.phase == "play":
            return [Decision(state.active, END, play_actions(state), prompt="turn")]
        return []

    def pending_unlisted(self, state: State) -> list[Decision]:
        """A turn's actions checked one at a time (``accepts_play``), not listed."""
        if state.phase == "play":
            check = partial(accepts_play, state)
            return [Decision(state.active, END, accepts=check, prompt="turn")]
        return self.pending(state)

    def resolve(self, state: State, actions: dict[int, Any], rng: Rng) -> list[Event]:
        if state.phase == "load":
            return [loaded_event(s, actions[s]["cores"]) for s in sorted(actions)]
        ((seat, action),) = actions.items()
        if state.phase == "draft":
            return draft_events(state, seat, action)
        if state.phase == "place":
            return place_events(state, seat, action, rng)
        if state.phase == "plate":
            events = [Event(PLATE_ADDED, {"bot": state.plate_bot, "face": action["face"]})]
        elif state.phase == "order":
            events = order_events(state, seat, action["first"])
        else:
            events = play_events(state, seat, action, rng)
        state = fold.fold(state, events)
        # the runner folds the turn's end itself: the state is after ``events``
        return Resolved(events + turn_end_events(state, action), state, len(events))

    # -- views and results -------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self.scores(state)
        keys = [
            (
                1 if s == state.winner else 0,
                scores[s],
                len(bots_of(state, s)),
                -sum(len(b.plates) for b in bots_of(state, s)),
            )
            for s in range(state.seats)
        ]
        return Outcome(ranks_from_scores(keys), scores, state.reason)

    def scores(self, state: State) -> tuple[int, ...]:
        """Cores captured or revealed, plus core tokens still held face down."""
        return tuple(state.cores[s] + token_cores(state, s) for s in range(state.seats))


# -- helpers of resolve -----------------------------------------------------------------
def deal_market(rng: Rng, levels: tuple[int, ...] = LEVELS) -> list[str]:
    """Each armor level's cards shuffled and the top two dealt (two copies of one
    program may come up), for ``levels`` in order (a market card's level is its
    place: cards 0-1 are level 1, 2-3 level 2, ...)."""
    cards = []
    for level in levels:
        cards += rng.shuffled(deck(level))[:2]
    return cards


#: the Golden Rule's choice for a Hacker's hit: which effect resolves first
ORDER_ACTIONS = [{"do": "order", "first": "plate"}, {"do": "order", "first": "twist"}]


def order_events(state: State, seat: int, first: str) -> list[Event]:
    target = state.bots[state.order_bot]
    chosen = Event(EFFECTS_ORDERED, {"seat": seat, "bot": target.id, "first": first})
    return [chosen] + ordered_events(target, state.order_dir, first)


def draft_events(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    if action["do"] == "wild":
        return [Event(DIE_WILDED, {"seat": seat, "die": action["die"]})]
    card = action["card"]
    return [
        Event(
            DIE_PLACED,
            {
                "seat": seat,
                "die": action["die"],
                "card": card,
                "value": state.rolls[seat][action["die"]],
                "program": state.market[card],
                "bot": len(state.bots),
            },
        )
    ]


def loaded_event(seat: int, cores: list[Any]) -> Event:
    return Event(CORES_LOADED, {"seat": seat, "cores": list(cores)}, (seat,), {"seat": seat})


def placements(state: State, seat: int) -> list[dict[str, Any]]:
    bot = next(b for b in state.bots if b.owner == seat and b.sq < 0)
    taken = occupied(state)
    return [
        {"do": "place", "bot": bot.id, "sq": square, "north": north}
        for square in zone(state.seats, seat)
        if square not in taken
        for north, _ in orientations(bot.top)
    ]


def place_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    bot = state.bots[action["bot"]]
    events = [
        Event(
            BOT_PLACED,
            {
                "seat": seat,
                "bot": bot.id,
                "sq": action["sq"],
                "top": bot.top,
                "north": action["north"],
                "east": east_for(bot.top, action["north"]),
            },
        )
    ]
    if sum(1 for b in state.bots if b.sq < 0) > 1:
        return events
    return events + scrap_events(state, rng) + [start_turn(state.order[0], 1)]


def plate_actions(state: State) -> list[dict[str, Any]]:
    """The defender picks another unplated side face for a plate."""
    bot = state.bots[state.plate_bot]
    return [{"do": "plate", "face": f} for f in sides(bot.top) if f not in bot.plates]


def start_turn(seat: int, round_: int) -> Event:
    return Event(TURN_STARTED, {"seat": seat, "round": round_, "energy": 3})


def play_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    do = action["do"]
    if do == "end":
        return []
    if do == "use":
        return [use_event(state, seat, action)]
    bot = state.bots[action["bot"]]
    if do == "pivot":
        north, east = pivot(bot.north, bot.east, action["turn"])
        return [
            Event(
                PIVOTED,
                {
                    "seat": seat,
                    "bot": bot.id,
                    "turn": action["turn"],
                    "north": north,
                    "east": east,
                    "cost": pivot_cost(state, bot),
                },
            )
        ]
    if do == "boost":
        to = bot.sq
        for _ in range(action["steps"]):
            to = step(to, action["dir"])
        return [
            Event(
                BOOSTED,
                {
                    "seat": seat,
                    "bot": bot.id,
                    "dir": action["dir"],
                    "steps": action["steps"],
                    "from": bot.sq,
                    "to": to,
                    "cost": 1,
                },
            )
        ]
    if do == "pickup":
        return [pickup_event(state, seat, bot)]
    target = state.bots[action["target"]]
    reach = in_reach(bot, target)
    if reach is None:  # the legal attacks offered were all in reach
        raise RulesError(f"bot {target.id} is out of bot {bot.id}'s reach")
    d, dist = reach
    return attack_events(state, bot, target, d, dist, rng)


def pickup_event(state: State, seat: int, bot: Bot) -> Event:
    token = next(t for sq, t in state.board_scrap if sq == bot.sq)
    public = {"seat": seat, "bot": bot.id, "sq": bot.sq, "cost": bot.prog.pickup_cost}
    return Event(
        PICKED_UP, {**public, "token": token, "kind": state.tokens[token]}, (seat,), public
    )


def use_event(state: State, seat: int, action: dict[str, Any]) -> Event:
    data = {"seat": seat, "token": action["token"], "kind": state.tokens[action["token"]]}
    if "bot" in action:
        data.update(bot=action["bot"], face=action["face"])
    return Event(SCRAP_USED, data)


def turn_end_events(state: State, action: dict[str, Any]) -> list[Event]:
    """End the turn when asked to, or when nothing but ``end`` is left to do."""
    if state.phase != "play" or (action != END and can_act(state)):
        return []
    events = [Event(TURN_ENDED, {"seat": state.active})]
    n, here = state.seats, state.order.index(state.active)
    round_ = state.round
    for k in range(1, n + 1):
        j = (here + k) % n
        if j == 0:
            round_ += 1
        if bots_of(state, state.order[j]):
            break
    if round_ > state.turn_limit:
        return events + [Event(TIME_UP, {"rounds": state.turn_limit})]
    return events + [start_turn(state.order[j], round_)]


__all__ = ["Aimbots"]
