#!/usr/bin/env python
"""Django's command-line utility for the Scrimmage platform."""
import os
import sys
from pathlib import Path

# platform/ is a folder on the import path, never a package named `platform`
sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
