"""Which version of an entry's bot plays, and who plays it.

``version_for(entry)`` is asked when a round is made; the answer is pinned on
each fixture seat and on the match seat, so a match always names the version
that played it, and a change between rounds raises the entry's uncertainty
(``tournaments.ratings.version_changed``).

Built-in bots are always version ``"builtin"``. Uploaded bots (the bots app)
plug in with ``register_resolver``: a function ``entry -> str | None`` returning
the latest valid version's label (``None``: not mine, ask the next resolver).
"""

from __future__ import annotations

from typing import Callable

BUILTIN = "builtin"

_resolvers: list[Callable] = []


def register_resolver(resolver: Callable) -> Callable:
    """Add a version resolver (usable as a decorator); the bots app calls this."""
    if resolver not in _resolvers:
        _resolvers.append(resolver)
    return resolver


def version_for(entry) -> str:
    """The version of ``entry``'s bot that plays a round starting now."""
    if entry.builtin:
        return BUILTIN
    for resolver in _resolvers:
        version = resolver(entry)
        if version is not None:
            return str(version)
    return BUILTIN
