"""``validate_bot``: the check an uploaded bot must pass before it may play."""

from __future__ import annotations

import os
from collections.abc import Sequence

from engine import registry
from engine.bots.limits import Limits
from engine.bots.player import SubprocessPlayer
from engine.bots.program import load_program
from engine.bots.sandbox import Sandbox
from engine.events import FAULT_TYPES
from engine.game import Action, Game, Header, Outcome, RulesError, Seat
from engine.players import BotPlayer, Player, RandomBot, Request
from engine.runner import Match

#: the validation match's seed: fixed, so a verdict can be reproduced
VALIDATION_SEED = 1
#: decision rounds played (by random opponents) while waiting for the bot's turn
MAX_STEPS_BEFORE_ITS_TURN = 50


class _Asked:
    """A player wrapper that counts the decisions put to the bot under test."""

    def __init__(self, player: SubprocessPlayer) -> None:
        self.player = player
        self.asked = 0

    def begin(self, seat: int, header: Header) -> None:
        self.player.begin(seat, header)

    def decide(self, request: Request) -> Action:
        self.asked += 1
        return self.player.decide(request)

    def finish(self, outcome: Outcome) -> None:
        self.player.finish(outcome)

    def close(self) -> None:
        self.player.close()


def validate_bot(
    path: str | os.PathLike[str],
    game: str | Game,
    *,
    limits: Limits | None = None,
    allow_unsandboxed: bool | None = None,
) -> tuple[bool, str, str]:
    """Start the bot at ``path`` in the sandbox as seat 0 of a match of ``game``
    (default options, random opponents) and check that it answers the handshake
    within the start-up limit and then plays its first decision with a legal
    action in time. A bot written for another game fails here, not in its matches.

    Returns ``(ok, reason, stderr)``: ``reason`` says what failed (or names the
    bot when ``ok``); ``stderr`` is what the bot printed there, capped.
    """
    try:
        game = registry.get(game) if isinstance(game, str) else game
        program = load_program(path)
        sandbox = Sandbox(limits, allow_unsandboxed=allow_unsandboxed)
    except RulesError as exc:  # an unknown game, or a BotError (bad program, no sandbox)
        return False, str(exc), ""
    count = game.seat_counts[0]
    seats = (Seat(program.name, program.version),) + tuple(
        Seat(f"opponent {i}") for i in range(1, count)
    )
    match = Match.begin(game, seats, VALIDATION_SEED)
    player = SubprocessPlayer(program, sandbox=sandbox)
    probe = _Asked(player)
    players = [probe] + [BotPlayer(game, RandomBot) for _ in range(1, count)]
    try:
        for seat, each in enumerate(players):
            each.begin(seat, match.header)
        if not player.handshake():
            failure = player.failure
            return False, failure[1] if failure else "the bot did not start", player.stderr
        reason = _first_decision(match, players, probe)
        stderr = player.stderr
    finally:
        player.close()
    if reason is not None:
        return False, reason, stderr
    return True, f"ready: {player.name or program.name}, played a legal first move", stderr


def _first_decision(match: Match, players: Sequence[Player], probe: _Asked) -> str | None:
    """Play until the bot under test has decided once; what went wrong, or ``None``."""
    outcome = match.game.outcome(match.state)
    while not probe.asked and outcome is None and match.steps < MAX_STEPS_BEFORE_ITS_TURN:
        outcome = match.step(players, max_faults=1_000_000)
    if not probe.asked:
        return None  # the opening never came to its seat: the handshake is all we can check
    for event in match.log.events:
        if event.type in FAULT_TYPES and event.data.get("seat") == 0:
            return f"its first decision in {match.game.name} failed: {event.data['reason']}"
    return None
