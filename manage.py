#!/usr/bin/env python
"""Django's command-line utility for the Scrimmage platform."""

import os
import sys
from pathlib import Path

# platform/ is a folder on the import path, never a package named `platform`
sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))


def unmigrated(exc: Exception) -> bool:
    """True for the error of a database that was never migrated (SQLite: "no such
    table", PostgreSQL: "relation ... does not exist")."""
    text = str(exc)
    return "no such table" in text or ("relation" in text and "does not exist" in text)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line
    from django.db import DatabaseError

    # a missing setting or an empty database is one line saying what to do, not a
    # traceback; any other error keeps its traceback
    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:
        sys.exit(f"manage.py: {exc}")
    except DatabaseError as exc:
        if not unmigrated(exc):
            raise
        sys.exit(
            f"manage.py: the database is not set up ({str(exc).splitlines()[0]}): "
            "run `manage.py migrate` first"
        )
