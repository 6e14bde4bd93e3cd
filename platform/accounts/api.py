"""``POST /api/auth/token/``: DRF's obtain-token view behind the login lockout."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.response import Response

from accounts import throttle


class TokenView(ObtainAuthToken):
    """Your API token, for your username and password. Too many failed attempts for
    one account or from one address lock logins out for a while (429)."""

    @extend_schema(responses={429: OpenApiResponse(description="too many failed logins: "
                                                               "wait Retry-After seconds")})
    def post(self, request, *args, **kwargs):
        data = request.data
        guard = throttle.LoginGuard(request, data.get("username") if hasattr(data, "get") else None)
        wait = guard.wait()
        if wait:
            raise Throttled(wait, detail=throttle.refusal(wait))
        serializer = self.get_serializer(data=data)
        if not serializer.is_valid():
            if "non_field_errors" in serializer.errors:  # a wrong password, not a missing field
                guard.failed()
            raise ValidationError(serializer.errors)
        guard.succeeded()
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})
