"""The state behind an Aimbots view. Secret to a seat: the cores loaded in
other seats' living bots, the kinds of face-down scrap tokens and of other
seats' held tokens. A drawn state deals the other seats' cores from the set
each seat loads (less those already revealed by a destroyed bot) and the token
kinds from the mix (less the seat's own), both at random; which token id lies
where is drawn too, since an id says nothing of its kind."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.aimbots.bots import state_from_view
from engine.games.aimbots.draft import CORES
from engine.games.aimbots.scrap import KINDS
from engine.games.aimbots.state import Bot, State
from engine.rng import Rng
from engine.states import revise


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    n = view["seats"]
    state = state_from_view(view)
    tokens, board_scrap, pile, hands = _scrap(view, seat, rng)
    return revise(
        state,
        order=tuple(view["order"]),
        rolls=tuple(tuple(r) for r in view["rolls"]),
        spent=tuple(tuple(s) for s in view["spent"]),
        market=tuple(view["market"]),
        claims=tuple(view["claims"]),
        draft_step=view["draft_step"],
        draft_left=view["draft_left"],
        bots=_cores(state.bots, view, seat, rng),
        loaded=tuple(view["loaded"]),
        placing=view["placing"],
        tokens=tokens,
        board_scrap=board_scrap,
        pile=pile,
        hands=hands,
        round=view["round"],
        turns=view["turns"],
        plate_bot=view["plate_bot"],
        order_bot=view["order_bot"],
        order_dir=view["order_dir"],
        winner=view["winner"],
        reason=view["reason"],
        seats=n,
    )


def _cores(bots: tuple[Bot, ...], view: dict[str, Any], seat: int, rng: Rng) -> tuple[Bot, ...]:
    """The other seats' hidden cores dealt from what each loaded."""
    out = list(bots)
    for owner in range(view["seats"]):
        if owner == seat or not view["loaded"][owner]:
            continue
        hidden = [b for b in bots if b.owner == owner and view["bots"][b.id]["core"] is None]
        left = Counter(CORES[view["seats"]])
        left.subtract(b.core for b in bots if b.owner == owner and b not in hidden)
        cores = rng.shuffled(sorted(left.elements()))
        for bot, core in zip(hidden, cores):
            out[bot.id] = revise(bot, core=core)
    return tuple(out)


def _scrap(
    view: dict[str, Any], seat: int, rng: Rng
) -> tuple[
    tuple[str, ...], tuple[tuple[int, int], ...], tuple[int, ...], tuple[tuple[int, ...], ...]
]:
    """Token kinds by id, the face-down tokens on the board, the pile and the hands."""
    mine = {h["token"]: h["kind"] for h in view["hands"][seat]}
    kinds = Counter(KINDS)
    kinds.subtract(mine.values())
    free_kinds = rng.shuffled(sorted(kinds.elements()))
    free_ids = rng.shuffled([i for i in range(len(KINDS)) if i not in mine])
    tokens = [mine.get(i, "") for i in range(len(KINDS))]
    for i, kind in zip(sorted(free_ids), free_kinds):
        tokens[i] = kind
    ids = iter(free_ids)
    board_scrap = tuple((sq, next(ids, -1)) for sq in view["board_scrap"])
    pile = tuple(next(ids, -1) for _ in range(view["pile"]))
    hands = tuple(
        tuple(mine) if s == seat else tuple(next(ids, -1) for _ in view["hands"][s])
        for s in range(view["seats"])
    )
    return tuple(tokens), board_scrap, pile, hands
