"""The API's OpenAPI schema: drf-spectacular's, with the error responses every view
can give documented for it (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``).

A view documents its successes (and errors peculiar to it) itself; this adds what
follows from how the API is built, unless the view documented the code already:

- 400 when the operation takes query parameters or a body (a bad one is named), or
  the path names something (a NUL byte in it: ``config.middleware``);
- 401 everywhere: a bad ``Authorization: Token`` is refused on any operation;
- 403 on unsafe methods (a session without its CSRF token);
- 404 when the path names something (an id that does not exist);
- 413 on unsafe methods: a body longer than the operation takes (``config.middleware``);
- 429 everywhere: every operation is throttled.

Each error body is DRF's: ``{"detail": "..."}`` or ``{"<parameter>": ["..."]}``.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema

ERROR_BODY = {
    "type": "object",
    "additionalProperties": {},
    "description": '{"detail": "..."} or {"<parameter>": ["...", ...]}',
}
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


class ErrorsAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, why in self._error_codes().items():
            responses.setdefault(
                code, {"description": why, "content": {"application/json": {"schema": ERROR_BODY}}}
            )
        return responses

    def _error_codes(self) -> dict[str, str]:
        codes = {}
        queried = any(p.get("in") == "query" for p in self._get_parameters())
        if queried or self.method in UNSAFE or "{" in self.path:
            codes["400"] = "a malformed parameter or body, named in the answer"
        codes["401"] = "missing or bad credentials"
        if self.method in UNSAFE:
            codes["403"] = "not allowed (e.g. a session without its CSRF token)"
        if "{" in self.path:
            codes["404"] = "nothing with that id (or not visible to you)"
        if self.method in UNSAFE:
            codes["413"] = "the body is longer than this operation takes"
        codes["429"] = "throttled: wait Retry-After seconds"
        return codes
