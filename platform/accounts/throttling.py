"""The API's throttle (``REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]``): DRF's rates and
sliding windows, counting anonymous requests per client address as
``accounts.addresses`` decides it (DRF's own ``get_ident`` believes any
``X-Forwarded-For`` when no proxy count is set), in one class.

DRF's three classes (anon, user, scoped) read and wrote the cache each on its own:
four Redis round trips for an anonymous request, about 1.5 ms. ``ApiThrottle``
counts the same buckets in one round trip, a script run on Redis
(``accounts.throttle_windows``); in a process's own cache (no Redis, or Redis
away) with one read (``get_many``) and one write (``set_many``):

- an anonymous request: ``anon`` and ``user`` per client address (DRF's user
  throttle counts anonymous clients by address too);
- a signed-in request: ``user`` per user;
- a view with a ``throttle_scope``: that scope too, per user or address.

Work whose cost is known only once done (a replay built and folded) is charged
after it, in units of that work, to a scope the view names (``throttle_cost_scope``;
the state's is ``replay``: events read and folded an hour): the throttle hands the
view ``request.charge_cost(units)``, and a client whose budget is spent is refused
before its next such request starts, by the same check.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from rest_framework import throttling

from accounts.addresses import client_address
from accounts.throttle_windows import charge_on_redis, windows_on_redis


def _when(entry) -> float:
    # a request is its time alone; a charge is [time, cost]
    return entry[0] if isinstance(entry, list) else entry


class ApiThrottle(throttling.SimpleRateThrottle):
    """Every rate a request counts against, checked and recorded in two cache calls.

    A view opts into cost throttling with ``throttle_cost_scope`` (checked here,
    charged by the view with ``charge``)."""

    def __init__(self) -> None:  # no single rate: each bucket has its own
        self.waits: list[float] = []

    def buckets(self, request, view) -> dict[str, tuple[int, int, bool]]:
        """Cache key -> (allowed, window in seconds, whether it counts requests) of
        each rate that counts: requests, or the units of work ``charge`` adds."""
        who, signed_in = _client(request)
        scopes = ["user"] if signed_in else ["anon", "user"]
        if getattr(view, "throttle_scope", None):
            scopes.append(view.throttle_scope)
        out = {self.bucket_key(s, who): (*self.rate_of(s), True) for s in scopes}
        cost_scope = getattr(view, "throttle_cost_scope", None)
        if cost_scope:
            out[self.bucket_key(cost_scope, who)] = (*self.rate_of(cost_scope), False)
        return out

    def bucket_key(self, scope: str, who: str) -> str:
        return self.cache_format % {"scope": scope, "ident": who}

    def rate_of(self, scope: str) -> tuple[int, int]:
        try:
            allowed, window = self.parse_rate(self.THROTTLE_RATES[scope])
        except KeyError:
            raise ImproperlyConfigured(
                f"No default throttle rate set for '{scope}' scope"
            ) from None
        if allowed is None or window is None:  # DRF's parse_rate of no rate
            raise ImproperlyConfigured(f"the throttle rate of '{scope}' is not set")
        return allowed, window

    def allow_request(self, request, view) -> bool:
        buckets = self.buckets(request, view)
        now = self.timer()
        waits = windows_on_redis(self.cache, buckets, now)
        self.waits = self.count_in_cache(buckets, now) if waits is None else waits
        cost_scope = getattr(view, "throttle_cost_scope", None)
        if cost_scope:  # the view charges its work when done: request.charge_cost(units)
            request.charge_cost = lambda cost: charge(request, cost_scope, cost)
        return not self.waits

    def count_in_cache(self, buckets: dict[str, tuple[int, int, bool]], now: float) -> list:
        """The waits of the buckets over their rate, counted in the cache's values."""
        histories = self.cache.get_many(list(buckets))
        changed, waits = {}, []
        for key, (allowed, window, requests) in buckets.items():
            history = _recent(histories.get(key, []), now - window)
            used = len(history) if requests else sum(cost for _, cost in history)
            if used >= allowed:
                # as DRF's wait(): the window's remainder spread over what is left
                remaining = window - (now - _when(history[-1]))
                waits.append(remaining / max(1, allowed - used + 1))
            elif requests:
                history.insert(0, now)
                changed[key] = history
        if changed:
            self.cache.set_many(changed, max(window for _, window, _ in buckets.values()))
        return waits

    def wait(self) -> float | None:
        return max(self.waits, default=None)


def _recent(history: list, since: float) -> list:
    """``history`` (newest first) without what is older than ``since``."""
    while history and _when(history[-1]) <= since:
        history.pop()
    return history


def _client(request) -> tuple:
    """Who a request counts for: the user's id when signed in, else the client's
    address; and whether signed in."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user.pk, True
    return client_address(request), False


def charge(request, scope: str, cost: int) -> None:
    """Count ``cost`` units of work against the client's ``scope`` rate (the next
    request that checks that scope is refused once the window's sum reaches it)."""
    if cost <= 0:
        return
    throttle = ApiThrottle()
    key = throttle.bucket_key(scope, _client(request)[0])
    window = throttle.rate_of(scope)[1]
    now = throttle.timer()
    if charge_on_redis(throttle.cache, key, window, now, cost):
        return
    history = _recent(throttle.cache.get(key, []), now - window)
    history.insert(0, [now, cost])
    throttle.cache.set(key, history, window)
