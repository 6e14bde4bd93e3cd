"""Failed logins, counted per account and per client address, and the lockout
that follows too many (``POST /api/auth/token/``, ``/accounts/login/``, the admin's
login; ``accounts.backends`` counts and refuses, the views answer 429).

Counts live in the default cache (Redis in production, so every web process
shares them; per process in memory otherwise). ``cache.incr`` is atomic there, so
parallel guesses cannot slip past the limit. After ``SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT``
failures for one username, or ``SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS`` from one
address, within ``SCRIMMAGE_LOGIN_LOCKOUT_SECONDS``, every login for that username
(or from that address) is refused, the right password included, for
``SCRIMMAGE_LOGIN_LOCKOUT_SECONDS``. A successful login clears its account's count,
not its address's (an attacker's own account must not reset the address count).
"""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

#: the clock deadlines are measured on (tests move it instead of sleeping)
clock = time.time


def client_address(request) -> str:
    """The client's address as DRF's throttles see it: ``REMOTE_ADDR``, or the
    address ``NUM_PROXIES`` proxies in from the end of ``X-Forwarded-For``."""
    return BaseThrottle().get_ident(request)


class LoginGuard:
    """The lockout state of one login attempt: ``username`` from ``request``'s address."""

    def __init__(self, request, username) -> None:
        self.lockout = settings.SCRIMMAGE_LOGIN_LOCKOUT_SECONDS
        name = username if isinstance(username, str) else ""
        self.account = "login-fail:user:" + hashlib.sha256(name.casefold().encode()).hexdigest()
        self.address = "login-fail:addr:" + client_address(request)
        self.has_account = bool(name)

    def _scopes(self) -> list[tuple[str, int]]:
        scopes = [(self.address, settings.SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS)]
        if self.has_account:
            scopes.append((self.account, settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT))
        return scopes

    def wait(self) -> int:
        """Seconds until this attempt may be made (0: now). A lock whose time is up
        is lifted together with the count that caused it."""
        now = clock()
        longest = 0.0
        for key, _ in self._scopes():
            until = cache.get(key + ":until")
            if until is None:
                continue
            if until <= now:
                cache.delete_many([key, key + ":until"])
            else:
                longest = max(longest, until - now)
        return math.ceil(longest)

    def failed(self) -> None:
        """Count a failed attempt; lock whatever reached its limit."""
        for key, limit in self._scopes():
            if _count(key, self.lockout) >= limit:
                cache.set(key + ":until", clock() + self.lockout, self.lockout + 60)

    def succeeded(self) -> None:
        if self.has_account:
            cache.delete(self.account)


def _count(key: str, window: int) -> int:
    """Add one to ``key`` (kept for ``window`` seconds from its first failure)."""
    cache.add(key, 0, window)
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.add(key, 1, window)
        return 1


def refusal(wait: int) -> str:
    return (
        f"Too many failed logins for this account or from this address: try again in "
        f"{wait} seconds."
    )
