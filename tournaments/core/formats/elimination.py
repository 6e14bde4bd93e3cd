"""Single and double elimination, two seats a match, seeded by the entries' order.

Bracket: the field is padded to a power of two; seed ``s`` of ``P`` is placed so
that 1 and 2 can only meet in the final (1 v P, P/2 v P/2+1, ...). Missing seeds
are byes, so the top seeds get them. In round 1 the better seed takes the first
seat; later, seats follow ``tournaments.core.formats.seats`` (the entry that has sat
first less often sits first, then the one that sat second last time, then the
better seed).

Draws: an elimination match needs a winner, but the rules engine ranks ties
level. A drawn match is replayed (same round and table, ``leg + 1``) up to
``max_replays`` times, seated by the same rule as every game, which after the
first leg usually swaps the seats; if it is still drawn, the better seed advances.

Double elimination: entries with no loss play the winners bracket (a seeded
single-elimination bracket). Entries with one loss play the losers bracket, one
round beside each winners round: the pool is ordered by when the entry dropped
(earliest first, then seed) and folded (earliest v latest), so survivors meet
newcomers; an odd pool gives one bye to the entry with the fewest losers-bracket
byes (then the better seed); a lone entry waits. Two losses eliminate. When one
entry is left in each bracket they meet in the grand final ("GF"). If the
losers-bracket entry wins it, both have one loss and, with ``bracket_reset``
(the default), a second final ("GF2") decides; without it the grand final's
winner is champion.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.formats.base import (
    FormatBase,
    FormatError,
    MatchResult,
    Pairing,
    RoundIncomplete,
    check_entries,
    last_round,
    results_by_key,
)
from tournaments.core.formats.seats import seat_round, tally_seats


def seed_positions(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: ``seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]``."""
    if size < 1 or size & (size - 1):
        raise FormatError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        order = [x for s in order for x in (s, 2 * len(order) + 1 - s)]
    return order


