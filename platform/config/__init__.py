"""The Django project package. The Celery app is loaded with Django, so tasks sent
from the web, the admin and commands use its broker settings (``config.celery``)."""

from config.celery import app as celery_app

__all__ = ("celery_app",)
