"""Players for a stored match's seats: a built-in bot plays in-process; an
uploaded bot version plays out of process, in the sandbox, over its stored files,
and its stderr (capped) is kept on the seat for its owner."""

from __future__ import annotations

import logging
from typing import Sequence

from engine.bots.player import SubprocessPlayer
from engine.bots.sandbox import BotError, Limits, Sandbox, load_program
from engine.game import Game
from engine.players import BotPlayer, Player
from engine.registry import bot_class

from bots import conf

logger = logging.getLogger(__name__)


class SeatPlayer(SubprocessPlayer):
    """A ``SubprocessPlayer`` that stores its bot's stderr on its ``MatchSeat``
    when the match ends."""

    def __init__(self, program, seat_pk: int, *, sandbox: Sandbox) -> None:
        super().__init__(program, sandbox=sandbox)
        self.seat_pk = seat_pk

    def finish(self, outcome) -> None:
        try:
            super().finish(outcome)
        finally:
            self.store_stderr()

    def store_stderr(self) -> None:
        from matches.models import MatchSeat

        try:
            MatchSeat.objects.filter(pk=self.seat_pk).update(
                stderr=self.stderr[: conf.get("BOTS_STDERR_CAP")])
        except Exception:  # noqa: BLE001 - a log must never break the match
            logger.exception("could not store the stderr of seat %s", self.seat_pk)


class RefusedPlayer:
    """Stands for an uploaded bot that cannot run here (no sandbox, files gone):
    starting it raises, so the match fails with the reason instead of playing."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def begin(self, seat, header) -> None:
        raise self.error

    def decide(self, request):  # pragma: no cover - begin raised
        raise self.error

    def finish(self, outcome) -> None:  # pragma: no cover
        pass


def seat_players(game: Game, seat_rows: Sequence, limits: Limits | None = None) -> list[Player]:
    """One player per seat row (``MatchSeat``), in order."""
    players: list[Player] = []
    sandbox = None
    for row in seat_rows:
        version = row.bot_version_ref
        if version is None:
            players.append(BotPlayer(game, bot_class(game, row.bot_name)))
            continue
        try:
            program = load_program(version.program_path)
            sandbox = sandbox or Sandbox(limits, allow_unsandboxed=conf.allow_unsandboxed())
        except BotError as exc:
            players.append(RefusedPlayer(exc))
            continue
        players.append(SeatPlayer(program, row.pk, sandbox=sandbox))
    return players