def first_bracket_round(entries: Sequence[int], bracket: str = "") -> list[Pairing]:
    """Round 1 of a seeded bracket: one pairing per slot pair, byes to top seeds."""
    ids = check_entries(entries)
    size = 1
    while size < len(ids):
        size *= 2
    slots = [ids[s - 1] if s <= len(ids) else None for s in seed_positions(size)]
    out = []
    for t in range(size // 2):
        # a pair of slots holds one entry or two: the top seeds' byes are spread out
        pair = tuple(e for e in slots[2 * t : 2 * t + 2] if e is not None)
        out.append(Pairing(1, t + 1, pair, bye=len(pair) == 1, bracket=bracket))
    return out


@dataclass(frozen=True)
class _Outcome:
    pairing: Pairing  # the last leg played
    winner: int | None  # None: a replay is due
    loser: int | None


def _decide(legs: list[Pairing], done: dict, seed_of: dict[int, int], max_replays: int) -> _Outcome:
    """The outcome of one table from its legs so far (sorted by leg)."""
    last = legs[-1]
    if last.bye:
        return _Outcome(last, last.entries[0], None)
    result = done.get(last.key)
    if result is None:
        raise RoundIncomplete(f"round {last.round} table {last.table} leg {last.leg} has no result")
    if tuple(result.entries) != last.entries:
        raise FormatError(
            f"result {result.match_id} seats {result.entries}, the pairing seats {last.entries}"
        )
    a, b = last.entries
    if result.decided():
        w = result.winners()[0]
        return _Outcome(last, w, b if w == a else a)
    if last.leg <= max_replays:
        return _Outcome(last, None, None)
    w, lo = sorted((a, b), key=seed_of.__getitem__)
    return _Outcome(last, w, lo)


def _round_outcomes(
    pairings: Sequence[Pairing],
    results: Sequence[MatchResult],
    round_: int,
    seed_of: dict[int, int],
    max_replays: int,
) -> list[_Outcome]:
    tables: dict[int, list[Pairing]] = {}
    for p in sorted((p for p in pairings if p.round == round_), key=lambda p: (p.table, p.leg)):
        tables.setdefault(p.table, []).append(p)
    done = results_by_key(results)
    return [_decide(legs, done, seed_of, max_replays) for _, legs in sorted(tables.items())]


def _replays(outcomes: list[_Outcome]) -> list[Pairing]:
    """The drawn matches again, next leg (seated by the caller)."""
    return [
        Pairing(
            o.pairing.round,
            o.pairing.table,
            o.pairing.entries,
            leg=o.pairing.leg + 1,
            bracket=o.pairing.bracket,
        )
        for o in outcomes
        if o.winner is None
    ]


def _pair_in_order(
    alive: list[int], round_: int, bracket: str, first_table: int = 1
) -> list[Pairing]:
    return [
        Pairing(round_, first_table + i, (alive[2 * i], alive[2 * i + 1]), bracket=bracket)
        for i in range(len(alive) // 2)
    ]


def _seated(
    batch: list[Pairing], pairings: Sequence[Pairing], seed_of: dict[int, int]
) -> list[Pairing]:
    """``batch`` with fair seats given the seats of ``pairings`` (ties: better seed first)."""
    return seat_round(batch, tally_seats(pairings, 2), prefer=seed_of.__getitem__)


@dataclass(frozen=True)
class SingleElimination(FormatBase):
    max_replays: int = 2

    name = "single_elimination"
    tie_breaks: tuple[str, ...] = ()

    def next_round(
        self,
        entries: Sequence[int],
        pairings: Sequence[Pairing],
        results: Sequence[MatchResult],
        seed: int = 0,
    ) -> list[Pairing] | None:
        ids = check_entries(entries)
        done = last_round(pairings)
        if done == 0:
            return first_bracket_round(ids)
        seed_of = {e: i for i, e in enumerate(ids)}
        outcomes = _round_outcomes(pairings, results, done, seed_of, self.max_replays)
        replays = _replays(outcomes)
        if replays:
            return _seated(replays, pairings, seed_of)
        winners = [o.winner for o in outcomes if o.winner is not None]  # (no replays)
        if len(winners) == 1:
            return None
        return _seated(_pair_in_order(winners, done + 1, ""), pairings, seed_of)

    def champion(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> int | None:
        if not self.is_finished(entries, pairings, results):
            return None
        seed_of = {e: i for i, e in enumerate(entries)}
        final = _round_outcomes(pairings, results, last_round(pairings), seed_of, self.max_replays)
        return final[0].winner


@dataclass(frozen=True)
class _DoubleState:
    winners: list[int]  # winners-bracket entries, in bracket order
    losses: dict[int, int]
    dropped: dict[int, int]  # entry -> round of its first loss
    loser_byes: Counter
    champion: int | None
    grand_final: bool  # the next match is a grand final
    reset: tuple[int, int] | None  # the second grand final's entries


@dataclass(frozen=True)
class DoubleElimination(FormatBase):
    max_replays: int = 2
    bracket_reset: bool = True

    name = "double_elimination"
    tie_breaks: tuple[str, ...] = ()

    def _state(
        self, ids: list[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> tuple[_DoubleState, list[Pairing]]:
        """Replay the history; returns the state and any replays due in the last round."""
        seed_of = {e: i for i, e in enumerate(ids)}
        losses = dict.fromkeys(ids, 0)
        dropped: dict[int, int] = {}
        loser_byes: Counter = Counter()
        winners = [e for p in first_bracket_round(ids) for e in p.entries]  # bracket order
        champion: int | None = None
        reset: tuple[int, int] | None = None
        for round_ in range(1, last_round(pairings) + 1):
            outcomes = _round_outcomes(pairings, results, round_, seed_of, self.max_replays)
            replays = _replays(outcomes)
            if replays:
                if round_ != last_round(pairings):
                    raise FormatError(f"round {round_} was left undecided")
                return _DoubleState(
                    winners, losses, dropped, loser_byes, None, False, None
                ), replays
            next_winners: list[int] = []
            for o in outcomes:
                winner, bracket = o.winner, o.pairing.bracket
                if winner is None:  # a replay, which _replays found none of
                    raise FormatError(f"round {round_} was left undecided")
                if o.loser is None:  # a bye
                    if bracket == "W":
                        next_winners.append(winner)
                    else:
                        loser_byes[winner] += 1
                    continue
                losses[o.loser] += 1
                if bracket == "W":
                    next_winners.append(winner)
                    dropped[o.loser] = round_
                elif bracket == "GF":
                    if losses[o.loser] >= 2:
                        champion = winner
                    elif self.bracket_reset:
                        reset = (winner, o.loser)
                    else:
                        champion = winner
                elif bracket == "GF2":
                    champion = winner
            if any(o.pairing.bracket == "W" for o in outcomes):
                winners = next_winners
        alive_l = [e for e in ids if losses[e] == 1]
        grand = (
            len(winners) == 1
            and losses[winners[0]] == 0
            and len(alive_l) == 1
            and reset is None
            and champion is None
        )
        if len(ids) == 1:
            champion = ids[0]
        return _DoubleState(winners, losses, dropped, loser_byes, champion, grand, reset), []

    def next_round(
        self,
        entries: Sequence[int],
        pairings: Sequence[Pairing],
        results: Sequence[MatchResult],
        seed: int = 0,
    ) -> list[Pairing] | None:
        ids = check_entries(entries)
        done = last_round(pairings)
        if done == 0:
            return first_bracket_round(ids, "W")
        state, replays = self._state(ids, pairings, results)
        seed_of = {e: i for i, e in enumerate(ids)}
        if replays:
            return _seated(replays, pairings, seed_of)
        if state.champion is not None:
            return None
        round_ = done + 1
        if state.reset is not None:
            return _seated([Pairing(round_, 1, state.reset, bracket="GF2")], pairings, seed_of)
        pool = sorted(
            (e for e in ids if state.losses[e] == 1), key=lambda e: (state.dropped[e], seed_of[e])
        )
        if state.grand_final:
            return _seated(
                [Pairing(round_, 1, (state.winners[0], pool[0]), bracket="GF")], pairings, seed_of
            )
        out = []
        if len(state.winners) > 1:
            out = _pair_in_order(state.winners, round_, "W")
        if len(pool) >= 2:
            bye = None
            if len(pool) % 2:
                bye = min(pool, key=lambda e: (state.loser_byes[e], seed_of[e]))
                pool.remove(bye)
            half = len(pool) // 2
            for i in range(half):
                out.append(Pairing(round_, len(out) + 1, (pool[i], pool[-1 - i]), bracket="L"))
            if bye is not None:
                out.append(Pairing(round_, len(out) + 1, (bye,), bye=True, bracket="L"))
        if not out:
            raise FormatError("double elimination reached a state with nothing to play")
        return _seated(out, pairings, seed_of)

    def champion(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> int | None:
        state, replays = self._state(check_entries(entries), pairings, results)
        return None if replays else state.champion
