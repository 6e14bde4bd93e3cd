"""``POST /api/auth/token/``: DRF's obtain-token view behind the login lockout."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import lockout


class TokenAnswerSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="send it as 'Authorization: Token <token>'")


class TokenView(ObtainAuthToken):
    """Your API token, for your username and password. Too many failed attempts for
    one account or from one address lock logins out for a while (429; the failures
    are counted by ``accounts.backends``)."""

    # the settings' parsers (JSON and forms), not ObtainAuthToken's: those take
    # multipart, so anyone could make the server parse files for a login
    parser_classes = APIView.parser_classes

    @extend_schema(responses=TokenAnswerSerializer)
    def post(self, request, *args, **kwargs):
        data = request.data
        guard = lockout.LoginGuard(request, data.get("username") if hasattr(data, "get") else None)
        wait = guard.wait()
        if wait:
            raise Throttled(wait, detail=lockout.refusal(wait))
        serializer = self.get_serializer(data=data)
        serializer.is_valid(raise_exception=True)  # a wrong password counts (accounts.backends)
        guard.succeeded()
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})
