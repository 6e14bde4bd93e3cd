"""Failed logins and what they cost (``POST /api/auth/token/``, ``/accounts/login/``,
the admin's login; ``accounts.backends`` counts and refuses, the views answer 429).

The lockout must stop a guesser without handing anyone a way to lock the owner
out. Three counts, each kept for one span of ``SCRIMMAGE_LOGIN_LOCKOUT_SECONDS``
(fixed spans of the clock, the same for every count):

- **one account from one address** (``SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS``):
  that address may not log in to that account for the lockout time, the right
  password included. The owner logging in from anywhere else is not touched.
- **one address** (``SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS``), whatever the accounts:
  that address may not log in at all for the lockout time.
- **one account from any address** (``SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT``): each
  failure past it makes every login to that account wait 1 s, then 2, 4, ... up to
  ``SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS``: a guesser spread over many addresses gets
  about one guess a delay, and the owner waits no longer than one delay. One
  address adds at most its first limit to an account's count in a span (it is
  then locked out of the account past the span's end), and this limit is at least
  twice that (room for the owner's own mistakes): no single address can make the
  owner wait.

A lock lasts a whole span, so it ends in the next span, whose counts start from
nothing. Counts live in the default cache (Redis in production, so every web
process shares them; ``cache.incr`` is atomic there, so parallel guesses cannot
slip past a limit). A successful login clears the count of its account from its
address, nothing else: an attacker's own account must not reset an address's
count, and the owner's login does not end a guesser's delay.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from accounts.addresses import client_address

#: the clock spans and deadlines are measured on (tests move it instead of sleeping)
clock = time.time


@dataclass(frozen=True)
class Count:
    """One count of failures and what reaching its ``limit`` does: a lock for the
    lockout time, or (``progressive``) a delay that doubles with each failure."""

    key: str
    limit: int
    progressive: bool = False

    @property
    def until(self) -> str:
        return self.key + ":until"


class LoginGuard:
    """The lockout state of one login attempt: ``username`` from ``request``'s address."""

    def __init__(self, request, username) -> None:
        self.span = settings.SCRIMMAGE_LOGIN_LOCKOUT_SECONDS
        name = username if isinstance(username, str) else ""
        account = hashlib.sha256(name.casefold().encode()).hexdigest()
        address = client_address(request)
        per_address = settings.SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS
        self.counts = [Count(f"login-fail:addr:{address}", per_address)]
        self.pair = None
        if name:
            per_pair = settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS
            per_account = settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT
            self.pair = Count(f"login-fail:pair:{account}:{address}", per_pair)
            self.counts.append(self.pair)
            self.counts.append(Count(f"login-fail:user:{account}", per_account, progressive=True))

    def wait(self) -> int:
        """Seconds until this attempt may be made (0: now)."""
        now = clock()
        deadlines = cache.get_many([c.until for c in self.counts])
        return math.ceil(max([0.0, *(until - now for until in deadlines.values())]))

    def failed(self) -> None:
        """Count a failed attempt; lock (or delay) whatever reached its limit."""
        now = clock()
        for count in self.counts:
            n = _add_one(self._in_span(count, now), 2 * self.span)
            if n < count.limit:
                continue
            if count.progressive:
                most = settings.SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS
                seconds = min(2 ** min(n - count.limit, 30), most)
            else:
                seconds = self.span
            cache.set(count.until, now + seconds, seconds + 60)

    def succeeded(self) -> None:
        if self.pair is not None:
            cache.delete(self._in_span(self.pair, clock()))

    def _in_span(self, count: Count, now: float) -> str:
        """The key of ``count`` in the span ``now`` falls in."""
        return f"{count.key}:{int(now // self.span)}"


def _add_one(key: str, keep: int) -> int:
    """Add one to ``key`` (kept ``keep`` seconds from its first failure)."""
    cache.add(key, 0, keep)
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.add(key, 1, keep)
        return 1


def refusal(wait: int) -> str:
    return (
        f"Too many failed logins for this account or from this address: try again in "
        f"{wait} seconds."
    )
