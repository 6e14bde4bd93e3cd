"""What a seat may see: everything but other seats' cores and held scrap, and the
kinds of face-down tokens. ``seat=None`` is a spectator."""

from __future__ import annotations

from typing import Any

from engine.games.aimbots.board import ZONE_EDGE, scrap_spaces, zone
from engine.games.aimbots.state import Bot, State


def bot_view(bot: Bot, seat: int | None) -> dict[str, Any]:
    return {
        "id": bot.id,
        "owner": bot.owner,
        "program": bot.program,
        "top": bot.top,
        "north": bot.north,
        "east": bot.east,
        "sq": bot.sq,
        "plates": list(bot.plates),
        "core": bot.core if (bot.owner == seat or not bot.alive) else None,
        "alive": bot.alive,
        "reach": bot.prog.reach,
    }


def hand_view(state: State, seat: int | None, owner: int) -> list[Any]:
    if owner != seat:
        return [None] * len(state.hands[owner])
    return [{"token": t, "kind": state.tokens[t]} for t in state.hands[owner]]


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state.seats
    return {
        "you": seat,
        "seats": n,
        "phase": state.phase,
        "target": state.target,
        "turn_limit": state.turn_limit,
        "order": list(state.order),
        "rolls": [list(r) for r in state.rolls],
        "spent": [list(s) for s in state.spent],
        "market": list(state.market),
        "claims": list(state.claims),
        "draft_step": state.draft_step,
        "draft_left": state.draft_left,
        "bots": [bot_view(b, seat) for b in state.bots],
        "loaded": list(state.loaded),
        "placing": state.placing,
        "turns": state.turns,
        "board_scrap": [sq for sq, _ in state.board_scrap],
        "pile": len(state.pile),
        "hands": [hand_view(state, seat, s) for s in range(n)],
        "cores": list(state.cores),
        "active": state.active,
        "energy": state.energy,
        "attacked": state.attacked,
        "aim": state.aim,
        "free_pivots": list(state.free_pivots),
        "round": state.round,
        "plate_bot": state.plate_bot,
        "order_bot": state.order_bot,
        "order_dir": state.order_dir,
        "winner": state.winner,
        "reason": state.reason,
        "zones": [list(zone(n, s)) for s in range(n)],
        "edges": list(ZONE_EDGE[n]),
        "scrap_spaces": list(scrap_spaces(n)),
    }
