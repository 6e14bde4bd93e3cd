"""The 12 scrap tokens: what each does and when it may be used.

Every token is used on its owner's own turn as a free action (no energy), once.
"""

from __future__ import annotations

#: kind -> (count, cores it is worth when used, description)
MIX = {
    "core1": (3, 1, "worth 1 power core"),
    "core2": (2, 2, "worth 2 power cores"),
    "core3": (1, 3, "worth 3 power cores"),
    "repair": (2, 0, "remove one damage plate from one of your bots"),
    "overcharge": (2, 0, "+2 energy this turn"),
    "targeting": (2, 0, "+2 to your next attack value this turn"),
}
KINDS = tuple(kind for kind, (count, _, _) in MIX.items() for _ in range(count))


def core_value(kind: str) -> int:
    return MIX[kind][1]
