"""The immutable state of an Aimbots match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.aimbots.catalogue import BY_NAME, Program
from engine.states import revise


@dataclass(frozen=True)
class Bot:
    id: int
    owner: int
    program: str
    top: int  # the armor level, never changes
    north: int = 0  # 0 until placed
    east: int = 0
    sq: int = -1  # -1: not on the board (unplaced or destroyed)
    plates: tuple[int, ...] = ()  # plated face values
    core: int = 0  # secret until destroyed
    alive: bool = True

    @property
    def prog(self) -> Program:
        return BY_NAME[self.program]


@dataclass(frozen=True)
class State:
    seats: int
    target: int
    turn_limit: int
    phase: str = "draft"  # draft | load | place | play | plate | order | over
    order: tuple[int, ...] = ()  # seats in turn order, the first player first
    rolls: tuple[tuple[int, ...], ...] = ()  # draft dice per seat
    spent: tuple[tuple[bool, ...], ...] = ()  # which draft dice are placed
    market: tuple[str, ...] = ()  # 10 cards, two per level, level order
    claims: tuple[int, ...] = ()  # per market card: claiming seat or -1
    draft_step: int = 0
    draft_left: int = 0
    bots: tuple[Bot, ...] = ()
    loaded: tuple[bool, ...] = ()
    placing: int = 0  # index into order of the seat placing bots
    tokens: tuple[str, ...] = ()  # kind of each scrap token by id (secret)
    board_scrap: tuple[tuple[int, int], ...] = ()  # (square, token id), face down
    pile: tuple[int, ...] = ()  # face-down draw pile of token ids
    hands: tuple[tuple[int, ...], ...] = ()  # held token ids per seat (secret)
    cores: tuple[int, ...] = ()  # captured and revealed cores per seat
    active: int = -1
    energy: int = 0
    attacked: bool = False
    aim: int = 0  # targeting bonus for this turn's attack
    free_pivots: tuple[int, ...] = ()  # bots that used their free pivot this turn
    round: int = 0
    turns: int = 0
    plate_bot: int = -1  # bot whose owner must choose a face to plate
    order_bot: int = -1  # bot hit by a Hacker whose twist and plate the attacker orders
    order_dir: str = ""  # the direction of that attack, from attacker to target
    winner: int = -1
    reason: str = ""


def bot_at(state: State, square: int) -> Bot | None:
    for bot in state.bots:
        if bot.alive and bot.sq == square:
            return bot
    return None


def occupied(state: State) -> dict[int, Bot]:
    return {b.sq: b for b in state.bots if b.alive and b.sq >= 0}


def with_bot(state: State, bot: Bot) -> State:
    bots = state.bots[: bot.id] + (bot,) + state.bots[bot.id + 1 :]
    return revise(state, bots=bots)


def set_item(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def bots_of(state: State, seat: int) -> list[Bot]:
    return [b for b in state.bots if b.owner == seat and b.alive]


def living_seats(state: State) -> list[int]:
    return [s for s in range(state.seats) if bots_of(state, s)]
