"""The "What if…" part of a match page: fork a finished match from the viewer's
event (the form), and a fork drawn as a branch of its parent (links both ways).

``fork_context`` adds what the partial ``web/fork_panel.html`` shows to a match
page's context; ``fork_create`` takes the form and queues the fork
(``bots.services.fork_match``), then opens the fork's page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from engine import registry

from bots import services as bot_services
from bots.selectors import visible_bots
from matches.forks import fork_point, seat_changes
from matches.models import Match

MAX_LISTED = 20


def _changes_text(match: Match) -> str:
    changes = seat_changes(match)
    if not changes:
        return "the same bots, started afresh"
    return "; ".join(f"seat {c['index']}: {c['before']} → {c['after']}" for c in changes)


def _branch(match: Match) -> dict:
    """A fork's place beside its parent: the split point and both lengths, as
    percentages of the longer log, to draw the branch."""
    parent, fork_at = fork_point(match)
    longest = max(parent.event_count, match.event_count, 1)
    split = (fork_at + 1) * 100 // longest
    return {
        "parent": parent,
        "fork_at": fork_at,
        "changes": _changes_text(match),
        "parent_length": parent.event_count * 100 // longest,
        "fork_length": max(match.event_count * 100 // longest, split),
        "split": split,
    }


def _seat_choices(request, match: Match) -> list[dict]:
    """Each seat with what may replace its bot: a built-in bot or one of the user's
    own bots of this game with a valid version."""
    game = registry.get(match.game)
    mine = [
        b
        for b in visible_bots(request.user, mine=True, game=match.game)
        if b.latest_valid_number is not None
    ]
    return [
        {"index": s.index, "bot": s.bot_name, "builtins": sorted(game.bots), "mine": mine}
        for s in match.seats.all()
    ]


def fork_context(request, match: Match) -> dict:
    """What the "What if…" partial needs: the branch (for a fork), the forks of
    this match, and the form (for a finished match whose results are public)."""
    forkable = match.status == Match.Status.FINISHED and not match.hides_results
    forks = list(
        match.forks.prefetch_related("seats", "parent__seats").order_by("-id")[:MAX_LISTED]
    )
    for f in forks:
        f.changes_text = _changes_text(f)
    context = {
        "branch": _branch(match) if match.parent_id else None,
        "forks": forks,
        "forkable": forkable,
        "fork_seats": _seat_choices(request, match)
        if forkable and request.user.is_authenticated
        else [],
        "fork_config": {
            "forkAt": match.fork_at,
            "parent": match.parent_id,
            "changes": _changes_text(match) if match.parent_id else "",
            "pageUrl": reverse("match-detail-page", args=[0]).replace("/0/", "/{id}/"),
            "splits": [{"id": f.pk, "at": f.fork_at} for f in forks],
        },
    }
    return context


def _seat_specs(post) -> list[dict]:
    """The form's ``seat_N`` fields (``""`` keeps the bot, ``builtin:NAME``,
    ``bot:ID``) as the service's seat list."""
    specs = []
    for key, value in post.items():
        if not key.startswith("seat_") or not value:
            continue
        index = int(key[5:]) if key[5:].isdigit() else key[5:]
        kind, _, name = value.partition(":")
        if kind == "builtin":
            specs.append({"seat": index, "builtin": name})
        elif kind == "bot" and name.isdigit():
            specs.append({"seat": index, "bot": int(name)})
        else:
            raise bot_services.BotServiceError(
                f"seat {index}: {value!r} is not a bot choice", field="seats"
            )
    return sorted(specs, key=lambda s: str(s["seat"]))


@login_required
@require_POST
def fork_create(request, pk: int):
    parent = get_object_or_404(Match.objects.visible(), pk=pk)
    at_text = request.POST.get("at", "")
    page = reverse("match-detail-page", args=[parent.pk])
    try:
        if not at_text.strip().isdigit():
            raise bot_services.BotServiceError(
                f"the event must be a number, not {at_text!r}", field="at"
            )
        made = bot_services.fork_match(
            request.user, parent, int(at_text), _seat_specs(request.POST)
        )
    except bot_services.BotServiceError as exc:
        messages.error(request, f"Fork refused: {exc.message}")
        return redirect(f"{page}#e{at_text.strip()}" if at_text.strip().isdigit() else page)
    messages.info(
        request,
        f"Match #{made.pk} is a fork of #{parent.pk}: events 0 to "
        f"{made.fork_at} are #{parent.pk}'s, then {_changes_text(made)}.",
    )
    # opened at the split: the parent's last shared event, the fork's own next
    return redirect(f"{reverse('match-detail-page', args=[made.pk])}#e{made.fork_at}")
