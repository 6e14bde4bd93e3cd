"""Hostile: speaks the handshake, then answers each decision with a different
kind of garbage (without the SDK)."""

import sys

GARBAGE = [
    b"hello, engine\n",  # not JSON
    b"\xff\xfe\xfd\n",  # not UTF-8
    b"[1, 2, 3]\n",  # not an object
    b'{"type": "ready", "name": "again"}\n',  # the wrong message
    b'{"type": "action", "id": %d}\n',  # no action
    b'{"type": "action", "id": %d, "action": 1.5}\n',  # a float
]

out = sys.stdout.buffer
step = 0
for line in sys.stdin.buffer:
    if b'"type":"start"' in line:
        out.write(b'{"type": "ready", "name": "garbage"}\n')
    elif b'"type":"decide"' in line:
        ident = int(line.split(b'"id":')[1].split(b",")[0])
        junk = GARBAGE[step % len(GARBAGE)]
        out.write(junk % ident if b"%d" in junk else junk)
        step += 1
    else:
        break
    out.flush()
