"""Which tests guard which module in a mutation run (``bench.mutate``): each
mutant runs only these, so a run takes minutes, not hours (docs/testing.md).

A module not listed in ``TARGETS`` gets the test folder mirroring it
(``guess_tests``); the lists say what else reads a module, and leave out the tests
that play whole matches for a statistic about a bot.
"""

from __future__ import annotations

from pathlib import Path

GAMES = "tests/engine/games"
CORE = ["tests/engine/test_events.py", "tests/engine/test_replay.py"]
CORE += ["tests/engine/test_runner.py", "tests/engine/test_secrecy.py"]
CORE += ["tests/engine/test_seeding.py", "tests/engine/test_rng.py"]
#: the core without test_secrecy, whose whole matches of every game at every seat count
#: (three of the four minutes of CORE here) check the games' views: a runner or log
#: mutant that survives everything else would cost those minutes each
CORE_CONTRACT = [t for t in CORE if t != "tests/engine/test_secrecy.py"]


def rules_tests(game: str, matches: str, *strength: str) -> list[str]:
    """A game's test folder without its bots' strength tests (``matches``'s tests named in
    ``strength``): whole matches for a statistic, most of the folder's time, which every
    survivor would run, and which say how well a bot plays, not what the rules allow."""
    selection = [f"{GAMES}/{game}"]
    for test in strength:
        selection += ["--deselect", f"{GAMES}/{game}/{matches}::{test}"]
    return selection


#: Aimbots' rules: without the greedy bot's two strength tests (4 of 4.5 minutes here)
AIMBOTS_RULES = rules_tests(
    "aimbots",
    "test_aimbots_match.py",
    "test_greedy_beats_random",
    "test_greedy_against_itself_has_no_seat_bias",
)
#: Cascade Effect's rules: without the greedy-beats-random win rates
CASCADE_RULES = rules_tests(
    "cascade_effect", "test_cascade_matches.py", "test_greedy_beats_random_in_at_least_80_percent"
)
#: Aerial Assault's rules: without the greedy bot's two statistics over whole matches
AERIAL_RULES = rules_tests(
    "aerial_assault",
    "test_aerial_matches.py",
    "test_greedy_beats_random_in_two_bot_matches",
    "test_greedy_hands_the_ball_over_for_assists",
)
#: Powerball's rules: without the greedy bot's four win-rate and mean-rank tests (46 of the
#: folder's 48 s of test time at load 2; every survivor would run them)
POWERBALL_RULES = rules_tests(
    "powerball",
    "test_powerball_match.py",
    "test_greedy_beats_random_in_most_two_seat_matches",
    "test_greedy_beats_random_in_80_percent_of_200_two_seat_matches",
    "test_greedy_has_the_best_mean_rank_among_three_randoms",
    "test_greedy_has_the_best_mean_rank_over_many_four_seat_matches",
)

