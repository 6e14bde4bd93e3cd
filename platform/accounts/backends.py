"""The login lockout for every password check Django makes with a request: the
login page, the API token view and the admin's login page alike.

``LockoutBackend`` comes first in ``AUTHENTICATION_BACKENDS``: while a username or
an address is locked out it stops ``authenticate()`` before any password is
checked. Each wrong password (Django's ``user_login_failed``) is counted."""

from __future__ import annotations

from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver

from accounts import lockout


class LockoutBackend:
    """Authenticates no one; refuses everyone while locked out. (No ``get_user``:
    Django must not pick it as the backend a session logs in with.)"""

    def authenticate(self, request, username=None, **credentials):
        if request is not None and lockout.LoginGuard(request, username).wait():
            raise PermissionDenied("locked out after too many failed logins")
        return None


@receiver(user_login_failed, dispatch_uid="accounts.count_failed_login")
def count_failed_login(sender, credentials, request=None, **kwargs):
    if request is None:  # a check made outside a request (tests, the shell)
        return
    guard = lockout.LoginGuard(request, credentials.get("username"))
    if not guard.wait():  # attempts refused while locked out do not extend it
        guard.failed()
