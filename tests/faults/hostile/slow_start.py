"""Hostile: takes forever to start (never answers the handshake)."""

import time

time.sleep(10**9)
