from django.urls import path

from bots import views

urlpatterns = [
    path("", views.my_bots, name="my-bots"),
    path("write/", views.write_a_bot, name="write-a-bot"),
    path("docs/<slug:name>/", views.doc_page, name="bot-doc"),
    path("sdk/scrimmage_bot.py", views.sdk_download, name="bot-sdk"),
    path("starters/<slug:game>.py", views.starter_download, name="bot-starter"),
    path("<int:pk>/", views.bot_page, name="bot-page"),
    path("<int:pk>/upload/", views.bot_upload, name="bot-upload"),
    path("<int:pk>/public/", views.bot_public, name="bot-public"),
    path("<int:pk>/challenge/", views.bot_challenge, name="bot-challenge"),
    path("<int:pk>/versions/<int:number>/", views.version_source, name="bot-version-source"),
]
