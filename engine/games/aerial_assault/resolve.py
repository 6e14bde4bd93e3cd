"""resolve: the events that follow the seats' actions, phase by phase: the
builds and the draft, the autonomous programs, the driver-controlled card plays
(with the naming of block targets after a reveal), inbounds and the end."""

from __future__ import annotations

from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.actions import resolve_play
from engine.games.aerial_assault.checks import block_candidates
from engine.games.aerial_assault.events import (
    ALLIANCES_DEALT,
    AUTONOMOUS_ENDED,
    BLOCK_TARGET_NAMED,
    BLOCKS_TO_NAME,
    CARD_DRAWN,
    CARD_PICKED,
    CARDS_REVEALED,
    DRAFT_ENDED,
    DRAFT_ORDER_SET,
    DRIVER_PANICKED,
    INBOUNDED,
    MATCH_OVER,
    PLAY_ENDED,
    ROBOTS_BUILT,
    ROUND_ENDED,
    ROW_DEALT,
    STARTING_PLAYER_ROLLED,
)
from engine.games.aerial_assault.field import ALLIANCES, inbound_zone, other
from engine.games.aerial_assault.play_context import Ctx
from engine.games.aerial_assault.state import (
    AUTO_CARDS,
    PLAYS,
    ROUNDS,
    ROW_SIZE,
    State,
    alliance_seats,
    in_play,
    robots_of,
)


def resolve_build(ctx: Ctx, actions: dict[int, Any]) -> None:
    state = ctx.state
    parts: list[list[str] | None] = [None] * len(state.robots)
    for seat in range(state.seats):
        for r, entry in zip(robots_of(state, seat), actions[seat]):
            parts[r] = list(entry)
    ctx.emit(ROBOTS_BUILT, {"parts": parts})
    state, rng = ctx.state, ctx.rng
    n = len(state.robots)
    if state.seats in (2, 3, 5):
        # robots 0 and the last belong to the seat driving two: it picks first and last
        order = list(range(n))
    else:
        tied, rounds = list(range(state.seats)), []
        while len(tied) > 1:
            rolls = [[s, rng.die(), rng.die()] for s in tied]
            rounds.append(rolls)
            best = max(a + b for _, a, b in rolls)
            tied = [s for s, a, b in rolls if a + b == best]
        starter = tied[0]
        ctx.emit(STARTING_PLAYER_ROLLED, {"rolls": rounds, "starter": starter})
        order = [(starter + k) % n for k in range(n)]
    main = 4 if state.iri else 3
    schedule = order * main
    extra = [r for r in order if state.robots[r].weeks < state.robots[r].budget]
    schedule += extra * 2
    ctx.emit(DRAFT_ORDER_SET, {"order": schedule})
    ctx.emit(ROW_DEALT, {"cards": _draw(ctx, ROW_SIZE)})  # never empty: 3+ rounds of picks


def _draw(ctx: Ctx, count: int) -> list[str]:
    deck, out = list(ctx.state.deck), []
    for _ in range(min(count, len(deck))):
        out.append(deck.pop(ctx.rng.below(len(deck))))
    return out


def resolve_pick(ctx: Ctx, actions: dict[int, Any]) -> None:
    state = ctx.state
    robot = state.pick_order[state.pick_index]
    ctx.emit(CARD_PICKED, {"robot": robot, "card": actions[state.controllers[robot]]})
    drawn = _draw(ctx, 1)
    if drawn:
        ctx.emit(CARD_DRAWN, {"cards": drawn})
    if ctx.state.pick_index >= len(ctx.state.pick_order) or not ctx.state.row:
        _end_draft(ctx)


