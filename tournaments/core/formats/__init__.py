"""Tournament formats as pure functions over plain values (no Django here).

See ``base`` for the values (``Pairing``, ``MatchResult``) and the ``Format``
interface, and docs/tournaments.md for the choices each format makes. The names
below load on first use, so ``tournaments.core.ratings`` and ``tournaments.core.standings``
can import ``tournaments.core.formats.base`` without a cycle.
"""

from importlib import import_module

_WHERE = {
    "Format": "base",
    "FormatError": "base",
    "MatchResult": "base",
    "Pairing": "base",
    "RoundIncomplete": "base",
    "SingleElimination": "elimination",
    "DoubleElimination": "elimination",
    "Ladder": "ladder",
    "ladder_round": "ladder",
    "RoundRobin": "round_robin",
    "Swiss": "swiss",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
