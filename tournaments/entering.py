"""Making entries: the one writer of new ``Entry`` rows (with their starting
rating), whoever enters the bots (the organiser's ``lifecycle.add_entries``, an
owner's ``signup.enter``, or an always-on ladder taking every public valid bot of
its game, ``join_public_bots``). Callers hold the competition's lock."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db.models import Exists, Max, OuterRef
from django.utils import timezone

from bots.models import Bot, BotVersion
from tournaments.core.ratings import Rating as RatingValue
from tournaments.models import Competition, Entry, Rating
from tournaments.signup_rules import Places, entry_refusal


def create_entries(competition: Competition, bots: Iterable) -> list[Entry]:
    """An entry for each of ``bots``, in order (built-in bot names, or uploaded
    ``bots.Bot`` objects), seeded after the entries there are. A name taken
    already gets a number (``greedy-2``)."""
    entries = Entry.objects.filter(competition=competition)
    taken = set(entries.values_list("name", flat=True))
    seed = entries.aggregate(top=Max("seed"))["top"] or 0
    start = RatingValue()
    made = []
    for bot in bots:
        if isinstance(bot, str):
            base, extra = bot, {"builtin": bot}
        else:
            base, extra = str(bot), {"bot": bot}
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base}-{n}"
        taken.add(name)
        seed += 1
        entry = Entry.objects.create(name=name, seed=seed, competition=competition, **extra)
        Rating.objects.create(entry=entry, mu=start.mu, sigma=start.sigma, ordinal=start.ordinal)
        made.append(entry)
    return made


def join_public_bots(season: Competition) -> list[Entry]:
    """An always-on ladder's newcomers: every public bot of its game with a valid
    version that never entered it (a withdrawn one stays out until its owner enters
    it again), oldest first, within the caps. Under the season's lock."""
    if season.signup != Competition.Signup.PUBLIC_BOTS:
        return []
    newcomers = list(
        Bot.objects.filter(game=season.game, public=True)
        .filter(
            Exists(BotVersion.objects.filter(bot=OuterRef("pk"), status=BotVersion.Status.VALID))
        )
        .exclude(Exists(Entry.objects.filter(competition=season, bot=OuterRef("pk"))))
        .select_related("owner")
        .order_by("pk")
    )
    if not newcomers:
        return []
    playing = Entry.objects.filter(competition=season, withdrawn_at=None)
    owners = Counter(
        playing.filter(bot__owner__in={b.owner_id for b in newcomers}).values_list(
            "bot__owner", flat=True
        )
    )
    taken, now, joining = playing.count(), timezone.now(), []
    for bot in newcomers:
        places = Places(taken=taken, owners=owners[bot.owner_id])
        if entry_refusal(season, bot.owner_id, bot, True, places, now) is None:
            joining.append(bot)
            owners[bot.owner_id] += 1
            taken += 1
    return create_entries(season, joining)
