"""Read-side queries of the bots app, with the visibility rules in one place.

- Anyone sees a bot's name, owner, game and its versions' numbers and status;
- only its owner (or anyone, once the owner made it public) sees the source, the
  validation output and the per-match stderr ("inside").
"""

from __future__ import annotations

from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404

from bots import cache
from bots.models import Bot, BotVersion, Challenge
from matches.models import Match, MatchSeat


def _with_owner_and_latest_valid() -> QuerySet:
    """Bots with their owner and ``latest_valid_number``, the number of their newest
    valid version (``None`` without one), read with the bots: not a query per bot."""
    newest = (
        BotVersion.objects.filter(bot=OuterRef("pk"), status=BotVersion.Status.VALID)
        .order_by("-number")
        .values("number")[:1]
    )
    return Bot.objects.select_related("owner").annotate(latest_valid_number=Subquery(newest))


def visible_bots(user, *, mine: bool = False, game: str | None = None):
    qs = _with_owner_and_latest_valid()
    if mine:
        qs = qs.filter(owner=user) if user.is_authenticated else qs.none()
    elif user.is_authenticated:
        qs = qs.filter(Q(public=True) | Q(owner=user))
    else:
        qs = qs.filter(public=True)
    if game:
        qs = qs.filter(game=game)
    return qs.order_by("owner__username", "name")


def owner_bots(owner):
    """Every bot of ``owner`` (anyone may see a bot's name, game and versions)."""
    return (
        Bot.objects.filter(owner=owner)
        .select_related("owner")
        .prefetch_related("versions")
        .order_by("game", "name")
    )


def get_bot(pk: int) -> Bot:
    try:
        return _with_owner_and_latest_valid().get(pk=pk)
    except Bot.DoesNotExist:
        raise Http404("no such bot") from None


def get_inside(user, pk: int) -> Bot:
    """The bot, if ``user`` may see its source and logs; 404 otherwise (whether or
    not it exists: private bots' insides are not acknowledged)."""
    bot = get_bot(pk)
    if not bot.visible_inside_to(user):
        raise Http404("no such bot")
    return bot


def get_owned(user, pk: int) -> Bot:
    bot = get_bot(pk)
    if not (user.is_authenticated and bot.owner_id == user.pk):
        raise Http404("no such bot of yours")
    return bot


def get_version(bot: Bot, number: int) -> BotVersion:
    try:
        return bot.versions.get(number=number)
    except BotVersion.DoesNotExist:
        raise Http404("no such version") from None


def bot_seats(bot: Bot):
    """The seats this bot's versions played (newest match first), with the match:
    not those of matches withheld until a competition's reveal."""
    return (
        MatchSeat.objects.filter(bot_version_ref__bot=bot, match__withheld=False)
        .select_related("match", "bot_version_ref")
        .order_by("-match_id", "index")
    )


def user_challenges(user):
    return (
        Challenge.objects.filter(challenger=user)
        .select_related("match", "bot__owner", "target_bot__owner")
        .order_by("-id")
    )


def source_files(version: BotVersion, limit: int = 256 * 1024) -> list[dict]:
    """The version's files: path, size, and the text (None for binary or big files)."""
    root = cache.program_path(version)
    paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    base = root.parent if root.is_file() else root
    files = []
    for p in paths:
        size = p.stat().st_size
        text = None
        if size <= limit:
            try:
                text = p.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                text = None
        rel = version.original_name if root.is_file() else p.relative_to(base).as_posix()
        files.append({"path": rel, "size": size, "text": text})
    return files


# -- a bot's record (the bot page) ------------------------------------------------------
def seat_outcome(rank: int | None, ranks: list) -> str:
    """ "won", "drew" or "lost" for a seat of rank ``rank`` among a finished match's
    ``ranks``: a draw is every seat sharing first place."""
    if rank != 1:
        return "lost"
    return "drew" if all(r == 1 for r in ranks) else "won"


def version_records(bot: Bot) -> dict[int, dict]:
    """Wins, draws and losses of each version (by number) in finished matches
    whose results are shown (a hidden season's matches do not count yet). A fork
    never counts: anyone may fork anyone's match, as often as they like, with
    whatever bots they choose."""
    from django.db.models import Count

    seats = list(
        MatchSeat.objects.filter(
            bot_version_ref__bot=bot, match__status=Match.Status.FINISHED, match__parent=None
        )
        .exclude(match__hides_results=True)
        .values_list("match_id", "bot_version_ref__number", "rank")
    )
    # per match: how many seats, and how many share first place
    shape = {
        m: (n, firsts)
        for m, n, firsts in MatchSeat.objects.filter(match_id__in={m for m, _, _ in seats})
        .values("match_id")
        .annotate(n=Count("id"), firsts=Count("id", filter=Q(rank=1)))
        .values_list("match_id", "n", "firsts")
    }
    records: dict[int, dict] = {}
    for match_id, number, rank in seats:
        n, firsts = shape[match_id]
        outcome = seat_outcome(rank, [1] * firsts + [2] * (n - firsts))
        record = records.setdefault(number, {"won": 0, "drew": 0, "lost": 0})
        record[outcome] += 1
    return records


def recent_results(bot: Bot, limit: int = 30) -> list[dict]:
    """The bot's latest matches: its seat and version, the opponents, and the
    result for it ("won", "drew", "lost", "hidden" while the match's competition
    hides results, or the match's status)."""
    from django.db.models import Prefetch

    seats = (
        bot_seats(bot)
        .select_related("match__fixture__competition")
        .prefetch_related(
            Prefetch(
                "match__seats",
                queryset=MatchSeat.objects.select_related("bot_version_ref").order_by("index"),
            )
        )
        .order_by("-match_id", "index")[:limit]
    )
    rows = []
    for seat in seats:
        match = seat.match
        others = [s for s in match.seats.all() if s.index != seat.index]
        if match.hides_results:
            result = "hidden"
        elif match.status == Match.Status.FINISHED:
            result = seat_outcome(seat.rank, [s.rank for s in match.seats.all()])
        else:
            result = match.status
        fixture = getattr(match, "fixture", None)
        rows.append(
            {
                "match": match,
                "seat": seat,
                "version": seat.bot_version_ref.number,
                "result": result,
                "competition": fixture.competition if fixture else None,
                "opponents": [
                    {
                        "name": s.bot_name,
                        "bot_id": s.bot_version_ref.bot_id if s.bot_version_ref_id else None,
                    }
                    for s in others
                ],
            }
        )
    return rows
