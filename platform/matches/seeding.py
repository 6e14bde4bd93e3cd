"""Seeds of stored matches: secret while a match runs, revealed when it ends.

A stored match's seed is an HMAC of a per-match random value under the server's
secret, so it is derivable from nothing public (not the competition's seed, not
the pairing, not the time) and stays unpredictable even if the host's random
source were weak on its own. The salt of its commitment (``engine.seeding``) is
drawn the same way. Both live only in the match row until ``MatchEnded`` reveals
them; the API shows the commitment from the start.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

from engine.seeding import SALT_HEX

#: the largest seed a ``Match`` row stores (a signed 64-bit column)
MAX_STORED_SEED = (1 << 63) - 1


def _secret_draw(label: bytes, nbytes: int) -> bytes:
    key = hashlib.sha256(b"scrimmage-match-seed:" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, label + secrets.token_bytes(32), hashlib.sha256).digest()[:nbytes]


def new_seed() -> int:
    """A fresh secret seed for a stored match (63 bits)."""
    return int.from_bytes(_secret_draw(b"seed", 8), "big") & MAX_STORED_SEED


def new_salt() -> str:
    """A fresh secret salt for a stored match's seed commitment."""
    return _secret_draw(b"salt", SALT_HEX // 2).hex()
