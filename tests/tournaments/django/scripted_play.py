"""Tic-tac-toe matches whose outcome a test decides, for the hidden-results tests.

``scripted_outcomes(monkeypatch, judge)`` seats scripted players in every stored
match run after it (``matches.services.seat_players``): ``judge`` gets the entry
names of a competition's match in seat order and answers the seat that wins, or
``None`` for a draw; the players then play the line of moves that ends so. The
three lines end after 5, 6 and 9 moves: a match's length tells its outcome, as in
the outside test's attack (the parity of the event count names the winner).

``fixed_seeds(monkeypatch)`` makes match seeds and salts a counter, so two runs
that make the same matches in the same order publish the same seed commitments.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from engine.seeding import SALT_HEX

from matches import seeding, services
from tournaments.models import FixtureSeat

#: the cells each seat tries, in order, for each outcome (the seat that wins, or a draw)
LINES = {
    0: ((0, 1, 2), (3, 4, 8)),  # X completes the top row on its third move
    1: ((0, 1, 7), (3, 4, 5)),  # O completes the middle row on its third move
    None: ((0, 2, 3, 7, 8), (1, 4, 5, 6)),  # the board fills with no line
}

Judge = Callable[[Sequence[str]], "int | None"]


class ScriptedPlayer:
    """Plays the first legal cell of its line (the first legal cell when none is)."""

    def __init__(self, cells: Sequence[int]) -> None:
        self.cells = cells

    def begin(self, seat, header) -> None:
        pass

    def decide(self, request):
        return next((c for c in self.cells if c in request.legal), request.legal[0])

    def finish(self, outcome) -> None:
        pass


def entry_names(match_id: int) -> list[str]:
    """The entry names of a competition's match, in seat order."""
    return list(
        FixtureSeat.objects.filter(fixture__match_id=match_id)
        .order_by("index")
        .values_list("entry__name", flat=True)
    )


def scripted_outcomes(monkeypatch, judge: Judge) -> None:
    def seat_players(game, seat_rows):
        winner = judge(entry_names(seat_rows[0].match_id))
        return [ScriptedPlayer(cells) for cells in LINES[winner]]

    monkeypatch.setattr(services, "seat_players", seat_players)


def by_strength(order: Sequence[str], draws: Sequence[frozenset] = ()) -> Judge:
    """The entry earlier in ``order`` (entry names) wins; the pairs in ``draws`` draw."""

    def judge(names: Sequence[str]) -> int | None:
        if frozenset(names) in draws:
            return None
        return min(range(len(names)), key=lambda seat: order.index(names[seat]))

    return judge


def fixed_seeds(monkeypatch) -> None:
    counter = itertools.count(1)
    monkeypatch.setattr(seeding, "new_seed", lambda: next(counter))
    monkeypatch.setattr(seeding, "new_salt", lambda: f"{next(counter):0{SALT_HEX}x}")
