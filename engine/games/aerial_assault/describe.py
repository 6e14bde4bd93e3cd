"""Aerial Assault's events in words."""

from __future__ import annotations

from engine.describe import Seats, listing
from engine.events import ACTION_SUBMITTED
from engine.games.aerial_assault.field import ZONE_NAMES


def _zone(z: int) -> str:
    return ZONE_NAMES[z] if isinstance(z, int) and 0 <= z < len(ZONE_NAMES) else f"zone {z}"


def _plays(d: dict, seats: Seats) -> str:
    shown = [f"robot {p['robot']} {p['card']} ({p['side']})" for p in d.get("plays", [])]
    return f"Cards are revealed: {listing(shown)}."


def _scored(d: dict, seats: Seats) -> str:
    return (
        f"Robot {d['shooter']} scores ball {d['ball']} in the {d['goal']} goal for "
        f"{d['alliance']}: {d['points']} points"
        + (f" and {d['assist_points']} for assists." if d.get("assist_points") else ".")
    )


def _roll(d: dict, seats: Seats) -> str:
    outcome = "succeeds" if d.get("success") else "fails"
    return (
        f"Robot {d['robot']} rolls {d['die']} for the {d['for']} (needs {d['need']}) and {outcome}."
    )


def _block(d: dict, seats: Seats) -> str:
    return (
        f"Robot {d['blocker']} blocks robot {d['target']} (rolls {d['die']} against "
        f"{d['target_die']}): {d['result']}."
    )


SENTENCES = {
    "TeamsAssigned": lambda d, s: (
        "Robots are handed out: "
        + listing([f"robot {r} to {s(seat)}" for r, seat in enumerate(d["controllers"])])
        + "."
    ),
    "RobotsBuilt": lambda d, s: "The robots are built.",
    "DraftOrderSet": lambda d, s: "The draft order is set.",
    "RowDealt": lambda d, s: f"The draft row is dealt: {' '.join(d['cards'])}.",
    "CardPicked": lambda d, s: f"Robot {d['robot']} picks {d['card']}.",
    "CardDrawn": lambda d, s: f"{' '.join(d['cards'])} refills the row.",
    "DraftEnded": lambda d, s: "The draft ends.",
    "AlliancesDealt": lambda d, s: (
        "Alliances: " + listing([f"robot {r} {a}" for r, a in enumerate(d["alliances"])]) + "."
    ),
    "CardsRevealed": _plays,
    "RobotMoved": lambda d, s: (
        f"Robot {d['robot']} moves from {_zone(d['from'])} to {_zone(d['to'])}."
    ),
    "DiceRolled": _roll,
    "BallDropped": lambda d, s: f"Ball {d['ball']} drops in {_zone(d['zone'])}.",
    "BallScored": _scored,
    "StepFailed": lambda d, s: f"Robot {d['robot']} cannot {d['act']}: {d['reason']}.",
    "AutonomousEnded": lambda d, s: "Autonomous ends.",
    "PlayEnded": lambda d, s: "The play ends.",
    "BlockRolled": _block,
    "Inbounded": lambda d, s: (
        f"Ball {d['ball']} is inbounded to robot {d['robot']}"
        + (" and caught." if d.get("caught") else " and dropped.")
    ),
    "RoundEnded": lambda d, s: f"Round {d['round']} ends.",
    "Trussed": lambda d, s: (
        f"Robot {d['robot']} throws ball {d['ball']} over the truss ({d['points']} points)."
    ),
    "ActionBlocked": lambda d, s: f"Robot {d['by']} blocks robot {d['robot']}'s action.",
    "BallPickedUp": lambda d, s: f"Robot {d['robot']} picks up ball {d['ball']}.",
    "Caught": lambda d, s: f"Robot {d['robot']} catches ball {d['ball']} ({d['points']} points).",
    "Rerolled": lambda d, s: (
        f"Robot {d['robot']} rerolls with {d['card']} for the {d['for']}"
        + (
            f": {d['die']}."
            if "success" not in d
            else f": {d['die']}, {'success' if d['success'] else 'still short'}."
        )
    ),
    "StartingPlayerRolled": lambda d, s: f"{s(d['starter'])} starts the driver rounds.",
    "DriverPanicked": lambda d, s: f"Robot {d['robot']}'s driver panics and plays {d['card']}.",
    "TiedBlock": lambda d, s: (
        f"Robot {d['attacker']} and robot {d['defender']} tie the block "
        f"on a {d['die']}: {d['effect']} for robot {d['robot']}."
    ),
    "MissedShot": lambda d, s: (
        f"Robot {d['robot']} misses with ball {d['ball']} (rolls {d['die']}): {d['result']}."
    ),
    "BallOut": lambda d, s: f"Ball {d['ball']} goes out of the field.",
    "BallPassed": lambda d, s: (
        f"Robot {d['robot']} passes ball {d['ball']} to robot {d['to']}."
        if "to" in d
        else f"Robot {d['robot']} passes ball {d['ball']} into {_zone(d.get('zone'))}."
    ),
    "BlocksToName": lambda d, s: (
        "Blockers to name their targets: " + listing([f"robot {r}" for r in d["robots"]]) + "."
    ),
    "BlockTargetNamed": lambda d, s: f"Robot {d['robot']} will block robot {d['target']}.",
    "MatchOver": lambda d, s: (
        f"Final score: red {d['points'][0]}, blue {d['points'][1]}; {d['reason']}."
    ),
}


def _cards(plays: list) -> str:
    return listing([f"{a.get('card')} ({a.get('side')})" for a in plays])


def _action(action, who: str) -> str | None:
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


def describe(kind: str, data: dict, seats: Seats) -> str | None:
    if kind == ACTION_SUBMITTED:
        if "action" not in data:
            return f"{seats(data.get('seat'))} decides in secret."
        return _action(data["action"], seats(data.get("seat")))
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None
