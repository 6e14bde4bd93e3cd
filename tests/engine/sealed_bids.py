"""A tiny game used only by the core tests: secret simultaneous bids and dice.

Each round every seat secretly bids 0-2; the bids are revealed together, a die
is rolled, and the highest bid scores the die (ties score nothing). Three rounds.
It exercises what tic-tac-toe does not: secret decisions, several seats at once,
chance events and a public twin.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event
from engine.game import Decision, Game, Header, Option, Outcome, ranks_from_scores
from engine.players import RandomBot
from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    rounds: int
    round: int = 0
    scores: tuple[int, ...] = ()
    secret_note: tuple[int, ...] = ()  # a per-seat secret dealt at the start


class SealedBids(Game):
    name = "sealed_bids"
    title = "Sealed bids (test game)"
    seat_counts = (2, 3)
    options = {"rounds": Option(3, "rounds to play", minimum=1, maximum=50)}

    def start(self, header: Header, rng: Rng) -> list[Event]:
        events = []
        for seat in range(len(header.seats)):
            note = rng.die()
            events.append(Event("NoteDealt", {"seat": seat, "note": note}, (seat,), {"seat": seat}))
        return events

    def evolve(self, state, event):
        t, d = event.type, event.data
        if t == "MatchStarted":
            n = len(d["seats"])
            return State(n, d["options"]["rounds"], 0, (0,) * n, (0,) * n)
        if t == "NoteDealt":
            notes = list(state.secret_note)
            notes[d["seat"]] = d["note"]
            return State(state.seats, state.rounds, state.round, state.scores, tuple(notes))
        if t == "RoundScored":
            scores = tuple(s + d["points"][i] for i, s in enumerate(state.scores))
            return State(state.seats, state.rounds, state.round + 1, scores, state.secret_note)
        return state

    def pending(self, state):
        if state.round >= state.rounds:
            return []
        return [
            Decision(seat, 0, [0, 1, 2], secret=True, prompt="bid") for seat in range(state.seats)
        ]

    def view(self, state, seat):
        out = {"round": state.round, "scores": list(state.scores)}
        if seat is not None:
            out["note"] = state.secret_note[seat]
        return out

    def resolve(self, state, actions, rng):
        bids = [actions[s] for s in range(state.seats)]
        die = rng.die()
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        points = [die if len(winners) == 1 and s == winners[0] else 0 for s in range(state.seats)]
        return [
            Event("BidsRevealed", {"bids": bids}),
            Event("DiceRolled", {"die": die}),
            Event("RoundScored", {"points": points}),
        ]

    def outcome(self, state):
        if state.round < state.rounds:
            return None
        return Outcome(ranks_from_scores(state.scores), state.scores, "all rounds played")

    def scores(self, state):
        return state.scores


GAME = SealedBids()


class HighBidder:
    def __init__(self, game, seat, rng):
        pass

    def decide(self, request):
        return 2


GAME.bots = {"random": RandomBot, "high": HighBidder}
