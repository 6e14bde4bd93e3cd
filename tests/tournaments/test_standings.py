import pytest

from tournaments.core.formats.base import ROUND_ROBIN_TIE_BREAKS, FormatError, MatchResult
from tournaments.core.standings import Points, compute_standings, meetings


def game(mid, rnd, a, b, outcome):
    """outcome: 'a' (a wins), 'b' or 'd'."""
    ranks = {"a": (1, 2), "b": (2, 1), "d": (1, 1)}[outcome]
    return MatchResult(mid, rnd, (a, b), ranks)


def test_hand_computed_buchholz_and_sonneborn_berger():
    # R1: 1 beats 2, 3 draws 4.  R2: 1 beats 3, 2 draws 4.
    results = [
        game(1, 1, 1, 2, "a"),
        game(2, 1, 3, 4, "d"),
        game(3, 2, 1, 3, "a"),
        game(4, 2, 2, 4, "d"),
    ]
    table = compute_standings([1, 2, 3, 4], results)
    by = {s.entry: s for s in table}
    # points: 1: 3+3=6, 2: 0+1=1, 3: 1+0=1, 4: 1+1=2
    assert {e: s.points for e, s in by.items()} == {1: 6, 2: 1, 3: 1, 4: 2}
    # Buchholz: 1: pts(2)+pts(3)=2, 2: 6+2=8, 3: 2+6=8, 4: 1+1=2
    assert {e: s.buchholz for e, s in by.items()} == {1: 2, 2: 8, 3: 8, 4: 2}
    # Sonneborn-Berger: 1: 1+1=2, 2: half of 4's 2=1, 3: half of 4's 2=1, 4: (1+1)/2=1
    assert {e: s.sonneborn_berger for e, s in by.items()} == {1: 2, 2: 1, 3: 1, 4: 1}
    assert [(s.entry, s.rank) for s in table] == [(1, 1), (4, 2), (2, 3), (3, 3)]
    assert (by[1].wins, by[1].draws, by[1].losses, by[1].games) == (2, 0, 0, 2)
    assert (by[2].wins, by[2].draws, by[2].losses, by[2].games) == (0, 1, 1, 2)


def test_buchholz_breaks_a_tie_then_sonneborn_berger():
    # 1 and 2 on 3 points each: 1 beat 3 (who then beat 4), 2 beat 4
    results = [
        game(1, 1, 1, 3, "a"),
        game(2, 1, 2, 4, "a"),
        game(3, 2, 1, 2, "d"),
        game(4, 2, 3, 4, "a"),
    ]
    table = compute_standings([4, 3, 2, 1], results)
    by = {s.entry: s for s in table}
    assert by[1].points == by[2].points == 4
    assert by[1].buchholz == 3 + 4 and by[2].buchholz == 0 + 4
    assert [s.entry for s in table][:2] == [1, 2]
    assert by[1].rank == 1 and by[2].rank == 2


def test_head_to_head_among_tied_entries():
    # 1 and 2 finish level on 6; 2 beat 1
    results = [
        game(1, 1, 1, 3, "a"),
        game(2, 1, 2, 4, "a"),
        game(3, 2, 2, 1, "a"),
        game(4, 2, 3, 4, "d"),
        game(5, 3, 1, 4, "a"),
        game(6, 3, 3, 2, "a"),
    ]
    table = compute_standings([1, 2, 3, 4], results, tie_breaks=("head_to_head",))
    by = {s.entry: s for s in table}
    assert by[1].points == by[2].points == 6
    assert (by[1].head_to_head, by[2].head_to_head) == (0, 1)
    assert by[3].head_to_head == 0 and by[4].head_to_head == 0  # 3 has 4 pts, 4 has 1
    assert [s.entry for s in table] == [2, 1, 3, 4]
    assert [s.rank for s in table] == [1, 2, 3, 4]
    # round robin's default: head-to-head first
    assert [
        s.entry for s in compute_standings([1, 2, 3, 4], results, tie_breaks=ROUND_ROBIN_TIE_BREAKS)
    ][:2] == [2, 1]


def test_ties_share_a_rank_and_entry_id_orders_them():
    results = [game(1, 1, 5, 3, "d")]
    table = compute_standings([5, 3], results)
    assert [(s.entry, s.rank) for s in table] == [(3, 1), (5, 1)]


