"""The API's throttles (``REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]``): DRF's, counting
anonymous requests per client address as ``accounts.addresses`` decides it (DRF's
own ``get_ident`` believes any ``X-Forwarded-For`` when no proxy count is set)."""

from __future__ import annotations

from rest_framework import throttling

from accounts.addresses import client_address


class ClientAddressMixin:
    def get_ident(self, request) -> str:
        return client_address(request)


class AnonRateThrottle(ClientAddressMixin, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(ClientAddressMixin, throttling.UserRateThrottle):
    pass


class ScopedRateThrottle(ClientAddressMixin, throttling.ScopedRateThrottle):
    pass
