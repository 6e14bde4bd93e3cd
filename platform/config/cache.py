"""The cache every web process shares (the API's throttles, the login lockout
count, built replays and finished matches' event pages are kept in it), kept from
taking the site down with it.

``FallbackRedisCache`` is Django's Redis cache, except that while Redis cannot be
reached (refused, timed out, still loading after a restart) every operation is
served by a cache of this process's own instead of raising: the API keeps
answering, its throttles and the lockout count per process meanwhile, and a
warning says so once per outage. Redis is tried again ``SCRIMMAGE_CACHE_RETRY_SECONDS``
after it failed (one request pays for a failed try, not every one), and used
again as soon as it answers; what was counted locally meanwhile is dropped.
"""

from __future__ import annotations

import logging
import threading
import time
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

#: how long a request waits for Redis before it counts as unreachable (seconds)
SOCKET_TIMEOUT = 1.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)  # BusyLoadingError is a ConnectionError
#: the operations of Django's cache API that reach Redis
OPERATIONS = (
    "add",
    "get",
    "set",
    "touch",
    "delete",
    "get_many",
    "has_key",
    "incr",
    "set_many",
    "delete_many",
    "clear",
)


def caches_for(redis_url: str) -> dict:
    """The ``CACHES`` setting for a Redis server at ``redis_url``."""
    return {
        "default": {
            "BACKEND": "config.cache.FallbackRedisCache",
            "LOCATION": redis_url,
            "OPTIONS": {"socket_connect_timeout": SOCKET_TIMEOUT, "socket_timeout": SOCKET_TIMEOUT},
        }
    }


class OneClientPerPool(RedisCacheClient):
    """Django's Redis cache client, keeping one redis-py client per connection pool.
    Django makes a new one for every operation, and redis-py's constructor (its
    table of ~170 reply callbacks) took more of a request's CPU than the round trip
    it served: 0.25 ms of the 0.3 ms a throttled request spent in the cache. A
    redis-py client is safe to share between threads (each command takes a
    connection from the pool)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FallbackRedisCache(RedisCache):
    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self._class = OneClientPerPool
        # the server for the log, without a password the URL may hold
        # RedisCache keeps its server URLs in _servers (not in the stubs)
        self.where = urlsplit(self._servers[0]).netloc.rpartition("@")[2]  # type: ignore[attr-defined]
        self.local = LocMemCache(f"fallback:{self.where}", {})
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._retry_at = 0.0

    def _redis_up(self) -> bool:
        return self._down_since is None or time.monotonic() >= self._retry_at

    def _failed(self, exc: Exception) -> None:
        with self._lock:
            now = time.monotonic()
            self._retry_at = now + settings.SCRIMMAGE_CACHE_RETRY_SECONDS
            if self._down_since is None:
                self._down_since = now
                logger.warning(
                    "the cache at %s cannot be reached (%s): each web process counts "
                    "throttles and failed logins on its own until it is back",
                    self.where,
                    exc,
                )

    def _answered(self) -> None:
        if self._down_since is None:
            return
        with self._lock:
            if self._down_since is not None:
                logger.warning(
                    "the cache at %s is back after %.0f s",
                    self.where,
                    time.monotonic() - self._down_since,
                )
                self._down_since = None


def _falling_back(name: str):
    on_redis = getattr(RedisCache, name)

    def operation(self, *args, **kwargs):
        if self._redis_up():
            try:
                result = on_redis(self, *args, **kwargs)
            except UNREACHABLE as exc:
                self._failed(exc)
            else:
                self._answered()
                return result
        return getattr(self.local, name)(*args, **kwargs)

    operation.__name__ = name
    operation.__doc__ = f"``{name}`` on Redis, or on this process's cache while Redis is away."
    return operation


for _name in OPERATIONS:
    setattr(FallbackRedisCache, _name, _falling_back(_name))
