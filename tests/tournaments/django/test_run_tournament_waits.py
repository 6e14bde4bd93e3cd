"""``manage.py run_tournament`` waiting on the workers: a database connection lost
meanwhile (a restart) is connected again, and the wait goes on to the standings;
``--attach ID`` waits on a competition that runs already. The command's own
PostgreSQL connection is really ended (``pg_terminate_backend``)."""

from __future__ import annotations

import io
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from matches.models import Match
from matches.tasks import run
from tournaments import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)

#: only a bound on a hang: every wait ends as soon as what it waits for holds
PATIENCE = 120.0


def others() -> list[int]:
    """The backends of this database other than the test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [pid for (pid,) in cursor.fetchall()]


def wait_until(check, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, f"no {what} after {PATIENCE} s"
        time.sleep(0.05)


def test_the_wait_survives_a_lost_connection_and_attaches_to_a_running_tournament():
    if connection.vendor != "postgresql":
        pytest.skip("ends a PostgreSQL connection")
    t = lifecycle.create_tournament("attach", game="tic_tac_toe", format="round_robin", seed=3)
    lifecycle.add_entries(t, bots=["greedy", "random"])
    lifecycle.open_entries(t)
    lifecycle.start(t)  # no worker runs it: the command waits
    out, err, failed = io.StringIO(), io.StringIO(), []

    def wait_on_it():
        try:
            call_command(
                "run_tournament", "--attach", str(t.pk), "--no-progress", stdout=out, stderr=err
            )
        except BaseException as exc:
            failed.append(exc)
        finally:
            connection.close()

    waiter = threading.Thread(target=wait_on_it, daemon=True)
    waiter.start()
    # it has found the competition and waits on it (polling on a connection of its own)
    wait_until(lambda: "attached to" in out.getvalue() and others(), "waiting command")
    with connection.cursor() as cursor:  # the database "restarts" under it
        cursor.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) pid", [others()])
    wait_until(lambda: "lost the database" in err.getvalue() or failed, "lost connection")
    assert not failed, failed

    for match_id in Match.objects.filter(fixture__competition=t).values_list("pk", flat=True):
        run(match_id, "the-workers")  # the workers finish it meanwhile
    waiter.join(PATIENCE)
    assert not waiter.is_alive() and not failed, (failed, err.getvalue())
    assert "the database is back" in err.getvalue()
    assert f"attached to tournament #{t.pk}" in out.getvalue()
    assert f"tournament #{t.pk} finished" in out.getvalue()
    assert "greedy" in out.getvalue() and "random" in out.getvalue()  # the standings


def test_attaching_to_no_competition_says_so():
    with pytest.raises(CommandError, match="no competition #999999"):
        call_command("run_tournament", "--attach", "999999", stdout=io.StringIO())
