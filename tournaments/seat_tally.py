"""The seats each entry of a competition has taken so far, kept on the entries as
rounds are made (one row per entry, however many rounds were played), for the
fair seats of the next round (``tournaments.core.formats.seats``)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from matches.bulk import update_rows
from tournaments.core.formats import Pairing
from tournaments.core.formats.seats import SeatTally
from tournaments.models import Competition, Entry


def stored_tally(season: Competition) -> SeatTally:
    """The seats taken so far in ``season`` (byes are not seats), as its entries
    keep them: a row per entry, however many rounds were played."""
    tally = SeatTally(season.group_size)
    for pk, counts, last in Entry.objects.filter(competition=season).values_list(
        "pk", "seat_counts", "last_seat"
    ):
        if counts:
            tally.counts[pk] = list(counts)
        if last is not None:
            tally.last[pk] = last
    return tally


def count_seats(
    competition: Competition, entries: dict[int, Entry], pairings: Sequence[Pairing]
) -> None:
    """Add a new round's seats to its entries' tallies (``stored_tally``)."""
    tally = SeatTally(competition.group_size)
    seated = {e for p in pairings if not p.bye for e in p.entries}
    for e in seated:
        tally.counts[e] = list(entries[e].seat_counts or [0] * competition.group_size)
    for p in sorted((p for p in pairings if not p.bye), key=lambda p: p.key):
        tally.record(p.entries)
    # one UPDATE ... FROM (VALUES ...): bulk_update's CASE per row and field cost
    # more than making the round's matches
    update_rows(
        Entry,
        Entry._meta.pk.column,
        {},
        ["seat_counts", "last_seat"],
        [(e, json.dumps(tally.counts[e]), tally.last[e]) for e in seated],
    )
