"""Loaded dice for rules tests: a stand-in for the engine's ``Rng`` that hands out
the numbers a test chose, so a test can play out the roll the rulebook describes."""

from __future__ import annotations


class LoadedDice:
    """``die`` hands out ``dice`` in order (a test that loaded too few fails, naming
    it); ``below`` hands out ``below`` in order, then 0; ``choice`` takes the item at
    each index of ``choices`` in order, then the first; ``shuffled`` keeps the order,
    so nothing else is left to chance."""

    def __init__(self, dice=(), below=(), choices=()) -> None:
        self.dice = list(dice)
        self.belows = list(below)
        self.choices = list(choices)

    def die(self, sides: int = 6) -> int:
        assert self.dice, "the rules rolled more dice than the test loaded"
        return self.dice.pop(0)

    def below(self, n: int) -> int:
        return self.belows.pop(0) if self.belows else 0

    def choice(self, items):
        return items[self.choices.pop(0) if self.choices else 0]

    def shuffled(self, items):
        return list(items)
