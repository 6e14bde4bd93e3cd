"""The shared cache makes one redis-py client per connection pool, not one per
operation (building one cost more CPU than the round trip it served)."""

from __future__ import annotations

from config.cache import FallbackRedisCache


def test_every_operation_on_one_server_shares_one_redis_client():
    cache = FallbackRedisCache("redis://127.0.0.1:6399/0", {})  # no connection is made
    client = cache._cache.get_client()
    assert cache._cache.get_client(write=True) is client
    assert cache._cache.get_client("some-key") is client
