"""Helpers of the sign-up tests: competitions that owners enter, bots with valid or
invalid versions, API clients signed in with a token."""

from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.platform.bots.bot_helpers import stored_bot

from bots.models import BotVersion
from tournaments import lifecycle
from tournaments.models import Competition


def open_season(
    *, builtins=("greedy", "random"), running: bool = True, game="tic_tac_toe", **fields
) -> Competition:
    """A ladder season owners sign up for (``signup="open"`` unless given), with
    ``builtins`` entered, open and (``running``) started: round 1 made."""
    fields.setdefault("signup", Competition.Signup.OPEN)
    season = lifecycle.create_season("open ladder", game=game, k=1, **fields)
    if builtins:
        lifecycle.add_entries(season, bots=list(builtins))
    lifecycle.open_entries(season)
    if running:
        lifecycle.start(season)
    season.refresh_from_db()
    return season


def open_tournament(**fields) -> Competition:
    fields.setdefault("signup", Competition.Signup.OPEN)
    cup = lifecycle.create_tournament("open cup", game="tic_tac_toe", seed=2, **fields)
    lifecycle.add_entries(cup, bots=["greedy", "random"])
    lifecycle.open_entries(cup)
    cup.refresh_from_db()
    return cup


def invalid_bot(owner, name: str):
    """A bot whose only version failed its validation."""
    bot = stored_bot(owner, name, versions=0)
    BotVersion.objects.create(
        bot=bot,
        number=1,
        sha256="f" * 64,
        kind=BotVersion.Kind.PY,
        original_name="bot.py",
        path="bots/broken.py",
        entry="bot.py",
        size=1,
        status=BotVersion.Status.INVALID,
        validation_reason="it did not answer the handshake",
    )
    return bot


def token_client(user) -> APIClient:
    """A client that signs in as ``user`` with an API token, as a script would."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def enter(client, competition, bot):
    return client.post(
        f"/api/competitions/{competition.pk}/entries/", {"bot": bot.pk}, format="json"
    )


def withdraw(client, entry):
    return client.delete(f"/api/competitions/{entry.competition_id}/entries/{entry.pk}/")
