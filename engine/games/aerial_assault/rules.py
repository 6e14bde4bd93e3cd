"""Aerial Assault as a Scrimmage game: build season, driver training, the match.

Phases (``State.phase``): ``build`` (every seat secretly builds its robots),
``draft`` (the open draft of special cards, one pick per decision), ``auto`` (the
secret three-card autonomous programs), ``play`` (five rounds of five secret,
simultaneous card plays) and ``over``.

A seat drives one robot, or two when two, three or five seats play. Such a seat answers
one decision for both of its robots: its action is a list with one entry per
robot it drives, in robot order. RULES.md explains the actions' shape.

``resolve`` works by emitting fine-grained events and folding each one into a
local copy of the state with ``evolve`` as it goes, so the state only ever changes
through ``evolve`` and the log holds every outcome of chance; the state it reaches
goes back to the runner with the events.

The modules: ``state`` (the state and its queries), ``checks`` (what is legal),
``fold`` (evolve), ``resolve`` (the phases) and ``actions`` (one card play
resolving), ``view``, ``cards`` and ``field`` (the catalogues and the zones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.events import Event
from engine.game import Decision, Game, Header, Option, Outcome, Resolved, team_sizes
from engine.games.aerial_assault import fold
from engine.games.aerial_assault.checks import block_candidates, checker, default_play, staged_play
from engine.games.aerial_assault.events import TEAMS_ASSIGNED
from engine.games.aerial_assault.field import ALLIANCES
from engine.games.aerial_assault.play_context import Ctx
from engine.games.aerial_assault.resolve import (
    resolve_auto,
    resolve_build,
    resolve_driver,
    resolve_naming,
    resolve_pick,
)
from engine.games.aerial_assault.state import (
    AUTO_CARDS,
    State,
    parse_rookie,
    robots_of,
    seat_alliance,
)
from engine.games.aerial_assault.view import SeatViews, view_of
from engine.rng import Rng

DEFAULT_BUILD = ["kitbot_drive", "catapult", "spinning_stick"]  # 4 weeks: fits any budget
#: seats -> the seats of the smaller and the larger alliance
SEAT_SPLITS = {2: (1, 1), 3: (1, 2), 4: (2, 2), 5: (2, 3), 6: (3, 3)}


def seated_teams(teams: Sequence[int | None]) -> dict[str, Any]:
    """``TeamsAssigned`` for seats whose alliances the platform gave (``teams``:
    each seat's team): the seat alone in its team is the 3-seat game's solo seat,
    the first seat of the two-seat team the 5-seat game's double seat (robots 0
    and 5, as when dealt)."""
    n = len(teams)
    if n in (3, 5):
        small = min(set(teams), key=teams.count)
        lead = teams.index(small)
        others = [s for s in range(n) if s != lead]
        key = "solo" if n == 3 else "double"
        return {"controllers": [lead, *others, lead], key: lead}
    return {"controllers": list(range(n))}


class AerialAssault(Game):
    name = "aerial_assault"
    title = "Aerial Assault"
    rules_version = 3
    #: v1 and v2 logs fold: the v2 changes are new events or fold alike, except
    #: that v1 cleared a trussed mark out of bounds (the fold asks the log's
    #: version); v3 only adds the seats' teams to ``TeamsAssigned``
    folds_versions = (1, 2)
    seat_counts = (2, 3, 4, 5, 6)
    options = {
        "iri": Option(False, "IRI / Einstein robots: 7 build weeks and one more special card"),
        "rookie": Option("", "rookie teams with 5 build weeks: '', 'all' or seats like '0,2'"),
        "missed_shots": Option(
            False, "optional rule: a natural 1 on a shot or truss rolls where the ball lands"
        ),
        "tied_blocks": Option(False, "optional rule: a tied block rolls on the tied-blocks table"),
    }

    def __init__(self) -> None:
        self._views = SeatViews()

    def alliances(self, seat_count: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The two alliances' sizes in seats, either alliance first when they differ."""
        small, big = SEAT_SPLITS[seat_count]
        return ((small, big), (big, small)) if small != big else ((small, big),)

    def check_setup(self, seat_count: int, options: Mapping[str, Any]) -> None:
        """The ``rookie`` option names seats of this match (checked before a match is
        stored, not only when it starts)."""
        parse_rookie(options["rookie"], seat_count)

    # -- start ------------------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        n = len(header.seats)
        teams = [s.team for s in header.seats]
        if n > 2 and len(team_sizes(teams) or ()) == 2:  # the platform seated the alliances
            return [Event(TEAMS_ASSIGNED, {**seated_teams(teams), "teams": teams})]
        if n == 2:
            first = rng.below(2)
            second = 1 - first
            controllers = [first, second, second, first]
            data = {"controllers": controllers, "card_1": first}
        elif n == 3:
            solo = rng.below(3)
            others = [s for s in range(3) if s != solo]
            controllers = [solo, others[0], others[1], solo]
            data = {"controllers": controllers, "solo": solo}
        elif n == 5:
            double = rng.below(5)
            others = [s for s in range(5) if s != double]
            controllers = [double] + others + [double]
            data = {"controllers": controllers, "double": double}
        else:
            data = {"controllers": list(range(n))}
        return [Event(TEAMS_ASSIGNED, data)]

    # -- evolve -----------------------------------------------------------------------
    def evolve(self, state: State | None, event: Event) -> State:
        return fold.evolve(state, event, self.rules_version)

    # -- decisions ----------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        phase = state.phase
        if phase == "draft":
            robot = state.pick_order[state.pick_index]
            seat = state.controllers[robot]
            return [
                Decision(
                    seat,
                    state.row[0],
                    list(state.row),
                    prompt=f"draft a special card for robot {robot}",
                )
            ]
        if phase == "block":
            r = state.naming[0]
            legal = [{"target": t} for t in block_candidates(state, staged_play(state, r))]
            return [
                Decision(
                    state.controllers[r],
                    legal[0],
                    legal,
                    prompt=f"robot {r}: name the robot its block targets",
                )
            ]
        if phase not in ("build", "auto", "play"):
            return []
        out = []
        for seat in range(state.seats):
            robots = robots_of(state, seat)
            if phase == "build":
                default: list[Any] = [list(DEFAULT_BUILD) for _ in robots]
                prompt = "build your robot(s)"
            elif phase == "auto":
                default = [
                    [{"card": c, "side": "down"} for c in state.robots[r].hand[:AUTO_CARDS]]
                    for r in robots
                ]
                prompt = "program the autonomous round"
            else:
                default = [default_play(state.robots[r]) for r in robots]
                prompt = f"round {state.round}, card play {state.play + 1}"
            out.append(
                Decision(seat, default, check=checker(state, seat), secret=True, prompt=prompt)
            )
        return out

    # -- views ------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self._views.view(state, seat)

    def state_json(self, state: State) -> dict[str, Any]:
        """The omniscient view (every hand, the face-down pile, the draft schedule):
        the same shape as a view, so ``render`` draws either."""
        out = view_of(state, None, True)
        out.update(
            {
                "deck": list(state.deck),
                "pick_order": list(state.pick_order),
                "pick_index": state.pick_index,
                "controllers": list(state.controllers),
                "rookie": list(state.rookie),
            }
        )
        return out

    # -- resolve ------------------------------------------------------------------------
    def resolve(self, state: State, actions: dict[int, Any], rng: Rng) -> list[Event]:
        ctx = Ctx(self.evolve, state, rng)
        if state.phase == "build":
            resolve_build(ctx, actions)
        elif state.phase == "draft":
            resolve_pick(ctx, actions)
        elif state.phase == "auto":
            resolve_auto(ctx, actions)
        elif state.phase == "play":
            resolve_driver(ctx, actions)
        elif state.phase == "block":
            resolve_naming(ctx, actions)
        return Resolved(ctx.events, ctx.state)

    # -- the end ------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        keys = [
            (state.points[i], state.assists[i], state.catches[i], state.trusses[i])
            for i in range(2)
        ]
        alliance_rank = [1 + sum(1 for k in keys if k > keys[i]) for i in range(2)]
        ranks, scores = [], []
        for seat in range(state.seats):
            i = ALLIANCES.index(seat_alliance(state, seat))
            ranks.append(alliance_rank[i])
            scores.append(state.points[i])
        return Outcome(tuple(ranks), tuple(scores), state.result)

    def scores(self, state: State) -> tuple[int, ...]:
        if state is None:
            return ()
        out = []
        for seat in range(state.seats):
            a = seat_alliance(state, seat)
            out.append(state.points[ALLIANCES.index(a)] if a else 0)
        return tuple(out)
