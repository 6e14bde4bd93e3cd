from django.urls import path

from tournaments.api import entries, views

urlpatterns = [
    path("competitions/", views.CompetitionList.as_view(), name="competition-list"),
    path("competitions/<int:pk>/", views.CompetitionDetail.as_view(), name="competition-detail"),
    path(
        "competitions/<int:pk>/standings/",
        views.CompetitionStandings.as_view(),
        name="competition-standings",
    ),
    path(
        "competitions/<int:pk>/entries/",
        entries.CompetitionEntries.as_view(),
        name="competition-entries",
    ),
    path(
        "competitions/<int:pk>/entries/<int:entry>/",
        entries.CompetitionEntry.as_view(),
        name="competition-entry",
    ),
]
