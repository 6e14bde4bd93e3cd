"""Read-side queries of the bots app, with the visibility rules in one place.

- Anyone sees a bot's name, owner, game and its versions' numbers and status;
- only its owner (or anyone, once the owner made it public) sees the source, the
  validation output and the per-match stderr ("inside").
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404

from bots.models import Bot, BotVersion, Challenge
from matches.models import Match, MatchSeat


def visible_bots(user, *, mine: bool = False, game: str | None = None):
    qs = Bot.objects.select_related("owner")
    if mine:
        qs = qs.filter(owner=user) if user.is_authenticated else qs.none()
    elif user.is_authenticated:
        qs = qs.filter(Q(public=True) | Q(owner=user))
    else:
        qs = qs.filter(public=True)
    if game:
        qs = qs.filter(game=game)
    return qs.order_by("owner__username", "name")


def get_bot(pk: int) -> Bot:
    try:
        return Bot.objects.select_related("owner").get(pk=pk)
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
    """The seats this bot's versions played (newest match first), with the match."""
    return (MatchSeat.objects.filter(bot_version_ref__bot=bot)
            .select_related("match", "bot_version_ref").order_by("-match_id", "index"))


def bot_matches(bot: Bot):
    return (Match.objects.filter(seats__bot_version_ref__bot=bot).distinct()
            .prefetch_related("seats").order_by("-id"))


def user_challenges(user):
    return (Challenge.objects.filter(challenger=user)
            .select_related("match", "bot", "target_bot", "target_bot__owner")
            .order_by("-id"))


def source_files(version: BotVersion, limit: int = 256 * 1024) -> list[dict]:
    """The version's files: path, size, and the text (None for binary or big files)."""
    root = version.program_path
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
