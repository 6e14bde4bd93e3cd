"""American Robonators: Powerball as a Scrimmage game: start, pending, resolve.

Every state change is an event folded by ``fold.evolve``; ``resolve`` applies the
submitted decisions and runs the script of ``phases`` until the next decision, and
hands back the state its table folded on the way.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.game import Decision, Game, Header, Option, Outcome, Resolved, ranks_from_scores
from engine.games.powerball import decisions as D
from engine.games.powerball import fold, program_changes
from engine.games.powerball.board import DIRS, floor, floor_names
from engine.games.powerball.cards import PRIORITIES
from engine.games.powerball.events import (
    BOMB_PLACED,
    OPTION_MOVED,
    OPTIONS_DEALT,
    SEATS_ORDERED,
    TRADING,
)
from engine.games.powerball.harm import discard_option
from engine.games.powerball.phases import proceed
from engine.games.powerball.programs import default_program, program_checker, program_event
from engine.games.powerball.respawn import place_robots, roll_flags
from engine.games.powerball.state import Place, State
from engine.games.powerball.table import Table
from engine.games.powerball.turn import next_trader, recompile
from engine.games.powerball.view import view
from engine.rng import Rng

COMMUNITY = 2
#: stages asking a yes or no: the key of the answer
YES_NO = {"recompile": "recompile", "swap": "swap", "abort": "abort"}
#: what a yes does (play goes on from the step the decision's ``Waiting`` named)
YES_NO_RUNS = {
    "recompile": recompile,
    "swap": program_changes.swap,
    "abort": program_changes.abort,
}


class Powerball(Game):
    name = "powerball"
    title = "American Robonators: Powerball"
    rules_version = 3
    #: v1 and v2 logs fold: v2's changes are new events and new fields of old ones (a
    #: v1 event folds as it did); v3 changed no event, only an earthquake's order. See
    #: RULES.md "Rules versions"
    folds_versions = (1, 2)
    seat_counts = (2, 3, 4, 5, 6, 7, 8)
    options = {
        "rounds": Option(30, "turns of five register phases played", minimum=1, maximum=60),
        "balls": Option(8, "powerballs in the pool", minimum=1, maximum=20),
        "floor": Option("arena", "the factory floor", choices=floor_names()),
    }

    # -- set-up ------------------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        state = fold.initial({"seats": header.seats, "options": header.options})
        t = Table(state, rng)
        n = state.seats
        cards = rng.shuffled(list(PRIORITIES))[:n]
        t.emit(SEATS_ORDERED, {"cards": cards, "order": sorted(range(n), key=lambda s: -cards[s])})
        deck = rng.shuffled(list(state.option_deck))
        t.emit(
            OPTIONS_DEALT, {"hands": [[o] for o in deck[:n]], "community": deck[n : n + COMMUNITY]}
        )
        seats = roll_flags(t)
        t.wait("respawn", seats, "deal")
        return t.events

    evolve = staticmethod(fold.evolve)

    # -- decisions -----------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        stage = state.stage
        out = []
        for seat in state.waiting:
            if stage == "program":
                out.append(
                    Decision(
                        seat,
                        default_program(state, seat),
                        check=program_checker(state, seat),
                        secret=True,
                        prompt="program",
                    )
                )
            elif stage == "fire":
                legal = D.fire_legal(state, seat)
                out.append(Decision(seat, legal[0], legal, prompt="fire"))
            elif stage == "respawn":
                legal = D.respawn_legal(state, seat, state_flag_arrow(state, seat))
                out.append(Decision(seat, legal[0], legal, prompt="respawn facing"))
            elif stage == "trade":
                legal = D.trade_legal(state, seat)
                out.append(Decision(seat, legal[0], legal, prompt="trade"))
            elif stage == "bomb":
                legal = D.bomb_legal(state, seat)
                out.append(Decision(seat, legal[0], legal, prompt="buzz bomb"))
            elif stage in YES_NO:
                key = YES_NO[stage]
                legal = [{key: False}, {key: True}]
                out.append(Decision(seat, legal[0], legal, prompt=stage))
        return out

    def resolve(self, state: State, actions: dict[int, Any], rng: Rng) -> list[Event]:
        t = Table(state, rng)
        stage = state.stage
        if stage == "program":
            for seat in sorted(actions):
                program_event(t, seat, actions[seat])
            proceed(t, "open")
        elif stage == "fire":
            proceed(t, state.step, dict(actions))
        elif stage == "respawn":
            for seat in sorted(actions):
                if "discard" in actions[seat]:
                    discard_option(t, seat, actions[seat]["discard"], "destroyed")
            place_robots(t, {s: DIRS.index(a["facing"]) for s, a in actions.items()})
            proceed(t, state.step)
        elif stage == "trade":
            ((seat, action),) = actions.items()
            trade_events(t, seat, action)
            if next_trader(t, state.step):
                proceed(t, state.step)
        elif stage in YES_NO:
            run = YES_NO_RUNS[stage]
            for seat in sorted(actions):
                if actions[seat][YES_NO[stage]]:
                    run(t, seat)
            proceed(t, state.step)
        elif stage == "bomb":
            for seat in sorted(actions, key=lambda s: flag_number(t, s)):
                # an earlier bomb may have taken the square this one chose
                if actions[seat] in D.bomb_legal(t.state, seat):
                    t.emit(BOMB_PLACED, {"owner": seat, "sq": actions[seat]["sq"]})
            proceed(t, state.step)
        return Resolved(t.events, t.done())

    # -- views and results -------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def state_json(self, state: State) -> dict[str, Any]:
        return view(state, None, everything=True)

    def outcome(self, state: State) -> Outcome | None:
        if state.stage != "over":
            return None
        return Outcome(ranks_from_scores(rank_keys(state)), self.scores(state), state.reason)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(r.vp for r in state.robots)


def rank_keys(state: State) -> list[tuple[Any, ...]]:
    """Victory points; ties go to more balls delivered, then more kills, then fewer
    deaths; seats still level share the rank."""
    return [(r.vp, r.delivered, r.kills, -r.deaths) for r in state.robots]


def state_flag_arrow(state: State, seat: int) -> str:
    flag = state.robots[seat].flag
    return DIRS[floor(state.floor).flags[flag - 1][1]] if flag else "N"


def flag_number(t: Table, seat: int) -> int:
    return t.floor.flag_at(t.state.robots[seat].sq)


def trade_events(t: Table, seat: int, action: dict[str, Any]) -> None:
    state = t.state
    do = action["do"]

    def move(option: str, a: Place, b: Place) -> None:
        t.emit(OPTION_MOVED, {"option": option, "from": a, "to": b})

    if do == "steal":
        move(action["option"], action["from"], seat)
    elif do == "replace":
        move(action["option"], action["from"], "community")
        move(action["community"], "community", action["from"])
    elif do == "keep":
        move(action["option"], "offer", seat)
    elif do == "discard":
        move(action["option"], "offer", "discards")
    elif do == "trade":
        move(action["option"], "offer", action["with"])
        move(action["for"], action["with"], seat)
    elif do == "community":
        move(action["option"], "offer", "community")
        move(action["for"], "community", seat)
    state = t.state
    if state.trade == "flag" or not state.offered:
        t.emit(TRADING, {"trade": state.trade, "queue": list(state.queue[1:])})


__all__ = ["Powerball"]
