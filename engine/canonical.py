"""The canonical bytes of plain JSON values: UTF-8, sorted keys, no spaces.

``ENCODER`` is the definition (the standard library's encoder with those
settings); ``std_bytes`` and ``plain_bytes`` are two fast ways to the same bytes,
which the log (``engine.events``) writes its lines with. ``plain_tree`` says
whether a value is plain JSON, as the log requires of its data.
"""

from __future__ import annotations

import json
from typing import Any

#: the scalar types of plain JSON, by exact type (no float: it does not round-trip)
ATOMS = frozenset((str, int, bool, type(None)))

ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))

# The hot path encodes with the very C encoder ``ENCODER.encode`` builds on every
# call (the standard library's one-shot path), built once here. Without circular
# checking: it only ever sees data that ``check_plain`` has walked (which a cycle
# never gets through), and ``events.encode`` falls back to ``ENCODER`` on any error,
# so odd input still fails exactly as before. Same encoder, same bytes.
try:
    # typeshed leaves out the C accelerator's encoder builder (json.encoder uses it)
    from json.encoder import c_make_encoder as _c_make_encoder  # type: ignore[attr-defined]
    from json.encoder import encode_basestring as _quote
except ImportError:  # pragma: no cover - an interpreter without the _json accelerator
    _c_make_encoder = None
    _quote = json.encoder.py_encode_basestring

if _c_make_encoder is not None:
    _c_encode = _c_make_encoder(None, ENCODER.default, _quote, None, ":", ",", True, False, True)

    def dump(value: Any) -> str:
        return "".join(_c_encode(value, 0))
else:  # pragma: no cover

    def dump(value: Any) -> str:
        return ENCODER.encode(value)


def std_bytes(value: Any) -> bytes:
    """The canonical bytes of ``value`` by the standard library's encoder."""
    return dump(value).encode("utf-8")


# The log's own lines (data ``check_plain`` has passed: no floats, string keys)
# are written by orjson with sorted keys: the same bytes as the standard encoder's
# for such data (a property test and every golden log hold it to that), in a
# tenth of the time. An integer past 64 bits, which orjson refuses, takes the
# standard encoder. ``events.encode`` of an arbitrary event keeps the standard one.
try:
    import orjson
except ImportError:  # pragma: no cover - a platform without an orjson wheel
    orjson = None  # type: ignore[assignment]  # the fallback, read below

if orjson is not None:
    orjson_dumps, SORTED = orjson.dumps, orjson.OPT_SORT_KEYS

    def plain_bytes(value: Any) -> bytes:
        try:
            return orjson_dumps(value, option=SORTED)
        except TypeError:  # (orjson.JSONEncodeError): an integer past 64 bits
            return std_bytes(value)
else:  # pragma: no cover
    orjson_dumps, SORTED = None, 0  # read only where orjson is not None
    plain_bytes = std_bytes


def plain_tree(value: Any, room: int) -> bool:
    """``True`` for plain JSON (objects under string keys, lists, ``ATOMS``; no
    float, no tuple) nested at most ``room`` containers deep. A recursive walk
    that builds nothing: ``engine.plain.check_plain``'s answer for nested data
    (a list of plays with steps), a quarter cheaper than its wording walk, which
    runs only when this says ``False``."""
    t = type(value)
    if t is dict:
        if not room:
            return False
        room -= 1
        for k, v in value.items():
            if type(k) is not str:
                return False
            t = type(v)
            if t in ATOMS or ((t is dict or t is list) and plain_tree(v, room)):
                continue
            return False
        return True
    if t is list:
        if not room:
            return False
        room -= 1
        for v in value:
            t = type(v)
            if t in ATOMS or ((t is dict or t is list) and plain_tree(v, room)):
                continue
            return False
        return True
    return t in ATOMS
