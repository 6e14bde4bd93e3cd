from django.urls import path

from tournaments.api import views

urlpatterns = [
    path("seasons/", views.SeasonList.as_view(), name="season-list"),
    path("seasons/<int:pk>/", views.SeasonDetail.as_view(), name="season-detail"),
    path("seasons/<int:pk>/standings/", views.SeasonStandings.as_view(), name="season-standings"),
    path("tournaments/", views.TournamentList.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", views.TournamentDetail.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/standings/", views.TournamentStandings.as_view(),
         name="tournament-standings"),
]
