"""Aimbots' event types, each named once: its rules write them, its fold and
describe read them, all by these names (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

DICE_ROLLED = "DiceRolled"
FIRST_PLAYER = "FirstPlayer"
MARKET_DEALT = "MarketDealt"
DIE_PLACED = "DiePlaced"
CORES_LOADED = "CoresLoaded"
BOT_PLACED = "BotPlaced"
SCRAP_PLACED = "ScrapPlaced"
TURN_STARTED = "TurnStarted"
BOOSTED = "Boosted"
PIVOTED = "Pivoted"
PICKED_UP = "PickedUp"
SCRAP_USED = "ScrapUsed"
TURN_ENDED = "TurnEnded"
ATTACK_RESOLVED = "AttackResolved"
PLATE_ADDED = "PlateAdded"
PLATE_CHOICE = "PlateChoice"
BOT_DESTROYED = "BotDestroyed"
SCRAP_DROPPED = "ScrapDropped"
BOT_TURNED = "BotTurned"
BOT_PUSHED = "BotPushed"
DIE_WILDED = "DieWilded"
LINEUPS_DEALT = "LineupsDealt"
EFFECTS_TO_ORDER = "EffectsToOrder"
EFFECTS_ORDERED = "EffectsOrdered"
TIME_UP = "TimeUp"

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES = (
    DICE_ROLLED,
    FIRST_PLAYER,
    MARKET_DEALT,
    DIE_PLACED,
    CORES_LOADED,
    BOT_PLACED,
    SCRAP_PLACED,
    TURN_STARTED,
    BOOSTED,
    PIVOTED,
    PICKED_UP,
    SCRAP_USED,
    TURN_ENDED,
    ATTACK_RESOLVED,
    PLATE_ADDED,
    PLATE_CHOICE,
    BOT_DESTROYED,
    SCRAP_DROPPED,
    BOT_TURNED,
    BOT_PUSHED,
    DIE_WILDED,
    LINEUPS_DEALT,
    EFFECTS_TO_ORDER,
    EFFECTS_ORDERED,
    TIME_UP,
)
