"""Built-in Powerball bots."""

from __future__ import annotations

from engine.players import Request


class RandomBot:
    """A random legal action everywhere; a random program from its hand."""

    def __init__(self, game, seat: int, rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request):
        if request.legal is not None:
            return self.rng.choice(request.legal)
        return random_program(request.view, self.seat, self.rng)


def random_program(v: dict, seat: int, rng) -> dict:
    me = v["robots"][seat]
    size = min(me["locked_from"] - 1, len(me["hand"]))
    cards = rng.shuffled(me["hand"])[:size]
    return {"cards": cards, "power_down": rng.below(10) == 0, "pickup": rng.below(4) != 0}


BOTS = {"random": RandomBot, "greedy": RandomBot}
