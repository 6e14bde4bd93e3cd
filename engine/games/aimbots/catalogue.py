"""The program catalogue: 50 cards, 20 programs, 10 cards per armor level.

Pure data. ``reach`` is 1 for Close programs, else the longest range in spaces.
The effect knobs are read by the rules; the ``text`` says the same in words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Program:
    name: str
    level: int
    reach: int
    timing: str  # always | booster | pivot | attack | defense
    complexity: int
    copies: int
    text: str
    boost_bonus: int = 0
    boost_cap: int = 0  # 0: no cap
    free_pivot: bool = False  # first pivot of each turn costs 0
    half_pivot: bool = False  # may pivot 180° for 1 energy
    pickup_cost: int = 2
    attack_bonus: int = 0
    close_bonus: int = 0
    far_bonus: int = 0  # at distance 2 or more
    defense_bonus: int = 0
    armor_bonus: int = 0
    reroll_attack: bool = False
    reroll_defense: bool = False
    push: bool = False
    twist: bool = False
    aura_defense: int = 0


P = Program
PROGRAMS: tuple[Program, ...] = (
    # level 1
    P("Jet", 1, 1, "booster", 1, 3, "Boosts go up to 2 spaces further.", boost_bonus=2),
    P(
        "Scout",
        1,
        2,
        "pivot",
        2,
        3,
        "The first pivot of each turn costs no energy.",
        free_pivot=True,
    ),
    P("Scavenger", 1, 1, "always", 1, 2, "Picking up scrap costs 1 energy.", pickup_cost=1),
    P("Sparky", 1, 1, "attack", 1, 2, "+1 to its attack rolls.", attack_bonus=1),
    # level 2
    P("Turret", 2, 3, "booster", 1, 3, "Range 3, but a boost moves at most 2 spaces.", boost_cap=2),
    P(
        "Narwhal",
        2,
        1,
        "attack",
        2,
        3,
        "A hit pushes the defender 1 space straight back if that space is free.",
        push=True,
    ),
    P(
        "Dodger",
        2,
        1,
        "defense",
        1,
        2,
        "Rerolls its lower defense die when it shows 1-3.",
        reroll_defense=True,
    ),
    P("Lancer", 2, 2, "attack", 1, 2, "+1 to its attack rolls.", attack_bonus=1),
    # level 3
    P("Jack", 3, 1, "pivot", 1, 3, "May pivot 180° for 1 energy.", half_pivot=True),
    P(
        "Sniper",
        3,
        3,
        "attack",
        2,
        3,
        "Rerolls its lower attack die when it shows 1-3.",
        reroll_attack=True,
    ),
    P("Rocket", 3, 1, "booster", 1, 2, "Boosts go 1 space further.", boost_bonus=1),
    P(
        "Bulwark",
        3,
        1,
        "defense",
        2,
        2,
        "Counts its armor 1 higher when advantage is set.",
        armor_bonus=1,
    ),
    # level 4
    P("Hacker", 4, 2, "attack", 3, 3, "A hit also turns the defender 90° clockwise.", twist=True),
    P("Brawler", 4, 1, "attack", 1, 3, "+2 to its attack rolls in close combat.", close_bonus=2),
    P("Guardian", 4, 1, "defense", 1, 2, "+1 to its defense rolls.", defense_bonus=1),
    P("Ranger", 4, 2, "attack", 2, 2, "+1 to its attack rolls at 2 or more spaces.", far_bonus=1),
    # level 5
    P(
        "Captain",
        5,
        1,
        "always",
        2,
        3,
        "Friendly bots orthogonally next to it get +1 to their defense rolls.",
        aura_defense=1,
    ),
    P("Turtle", 5, 1, "defense", 1, 3, "+2 to its defense rolls.", defense_bonus=2),
    P("Titan", 5, 1, "attack", 1, 2, "+1 to its attack rolls.", attack_bonus=1),
    P(
        "Warden",
        5,
        2,
        "defense",
        2,
        2,
        "Rerolls its lower defense die when it shows 1-3.",
        reroll_defense=True,
    ),
)
BY_NAME = {p.name: p for p in PROGRAMS}
LEVELS = (1, 2, 3, 4, 5)


def deck(level: int) -> tuple[str, ...]:
    """The cards of one armor level, one name per card, in catalogue order."""
    return tuple(p.name for p in PROGRAMS if p.level == level for _ in range(p.copies))


#: the rulebook's first-game lineups (2 players) and ours for 3-4 players, by seat
FIRST_GAME = {
    2: (
        ("Turret", "Turret", "Turtle", "Jet", "Jet"),
        ("Jack", "Jack", "Captain", "Hacker", "Hacker"),
    ),
    3: (("Turret", "Turtle", "Jet"), ("Jack", "Captain", "Hacker"), ("Narwhal", "Sniper", "Scout")),
    4: (
        ("Turret", "Turtle", "Jet"),
        ("Jack", "Captain", "Hacker"),
        ("Narwhal", "Sniper", "Scout"),
        ("Sparky", "Rocket", "Titan"),
    ),
}
