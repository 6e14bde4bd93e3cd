"""Scrimmage's pure engine: games, event logs, the match runner and replays.

No Django here (a test enforces it): the platform and the tournaments consume the
engine, never the other way round.
"""

from engine.events import Event, Log, encode
from engine.game import Decision, Game, Header, Option, Outcome, Resolved, RulesError, Seat
from engine.plain import LogError
from engine.reading import parse_jsonl
from engine.replay import Replay, Verdict, verify
from engine.rng import Rng
from engine.runner import Match, run_match

__all__ = [
    "Decision",
    "Event",
    "Game",
    "Header",
    "Log",
    "LogError",
    "Match",
    "Option",
    "Outcome",
    "Replay",
    "Resolved",
    "Rng",
    "RulesError",
    "Seat",
    "Verdict",
    "encode",
    "parse_jsonl",
    "run_match",
    "verify",
]
