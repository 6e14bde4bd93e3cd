"""The lockout draft: the order of picks and which placements are legal."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engine.games.aimbots.state import State

#: (player number from 0 = first player, dice to place) in draft order
ORDERS = {
    2: ((0, 1), (1, 2), (0, 2), (1, 2), (0, 2), (1, 1)),
    3: ((0, 1), (1, 1), (2, 2), (1, 1), (0, 2), (1, 1), (2, 1)),
    4: ((0, 1), (1, 1), (2, 1), (3, 2), (2, 1), (1, 1), (0, 2), (1, 1), (2, 1), (3, 1)),
}
DRAFT_DICE = {2: 7, 3: 5, 4: 5}
BOTS_EACH = {2: 5, 3: 3, 4: 3}
CORES = {2: (1, 1, 2, 2, 3), 3: (1, 2, 3), 4: (1, 2, 3)}


def card_level(card: int) -> int:
    return card // 2 + 1


def drafting_seat(state: State) -> int:
    return state.order[ORDERS[state.seats][state.draft_step][0]]


def can_claim(state: State, seat: int, card: int) -> bool:
    """Not claimed by an opponent, and no other program of that level held."""
    if state.claims[card] not in (-1, seat):
        return False
    level = card_level(card)
    return not any(
        state.claims[c] == seat and c != card and card_level(c) == level
        for c in range(len(state.market))
    )


def placements(state: State, seat: int) -> list[dict[str, Any]]:
    """Legal die placements (one die per distinct value: equal dice are alike)."""
    out, seen = [], []
    for die, (value, spent) in enumerate(zip(state.rolls[seat], state.spent[seat])):
        if spent or value in seen:
            continue
        seen.append(value)
        for card in range(len(state.market)):
            if (value == 6 or value == card_level(card)) and can_claim(state, seat, card):
                out.append({"do": "draft", "die": die, "card": card})
    return out


def wilds(state: State, seat: int) -> list[dict[str, Any]]:
    """When no placement is legal: turn one unplaced die into a wild 6."""
    return [{"do": "wild", "die": die} for die, spent in enumerate(state.spent[seat]) if not spent]


def draft_actions(state: State, seat: int) -> list[dict[str, Any]]:
    return placements(state, seat) or wilds(state, seat)


def core_loadings(seats: int) -> list[dict[str, Any]]:
    """Every distinct way to hand the cores to one's bots (in bot id order)."""
    found = sorted(set(permutations(CORES[seats])))
    return [{"do": "load", "cores": list(p)} for p in found]
