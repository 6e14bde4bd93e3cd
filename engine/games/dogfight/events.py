"""Dogfight's event types, each named once: its rules write them, its fold and
describe read them, all by these names (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

STATS_REVEALED = "StatsRevealed"
DICE_ROLLED = "DiceRolled"
FIRST_PLAYER = "FirstPlayer"
PLANE_PLACED = "PlanePlaced"
ROUND_STARTED = "RoundStarted"
TEAM_UP = "TeamUp"
PLANE_FLEW = "PlaneFlew"
STAGE_STARTED = "StageStarted"
HOLDS_FIRE = "HoldsFire"
ATTACK_DECLARED = "AttackDeclared"
DICE_REROLLED = "DiceRerolled"
ATTACK_RESOLVED = "AttackResolved"
PLANE_DESTROYED = "PlaneDestroyed"
ACE_EARNED = "AceEarned"
ROUND_LIMIT_REACHED = "RoundLimitReached"

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES = (
    STATS_REVEALED,
    DICE_ROLLED,
    FIRST_PLAYER,
    PLANE_PLACED,
    ROUND_STARTED,
    TEAM_UP,
    PLANE_FLEW,
    STAGE_STARTED,
    HOLDS_FIRE,
    ATTACK_DECLARED,
    DICE_REROLLED,
    ATTACK_RESOLVED,
    PLANE_DESTROYED,
    ACE_EARNED,
    ROUND_LIMIT_REACHED,
)
