from django.urls import path

from tournaments import views

urlpatterns = [
    path("competitions/", views.competitions, name="competitions-page"),
    path("seasons/<int:pk>/", views.season_standings, name="season-standings-page"),
    path("tournaments/<int:pk>/", views.tournament_standings, name="tournament-standings-page"),
    path("tournaments/<int:pk>/bracket/", views.tournament_bracket, name="tournament-bracket-page"),
    path("entries/<int:pk>/", views.entry_detail, name="entry-page"),
]