def test_free_for_all_points_by_rank():
    ms = {m.entry: m for m in meetings(MatchResult(1, 1, (7, 8, 9), (2, 1, 3)))}
    assert {e: m.points for e, m in ms.items()} == {7: 1, 8: 2, 9: 0}
    assert {e: m.outcome for e, m in ms.items()} == {7: "L", 8: "W", 9: "L"}
    assert dict(ms[7].opponents) == {8: 0.0, 9: 1.0}
    tied = {m.entry: m for m in meetings(MatchResult(1, 1, (7, 8, 9), (1, 1, 3)))}
    assert {e: (m.points, m.outcome) for e, m in tied.items()} == {
        7: (2, "D"),
        8: (2, "D"),
        9: (0, "L"),
    }


def test_alliances_score_by_team_and_team_mates_are_not_opponents():
    result = MatchResult(1, 1, (1, 2, 3, 4), (1, 1, 3, 3), teams=(2, 2))
    ms = {m.entry: m for m in meetings(result)}
    assert {e: (m.points, m.outcome) for e, m in ms.items()} == {
        1: (3, "W"),
        2: (3, "W"),
        3: (0, "L"),
        4: (0, "L"),
    }
    assert dict(ms[1].opponents) == {3: 1.0, 4: 1.0}


def test_byes_and_custom_points():
    table = compute_standings(
        [1, 2, 3], [game(1, 1, 1, 2, "d")], byes=[3], points=Points(win=2, draw=1, loss=0)
    )
    by = {s.entry: s for s in table}
    assert (by[3].points, by[3].wins, by[3].games, by[3].byes, by[3].buchholz) == (2, 1, 1, 1, 0)
    assert by[1].points == 1


def test_rejects_unknown_entries_and_tie_breaks():
    with pytest.raises(FormatError):
        compute_standings([1], [game(1, 1, 1, 2, "a")])
    with pytest.raises(FormatError):
        compute_standings([1, 2], [], tie_breaks=("coin",))


# -- byes, chosen points and the wins tie-break (the module's contract) -------------------
def test_every_bye_an_entry_is_given_counts_as_a_game_won():
    """A bye counts as a game won worth a win's points, and in ``byes``; an entry
    may be given more than one."""
    table = compute_standings([1, 2], [game(1, 1, 1, 2, "b")], byes=[1, 1])
    by = {s.entry: s for s in table}
    assert (by[1].points, by[1].wins, by[1].losses, by[1].games, by[1].byes) == (6, 2, 1, 3, 2)
    assert (by[2].points, by[2].wins, by[2].games, by[2].byes) == (3, 1, 1, 0)


def test_a_bye_is_worth_a_win_or_in_a_free_for_all_one_less_than_the_sides():
    assert Points().for_bye() == 3 and Points(win=2).for_bye() == 2
    assert Points().for_bye(3) == 2 and Points().for_bye(5) == 4
    assert Points(bye=1).for_bye() == 1 and Points(bye=1).for_bye(4) == 1
    (free_for_all,) = compute_standings([7], [], byes=[7], bye_sides=3)
    assert free_for_all.points == 2


def test_the_points_chosen_for_a_win_and_a_draw_are_the_ones_counted():
    results = [game(1, 1, 1, 2, "a"), game(2, 2, 1, 2, "d")]
    table = compute_standings([1, 2], results, points=Points(win=2, draw=1, loss=0))
    assert [(s.entry, s.points) for s in table] == [(1, 3), (2, 1)]


def test_the_wins_tie_break_puts_a_win_and_a_loss_above_three_draws():
    """Entries level on points are ordered by ``wins`` when it is the tie-break named."""
    results = [
        game(1, 1, 1, 3, "a"),
        game(2, 1, 2, 4, "d"),
        game(3, 2, 1, 4, "b"),
        game(4, 2, 2, 3, "d"),
        game(5, 3, 2, 4, "d"),
    ]
    table = compute_standings([1, 2, 3, 4], results, tie_breaks=("wins",))
    by = {s.entry: s for s in table}
    assert by[1].points == by[2].points == 3
    assert by[1].rank < by[2].rank


def test_bad_input_is_refused_with_what_is_wrong_named():
    with pytest.raises(FormatError, match=r"unknown tie-break\(s\) \['coin'\]; known: \("):
        compute_standings([1, 2], [], tie_breaks=("wins", "coin"))
    with pytest.raises(FormatError, match="result 9 names entry 5, which is not in the tournament"):
        compute_standings([1, 2], [game(9, 1, 1, 5, "a")])
    with pytest.raises(FormatError, match="a bye names entry 6, which is not in the tournament"):
        compute_standings([1, 2], [], byes=[6])
