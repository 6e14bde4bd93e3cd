from django.urls import path

from tournaments import views

urlpatterns = [
    path("competitions/", views.competitions, name="competitions-page"),
    path("competitions/<int:pk>/", views.standings, name="competition-standings-page"),
    path("competitions/<int:pk>/bracket/", views.bracket, name="competition-bracket-page"),
    path("entries/<int:pk>/", views.entry_detail, name="entry-page"),
]
