from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from config.api_root import ApiRoot

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", ApiRoot.as_view(), name="api-root"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/auth/token/", obtain_auth_token, name="api-token"),
    path("api/bots/", include("bots.api.urls")),
    path("api/", include("matches.api.urls")),
    path("api/", include("tournaments.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("bots/", include("bots.urls")),
    path("", include("tournaments.urls")),
    path("", include("web.urls")),
]
