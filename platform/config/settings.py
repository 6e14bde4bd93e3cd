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
- ``SCRIMMAGE_ALLOW_UNSANDBOXED=1``: run uploaded bots even without bubblewrap
  (only bots you trust); off by default.
- ``REDIS_URL`` (e.g. ``redis://host:6379/1``): the cache shared by every web
  process (so the API's throttles count across processes). Without it, a
  ``CELERY_BROKER_URL`` starting with ``redis://`` is used; without either, a
  per-process in-memory cache (fine for one process: ``make run``, tests). While
  Redis cannot be reached each process counts on its own and logs a warning
  (``config.cache``); it tries Redis again every ``SCRIMMAGE_CACHE_RETRY_SECONDS`` (5).
- ``SCRIMMAGE_NUM_PROXIES``: how many proxies append to ``X-Forwarded-For`` in
  front of the web processes, so throttles and the login lockout count per client,
  not per proxy. Unset (0): the socket's address (``REMOTE_ADDR``) and never the
  header, which any client can forge (``accounts.addresses``).
- ``SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS`` (10),
  ``SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS`` (50), ``SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT``
  (30), ``SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS`` (60), ``SCRIMMAGE_LOGIN_LOCKOUT_SECONDS``
  (900): the login lockout (``accounts.lockout``).
- ``DJANGO_CSRF_TRUSTED_ORIGINS``: comma-separated origins (``https://example.org``)
  trusted for unsafe requests, e.g. behind a proxy on another host name.
- ``DJANGO_BEHIND_TLS_PROXY=1``: a proxy terminates TLS and sets
  ``X-Forwarded-Proto: https`` (``SECURE_PROXY_SSL_HEADER``); only set it when the
  proxy always sets (or strips) that header.
- ``DJANGO_SECURE_COOKIES=0``: send the session and CSRF cookies over plain http
  too. By default they are ``Secure`` (https only) whenever DEBUG is off, except
  under the test runner; with ``DJANGO_DEBUG=1`` (``make run``) they never are.
- ``SCRIMMAGE_BOT_STORE_*``, ``SCRIMMAGE_MULTI_HOST``: where uploaded bots are kept
  (``config.bot_store``); ``SCRIMMAGE_BOT_CACHE_BYTES``: a host's cache of them (``bots.cache``).
- ``SCRIMMAGE_DEMO_CHECK_SECONDS`` (30): how often the scheduler starts a finished demo
  ladder's successor and deletes older demo seasons (``tournaments.demo``).
"""

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from engine.bots.sandbox import unsandboxed_allowed

from config.bot_store import bot_storage, refuse_file_broker_on_many_hosts
from config.cache import caches_for

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = Path(os.environ.get("SCRIMMAGE_DATA_DIR", BASE_DIR / "data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = os.environ.get("DJANGO_DEBUG", "") == "1"
# pytest (8.2+) sets PYTEST_VERSION when it starts, so merely importing pytest (a
# library doing so in production) does not make this a test run
TESTING = "PYTEST_VERSION" in os.environ or sys.argv[1:2] == ["test"]

DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "") or DEV_SECRET_KEY
if SECRET_KEY == DEV_SECRET_KEY and not DEBUG and not TESTING:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set and DEBUG is off: set DJANGO_SECRET_KEY to a long "
        "random string (production), or DJANGO_DEBUG=1 to try it locally (as make run does)"
    )

ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
if TESTING:
    ALLOWED_HOSTS.append("testserver")

CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]
if os.environ.get("DJANGO_BEHIND_TLS_PROXY", "") == "1":
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = (
    not DEBUG and not TESTING and os.environ.get("DJANGO_SECURE_COOKIES", "") != "0"
)

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
    "drf_spectacular_sidecar",
    "django_celery_beat",
    # ours, in layer order (lowest first: platform/README.md, "Layers")
    "matches",
    "bots",
    "tournaments",
    "accounts",
    "web",
]

MIDDLEWARE = [
    # before anything reads the request: a NUL byte in its address or headers is a
    # 400, and a body longer than its view takes a 413 (415 for files where none
    # are taken) before a byte of it is read (config.middleware)
    "config.middleware.NoNulBytes",
    "config.middleware.BoundedBodies",
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

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

# connections are kept for a minute (web requests and worker tasks alike), and
# checked before their first use in each request or task, so one that the database
# dropped (a restart) is replaced instead of failing the next query
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'scrimmage.sqlite3'}",
        conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # web, workers and beat share the file: wait for a lock instead of failing, and
    # take the write lock when a transaction starts (no deadlocked upgrades)
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 30, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Serve straight from the apps' static folders, so neither the demo nor the tests
# need collectstatic; production may still collect them into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True

# the login lockout first: it refuses every password check while one is locked out
AUTHENTICATION_BACKENDS = [
    "accounts.backends.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# request bodies (config.middleware.BoundedBodies): a view that takes no upload takes
# at most this (Django's default, made explicit) and keeps no file sent to it (the
# handlers: a view that takes uploads gets Django's own); an upload stays in memory
# below the last (a bot upload is at most BOTS_MAX_UPLOAD_BYTES, 1 MiB, plus its form)
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_HANDLERS = ["config.middleware.DropFiles"]
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # token first, so a bad or missing token is a 401 with WWW-Authenticate
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # no multipart: a view that takes a file lists its own parsers (bots.api.views)
    "DEFAULT_PARSER_CLASSES": [
        "rest_framework.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "config.schema.ErrorsAutoSchema",  # documents the error responses
    # DRF's, but counting per client as accounts.addresses decides (see SCRIMMAGE_NUM_PROXIES)
    # (anon, user and a view's scope, one cache read and one write: accounts.throttling)
    "DEFAULT_THROTTLE_CLASSES": ["accounts.throttling.ApiThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("SCRIMMAGE_THROTTLE_ANON", "3000/hour"),
        "user": os.environ.get("SCRIMMAGE_THROTTLE_USER", "20000/hour"),
        # re-simulating a match costs CPU: a tighter budget
        "verify": os.environ.get("SCRIMMAGE_THROTTLE_VERIFY", "60/hour"),
        # replay states by their cost: events read and folded (a cold eight-seat
        # Powerball state about 6,400, a step through a replay already built 1)
        "replay": os.environ.get("SCRIMMAGE_THROTTLE_REPLAY", "1000000/hour"),
    },
}
# proxies in front of the web processes that append to X-Forwarded-For: the throttles
# and the login lockout take the client's address from that header (the hop the
# nearest proxy appended), not the proxy's; 0 (the default): from the socket only,
# since a client can send any X-Forwarded-For it likes (accounts.addresses)
try:
    SCRIMMAGE_NUM_PROXIES = int(os.environ.get("SCRIMMAGE_NUM_PROXIES", "") or 0)
except ValueError:
    SCRIMMAGE_NUM_PROXIES = -1
if SCRIMMAGE_NUM_PROXIES < 0:
    raise ImproperlyConfigured(
        f"SCRIMMAGE_NUM_PROXIES must be the number of proxies in front of the web processes "
        f"(0 or more), not {os.environ['SCRIMMAGE_NUM_PROXIES']!r}"
    )
if TESTING:  # the test suite makes many requests quickly; tests of throttling set their own
    REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
        "anon": "100000/hour",
        "user": "100000/hour",
        "verify": "100000/hour",
        "replay": "100000000/hour",
    }

SPECTACULAR_SETTINGS = {
    "TITLE": "Scrimmage API",
    "DESCRIPTION": "Matches of bot-versus-bot board games, their event logs and replays.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # the docs page's scripts come from the sidecar package, not a CDN
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Logins (API token, login page, admin; accounts.lockout): this many failures for one
# account from one address lock that address out of that account, and this many
# from one address lock it out of every account, for the lockout time; past this many
# for one account from anywhere, each failure delays its next login (1, 2, 4 s ... up
# to the maximum). The per-account figure must be at least twice the first, or a
# single address could make the owner wait.
SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = int(
    os.environ.get("SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS", "10")
)
SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS = int(
    os.environ.get("SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS", "50")
)
SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT = int(
    os.environ.get("SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT", "30")
)
SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS = int(os.environ.get("SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS", "60"))
SCRIMMAGE_LOGIN_LOCKOUT_SECONDS = int(os.environ.get("SCRIMMAGE_LOGIN_LOCKOUT_SECONDS", "900"))
if SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT < 2 * SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS:
    raise ImproperlyConfigured(
        "SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT must be at least twice "
        "SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: otherwise one address could "
        "delay the account's owner everywhere"
    )

# A cache shared by all processes (DRF's throttles keep their counts here); an
# in-memory cache is per process, so with several web processes each would count alone.
REDIS_URL = os.environ.get("REDIS_URL", "") or (
    os.environ["CELERY_BROKER_URL"]
    if os.environ.get("CELERY_BROKER_URL", "").startswith(("redis://", "rediss://"))
    else ""
)
if REDIS_URL and TESTING and os.environ.get("PYTEST_XDIST_WORKER"):
    # test processes side by side (pytest-xdist) share one Redis server: each takes a
    # database number of its own (gw0 the URL's, gw1 the next, ... of Redis' 16), so
    # one process's flush or throttle counts never reach another's
    from urllib.parse import urlparse

    _url = urlparse(REDIS_URL)
    _db = int(_url.path.strip("/") or 0) + int(os.environ["PYTEST_XDIST_WORKER"].lstrip("gw"))
    REDIS_URL = _url._replace(path=f"/{_db % 16}").geturl()
if REDIS_URL:
    # Django's Redis cache that falls back to a per-process one while Redis is
    # unreachable (config.cache), trying Redis again this often
    CACHES = caches_for(REDIS_URL)
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
SCRIMMAGE_CACHE_RETRY_SECONDS = float(os.environ.get("SCRIMMAGE_CACHE_RETRY_SECONDS", "5"))

# Uploaded bots (limits and caps: see bots/conf.py for each BOTS_* setting and its
# default). Without bubblewrap, uploaded bots run only when the operator sets this.
SCRIMMAGE_ALLOW_UNSANDBOXED = unsandboxed_allowed()  # the engine's reading of the variable

# Uploaded bots' files, by sha256, through Django's storage API ("bots"): files under
# the data folder, or an S3-compatible object store (config.bot_store); each host keeps
# the ones it runs in a cache of at most SCRIMMAGE_BOT_CACHE_BYTES (bots.cache)
SCRIMMAGE_BOT_STORE_URL = os.environ.get("SCRIMMAGE_BOT_STORE_URL", "")
SCRIMMAGE_MULTI_HOST = os.environ.get("SCRIMMAGE_MULTI_HOST", "") == "1"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "bots": bot_storage(
        SCRIMMAGE_BOT_STORE_URL,
        endpoint=os.environ.get("SCRIMMAGE_BOT_STORE_ENDPOINT", ""),
        access_key=os.environ.get("SCRIMMAGE_BOT_STORE_ACCESS_KEY", ""),
        secret_key=os.environ.get("SCRIMMAGE_BOT_STORE_SECRET_KEY", ""),
        region=os.environ.get("SCRIMMAGE_BOT_STORE_REGION", ""),
        timeout=float(os.environ.get("SCRIMMAGE_BOT_STORE_TIMEOUT", "10")),
    ),
}
SCRIMMAGE_BOT_CACHE_BYTES = int(os.environ.get("SCRIMMAGE_BOT_CACHE_BYTES", str(1 << 30)))

# -- Celery (tournament workers: ``celery -A config worker``, ``celery -A config beat``) --
# The broker: CELERY_BROKER_URL (redis://... in production, shared by workers on
# several machines); by default kombu's filesystem transport under the data folder,
# so one machine needs nothing else running. Producers and consumers must share one
# folder, so ``in`` and ``out`` are the same queue folder (as in kombu's docs).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
refuse_file_broker_on_many_hosts(CELERY_BROKER_URL, SCRIMMAGE_BOT_STORE_URL, SCRIMMAGE_MULTI_HOST)
BROKER_DIR = DATA_DIR / "broker"
if CELERY_BROKER_URL.startswith("filesystem"):
    for _sub in ("out", "processed", "control"):
        (BROKER_DIR / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "out"),
        "data_folder_out": str(BROKER_DIR / "out"),
        "data_folder_processed": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # the exchange tables; kombu's default is a "control" folder in the cwd
        "control_folder": str(BROKER_DIR / "control"),
        "polling_interval": 0.1,
    }
else:
    # an unacknowledged message (a worker killed mid-match) comes back after this;
    # the sweeper (matches.recover_stalled) usually re-sends it sooner
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("SCRIMMAGE_VISIBILITY_TIMEOUT", "3600"))
    }
CELERY_RESULT_BACKEND = None  # results live in the database (matches, standings)
CELERY_TASK_IGNORE_RESULT = True
# a worker keeps its database connection from task to task (opening one cost more
# than the rest of a short match's storage); config.celery drops it when it is
# broken or older than CONN_MAX_AGE, as Django does around each request
CELERY_DB_REUSE_MAX = 100_000
# workers commit without waiting for the disk (config.celery): 1 to wait
SCRIMMAGE_WORKER_SYNC_COMMIT = os.environ.get("SCRIMMAGE_WORKER_SYNC_COMMIT", "") == "1"
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# per message (one match, or several short ones: matches.batching): the soft limit
# fails the running match cleanly, the hard one kills the process
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("SCRIMMAGE_MATCH_SOFT_LIMIT", "600"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("SCRIMMAGE_MATCH_HARD_LIMIT", "660"))
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "recover-stalled-matches": {"task": "matches.recover_stalled", "schedule": 60.0},
    # a finished demo ladder's successor, and the older ones deleted (tournaments.demo)
    "keep-demo-ladders": {
        "task": "tournaments.keep_demos_alive",
        "schedule": float(os.environ.get("SCRIMMAGE_DEMO_CHECK_SECONDS", "30")),
    },
}
# matches.claims: a claim with no heartbeat for this long is a dead worker's
SCRIMMAGE_LEASE_SECONDS = float(os.environ.get("SCRIMMAGE_LEASE_SECONDS", "60"))
SCRIMMAGE_HEARTBEAT_SECONDS = float(os.environ.get("SCRIMMAGE_HEARTBEAT_SECONDS", "5"))
# a queued match not picked up for this long is sent again (a lost message)
SCRIMMAGE_REQUEUE_AFTER = float(os.environ.get("SCRIMMAGE_REQUEUE_AFTER", "600"))
# ... and sooner, after this long, when the broker's queue is empty (its message was
# taken by a worker that died before claiming it)
SCRIMMAGE_UNCLAIMED_AFTER = float(os.environ.get("SCRIMMAGE_UNCLAIMED_AFTER", "30"))
# every worker runs the sweeper (matches.recover_stalled) this often itself,
# beat or no beat (0: only when the worker starts)
SCRIMMAGE_SWEEP_SECONDS = float(os.environ.get("SCRIMMAGE_SWEEP_SECONDS", "20"))
# matches.batching: short matches travel up to this many to a worker message, as
# long as the game's recent matches say they fit in SCRIMMAGE_MESSAGE_SECONDS; a
# worker that has spent that long on a message hands the rest back one by one
SCRIMMAGE_MATCHES_PER_MESSAGE = int(os.environ.get("SCRIMMAGE_MATCHES_PER_MESSAGE", "8"))
SCRIMMAGE_MESSAGE_SECONDS = float(os.environ.get("SCRIMMAGE_MESSAGE_SECONDS", "0.25"))
# events stored per batch while a match runs (smaller: a running match is watched live sooner)
SCRIMMAGE_EVENT_BATCH = int(os.environ.get("SCRIMMAGE_EVENT_BATCH", "200"))
# a match whose database or broker went away is retried after this many seconds,
# doubling each time up to the maximum
SCRIMMAGE_RETRY_BACKOFF = float(os.environ.get("SCRIMMAGE_RETRY_BACKOFF", "2"))
SCRIMMAGE_RETRY_BACKOFF_MAX = float(os.environ.get("SCRIMMAGE_RETRY_BACKOFF_MAX", "120"))
