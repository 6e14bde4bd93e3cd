"""What every request must be before any view (or any middleware after these)
looks at it; both answer in words, as JSON under ``/api/``.

- ``NoNulBytes``: a NUL byte in the path, the query string, a header or a cookie is
  a 400. Nothing here has a use for one, and PostgreSQL refuses them in text, so a
  NUL that reached a query was a 500 on whichever route passed it on.
- ``BoundedBodies``: the body is bounded at the door, by its ``Content-Length``,
  before a byte of it is read (413): a view that takes an upload says how large
  its requests may be (``max_request_body``, on the view or its class: see
  ``bots.conf.takes_uploads``), every other view takes up to Django's
  ``DATA_UPLOAD_MAX_MEMORY_SIZE``. Only a view that takes an upload gets Django's
  upload handlers; every other keeps no file part of a multipart form
  (``DropFiles``, the ``FILE_UPLOAD_HANDLERS`` setting: a file part is read and
  dropped, never kept or spooled), and the API's views that take no files parse
  no multipart at all (their parsers: 415). Django reads no more than the
  ``Content-Length`` (a body without one is not read).
"""

from __future__ import annotations

from django.conf import settings
from django.core.files import uploadhandler
from django.http import HttpResponse, JsonResponse


def refuse(request, status: int, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class NoNulBytes:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _has_nul(request):
            return refuse(
                request, 400, "NUL bytes are not allowed in a request's address or headers"
            )
        return self.get_response(request)


def _has_nul(request) -> bool:
    texts = [request.path_info, *request.COOKIES, *request.COOKIES.values()]
    texts += [v for k, v in request.META.items() if k.startswith("HTTP_") and isinstance(v, str)]
    for key, values in request.GET.lists():
        texts += [key, *values]
    return any("\0" in text for text in texts)


class BoundedBodies:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = -1
        if length < 0:
            return refuse(request, 400, "the Content-Length header is not a number of bytes")
        limit = getattr(getattr(view, "view_class", view), "max_request_body", None)
        if limit is None:
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        else:
            limit = limit()
            request.upload_handlers = [
                uploadhandler.MemoryFileUploadHandler(request),
                uploadhandler.TemporaryFileUploadHandler(request),
            ]
        if limit is not None and length > limit:
            return refuse(
                request, 413, f"the body is {length} bytes; this address takes at most {limit}"
            )
        return None


class DropFiles(uploadhandler.FileUploadHandler):
    """The upload handler of every view that takes no upload (``FILE_UPLOAD_HANDLERS``):
    a file part sent anyway is read past and kept nowhere."""

    def new_file(self, *args, **kwargs):
        raise uploadhandler.SkipFile("this address takes no files")

    def receive_data_chunk(self, raw_data, start):
        return None

    def file_complete(self, file_size):
        return None
