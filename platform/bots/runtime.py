"""Players for a stored match's seats: a built-in bot plays in-process; an
uploaded bot version plays out of process, in the sandbox, over its stored files,
and its stderr (capped) is kept on the seat for its owner."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from engine.bots import stderr_cut
from engine.bots.limits import Limits
from engine.bots.player import SubprocessPlayer
from engine.bots.program import BotError
from engine.bots.sandbox import Sandbox
from engine.game import Game
from engine.lineup import players_for
from engine.players import Player

from bots import cache, conf

logger = logging.getLogger(__name__)


#: the line put before what a bot wrote while making the decision taken at event N,
#: so that the replay shows each part of the log next to its decision
DECISION_MARK = "── decision at event {} ──"


class SeatPlayer(SubprocessPlayer):
    """A ``SubprocessPlayer`` that stores its bot's stderr on its ``MatchSeat``
    when the match ends, each decision's output headed by ``DECISION_MARK``."""

    def __init__(self, program, seat_pk: int, *, sandbox: Sandbox) -> None:
        super().__init__(program, sandbox=sandbox)
        self.seat_pk = seat_pk
        #: (offset in stderr, event position) where each decision's output begins
        self.marks: list[tuple[int, int]] = []
        self._marked_upto = 0

    def decide(self, request):
        try:
            return super().decide(request)
        finally:
            self._mark(request.position)

    def _written(self) -> tuple[str, int]:
        """What the bot wrote and the sandbox kept, and how many bytes it dropped."""
        return stderr_cut.split_mark(self.stderr)

    def _mark(self, position: int) -> None:
        length = len(self._written()[0])
        if length > self._marked_upto:
            self.marks.append((self._marked_upto, position))
            self._marked_upto = length

    def marked_stderr(self) -> str:
        """The stderr with a ``DECISION_MARK`` line before each decision's output
        (and the sandbox's count of the bytes it dropped, last)."""
        text, dropped = self._written()
        return stderr_cut.with_dropped(self._marked(text), dropped)

    def _marked(self, text: str) -> str:
        if not self.marks:
            return text
        pieces = [text[: self.marks[0][0]]]
        ends = [start for start, _ in self.marks[1:]] + [len(text)]
        for (start, position), end in zip(self.marks, ends):
            chunk = text[start:end]
            if pieces[-1] and not pieces[-1].endswith("\n"):
                pieces.append("\n")
            pieces.append(DECISION_MARK.format(position) + "\n" + chunk)
        return "".join(pieces)

    def finish(self, outcome) -> None:
        try:
            super().finish(outcome)
        finally:
            self.store_stderr()

    def store_stderr(self) -> None:
        from matches.models import MatchSeat

        try:
            MatchSeat.objects.filter(pk=self.seat_pk).update(
                stderr=stderr_cut.cut(self.marked_stderr(), conf.get("BOTS_STDERR_CAP"))
            )
        except Exception:
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
    uploaded versions in one shared sandbox (``engine.lineup.players_for``), from
    this host's cache of the bot store (``bots.cache``; a store that is away raises
    ``StoreAway``, and the match is retried). An upload that cannot run here (no
    sandbox, a file whose digest does not match) gets a ``RefusedPlayer``."""
    refused: dict[int, Exception] = {}
    specs = [row.bot_name if row.bot_version_ref is None else _program(row) for row in seat_rows]
    for index, (row, spec) in enumerate(zip(seat_rows, specs)):
        if isinstance(spec, BotError):
            refused[index] = spec
            specs[index] = row.bot_version_ref.program_path  # not there: refused below
    _, players = players_for(
        game,
        specs,
        limits=limits,
        allow_unsandboxed=conf.allow_unsandboxed(),
        on_refused=lambda index, error: RefusedPlayer(refused.get(index, error)),
        program_player=lambda index, program, sandbox: SeatPlayer(
            program, seat_rows[index].pk, sandbox=sandbox
        ),
    )
    cache.evict(keep={row.bot_version_ref.sha256 for row in seat_rows if row.bot_version_ref})
    return players


def _program(row) -> Path | BotError:
    """The seat's version on this host, or why it cannot be had."""
    try:
        return cache.local_program(row.bot_version_ref)
    except BotError as exc:
        return exc
