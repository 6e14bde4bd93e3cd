"""The bots API's routes under /api/matches/: a match's "what if" forks."""

from django.urls import path

from bots.api import forks

urlpatterns = [
    path("matches/<int:pk>/forks/", forks.ForksView.as_view(), name="match-forks"),
]
