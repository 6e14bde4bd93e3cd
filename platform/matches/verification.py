"""Verifying a stored match (a read: nothing is written): every stored link of the
chain, the parsed fields against the canonical line, the digest, a re-simulation
by the engine, and for a fork its prefix against the parent's."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine import registry
from engine.events import Event, chain, encode
from engine.game import RulesError
from engine.plain import LogError
from engine.reading import parse_jsonl
from engine.replay import verify

from matches.forks import shares_prefix
from matches.models import Match


@dataclass
class Report:
    """What ``verify_stored_match`` found: ``ok`` when ``problems`` is empty."""

    match_id: int
    digest: str = ""
    recorded_digest: str = ""
    rules_version: int | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {
            "match": self.match_id,
            "ok": self.ok,
            "digest": self.digest,
            "recorded_digest": self.recorded_digest,
            "rules_version": self.rules_version,
            "problems": list(self.problems),
        }


def verify_stored_match(match: Match) -> Report:
    """Check a stored match: every stored link of the chain, the parsed fields
    against the canonical line, the digest, and a re-simulation by the engine."""
    report = Report(match.pk, recorded_digest=match.digest)
    previous, lines = "", []
    expected_seq = 0
    for row in match.events.order_by("seq").iterator(chunk_size=2000):
        raw = row.line.encode("utf-8")
        lines.append(raw)
        if row.seq != expected_seq:
            report.problems.append(f"event {expected_seq}: missing (next stored is {row.seq})")
            expected_seq = row.seq
        link = chain(previous, raw)
        if link != row.chain_hash:
            report.problems.append(f"event {row.seq}: the chain hash does not match its line")
        try:
            parsed = Event.from_json(json.loads(raw))
            if encode(parsed) != raw:
                report.problems.append(f"event {row.seq}: the line is not canonical")
            elif encode(row.to_engine()) != raw:
                report.problems.append(f"event {row.seq}: the stored fields differ from its line")
        except (ValueError, LogError) as exc:
            report.problems.append(f"event {row.seq}: not an event ({exc})")
        previous = row.chain_hash  # follow the stored chain so one edit is reported once
        expected_seq += 1
    if len(lines) != match.event_count:
        report.problems.append(
            f"{len(lines)} events stored but the match counts {match.event_count}"
        )
    if previous != match.digest:
        report.problems.append("the match's digest is not the last stored chain link")
    if match.status != Match.Status.FINISHED:
        report.problems.append(f"the match is {match.status}, not finished: nothing to re-simulate")
        return report
    if match.parent_id is not None and not shares_prefix(match):
        report.problems.append(
            f"events 0 to {match.fork_at} are not those of the parent match {match.parent_id}"
        )
    try:
        events = parse_jsonl(b"\n".join(lines))
        verdict = verify(events, registry.get)
    except (LogError, RulesError) as exc:
        report.problems.append(f"cannot re-simulate: {exc}")
        return report
    report.digest, report.rules_version = verdict.digest, verdict.rules_version
    revealed = events[-1].data.get("seed", events[0].data.get("seed"))
    if revealed != match.seed:
        report.problems.append(f"the log's seed {revealed} is not the match's stored seed")
    if not verdict.ok:
        report.problems.append(f"re-simulation: {verdict.describe()}")
    elif verdict.digest != match.digest:
        report.problems.append(
            f"re-simulated digest {verdict.digest} is not the stored {match.digest}"
        )
    return report
