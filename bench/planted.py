"""The bugs issue 31's audit planted by hand and the tests that now catch them:
``make mutate-planted`` plants each (one at a time, in place), runs its test,
and puts the file back (docs/testing.md).

mutmut leaves module constants alone (``DESTROYED_AT = 10``), so these rule
values are checked here. A planted text that no longer occurs exactly once (the
code was rewritten) is reported, not guessed at: update the entry with the new
line. A file with changes not committed is refused, so a run that is killed
leaves its edit visible to ``git diff`` and never mixes with work in progress.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PB = "tests/engine/games/powerball/"
CE = "tests/engine/games/cascade_effect/"
DF = "tests/engine/games/dogfight/test_dogfight_rules.py::"
MATCHES = "tests/platform/matches/"
HIDDEN = f"{MATCHES}test_match_visibility.py::test_a_match_that_hides_results_blanks_every_seat_result_and_stderr"


class Planted(NamedTuple):
    path: str
    code: str  # the text as it is (exactly once in the file)
    bug: str  # what the audit put in its place
    test: str  # the test that must fail with the bug


PLANTED = [
    Planted("engine/games/powerball/harm.py", "DESTROYED_AT = 10", "DESTROYED_AT = 9",
            f"{PB}test_powerball_base.py::test_nine_damage_does_not_destroy_a_robot"),
    Planted("engine/games/powerball/fire.py", "seen[1] < THROW_MIN", "seen[1] <= THROW_MIN",
            f"{PB}test_powerball_balls.py::test_a_ball_may_be_thrown_at_a_robot_exactly_two_squares_away"),
    Planted("engine/games/powerball/fire.py", 'do == "tractor" and distance < 2',
            'do == "tractor" and distance < 1',
            f"{PB}test_powerball_option_deck.py::test_a_tractor_beam_reaches_only_a_robot_that_is_not_adjacent"),
    Planted("engine/games/powerball/decisions.py", "for o in reversed(robot.options)",
            "for o in robot.options",
            f"{PB}test_powerball_option_deck.py::test_a_destroyed_robot_that_does_not_choose_loses_its_newest_option"),
    Planted("engine/games/cascade_effect/cards.py", '"major_penalty": 30}', '"major_penalty": 20}',
            f"{CE}test_cascade_cards.py::test_a_minor_penalty_is_worth_10_and_a_major_penalty_30"),
    Planted("engine/games/cascade_effect/turns.py", "if moved and opponent_zone(piece, to):",
            "if opponent_zone(piece, to):",
            f"{CE}test_cascade_rules.py::test_two_players_a_jump_onto_a_robot_stays_put_and_draws_no_card"),
    Planted("engine/games/dogfight/combat.py", "if state.ace_option and not attacker.ace:",
            "if not attacker.ace:",
            f"{DF}test_without_the_ace_option_shooting_a_plane_down_earns_no_ace_die"),
    Planted("engine/games/dogfight/rules.py", "max(p.fell for p in planes)",
            "min(p.fell for p in planes)", f"{DF}test_fallen_teams_rank_by_when_their_last_plane_fell"),
    Planted("engine/runner.py", "return faults >= max_faults or", "return faults > max_faults or",
            "tests/engine/test_runner.py::test_a_turn_based_seat_forfeits_at_exactly_max_faults"),
    Planted("engine/runner.py", "tuple(-1 if seat in forfeits else 1", "tuple(1 if seat in forfeits else 1",
            "tests/engine/test_runner.py::test_a_forfeiting_seat_ranks_last_even_when_it_was_ahead_on_score"),
    Planted("platform/matches/claims.py", "MAX_ATTEMPTS = 3", "MAX_ATTEMPTS = 4",
            f"{MATCHES}test_match_restarts.py::test_a_match_whose_worker_dies_three_times_fails"),
    Planted("platform/matches/claims.py",
            "attempts = held.attempts + 1\n            discard_partial_log(match)\n",
            "attempts = held.attempts + 1\n            pass\n",
            f"{MATCHES}test_match_restarts.py::test_a_restarted_match_discards_the_dead_workers_partial_log"),
    Planted("tournaments/core/rating_fold.py", "key=lambda r: (r.round, r.match_id)",
            "key=lambda r: r.match_id",
            "tests/tournaments/test_rating_fold.py::test_rounds_are_rated_in_order_even_when_match_ids_do_not_follow_rounds"),
    Planted("platform/matches/selectors.py", '"fault_reason", "stderr")', '"fault_reason")', HIDDEN),
    Planted("platform/matches/selectors.py", "        if seat.match.hides_results:\n",
            "        if False:\n", HIDDEN),
]  # fmt: skip


def pytest(*tests: str) -> int:
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *tests]
    return subprocess.run(command, cwd=ROOT, capture_output=True).returncode


def check(bug: Planted) -> str:
    """``caught``, ``MISSED`` (the test passed with the bug), or why it was not planted."""
    source = ROOT / bug.path
    if subprocess.run(["git", "diff", "--quiet", "--", bug.path], cwd=ROOT).returncode:
        return "not planted: the file has changes not committed"
    text = source.read_text()
    if text.count(bug.code) != 1:
        return f"not planted: the code occurs {text.count(bug.code)} times, not once"
    source.write_text(text.replace(bug.code, bug.bug))
    try:
        return "caught" if pytest(bug.test) else "MISSED"
    finally:
        source.write_text(text)


def main() -> int:
    if pytest(*sorted({bug.test for bug in PLANTED})):
        print("the tests fail without any bug planted: fix them first", file=sys.stderr)
        return 1
    verdicts = []
    for bug in PLANTED:
        verdicts.append(check(bug))
        code, planted = " ".join(bug.code.split()), " ".join(bug.bug.split())
        print(f"{verdicts[-1]:>8}  {bug.path}: {code} -> {planted}", flush=True)
    return 0 if all(v == "caught" for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
