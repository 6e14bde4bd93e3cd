from django.urls import path

from web import bot_docs, bot_pages, forks, views

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/", views.match_list, name="match-list-page"),
    path("matches/<int:pk>/", views.match_detail, name="match-detail-page"),
    path("matches/<int:pk>/fork/", forks.fork_create, name="match-fork"),
    path("games/", views.game_list, name="game-list-page"),
    path("games/<slug:name>/", views.game_page, name="game-page"),
    path("games/<slug:name>/leaderboard/", views.leaderboard, name="game-leaderboard"),
    path("users/<str:username>/", views.user_page, name="user-page"),
    path("bots/", bot_pages.my_bots, name="my-bots"),
    path("bots/<int:pk>/", bot_pages.bot_page, name="bot-page"),
    path("bots/<int:pk>/upload/", bot_pages.bot_upload, name="bot-upload"),
    path("bots/<int:pk>/public/", bot_pages.bot_public, name="bot-public"),
    path("bots/<int:pk>/challenge/", bot_pages.bot_challenge, name="bot-challenge"),
    path(
        "bots/<int:pk>/versions/<int:number>/", bot_pages.version_source, name="bot-version-source"
    ),
    path("bots/write/", bot_docs.write_a_bot, name="write-a-bot"),
    path("bots/docs/<slug:name>/", bot_docs.doc_page, name="bot-doc"),
    path("bots/sdk/scrimmage_bot.py", bot_docs.sdk_download, name="bot-sdk"),
    path("bots/starters/<slug:game>.py", bot_docs.starter_download, name="bot-starter"),
    path("downloads/<str:filename>", bot_docs.engine_wheel, name="engine-wheel"),
    path("bots/starters/<slug:game>.js", bot_docs.js_starter_download, name="bot-starter-js"),
    path("bots/files/<str:filename>", bot_docs.language_file, name="bot-language-file"),
]
