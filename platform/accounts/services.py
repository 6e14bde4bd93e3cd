"""Account services: each user's API token (DRF authtoken)."""

from django.db import transaction
from rest_framework.authtoken.models import Token


def token_for(user) -> Token | None:
    return Token.objects.filter(user=user).first()


def create_or_regenerate_token(user) -> Token:
    """A new token for ``user``; the old one, if any, stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)
