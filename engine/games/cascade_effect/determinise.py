"""The state behind a Cascade Effect view. Only the order of the face-down
Cascade deck is secret: the deck holds every card not yet in the discard pile
(a reshuffle turns the discards into the new deck), so a drawn state shuffles
those back in a random order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.cascade_effect.bots import state_from_view
from engine.games.cascade_effect.cards import DECK
from engine.games.cascade_effect.state import State
from engine.rng import Rng
from engine.states import revise


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    unseen = Counter(DECK)
    unseen.subtract(view["discard"])
    cards = sorted(unseen.elements())
    if len(cards) != view["deck"]:  # not the deck and discards of one set: any cards do
        cards = [DECK[i % len(DECK)] for i in range(view["deck"])]
    state = state_from_view(view)
    return revise(
        state,
        deck=tuple(rng.shuffled(cards)),
        last_card=view["last_card"],
        result=view["result"],
    )
