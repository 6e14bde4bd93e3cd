"""Hostile: exits before the handshake."""

import sys

sys.exit(3)
