"""An entry's page: its latest matches, named by the entries that played them, with
the version it played and how it placed."""

from __future__ import annotations

from django.db.models import OuterRef, Prefetch, Subquery

from matches.models import Match, MatchSeat
from tournaments.models import Entry, FixtureSeat


def entry_matches(entry: Entry, limit: int = 20) -> list[Match]:
    """The entry's latest matches, each with the version it played them with:
    ``entry_version_label`` as pinned on its seat (``"builtin"`` or ``"vN"``; matches
    made before the hash left the label: ``"vN sha256:..."``) and ``entry_version``,
    its first word; ``players``, the entries' names in seat order; ``result``, how
    the entry placed ("" while the match is not over or hides its result). Not those
    withheld until the reveal (``rounds_shown``)."""
    pinned = FixtureSeat.objects.filter(fixture__match=OuterRef("pk"), entry=entry)
    matches = list(
        Match.objects.visible()
        .filter(fixture__seats__entry=entry)
        .distinct()
        .select_related("fixture")
        .annotate(entry_version_label=Subquery(pinned.values("version")[:1]))
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.order_by("index")),
            Prefetch(
                "fixture__seats",
                queryset=FixtureSeat.objects.select_related("entry").order_by("index"),
            ),
        )
        .order_by("-id")[:limit]
    )
    for m in matches:
        # the page's cells (attributes the model does not declare)
        m.entry_version = (m.entry_version_label or "").split(" ")[0]
        seats = list(m.fixture.seats.all())
        m.players = " vs ".join(s.entry.name for s in seats)
        mine = [s.index for s in seats if s.entry_id == entry.pk]
        m.result = placing(m, mine[0]) if mine else ""
    return matches


def placing(match: Match, index: int) -> str:
    """How seat ``index`` placed: won, drew (a shared first place), lost (two
    seats), or its place among more; "" while there is nothing to show."""
    if match.status != Match.Status.FINISHED or match.hides_results:
        return ""
    ranks = {s.index: s.rank for s in match.seats.all()}
    rank = ranks.get(index)
    if rank is None:
        return ""
    shared = list(ranks.values()).count(rank) > 1
    if rank == 1:
        return "drew" if shared else "won"
    if len(ranks) == 2:
        return "lost"
    return f"{'tied ' if shared else ''}{_ordinal(rank)} of {len(ranks)}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
