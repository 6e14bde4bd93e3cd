from django.urls import path

from tournaments import signup_views, views

urlpatterns = [
    path("competitions/", views.competitions, name="competitions-page"),
    path("competitions/<int:pk>/", views.standings, name="competition-standings-page"),
    path("competitions/<int:pk>/bracket/", views.bracket, name="competition-bracket-page"),
    path("competitions/<int:pk>/enter/", signup_views.enter, name="competition-enter"),
    path("entries/<int:pk>/", views.entry_detail, name="entry-page"),
    path("entries/<int:pk>/withdraw/", signup_views.withdraw, name="entry-withdraw"),
]
