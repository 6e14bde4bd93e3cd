from django.urls import path

from bots.api import views

urlpatterns = [
    path("", views.BotListView.as_view(), name="api-bot-list"),
    path("<int:pk>/", views.BotDetailView.as_view(), name="api-bot-detail"),
    path("<int:pk>/versions/", views.VersionListView.as_view(), name="api-bot-versions"),
    path(
        "<int:pk>/versions/<int:number>/", views.VersionDetailView.as_view(), name="api-bot-version"
    ),
    path(
        "<int:pk>/versions/<int:number>/source/",
        views.VersionSourceView.as_view(),
        name="api-bot-source",
    ),
    path("<int:pk>/logs/", views.LogsView.as_view(), name="api-bot-logs"),
    path("<int:pk>/challenges/", views.ChallengeView.as_view(), name="api-bot-challenges"),
]
