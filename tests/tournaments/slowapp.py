"""The Celery app of the worker tests, plus a deliberately slow built-in bot.

``celery -A tests.tournaments.slowapp worker`` is ``config``'s app with one more
tic-tac-toe bot, ``slow`` (the random bot, sleeping before each decision), so a
test can kill a worker in the middle of a match. Importing this module in the test
process registers the same bot there. It sleeps ``SLOW_BOT_DELAY`` seconds, or,
once the file ``SLOW_BOT_DELAY_FILE`` names exists, the seconds written in it (a
test done with slow matches lets the running workers play the rest at full speed).

With ``DIE_BEFORE_CLAIM=1`` in its environment, the worker kills itself (SIGKILL)
when it is about to claim a match: its message consumed, the match never claimed
(the match's id first written to the file ``DIE_BEFORE_CLAIM_NOTE`` names, if set).
"""

import os
import signal
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from engine import registry
from engine.players import RandomBot

from config.celery import app  # noqa: F401  (the app celery -A finds)

DELAY = float(os.environ.get("SLOW_BOT_DELAY", "0.15"))
DELAY_FILE = os.environ.get("SLOW_BOT_DELAY_FILE", "")


def delay() -> float:
    try:
        with open(DELAY_FILE) as f:
            return float(f.read())
    except (FileNotFoundError, ValueError):  # no file (or none named), or half written
        return DELAY


class SlowBot(RandomBot):
    def decide(self, request):
        time.sleep(delay())
        return super().decide(request)


registry.get("tic_tac_toe").bots["slow"] = SlowBot
django.setup()

if os.environ.get("DIE_BEFORE_CLAIM") == "1":
    from matches import tasks

    def _die(match_id, token):
        if os.environ.get("DIE_BEFORE_CLAIM_NOTE"):
            with open(os.environ["DIE_BEFORE_CLAIM_NOTE"], "w") as note:
                note.write(str(match_id))
        os.kill(os.getpid(), signal.SIGKILL)

    tasks.claim = _die
