"""Whose request is it: the one answer to "which client address sent this", for the
API's throttles (``accounts.throttling``), the login lockout (``accounts.lockout``)
and any other place that counts per client.

The socket's peer (``REMOTE_ADDR``) is the client unless the operator says that
proxies stand in front of the web processes (``SCRIMMAGE_NUM_PROXIES``): a client
can write any ``X-Forwarded-For`` it likes, so the header is trusted only then,
and only the hop the nearest trusted proxy appended (counted from the right).
"""

from __future__ import annotations

from django.conf import settings


def client_address(request) -> str:
    """The address of the client that sent ``request`` (``""`` when unknown)."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = settings.SCRIMMAGE_NUM_PROXIES
    if not proxies:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [hop for hop in hops if hop]
    if not hops:  # the proxy added nothing (a request that did not come through it)
        return remote
    # each of the N proxies appended the address it heard from: the client's is the
    # N-th from the right; anything left of it was written by the client itself
    return hops[-min(proxies, len(hops))]
