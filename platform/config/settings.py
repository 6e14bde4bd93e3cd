"""Django settings for the Scrimmage platform, read from the environment.

Environment variables:

- ``DJANGO_DEBUG=1`` turns debugging on (off by default).
- ``DJANGO_SECRET_KEY``: the secret key. Without it a development key is used,
  and that is refused when DEBUG is off, except under the test runner (pytest or
  ``manage.py test``), whose data is throw-away. ``make run`` sets ``DJANGO_DEBUG=1``
  for the local demo server.
- ``DATABASE_URL`` (e.g. ``postgres://user@host:5432/name``): the database; SQLite
  under the data directory by default.
- ``SCRIMMAGE_DATA_DIR``: where the SQLite file and collected static files live
  (``data/`` in the repository by default).
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names.
"""

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = Path(os.environ.get("SCRIMMAGE_DATA_DIR", BASE_DIR / "data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = os.environ.get("DJANGO_DEBUG", "") == "1"
TESTING = "pytest" in sys.modules or sys.argv[1:2] == ["test"]

DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "") or DEV_SECRET_KEY
if SECRET_KEY == DEV_SECRET_KEY and not DEBUG and not TESTING:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set and DEBUG is off: set a real secret key "
        "(or DJANGO_DEBUG=1 for local development)")

ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
if TESTING:
    ALLOWED_HOSTS.append("testserver")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "accounts",
    "matches",
    "web",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]

DATABASES = {"default": dj_database_url.config(
    default=f"sqlite:///{DATA_DIR / 'scrimmage.sqlite3'}", conn_max_age=60)}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Serve straight from the apps' static folders, so neither the demo nor the tests
# need collectstatic; production may still collect them into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # token first, so a bad or missing token is a 401 with WWW-Authenticate
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("SCRIMMAGE_THROTTLE_ANON", "3000/hour"),
        "user": os.environ.get("SCRIMMAGE_THROTTLE_USER", "20000/hour"),
        # re-simulating a match costs CPU: a tighter budget
        "verify": os.environ.get("SCRIMMAGE_THROTTLE_VERIFY", "60/hour"),
    },
}
if TESTING:  # the test suite makes many requests quickly; tests of throttling set their own
    REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
        "anon": "100000/hour", "user": "100000/hour", "verify": "100000/hour"}

SPECTACULAR_SETTINGS = {
    "TITLE": "Scrimmage API",
    "DESCRIPTION": "Matches of bot-versus-bot board games, their event logs and replays.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
