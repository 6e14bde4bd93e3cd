"""``GET /api/``: what the API offers, as links (the browsable API shows them)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

#: name shown -> (URL name, what it is)
ENDPOINTS = {
    "matches": (
        "match-list",
        "matches, newest first; /{id}/, /{id}/events/, /{id}/state/, "
        "/{id}/log.jsonl, /{id}/verify/",
    ),
    "bots": ("api-bot-list", "uploaded bots: create, versions, source, logs, challenges"),
    "competitions": (
        "competition-list",
        "ladder seasons and tournaments (?kind=season|"
        "tournament, ?game=, ?status=); /{id}/standings/, /{id}/entries/ "
        "(POST enters your bot, DELETE /{id}/entries/{entry}/ withdraws it)",
    ),
    "token": ("api-token", "POST username and password: your API token"),
    "schema": ("schema", "the OpenAPI schema"),
    "docs": ("api-docs", "the API's documentation (Swagger UI)"),
}


class ApiRoot(APIView):
    """Every part of the API with its address and one line on what it is."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response(
            {
                name: {"url": reverse(url_name, request=request), "about": about}
                for name, (url_name, about) in ENDPOINTS.items()
            }
        )
