"""Players for a stored match's seats: a built-in bot plays in-process; an
uploaded bot version plays out of process, in the sandbox, over its stored files,
and its stderr (capped) is kept on the seat for its owner."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Sequence

from engine.bots.player import SubprocessPlayer
from engine.bots.sandbox import Limits, Sandbox
from engine.game import Game
from engine.lineup import players_for
from engine.players import Player

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
    """One player per seat row (``MatchSeat``), in order: built-in bots in-process,
    uploaded versions in one shared sandbox (``engine.lineup.players_for``); an
    upload that cannot run here gets a ``RefusedPlayer``."""
    specs = [row.bot_name if row.bot_version_ref is None
             else Path(row.bot_version_ref.program_path) for row in seat_rows]
    _, players = players_for(
        game, specs, limits=limits, allow_unsandboxed=conf.allow_unsandboxed(),
        on_refused=lambda index, error: RefusedPlayer(error),
        program_player=lambda index, program, sandbox: SeatPlayer(
            program, seat_rows[index].pk, sandbox=sandbox))
    return players
