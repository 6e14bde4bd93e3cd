"""The engine's own pseudo-random numbers: the same on every machine and Python.

A counter-based generator (SplitMix64 over a key and a counter). It has no state
worth saving beyond ``(seed, stream, counter)``, which is what makes a match
resumable: the runner opens stream ``n`` for the rules step that starts at log
position ``n``, so the generator's position after any event is the log's length.
Every outcome a rule draws is written to the log as an event anyway.

Two ways to key a stream. Logs of format 2 (``hashed=True``) key each stream with
sha256 of the seed and the stream: SplitMix64 is invertible, so with the first
way (format 1 logs, and pairing jitter) enough public draws of one stream give
away the seed and with it every hidden draw of the match. A hashed key gives
away at most its own stream.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


class Rng:
    """Deterministic integers for one stream of one seed.

    ``Rng(seed, stream)`` always yields the same sequence; different streams of the
    same seed are independent for all practical purposes.
    """

    __slots__ = ("seed", "stream", "counter", "hashed", "_key")

    def __init__(self, seed: int, stream: int = 0, *, hashed: bool = False) -> None:
        if type(seed) is not int or type(stream) is not int:
            raise TypeError("seed and stream must be integers")
        self.seed = seed
        self.stream = stream
        self.counter = 0
        self.hashed = hashed
        # the key is derived on the first draw: the runner opens a stream for every
        # rules step, and most steps of most games draw nothing
        self._key: int | None = None

    def _derive_key(self) -> int:
        seed, stream = self.seed, self.stream
        if self.hashed:
            digest = hashlib.sha256(b"scrimmage-rng:%d:%d" % (seed, stream)).digest()
            key = self._key = int.from_bytes(digest[:8], "big")
            return key
        key = self._key = _mix(
            (_mix(seed & _M64) ^ (seed >> 64)) + _mix(stream & _M64 ^ _GOLDEN) & _M64
        )
        return key

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        key = self._key
        if key is None:
            key = self._derive_key()
        self.counter += 1
        return _mix((key + self.counter * _GOLDEN) & _M64)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _M64 - (_M64 + 1) % n
        key = self._key
        if key is None:
            key = self._derive_key()
        while True:
            # next64 and _mix inlined: this is every random bot's every move
            self.counter += 1
            z = (key + self.counter * _GOLDEN) & _M64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            x = z ^ (z >> 31)
            if x <= limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """A roll of a die with ``sides`` faces: 1 .. sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def bot_rng(seed: int, seat: int, *, hashed: bool = False) -> Rng:
    """The generator a built-in bot in ``seat`` uses, apart from the rules' streams."""
    return Rng(seed, -(seat + 1), hashed=hashed)
