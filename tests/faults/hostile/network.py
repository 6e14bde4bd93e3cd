"""Hostile: tries to reach a server on the host's 127.0.0.1 and a public address.

The port of the test's server is in target.json next to this file (the bot's
folder). Each attempt is reported on stderr; then the bot plays a legal move.
"""

import json
import socket
import time

from scrimmage_bot import run


def attempt(host, port):
    began = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=30) as conn:
            conn.sendall(b"leak")
        outcome = "CONNECTED"
    except OSError as exc:
        outcome = f"blocked ({type(exc).__name__}: {exc})"
    print(f"{host}:{port} {outcome} in {time.monotonic() - began:.3f} s")


def decide(request):
    with open("target.json") as f:
        target = json.load(f)
    attempt("127.0.0.1", target["port"])
    attempt("1.1.1.1", 80)
    try:
        socket.getaddrinfo("example.com", 80)
        print("dns RESOLVED")
    except OSError as exc:
        print(f"dns blocked ({type(exc).__name__})")
    return request.legal[0]


run(decide, name="network")
