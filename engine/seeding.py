"""Commit-reveal for a match's seed: provably fair randomness.

The PRNG is a function of the seed and the log position, so whoever knows the
seed knows every hidden draw of the match in advance. A log of format 2 therefore
never shows the seed while the match runs: ``MatchStarted`` carries
``seed_commitment = sha256("scrimmage-seed:<seed>:<salt>")`` (hex), and
``MatchEnded`` reveals ``seed`` and ``salt``. Anyone can then check that the
revealed pair hashes to the commitment made before the first draw, and
re-simulate the match from it (``engine.replay.verify``).

The salt keeps the commitment from being searched: a host that picks seeds from
a small range (``scrimmage play --seed 7``) would otherwise publish a hash anyone
could invert by trying every seed. The platform draws both seed and salt at
random (``matches.seeds``); a local match with no salt given takes one derived
from the seed, so the same seed still gives the byte-identical log. That derived
salt hides nothing from someone who guesses the seed: local play is not a
secret-keeping setting.
"""

from __future__ import annotations

import hashlib
import hmac

from engine.game import RulesError

#: seeds are unsigned 64-bit integers
SEED_BITS = 64
MAX_SEED = (1 << SEED_BITS) - 1
#: a salt is this many lowercase hex digits
SALT_HEX = 32

#: the log format: 1 put the seed in MatchStarted; 2 commits to it (this module)
LOG_FORMAT = 2


def check_seed(seed: object) -> int:
    """``seed`` if it is an integer in ``0 .. 2**64 - 1``, else ``RulesError``."""
    if type(seed) is not int:
        raise RulesError("the seed must be an integer")
    if not 0 <= seed <= MAX_SEED:
        raise RulesError(f"the seed must be between 0 and {MAX_SEED} (64 bits), not {seed}")
    return seed


def check_salt(salt: object) -> str:
    """``salt`` if it is ``SALT_HEX`` lowercase hex digits, else ``RulesError``."""
    if (
        type(salt) is not str
        or len(salt) != SALT_HEX
        or any(c not in "0123456789abcdef" for c in salt)
    ):
        raise RulesError(f"the salt must be {SALT_HEX} lowercase hex digits")
    return salt


def derived_salt(seed: int) -> str:
    """The salt of a match whose host gave none: a function of the seed, so local
    matches stay reproducible from the seed alone (and keep no secret)."""
    return hashlib.sha256(b"scrimmage-local-salt:%d" % seed).hexdigest()[:SALT_HEX]


def commitment(seed: int, salt: str) -> str:
    """The public commitment to ``seed``: sha256 of ``scrimmage-seed:<seed>:<salt>``."""
    return hashlib.sha256(f"scrimmage-seed:{seed}:{salt}".encode()).hexdigest()


def reveal_matches(seed: object, salt: object, committed: str | None) -> bool:
    """Does the revealed ``seed`` and ``salt`` hash to ``committed``?"""
    if type(seed) is not int or type(salt) is not str or type(committed) is not str:
        return False
    return hmac.compare_digest(commitment(seed, salt), committed)
