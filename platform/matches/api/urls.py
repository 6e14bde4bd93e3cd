from django.urls import path

from matches.api import views

urlpatterns = [
    path("matches/", views.MatchListView.as_view(), name="match-list"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/events/", views.EventsView.as_view(), name="match-events"),
    path("matches/<int:pk>/state/", views.StateView.as_view(), name="match-state"),
    path("matches/<int:pk>/log.jsonl", views.LogView.as_view(), name="match-log"),
    path("matches/<int:pk>/verify/", views.VerifyView.as_view(), name="match-verify"),
]
