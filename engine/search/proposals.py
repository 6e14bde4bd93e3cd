"""The actions a search tries at a decision, and the request its policy bots
answer. A listed decision offers its ``legal`` list; a checked one (too many
actions to list) offers what the game's own bots propose: the rollout policy's
choice (``greedy``'s unless the game supplies a bot) first, then ``random``'s. Every proposal is checked against the decision, so a
bot's slip in a drawn state costs a default, never an illegal line."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

from engine.decisions import Action, Decision
from engine.events import Event
from engine.game import Game
from engine.players import Request
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.runner import Match


class _Position:
    """What a ``Request`` reads of a match, for a state the search holds: no log
    (a bot of the seed games reads no events, and a drawn state has none)."""

    __slots__ = ("game", "state", "log")

    def __init__(self, game: Game, state: Any) -> None:
        self.game = game
        self.state = state
        self.log = _NO_LOG


class _NoLog:
    events: tuple[Event, ...] = ()


_NO_LOG = _NoLog()


def sim_request(game: Game, state: Any, decision: Decision) -> Request:
    """A ``Request`` for ``decision`` in a state the search holds: the same
    ``legal`` and lazy ``view`` a bot reads in a match."""
    return Request(cast("Match", _Position(game, state)), decision, 0)


def key_of(action: Action) -> str:
    """An action's identity as JSON sees it (``true`` is not ``1``)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def legal_or_default(decision: Decision, action: Action) -> Action:
    try:
        return action if decision.reject_reason(action) is None else decision.default
    except Exception:  # a checker choking on a bot's odd shape
        return decision.default


class Policy:
    """One of the game's bots for every seat, asked for actions in drawn states:
    a built-in by name, or a bot class the game supplies its search."""

    def __init__(self, game: Game, seats: int, rng: Rng, name: str | type) -> None:
        cls = game.bots[name] if isinstance(name, str) else name
        self.game = game
        self.bots = [cls(game, seat, rng) for seat in range(seats)]

    def act(self, state: Any, decision: Decision) -> Action:
        """The bot's answer when it is legal, else the decision's default."""
        try:
            action = self.bots[decision.seat].decide(sim_request(self.game, state, decision))
        except Exception:  # a bot's bug in an odd drawn state: the default stands in
            return decision.default
        return legal_or_default(decision, action)


def fresh_proposal(
    decision: Decision, known: dict[str, Any], policy: Policy, random: Policy, state: Any, rng: Rng
) -> Action | None:
    """An action not in ``known`` (keys), or ``None`` when none turns up: the
    policy's choice first, then an untried legal action or a random bot's."""
    if not known:
        return policy.act(state, decision)
    legal = decision.legal
    if legal is not None:
        untried = [a for a in legal if key_of(a) not in known]
        return rng.choice(untried) if untried else None
    for _ in range(3):
        action = random.act(state, decision)
        if key_of(action) not in known:
            return action
    return None