#: module -> the tests that guard it (the folder mirroring it, and what else reads it)
TARGETS: dict[str, list[str]] = {
    "engine/events.py": CORE_CONTRACT,
    "engine/plain.py": CORE_CONTRACT,
    "engine/canonical.py": CORE_CONTRACT,
    "engine/seeding.py": ["tests/engine/test_seeding.py", "tests/engine/test_runner.py"],
    "engine/replay.py": [
        *CORE_CONTRACT,
        "tests/engine/test_viewing.py",
        "tests/engine/test_verifying.py",  # verify over a LazyLog: what it decodes
    ],
    "engine/recorded.py": [*CORE_CONTRACT, "tests/engine/test_verifying.py"],
    "engine/runner.py": CORE_CONTRACT,
    # every game's fold copies its states with it; Powerball's robots by member_reviser
    "engine/states.py": ["tests/engine/test_states.py", *POWERBALL_RULES],
    "engine/games/powerball/fire.py": POWERBALL_RULES,
    "engine/games/powerball/harm.py": POWERBALL_RULES,
    "engine/games/powerball/fold.py": POWERBALL_RULES,
    "engine/games/powerball/fold_options.py": POWERBALL_RULES,
    "engine/games/powerball/program_changes.py": POWERBALL_RULES,
    "engine/games/powerball/programs.py": POWERBALL_RULES,
    "engine/games/powerball/decisions.py": POWERBALL_RULES,
    "engine/games/powerball/state.py": POWERBALL_RULES,
    "engine/games/powerball/table.py": POWERBALL_RULES,
    "engine/games/powerball/board.py": POWERBALL_RULES,
    "engine/games/powerball/cards.py": POWERBALL_RULES,
    "engine/games/powerball/view.py": POWERBALL_RULES,
    "engine/games/cascade_effect/scoring.py": [f"{GAMES}/cascade_effect"],
    "engine/games/cascade_effect/turns.py": CASCADE_RULES,
    # and the check of accepts_move against the listed moves on whole matches
    "engine/games/cascade_effect/moves.py": [
        *CASCADE_RULES,
        f"{GAMES}/test_pending_unlisted.py",
    ],
    "engine/games/dogfight/combat.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/rules.py": [f"{GAMES}/dogfight"],
    "engine/games/aimbots/dice.py": [f"{GAMES}/aimbots"],
    "engine/games/aimbots/combat.py": AIMBOTS_RULES,
    "engine/games/aimbots/rules.py": AIMBOTS_RULES,
    # and the check of accepts_play against the listed actions on whole matches
    "engine/games/aimbots/moves.py": [
        *AIMBOTS_RULES,
        f"{GAMES}/test_pending_unlisted.py::test_pending_unlisted_decides_as_the_listed_decisions_do[aimbots]",
    ],
    "engine/games/aimbots/fold.py": AIMBOTS_RULES,
    "engine/games/aimbots/board.py": AIMBOTS_RULES,
    "engine/games/aimbots/draft.py": AIMBOTS_RULES,
    "engine/games/aimbots/scrap.py": AIMBOTS_RULES,
    "engine/games/aimbots/setup.py": AIMBOTS_RULES,
    "engine/games/aimbots/state.py": AIMBOTS_RULES,
    "engine/games/aimbots/view.py": AIMBOTS_RULES,
    "engine/games/aerial_assault/shots.py": [f"{GAMES}/aerial_assault"],
    "engine/games/aerial_assault/resolve.py": AERIAL_RULES,
    "engine/games/aerial_assault/rules.py": AERIAL_RULES,
    "engine/games/aerial_assault/plays.py": AERIAL_RULES,
    "engine/games/aerial_assault/cards.py": AERIAL_RULES,
    "engine/games/aerial_assault/actions.py": AERIAL_RULES,
    "engine/games/aerial_assault/checks.py": AERIAL_RULES,
    "engine/games/aerial_assault/fold.py": AERIAL_RULES,
    "engine/games/aerial_assault/state.py": AERIAL_RULES,
    "engine/games/aerial_assault/view.py": AERIAL_RULES,
    "engine/games/aerial_assault/field.py": AERIAL_RULES,
    "engine/games/aerial_assault/play_context.py": AERIAL_RULES,
    "engine/games/cascade_effect/rules.py": [*CASCADE_RULES, f"{GAMES}/test_pending_unlisted.py"],
    "engine/games/powerball/motion.py": POWERBALL_RULES,
    "engine/games/powerball/phases.py": POWERBALL_RULES,
    "engine/games/powerball/turn.py": POWERBALL_RULES,
    "engine/games/powerball/rules.py": POWERBALL_RULES,
    "engine/games/powerball/respawn.py": POWERBALL_RULES,
    "engine/games/powerball/bombs.py": POWERBALL_RULES,
    "engine/games/powerball/balls.py": POWERBALL_RULES,
    "engine/games/dogfight/setup.py": [f"{GAMES}/dogfight"],
    "engine/games/cascade_effect/fold.py": CASCADE_RULES,
    "engine/games/cascade_effect/board.py": CASCADE_RULES,
    "engine/games/cascade_effect/state.py": CASCADE_RULES,
    "engine/games/cascade_effect/view.py": CASCADE_RULES,
    "engine/games/dogfight/fold.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/geometry.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/plans.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/state.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/view.py": [f"{GAMES}/dogfight"],
    "tournaments/core/rating_fold.py": ["tests/tournaments/test_rating_fold.py"],
    "tournaments/core/ratings.py": ["tests/tournaments/test_ratings.py"],
    "tournaments/core/standings.py": [
        "tests/tournaments/test_standings.py",
        "tests/tournaments/test_swiss.py",  # tie-breaks in Swiss pairing
        "tests/tournaments/test_pure.py",
    ],
    "platform/matches/claims.py": [
        "tests/platform/matches/test_claims.py",
        "tests/platform/matches/test_match_restarts.py",
        "tests/platform/matches/test_match_tasks.py",
        "tests/platform/matches/test_recovery.py",
        "tests/platform/matches/test_claim_locks.py",
    ],
}


def guess_tests(module: str) -> list[str]:
    """The test folder mirroring ``module`` (tests/engine/games/<game>, ...)."""
    parts = Path(module).parts
    if parts[0] == "platform":
        return [f"tests/platform/{parts[1]}"]
    if parts[:2] == ("engine", "games"):
        return [f"{GAMES}/{parts[2]}"]
    return [f"tests/{parts[0]}"]