def _end_draft(ctx: Ctx) -> None:
    n = len(ctx.state.robots)
    ctx.emit(DRAFT_ENDED, {"skipped": len(ctx.state.pick_order) - ctx.state.pick_index})
    state = ctx.state
    if state.seat_teams:  # seated in teams: only the colours are dealt
        colour = "red" if ctx.rng.below(2) == 0 else "blue"
        first = state.seat_teams[0]
        alliances = [
            colour if state.seat_teams[seat] == first else other(colour)
            for seat in state.controllers
        ]
    elif state.seats in (2, 3):
        red_first = ctx.rng.below(2) == 0
        team_a = "red" if red_first else "blue"
        alliances = [team_a, other(team_a), other(team_a), team_a]
    elif state.seats == 5:
        # the seat driving robots 0 and 5 and one partner dealt from the other four
        team_a = "red" if ctx.rng.below(2) == 0 else "blue"
        partner = 1 + ctx.rng.below(4)
        alliances = [team_a if r in (0, partner, 5) else other(team_a) for r in range(n)]
    else:
        alliances = ctx.rng.shuffled(["red"] * (n // 2) + ["blue"] * (n // 2))
    ctx.emit(ALLIANCES_DEALT, {"alliances": alliances})


def _plays_of(state: State, actions: dict[int, Any]) -> dict[int, Any]:
    """Each robot's entry of its seat's action (a play, or auto cards)."""
    plays = {}
    for seat in range(state.seats):
        for r, entry in zip(robots_of(state, seat), actions[seat]):
            plays[r] = entry
    return plays


def _reveal_data(r: int, play: dict[str, Any]) -> dict[str, Any]:
    return {
        "robot": r,
        "card": play["card"],
        "side": play["side"],
        # a checked face-down play has no steps, or null
        "steps": list(play.get("steps") or []),
        "order": play.get("order", 0),
    }


def resolve_auto(ctx: Ctx, actions: dict[int, Any]) -> None:
    programs = _plays_of(ctx.state, actions)
    for step in range(AUTO_CARDS):
        plays = {r: programs[r][step] for r in sorted(programs)}
        ctx.emit(
            CARDS_REVEALED,
            {"round": 0, "step": step, "plays": [_reveal_data(r, p) for r, p in plays.items()]},
        )
        resolve_play(ctx, plays, auto=True)
    ctx.emit(AUTONOMOUS_ENDED, {})
    _inbound(ctx)


def resolve_driver(ctx: Ctx, actions: dict[int, Any]) -> None:
    plays = _plays_of(ctx.state, actions)
    revealed = [_reveal_data(r, plays[r]) for r in sorted(plays)]
    ctx.emit(CARDS_REVEALED, {"round": ctx.state.round, "step": ctx.state.play, "plays": revealed})
    blockers = [p["robot"] for p in revealed if block_candidates(ctx.state, p)]
    if blockers:  # their targets are named now, with every play in view
        ctx.emit(BLOCKS_TO_NAME, {"robots": blockers})
        return
    _finish_play(ctx)


def resolve_naming(ctx: Ctx, actions: dict[int, Any]) -> None:
    r = ctx.state.naming[0]
    target = actions[ctx.state.controllers[r]]["target"]
    ctx.emit(BLOCK_TARGET_NAMED, {"robot": r, "target": target})
    if not ctx.state.naming:
        _finish_play(ctx)


def _finish_play(ctx: Ctx) -> None:
    """Resolve the revealed card play (block targets named), then end it."""
    named = dict(ctx.state.targets)
    plays = {p["robot"]: _aimed(p, named.get(p["robot"])) for p in ctx.state.staged}
    blocks = resolve_play(ctx, plays, auto=False)
    ctx.emit(PLAY_ENDED, {"blocks": blocks})
    if ctx.state.play >= PLAYS:
        ctx.emit(ROUND_ENDED, {"round": ctx.state.round})
        if ctx.state.round > ROUNDS:
            _finish(ctx)
            return
    for r, robot in enumerate(ctx.state.robots):
        if robot.forced == "panic":
            ctx.emit(
                DRIVER_PANICKED,
                {"robot": r, "card": ctx.rng.choice(robot.hand)},
                alliance_seats(ctx.state, robot.alliance),
                {"robot": r},
            )
    _inbound(ctx)


def _aimed(play: dict[str, Any], target: int | None) -> dict[str, Any]:
    """``play`` with its block step aimed at ``target`` (when one was named)."""
    if target is None:
        return play
    steps = [
        {"act": "block", "target": target} if s is not None and s["act"] == "block" else s
        for s in play["steps"]
    ]
    return {**play, "steps": steps}


def _finish(ctx: Ctx) -> None:
    s = ctx.state
    keys = {
        a: (s.points[i], s.assists[i], s.catches[i], s.trusses[i]) for i, a in enumerate(ALLIANCES)
    }
    if keys["red"] == keys["blue"]:
        winner, reason = None, "a draw: points, assists, catches and trusses all tied"
    else:
        winner = "red" if keys["red"] > keys["blue"] else "blue"
        loser = other(winner)
        names = ("points", "assist points", "catch points", "truss points")
        by = next(i for i, (w, x) in enumerate(zip(keys[winner], keys[loser])) if w != x)
        reason = f"{winner} wins on {names[by]} ({keys[winner][by]} to {keys[loser][by]})"
    ctx.emit(
        MATCH_OVER,
        {
            "winner": winner,
            "reason": reason,
            "points": list(s.points),
            "assists": list(s.assists),
            "catches": list(s.catches),
            "trusses": list(s.trusses),
        },
    )


def _inbound(ctx: Ctx) -> None:
    """Before every driver-controlled card play: inbound any alliance's ball that
    is out of play, to a robot of that alliance in the opposing Shoot Zone 1."""
    for alliance in ALLIANCES:
        s = ctx.state
        if in_play(s, alliance):
            continue
        waiting = [b for b in s.balls if b.color == alliance and b.where == "waiting"]
        zone = inbound_zone(alliance)
        # none of them holds a ball: the alliance has none in play
        receivers = [
            r
            for r, robot in enumerate(s.robots)
            if robot.alliance == alliance and robot.zone == zone
        ]
        if not waiting or not receivers:
            continue
        sure = [r for r in receivers if s.robots[r].catch_mod]
        r = (sure or receivers)[0]
        data: dict[str, object] = {"ball": waiting[0].id, "robot": r}
        if sure:
            data.update({"die": None, "caught": True})
        else:
            die = ctx.rng.die()
            data.update({"die": die, "caught": die >= C.INBOUND_NEED})
        ctx.emit(INBOUNDED, data)
