from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path
from django.views import defaults
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.api import TokenView
from config.api_root import ApiRoot

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", ApiRoot.as_view(), name="api-root"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/auth/token/", TokenView.as_view(), name="api-token"),
    path("api/bots/", include("bots.api.urls")),
    path("api/", include("matches.api.urls")),
    path("api/", include("bots.api.match_urls")),
    path("api/", include("tournaments.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("tournaments.urls")),
    path("", include("web.urls")),
]


def not_found(request, exception):
    """A path no view answers: JSON under /api/ (as the API's own 404s), the page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


handler404 = not_found
