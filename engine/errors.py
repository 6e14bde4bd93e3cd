"""The error of a request the rules cannot serve.

Apart from ``engine.game`` so that the values a game trades in (the header, the
options, the teams) can raise it without importing the contract. A log that
breaks the log contract raises ``engine.plain.LogError`` instead.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A request the rules cannot serve: bad options, a bad seat count."""


__all__ = ["RulesError"]
