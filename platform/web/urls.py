from django.urls import path

from web import forks, views

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/", views.match_list, name="match-list-page"),
    path("matches/<int:pk>/", views.match_detail, name="match-detail-page"),
    path("matches/<int:pk>/fork/", forks.fork_create, name="match-fork"),
    path("games/<slug:name>/", views.game_page, name="game-page"),
    path("games/<slug:name>/leaderboard/", views.leaderboard, name="game-leaderboard"),
    path("users/<str:username>/", views.user_page, name="user-page"),
]
