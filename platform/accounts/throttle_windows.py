"""The API throttle's sliding windows kept in Redis and counted there, in one
round trip a request.

Kept in the cache's own values (a pickled list a bucket), checking a request took
a read of every bucket and a write of those it counted: two round trips. Here
each bucket is a Redis sorted set of the requests (or charges) in its window,
scored by their time, and one script drops what left the window, counts what is
left, records the request where it is allowed and sets the expiry: the same
arithmetic as ``accounts.throttling``'s (DRF's) on the cache, done on the server.

Used only while the cache is ``config.cache.FallbackRedisCache`` and Redis
answers: otherwise (a process's own cache, Redis away) ``windows_on_redis``
returns ``None`` and the throttle counts in the cache as before.
"""

from __future__ import annotations

import uuid

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

#: Redis cannot be reached (as ``config.cache`` sees it, a layer above accounts)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)

#: before the bucket's key: a sorted set never shares a name with a bucket kept in
#: the cache's values (a process of the version before, while both run, or a
#: spell without Redis), which Redis would refuse to read as the other type
ZSET_PREFIX = "windows:"

#: KEYS: the buckets. ARGV: now, the expiry in ms, a token making members
#: unique, then (allowed, window, counts requests: 1 or 0) per bucket. Returns
#: each refused bucket's wait as a string (a Lua number would come back cut to
#: an integer). A member is "time:token" for a request, "time:token:cost" for a
#: charge; its score is its time.
CHECK = """
local now, expiry, token = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local waits = {}
for i, key in ipairs(KEYS) do
  local allowed = tonumber(ARGV[1 + 3 * i])
  local window = tonumber(ARGV[2 + 3 * i])
  local requests = ARGV[3 + 3 * i] == '1'
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local used = 0
  if requests then
    used = redis.call('ZCARD', key)
  else
    for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
      used = used + tonumber(string.match(member, ':(%d+)$'))
    end
  end
  if used >= allowed then
    local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2])
    local remaining = window - (now - oldest)
    waits[#waits + 1] = tostring(remaining / math.max(1, allowed - used + 1))
  elseif requests then
    redis.call('ZADD', key, now, ARGV[1] .. ':' .. token)
    redis.call('PEXPIRE', key, expiry)
  end
end
return waits
"""

#: KEYS: the bucket. ARGV: now, the window in ms, the member (with its cost).
#: Returns 1 (a script returning nothing answers ``None``, read as Redis away).
CHARGE = """
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
"""


def _redis(cache):
    """The cache's redis-py client when requests can go to Redis now, else ``None``."""
    if not hasattr(cache, "local") or not cache._redis_up():  # not FallbackRedisCache
        return None
    return cache._cache.get_client(write=True)


def _run(cache, script: str, keys: list[str], args: list) -> list | None:
    """Run ``script`` on Redis (by its hash after the first time); ``None`` when
    Redis cannot be reached (marked away: the cache's own operations go local)."""
    client = _redis(cache)
    if client is None:
        return None
    scripts = cache.__dict__.setdefault("_throttle_scripts", {})
    runner = scripts.get(script)
    if runner is None:
        runner = scripts[script] = client.register_script(script)
    try:
        answer = runner(
            keys=[cache.make_key(ZSET_PREFIX + k) for k in keys], args=args, client=client
        )
    except UNREACHABLE as exc:
        cache._failed(exc)
        return None
    cache._answered()
    return answer


def windows_on_redis(cache, buckets: dict[str, tuple[int, int, bool]], now: float) -> list | None:
    """Check and count one request against ``buckets`` (key -> allowed, window,
    counts requests) in one round trip: the waits of the buckets it is over, or
    ``None`` when the cache is not Redis (the caller counts in the cache)."""
    expiry = max(window for _, window, _ in buckets.values())
    args: list = [repr(now), expiry * 1000, uuid.uuid4().hex]
    for allowed, window, requests in buckets.values():
        args += [allowed, window, int(requests)]
    waits = _run(cache, CHECK, list(buckets), args)
    return None if waits is None else [float(w) for w in waits]


def charge_on_redis(cache, key: str, window: int, now: float, cost: int) -> bool:
    """Add ``cost`` to the bucket ``key`` on Redis; ``False`` when the cache is
    not Redis (the caller keeps the charge in the cache)."""
    member = f"{now!r}:{uuid.uuid4().hex}:{cost}"
    return _run(cache, CHARGE, [key], [repr(now), window * 1000, member]) is not None
