"""The one fold of results into ratings (``tournaments.core.rating_fold``): its
contract is the order (round, match id), whatever order the match ids were
given in, and a version change raising an entry's uncertainty first."""

from tournaments.core.formats.base import MatchResult
from tournaments.core.rating_fold import fold_ratings
from tournaments.core.ratings import Rating, rate_match, version_changed


def by_hand(results):
    """Each result rated in turn, in the order given, from default ratings."""
    ratings: dict[int, Rating] = {}
    for result in results:
        ratings.update(rate_match(ratings, result))
    return ratings


def test_rounds_are_rated_in_order_even_when_match_ids_do_not_follow_rounds():
    """A round-2 match made (and numbered) before a round-1 one, as a replayed or
    re-run round gets a fresh id: round 1 is still rated first."""
    round_one = MatchResult(match_id=7, round=1, entries=(1, 2), ranks=(1, 2))
    round_two = MatchResult(match_id=3, round=2, entries=(2, 3), ranks=(1, 2))
    ratings: dict[int, Rating] = {}
    changes = fold_ratings(ratings, {}, [round_two, round_one], {})
    assert ratings == by_hand([round_one, round_two]) != by_hand([round_two, round_one])
    assert [(c.round, c.match_id) for c in changes] == [(1, 7), (1, 7), (2, 3), (2, 3)]


def test_each_change_row_holds_the_rating_before_and_after_its_match():
    """The history rows: an entry never rated before starts from the default
    rating; each row's ``after`` is the next row's ``before`` for that entry."""
    one = MatchResult(match_id=1, round=1, entries=(1, 2), ranks=(1, 2))
    two = MatchResult(match_id=2, round=2, entries=(2, 3), ranks=(1, 2))
    ratings: dict[int, Rating] = {}
    changes = fold_ratings(ratings, {}, [one, two], {})
    assert [c.before for c in changes if c.entry != 2] == [Rating(), Rating()]
    first, second = (c for c in changes if c.entry == 2)
    assert first.after == second.before == by_hand([one])[2]
    assert {c.entry: c.after for c in changes} == ratings


def test_within_a_round_the_lower_match_id_is_rated_first():
    first = MatchResult(match_id=4, round=1, entries=(1, 2), ranks=(1, 2))
    second = MatchResult(match_id=5, round=1, entries=(2, 3), ranks=(1, 2))
    ratings: dict[int, Rating] = {}
    fold_ratings(ratings, {}, [second, first], {})
    assert ratings == by_hand([first, second])


def test_a_new_version_raises_the_uncertainty_before_its_next_match():
    """The entry that played version "a" and now plays "b" has its sigma raised
    (``version_changed``) and then is rated; the change row says it was bumped."""
    one = MatchResult(match_id=1, round=1, entries=(1, 2), ranks=(1, 2))
    two = MatchResult(match_id=2, round=2, entries=(1, 2), ranks=(2, 1))
    ratings: dict[int, Rating] = {}
    last: dict[int, str] = {}
    versions = {1: ("a", "x"), 2: ("b", "x")}
    changes = fold_ratings(ratings, last, [one, two], versions)
    after_one = by_hand([one])
    bumped = {**after_one, 1: version_changed(after_one[1])}
    assert ratings == {**bumped, **rate_match(bumped, two)}
    assert [(c.match_id, c.entry, c.bumped) for c in changes] == [
        (1, 1, False),
        (1, 2, False),
        (2, 1, True),
        (2, 2, False),
    ]
    assert changes[2].before == bumped[1] and last == {1: "b", 2: "x"}


def test_a_match_of_built_in_bots_plays_the_builtin_version():
    """No pinned versions for a match (built-in bots): each entry is recorded as
    playing "builtin", so an upload after it counts as a new version."""
    last: dict[int, str] = {}
    one = MatchResult(match_id=1, round=1, entries=(1, 2), ranks=(1, 2))
    fold_ratings({}, last, [one], {})
    assert last == {1: "builtin", 2: "builtin"}
