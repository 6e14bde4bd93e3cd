import pytest
from openskill.models import PlackettLuce

from engine.rng import Rng

from tournaments.core.formats.base import FormatError, MatchResult
from tournaments.core.ratings import (
    DIGITS,
    SIGMA,
    Rating,
    apply_results,
    rate_match,
    version_changed,
)

TOL = 10 ** -(DIGITS - 1)


def openskill(teams, ranks):
    model = PlackettLuce()
    rated = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams], ranks=ranks
    )
    return [[(p.mu, p.sigma) for p in team] for team in rated]


def close(rating, mu_sigma):
    return abs(rating.mu - mu_sigma[0]) < TOL and abs(rating.sigma - mu_sigma[1]) < TOL


def test_defaults_and_ordinal():
    r = Rating()
    assert (r.mu, r.sigma) == (25.0, 25.0 / 3)
    assert r.ordinal == pytest.approx(PlackettLuce().rating().ordinal())
    assert r.ordinal == pytest.approx(0.0)


def test_one_v_one_matches_openskill():
    start = {1: Rating(27.0, 5.0), 2: Rating(24.0, 7.0)}
    new = rate_match(start, MatchResult(1, 1, (2, 1), (1, 2)))
    (a,), (b,) = openskill([[start[2]], [start[1]]], [1, 2])
    assert close(new[2], a) and close(new[1], b)
    assert new[2].mu > 24.0 and new[1].mu < 27.0


def test_a_draw_matches_openskill():
    start = {1: Rating(), 2: Rating(30.0, 4.0)}
    new = rate_match(start, MatchResult(1, 1, (1, 2), (1, 1)))
    (a,), (b,) = openskill([[start[1]], [start[2]]], [1, 1])
    assert close(new[1], a) and close(new[2], b)


def test_free_for_all_with_a_tie_matches_openskill():
    start = {e: Rating(20.0 + e, 6.0 + e / 10) for e in (1, 2, 3, 4)}
    result = MatchResult(9, 1, (3, 1, 4, 2), (2, 1, 2, 4))
    new = rate_match(start, result)
    expected = openskill([[start[e]] for e in (3, 1, 4, 2)], [2, 1, 2, 4])
    for e, (exp,) in zip((3, 1, 4, 2), expected):
        assert close(new[e], exp)


def test_alliances_match_openskill():
    start = {e: Rating(25.0 + e, 8.0 - e / 2) for e in range(1, 6)}
    result = MatchResult(3, 1, (1, 2, 3, 4, 5), (2, 2, 1, 1, 1), teams=(2, 3))
    new = rate_match(start, result)
    expected = openskill([[start[1], start[2]], [start[3], start[4], start[5]]], [2, 1])
    assert [close(new[e], x) for e, x in zip(range(1, 6), expected[0] + expected[1])] == [True] * 5


def random_results(count, entries=8, seed=4):
    out = []
    for mid in range(1, count + 1):
        rng = Rng(seed, mid)
        seats = rng.shuffled(list(range(entries)))[: 2 + rng.below(3)]
        ranks = tuple(1 + rng.below(len(seats)) for _ in seats)
        out.append(MatchResult(mid, 1 + mid // 5, tuple(seats), ranks))
    return out


def test_apply_results_is_ordered_deterministic_and_rebuildable():
    results = random_results(60)
    start = {e: Rating() for e in range(8)}
    final, history = apply_results(start, results)
    # the input order does not matter: (round, match id) decides
    shuffled = Rng(1).shuffled(results)
    assert apply_results(start, shuffled) == (final, history)
    # incremental, one stored match at a time, gives exactly the same numbers
    current = dict(start)
    for r in sorted(results, key=lambda r: (r.round, r.match_id)):
        current, _ = apply_results(current, [r])
    assert current == final
    assert len(history) == sum(len(r.entries) for r in results)
    last = {h.entry: h.after for h in history}
    assert last == {e: final[e] for e in last}
    assert all(h.before == Rating() for h in history if h.match_id == 1)
    assert start == {e: Rating() for e in range(8)}  # not mutated


def test_apply_results_follows_openskill_match_by_match():
    results = random_results(10, entries=4, seed=9)
    final, _ = apply_results({}, results)
    model = PlackettLuce()
    players = {e: model.rating() for e in range(4)}
    for r in sorted(results, key=lambda r: (r.round, r.match_id)):
        rated = model.rate([[players[e]] for e in r.entries], ranks=r.side_ranks())
        for e, (p,) in zip(r.entries, rated):
            players[e] = p
    for e, p in players.items():
        assert abs(final[e].mu - p.mu) < 1e-6 and abs(final[e].sigma - p.sigma) < 1e-6


def test_a_match_is_rated_once():
    r = MatchResult(1, 1, (1, 2), (1, 2))
    with pytest.raises(FormatError, match="^a match id appears twice: a match is rated once$"):
        apply_results({}, [r, r])


def test_each_history_row_names_its_match_round_entry_and_the_rating_before_and_after():
    """The history rows (the module's contract): one per entry per rated match, in
    the order applied, with the entry's rating before (where it stood, or the
    default for a newcomer) and after that match."""
    start = {1: Rating(30.0, 4.0)}  # entry 2 is new
    later, earlier = MatchResult(3, 5, (2, 1), (1, 2)), MatchResult(7, 2, (1, 2), (1, 2))
    final, history = apply_results(start, [later, earlier])
    rows = [(h.match_id, h.round, h.entry) for h in history]
    assert rows == [(7, 2, 1), (7, 2, 2), (3, 5, 2), (3, 5, 1)]
    first = rate_match(start, earlier)
    assert [h.before for h in history[:2]] == [Rating(30.0, 4.0), Rating()]
    assert [h.after for h in history[:2]] == [first[1], first[2]]
    assert [h.before for h in history[2:]] == [first[2], first[1]]
    assert [h.after for h in history[2:]] == [final[2], final[1]]


def test_apply_results_rates_with_the_model_it_is_given():
    narrow = PlackettLuce(beta=1.0)  # a smaller performance spread than the default's
    result = MatchResult(1, 1, (1, 2), (1, 2))
    final, _ = apply_results({}, [result], narrow)
    assert final == rate_match({}, result, narrow)
    assert final != rate_match({}, result)


def test_version_change_raises_sigma_up_to_the_prior():
    settled = Rating(31.0, 2.0)
    bumped = version_changed(settled)
    assert bumped.mu == 31.0 and 2.0 < bumped.sigma <= SIGMA
    assert bumped.sigma == pytest.approx((2.0**2 + (SIGMA / 2) ** 2) ** 0.5)
    assert version_changed(Rating(20.0, 8.0)).sigma == pytest.approx(SIGMA)
    assert version_changed(Rating(20.0, 9.0)).sigma == 9.0  # never lowered
    assert version_changed(settled, share=0) == settled


def test_a_version_change_takes_a_share_from_0_to_1_of_the_prior_and_refuses_more():
    assert version_changed(Rating(20.0, 2.0), share=1) == Rating(20.0, round(SIGMA, DIGITS))
    for share in (-0.1, 1.01, 2):
        with pytest.raises(ValueError, match="^share is a fraction of the prior sigma, 0..1$"):
            version_changed(Rating(20.0, 2.0), share=share)
