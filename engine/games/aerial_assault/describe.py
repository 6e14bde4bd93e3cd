"""Aerial Assault's events in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.describe import Seats, listing
from engine.events import ACTION_SUBMITTED
from engine.games.aerial_assault.events import (
    ACTION_BLOCKED,
    ALLIANCES_DEALT,
    AUTONOMOUS_ENDED,
    BALL_DROPPED,
    BALL_OUT,
    BALL_PASSED,
    BALL_PICKED_UP,
    BALL_SCORED,
    BLOCK_ROLLED,
    BLOCK_TARGET_NAMED,
    BLOCKS_TO_NAME,
    CARD_DRAWN,
    CARD_PICKED,
    CARDS_REVEALED,
    CAUGHT,
    DICE_ROLLED,
    DRAFT_ENDED,
    DRAFT_ORDER_SET,
    DRIVER_PANICKED,
    INBOUNDED,
    MATCH_OVER,
    MISSED_SHOT,
    PLAY_ENDED,
    REROLLED,
    ROBOT_MOVED,
    ROBOTS_BUILT,
    ROUND_ENDED,
    ROW_DEALT,
    STARTING_PLAYER_ROLLED,
    STEP_FAILED,
    TEAMS_ASSIGNED,
    TIED_BLOCK,
    TRUSSED,
)
from engine.games.aerial_assault.field import ZONE_NAMES


def _zone(z: object) -> str:
    return ZONE_NAMES[z] if isinstance(z, int) and 0 <= z < len(ZONE_NAMES) else f"zone {z}"


def _plays(d: dict[str, Any], seats: Seats) -> str:
    shown = [f"robot {p['robot']} {p['card']} ({p['side']})" for p in d.get("plays", [])]
    return f"Cards are revealed: {listing(shown)}."


def _scored(d: dict[str, Any], seats: Seats) -> str:
    return (
        f"Robot {d['shooter']} scores ball {d['ball']} in the {d['goal']} goal for "
        f"{d['alliance']}: {d['points']} points"
        + (f" and {d['assist_points']} for assists." if d.get("assist_points") else ".")
    )


def _roll(d: dict[str, Any], seats: Seats) -> str:
    outcome = "succeeds" if d.get("success") else "fails"
    return (
        f"Robot {d['robot']} rolls {d['die']} for the {d['for']} (needs {d['need']}) and {outcome}."
    )


def _block(d: dict[str, Any], seats: Seats) -> str:
    return (
        f"Robot {d['blocker']} blocks robot {d['target']} (rolls {d['die']} against "
        f"{d['target_die']}): {d['result']}."
    )


SENTENCES: dict[str, Callable[[dict[str, Any], Seats], str | None]] = {
    TEAMS_ASSIGNED: lambda d, s: (
        "Robots are handed out: "
        + listing([f"robot {r} to {s(seat)}" for r, seat in enumerate(d["controllers"])])
        + "."
    ),
    ROBOTS_BUILT: lambda d, s: "The robots are built.",
    DRAFT_ORDER_SET: lambda d, s: "The draft order is set.",
    ROW_DEALT: lambda d, s: f"The draft row is dealt: {' '.join(d['cards'])}.",
    CARD_PICKED: lambda d, s: f"Robot {d['robot']} picks {d['card']}.",
    CARD_DRAWN: lambda d, s: f"{' '.join(d['cards'])} refills the row.",
    DRAFT_ENDED: lambda d, s: "The draft ends.",
    ALLIANCES_DEALT: lambda d, s: (
        "Alliances: " + listing([f"robot {r} {a}" for r, a in enumerate(d["alliances"])]) + "."
    ),
    CARDS_REVEALED: _plays,
    ROBOT_MOVED: lambda d, s: (
        f"Robot {d['robot']} moves from {_zone(d['from'])} to {_zone(d['to'])}."
    ),
    DICE_ROLLED: _roll,
    BALL_DROPPED: lambda d, s: f"Ball {d['ball']} drops in {_zone(d['zone'])}.",
    BALL_SCORED: _scored,
    STEP_FAILED: lambda d, s: f"Robot {d['robot']} cannot {d['act']}: {d['reason']}.",
    AUTONOMOUS_ENDED: lambda d, s: "Autonomous ends.",
    PLAY_ENDED: lambda d, s: "The play ends.",
    BLOCK_ROLLED: _block,
    INBOUNDED: lambda d, s: (
        f"Ball {d['ball']} is inbounded to robot {d['robot']}"
        + (" and caught." if d.get("caught") else " and dropped.")
    ),
    ROUND_ENDED: lambda d, s: f"Round {d['round']} ends.",
    TRUSSED: lambda d, s: (
        f"Robot {d['robot']} throws ball {d['ball']} over the truss ({d['points']} points)."
    ),
    ACTION_BLOCKED: lambda d, s: f"Robot {d['by']} blocks robot {d['robot']}'s action.",
    BALL_PICKED_UP: lambda d, s: f"Robot {d['robot']} picks up ball {d['ball']}.",
    CAUGHT: lambda d, s: f"Robot {d['robot']} catches ball {d['ball']} ({d['points']} points).",
    REROLLED: lambda d, s: (
        f"Robot {d['robot']} rerolls with {d['card']} for the {d['for']}"
        + (
            f": {d['die']}."
            if "success" not in d
            else f": {d['die']}, {'success' if d['success'] else 'still short'}."
        )
    ),
    STARTING_PLAYER_ROLLED: lambda d, s: f"{s(d['starter'])} starts the driver rounds.",
    DRIVER_PANICKED: lambda d, s: f"Robot {d['robot']}'s driver panics and plays {d['card']}.",
    TIED_BLOCK: lambda d, s: (
        f"Robot {d['attacker']} and robot {d['defender']} tie the block "
        f"on a {d['die']}: {d['effect']} for robot {d['robot']}."
    ),
    MISSED_SHOT: lambda d, s: (
        f"Robot {d['robot']} misses with ball {d['ball']} (rolls {d['die']}): {d['result']}."
    ),
    BALL_OUT: lambda d, s: f"Ball {d['ball']} goes out of the field.",
    BALL_PASSED: lambda d, s: (
        f"Robot {d['robot']} passes ball {d['ball']} to robot {d['to']}."
        if "to" in d
        else f"Robot {d['robot']} passes ball {d['ball']} into {_zone(d.get('zone'))}."
    ),
    BLOCKS_TO_NAME: lambda d, s: (
        "Blockers to name their targets: " + listing([f"robot {r}" for r in d["robots"]]) + "."
    ),
    BLOCK_TARGET_NAMED: lambda d, s: f"Robot {d['robot']} will block robot {d['target']}.",
    MATCH_OVER: lambda d, s: (
        f"Final score: red {d['points'][0]}, blue {d['points'][1]}; {d['reason']}."
    ),
}


def _cards(plays: list[Any]) -> str:
    return listing([f"{a.get('card')} ({a.get('side')})" for a in plays])


def _action(action: Any, who: str) -> str | None:
    """A seat's submitted choice: a build, a draft pick or the cards it plays
    (a list per robot in autonomous, one list in a driver play)."""
    if isinstance(action, str):
        return f"{who} picks {action}."
    if not isinstance(action, list) or not action:
        return None
    if all(isinstance(a, dict) for a in action):
        return f"{who} plays {_cards(action)}."
    if all(isinstance(a, list) and all(isinstance(p, str) for p in a) for a in action):
        builds = [", ".join(p.replace("_", " ") for p in parts) for parts in action]
        return f"{who} builds its robots: {' / '.join(builds)}."
    if all(isinstance(a, list) and all(isinstance(p, dict) for p in a) for a in action):
        return f"{who} programs autonomous: " + " / ".join(_cards(a) for a in action) + "."
    return None


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    if kind == ACTION_SUBMITTED:
        if "action" not in data:
            return f"{seats(data.get('seat'))} decides in secret."
        return _action(data["action"], seats(data.get("seat")))
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None
