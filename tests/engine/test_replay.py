"""Replays: folds of prefixes, seat streams, forks and verification."""

import json

import pytest

from engine import registry
from engine.events import (
    ACTION_REJECTED,
    FAULT_TYPES,
    PLAYER_CRASHED,
    PLAYER_FORFEITED,
    PLAYER_TIMED_OUT,
    digest_of,
    encode,
)
from engine.lineup import lineup
from engine.plain import LogError
from engine.players import BotPlayer, PlayerFault
from engine.reading import LazyLog, parse_jsonl
from engine.replay import Replay, fold, fork, verify
from engine.runner import run_match
from tests.engine.sealed_bids import GAME as BIDS


def find(name):
    return BIDS if name == "sealed_bids" else registry.get(name)


def bids_match(seed=4, rounds=3):
    seats, _ = lineup(BIDS, ["random", "random"])
    players = [BotPlayer(BIDS, BIDS.bots["random"]) for _ in seats]
    return run_match(BIDS, players, seats, seed, {"rounds": rounds})


def ttt_match(seed=4):
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, ["random", "greedy"])
    return run_match(game, players, seats, seed)


def test_state_at_any_event_equals_the_fold_of_its_prefix():
    match = bids_match(rounds=40)
    replay = Replay(BIDS, match.log.events, every=16)
    for seq in (0, 5, 15, 16, 17, 100, len(match.log) - 1, 3):
        state = None
        for event in match.log.events[: seq + 1]:
            state = BIDS.evolve(state, event)
        assert replay.state_at(seq) == state
    assert replay.state_at(len(match.log) - 1) == match.state


def test_seek_uses_snapshots_rather_than_folding_from_zero():
    match = bids_match(rounds=40)
    replay = Replay(BIDS, match.log.events, every=16)
    last = len(match.log) - 1
    replay.state_at(last)
    calls = []
    original = BIDS.evolve
    BIDS.evolve = lambda state, event: calls.append(event.seq) or original(state, event)
    try:
        replay.state_at(last)
    finally:
        del BIDS.evolve
    assert len(calls) <= 16


def _counting_folds(game):
    """The seqs ``game.evolve`` folds while the block runs (restored after)."""
    calls: list[int] = []
    original = game.evolve
    game.evolve = lambda state, event: calls.append(event.seq) or original(state, event)
    return calls, original


def test_the_event_a_snapshot_sits_after_is_served_from_that_snapshot():
    match = bids_match(rounds=40)
    replay = Replay(BIDS, match.log.events, every=16)
    replay.state_at(40)  # folds 0..40: snapshots after 15 and 31
    replay.state_at(0)  # the cursor goes back to the start
    calls, original = _counting_folds(BIDS)
    try:
        assert replay.state_at(31) == replay.state_at(31)
    finally:
        del BIDS.evolve
    assert calls == []


def test_stepping_forward_folds_one_event_a_step():
    match = bids_match(rounds=40)
    replay = Replay(BIDS, match.log.events, every=16)
    replay.state_at(3)
    calls, original = _counting_folds(BIDS)
    try:
        for seq in range(4, 40):
            replay.state_at(seq)
    finally:
        del BIDS.evolve
    assert calls == list(range(4, 40))


def test_blocks_of_a_folded_replay_give_every_state_from_a_snapshot():
    import pickle

    match = bids_match(rounds=20)
    replay = Replay(BIDS, match.log.events, every=16)
    replay.state_at(len(match.log) - 1)
    blocks = pickle.loads(pickle.dumps(list(replay.blocks())))  # as another process reads them
    assert [first for first, _, _ in blocks] == list(range(0, len(match.log), 16))
    for first, before, events in blocks:
        assert len(events) <= 16
        for k in range(len(events)):
            assert fold(BIDS, before, events[: k + 1], first) == replay.state_at(first + k)


def test_out_of_range_seek_is_an_index_error():
    replay = Replay(BIDS, bids_match().log.events)
    with pytest.raises(IndexError, match="out of range"):
        replay.state_at(10_000)


def test_a_seat_stream_hides_other_seats_secrets():
    match = bids_match()
    replay = Replay(BIDS, match.log.events)
    stream = replay.stream_for(0)
    for event in stream:
        if event.type in ("NoteDealt", "ActionSubmitted") and event.data["seat"] == 1:
            assert set(event.data) == {"seat"}
    own = [e for e in stream if e.type == "NoteDealt" and e.data["seat"] == 0]
    assert "note" in own[0].data
    assert all("note" not in e.data for e in replay.stream_for(None) if e.type == "NoteDealt")


def test_view_never_shows_another_seats_secret():
    match = bids_match()
    replay = Replay(BIDS, match.log.events)
    note_of_1 = next(
        e.data["note"] for e in match.log.events if e.type == "NoteDealt" and e.data["seat"] == 1
    )
    assert replay.view_at(len(match.log) - 1, 1)["note"] == note_of_1
    assert "note" not in replay.view_at(len(match.log) - 1, None)


@pytest.mark.parametrize("make", [bids_match, ttt_match])
def test_verify_accepts_an_untouched_log(make):
    match = make()
    verdict = verify(parse_jsonl(match.log.to_jsonl()), find)
    assert verdict.ok and verdict.digest == match.log.digest == verdict.recorded_digest


def as_read(events):
    """The events as a reader gives them: parsed from their lines, which verify
    compares first (``ReadLog.lines``)."""
    return parse_jsonl(b"".join(encode(e) + b"\n" for e in events))


#: verify is given the events as built, or as read back from their lines
FORMS = pytest.mark.parametrize("form", [list, as_read])


def edited(match, seq, **changes):
    events = list(match.log.events)
    e = events[seq]
    events[seq] = type(e)(e.type, {**e.data, **changes}, e.to, e.public, e.seq)
    return events


@FORMS
def test_verify_catches_an_edited_value(form):
    match = bids_match()
    seq = next(e.seq for e in match.log.events if e.type == "DiceRolled")
    die = match.log.events[seq].data["die"]
    verdict = verify(form(edited(match, seq, die=die % 6 + 1)), find)
    assert not verdict.ok and verdict.mismatch_seq == seq
    assert f'"die":{die}' in verdict.expected


@FORMS
def test_verify_catches_an_edited_action(form):
    match = ttt_match()
    seq = next(e.seq for e in match.log.events if e.type == "ActionSubmitted")
    taken = match.log.events[seq].data["action"]
    verdict = verify(form(edited(match, seq, action=(taken + 1) % 9)), find)
    assert not verdict.ok and verdict.mismatch_seq is not None


@FORMS
def test_verify_catches_a_dropped_event(form):
    match = bids_match()
    events = [e for e in match.log.events if e.seq != 6]
    renumbered = [type(e)(e.type, e.data, e.to, e.public, i) for i, e in enumerate(events)]
    verdict = verify(form(renumbered), find)
    assert not verdict.ok and verdict.mismatch_seq <= 6


@FORMS
def test_verify_catches_two_swapped_events(form):
    match = bids_match()
    events = list(match.log.events)
    events[5], events[6] = events[6], events[5]
    verdict = verify(
        form([type(e)(e.type, e.data, e.to, e.public, i) for i, e in enumerate(events)]), find
    )
    assert not verdict.ok and verdict.mismatch_seq == 5


@FORMS
def test_verify_catches_an_edited_last_event(form):
    match = bids_match()
    last = len(match.log) - 1
    verdict = verify(form(edited(match, last, reason="a different ending")), find)
    assert not verdict.ok and verdict.mismatch_seq == last
    assert verdict.recorded_digest != verdict.digest == match.log.digest


def test_verify_reads_lines_that_are_not_byte_canonical_as_their_encoding():
    """Spacing and key order are not part of a line's meaning: such a line
    verifies, and the digests are those of the canonical encoding."""
    match = bids_match()
    lines = match.log.to_jsonl().splitlines()
    obj = json.loads(lines[3])
    lines[3] = json.dumps(dict(reversed(list(obj.items()))), indent=1).replace("\n", " ").encode()
    read = parse_jsonl(b"\n".join(lines))
    assert read.lines[3] != match.log.lines[3]
    verdict = verify(read, find)
    assert verdict.ok and verdict.digest == verdict.recorded_digest == match.log.digest


def test_verify_catches_a_truncated_log():
    match = bids_match()
    with pytest.raises(LogError, match="incomplete"):
        verify(match.log.events[:-3], find)


def test_verify_reports_another_rules_version_clearly():
    events = list(ttt_match().log.events)
    header = events[0]
    events[0] = type(header)(header.type, {**header.data, "rules_version": 99}, header.to, None, 0)
    with pytest.raises(Exception, match="rules v99"):
        verify(events, find)


# sealed bids, seed 8: 0 MatchStarted, 1-2 NoteDealt, 3-4 ActionSubmitted,
# 5 BidsRevealed, 6 DiceRolled, 7 RoundScored, 8-9 ActionSubmitted, ...
@pytest.mark.parametrize(
    "cut, fork_point",
    [
        (1, 3),  # inside the set-up: carried to its end
        (3, 3),
        (8, 8),  # at a decision point: exact
        (4, 3),
        (9, 8),  # among a step's decisions: back to the step's start
        (5, 8),
        (6, 8),
        (7, 8),  # inside a step's rules events: carried to its end
    ],
)
def test_fork_starts_at_the_decision_point_nearest_the_cut(cut, fork_point):
    original = bids_match(seed=8)
    match = fork(BIDS, original.log.events[:cut], original.log.events[-1].data)
    assert len(match.log) == fork_point
    assert match.log.lines == original.log.lines[:fork_point]
    match.play([BotPlayer(BIDS, BIDS.bots["random"]) for _ in range(2)])
    assert match.log.events[-1].type == "MatchEnded"


def test_fork_lets_another_bot_take_over():
    original = bids_match(seed=8)
    match = fork(BIDS, original.log.events[:5], original.log.events[-1].data)
    match.play([BotPlayer(BIDS, BIDS.bots["high"]) for _ in range(2)])
    later = [e.data["bids"] for e in match.log.events[5:] if e.type == "BidsRevealed"]
    assert later and all(bids == [2, 2] for bids in later[1:])


def test_fork_refuses_an_edited_or_finished_prefix():
    original = bids_match(seed=8)
    with pytest.raises(LogError, match="already decided"):
        fork(BIDS, original.log.events[:-1], original.log.events[-1].data)
    with pytest.raises(LogError, match="re-simulate"):
        fork(BIDS, edited(original, 1, note=9)[:5], original.log.events[-1].data)


def test_export_round_trip_is_byte_identical():
    match = ttt_match()
    assert (
        b"".join(encode(e) + b"\n" for e in parse_jsonl(match.log.to_jsonl()))
        == match.log.to_jsonl()
    )


def test_fork_refuses_a_log_of_another_game():
    from engine.game import RulesError

    with pytest.raises(RulesError, match="cannot be forked with sealed_bids"):
        fork(BIDS, ttt_match().log.events[:3])


def test_the_players_that_take_over_a_fork_are_told_everything_their_seat_saw():
    """A fork's players are new: the first request of each carries every event its
    seat may see from the start, not only those after the recorded player's last."""
    original = bids_match(seed=8)
    match = fork(BIDS, original.log.events[:9], original.log.events[-1].data)
    told = {}

    class Spy(BotPlayer):
        def decide(self, request):
            told.setdefault(request.seat, [e.seq for e in request.new_events])
            return super().decide(request)

    match.play([Spy(BIDS, BIDS.bots["random"]) for _ in range(2)])
    for seat in (0, 1):
        seen = [e.seq for e in original.log.events[:8] if e.seen_by(seat) is not None]
        assert told[seat][: len(seen)] == seen


def test_a_fork_cut_among_a_steps_faults_keeps_the_fault_counts_of_the_steps_start():
    """A cut among a simultaneous step's fault events goes back to the step's start
    (docs/engine.md): the faults of that step, not in the prefix any more, must not
    be counted, or the fork's MatchEnded would not re-simulate."""
    seats, _ = lineup(BIDS, ["random", "random"])

    class Faulty(BotPlayer):
        def decide(self, request):
            return "not a bid"

    players = [Faulty(BIDS, BIDS.bots["random"]), BotPlayer(BIDS, BIDS.bots["random"])]
    original = run_match(BIDS, players, seats, 8, {"rounds": 3})
    fault = next(e.seq for e in original.log.events if e.type == "ActionRejected")
    match = fork(BIDS, original.log.events[: fault + 1], original.log.events[-1].data)
    assert len(match.log) == fault and match.faults == [0, 0]
    match.play([BotPlayer(BIDS, BIDS.bots["random"]) for _ in range(2)])
    assert verify(match.log.events, find).ok


def test_verify_accepts_a_forfeit_in_a_step_where_other_seats_answered():
    """A seat's last fault forfeits the match in a step where the other seats had
    answered: their answers are never written, and verify must not want them."""
    seats, _ = lineup(BIDS, ["random", "random"])

    class Silent(BotPlayer):
        def decide(self, request):
            raise PlayerFault(PLAYER_TIMED_OUT, "too slow")

    players = [Silent(BIDS, BIDS.bots["random"]), BotPlayer(BIDS, BIDS.bots["random"])]
    original = run_match(BIDS, players, seats, 8, {"rounds": 9})
    assert original.log.events[-2].type == "PlayerForfeited"
    assert original.log.events[-3].type == PLAYER_TIMED_OUT
    assert verify(original.log.events, find).ok
    assert verify(LazyLog(original.log.lines), find).ok  # the lines, decoded as read


# -- refusals: what verify, fork and a replay say when they cannot go on ------------------
HEADLESS = "a log starts with MatchStarted"


@pytest.mark.parametrize("cut", [0, 1], ids=["empty", "without its header"])
def test_a_log_that_does_not_start_with_match_started_is_refused_as_such(cut):
    events = bids_match().log.events[cut:] if cut else []
    for refuse in (
        lambda: verify(events, find),
        lambda: fork(BIDS, events),
        lambda: Replay(BIDS, events),
    ):
        with pytest.raises(LogError) as refused:
            refuse()
        assert str(refused.value) == HEADLESS


def test_verify_names_the_last_event_an_incomplete_log_has():
    events = bids_match().log.events[:-3]
    with pytest.raises(LogError) as refused:
        verify(events, find)
    last = len(events) - 1
    assert str(refused.value) == (
        f"the log is incomplete: it stops after event {last}, before MatchEnded"
    )


MISMATCHED_REVEAL = "the revealed seed and salt do not match the seed commitment in MatchStarted"


def test_a_tampered_reveal_is_a_failed_verdict_that_gives_the_reason_and_no_digest_of_its_own():
    """The reveal is checked before any re-simulation (docs/engine.md): the verdict
    gives why, the recorded log's digest and its rules version, and no re-simulated
    digest (none was made)."""
    match = bids_match()
    events = edited(match, len(match.log) - 1, salt="f" * 32)
    verdict = verify(events, find)
    assert verdict.ok is False and verdict.mismatch_seq is None
    assert verdict.reason == MISMATCHED_REVEAL == verdict.describe()
    assert verdict.digest == ""
    assert verdict.recorded_digest == digest_of(encode(e) for e in events)
    assert verdict.rules_version == BIDS.rules_version


def test_a_fork_needs_the_whole_logs_true_reveal():
    original = bids_match(seed=8)
    prefix, ending = original.log.events[:5], original.log.events[-1].data
    with pytest.raises(LogError) as refused:
        fork(BIDS, prefix)
    assert str(refused.value) == (
        "the log is incomplete: it has no MatchEnded, so its seed is not revealed "
        "and it cannot be re-simulated"
    )
    with pytest.raises(LogError) as refused:
        fork(BIDS, prefix, {**ending, "salt": "f" * 32})
    assert str(refused.value) == MISMATCHED_REVEAL


def test_a_seek_past_the_last_event_names_the_range_there_is():
    events = bids_match().log.events
    replay = Replay(BIDS, events)
    for seq in (len(events), -1):
        with pytest.raises(IndexError) as refused:
            replay.state_at(seq)
        assert str(refused.value) == f"event {seq} is out of range 0..{len(events) - 1}"


def unfoldable(match):
    """The match's events with NoteDealt 1 dealt to a seat that does not exist:
    it parses, but the rules cannot fold it."""
    return edited(match, 1, seat=9)


def test_an_event_the_rules_cannot_fold_is_a_log_error_naming_it_and_the_error():
    events = unfoldable(bids_match())
    with pytest.raises(LogError) as refused:
        Replay(BIDS, events).state_at(3)
    assert str(refused.value).startswith("event 1 cannot be folded: IndexError: ")


def test_a_block_names_the_unfoldable_event_by_its_seq_in_the_log():
    match = bids_match()
    events = unfoldable(match)
    with pytest.raises(LogError, match="^event 1 cannot be folded: IndexError"):
        fold(BIDS, BIDS.evolve(None, events[0]), events[1:4], 1)


def test_fork_says_why_it_refuses_a_prefix():
    original = bids_match(seed=8)
    ending = original.log.events[-1].data

    def refusal(prefix):
        with pytest.raises(LogError) as refused:
            fork(BIDS, prefix, ending)
        return str(refused.value)

    assert refusal(original.log.events[:-1]) == (
        "this prefix has already decided the match; take a shorter one"
    )
    die = original.log.events[6].data["die"]  # a rules event: the re-simulation makes another
    assert refusal(edited(original, 6, die=die % 6 + 1)[:9]) == (
        "the prefix does not re-simulate: it was edited"
    )
    # seat 0's bid (event 3) gone from a prefix that goes on past that step
    events = [e for e in original.log.events[:9] if e.seq != 3]
    assert refusal(events) == (
        "the prefix does not re-simulate: no recorded action for seat 0 at event 3"
    )


class Faulting(BotPlayer):
    """Seat 0's bot: two illegal bids, a timeout, a crash, then its process exits."""

    def __init__(self):
        super().__init__(BIDS, BIDS.bots["random"])
        self.faults = iter(
            [
                lambda: "not a bid",
                lambda: None,  # a rejected null: its event cannot hold the action
                lambda: (_ for _ in ()).throw(PlayerFault(PLAYER_TIMED_OUT, "too slow")),
                lambda: 1 / 0,
                lambda: (_ for _ in ()).throw(PlayerFault(PLAYER_CRASHED, "gone", exited=True)),
            ]
        )

    def decide(self, request):
        return next(self.faults)()


def test_verify_replays_each_recorded_fault_so_it_recurs():
    """docs/engine.md: a rejected action is fed again so the rejection must recur;
    a timeout or crash is raised again with its kind, reason and whether the
    process exited (which forfeits at once)."""
    seats, _ = lineup(BIDS, ["random", "random"])
    players = [Faulting(), BotPlayer(BIDS, BIDS.bots["random"])]
    original = run_match(BIDS, players, seats, 8, {"rounds": 9}, max_faults=9)
    kinds = [e.type for e in original.log.events if e.type in FAULT_TYPES]
    assert kinds == [ACTION_REJECTED] * 2 + [PLAYER_TIMED_OUT, PLAYER_CRASHED, PLAYER_CRASHED]
    assert original.log.events[-2].type == PLAYER_FORFEITED
    for events in (original.log.events, LazyLog(original.log.lines)):
        verdict = verify(events, find)
        assert verdict.ok and verdict.digest == original.log.digest


def test_a_fault_event_without_its_reason_is_an_event_that_differs_not_an_error():
    """A tampered fault event is reported as the first event that differs."""
    seats, _ = lineup(BIDS, ["random", "random"])
    players = [Faulting(), BotPlayer(BIDS, BIDS.bots["random"])]
    original = run_match(BIDS, players, seats, 8, {"rounds": 9}, max_faults=9)
    seq = next(e.seq for e in original.log.events if e.type == PLAYER_TIMED_OUT)
    events = list(original.log.events)
    e = events[seq]
    events[seq] = type(e)(
        e.type, {k: v for k, v in e.data.items() if k != "reason"}, e.to, e.public, seq
    )
    verdict = verify(events, find)
    assert not verdict.ok and verdict.mismatch_seq == seq


def renumbered(events):
    return [type(e)(e.type, e.data, e.to, e.public, i) for i, e in enumerate(events)]


def among_a_steps_decisions(inserted_data):
    """Sealed bids, seed 8, with an event inserted between seat 0's bid (event 3)
    and seat 1's (then event 5): a copy of seat 0's with ``inserted_data``."""
    original = bids_match(seed=8)
    events = list(original.log.events)
    bid = events[3]
    return renumbered(
        [*events[:4], type(bid)(bid.type, inserted_data, bid.to, bid.public), *events[4:]]
    )


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "action": 1},  # a second bid of seat 0: its first was its answer
        {"seat": "0", "action": 1},  # not a seat at all
        {"seat": None, "action": 1},
        {"seat": [0], "action": 1},
    ],
    ids=["second bid", "seat as text", "no seat", "seat as a list"],
)
def test_verify_names_an_event_slipped_among_a_steps_decisions(data):
    """The seats' answers are read from the whole run of player events at the
    step: the event slipped in is the first that differs, not an error."""
    for form in (list, as_read):
        verdict = verify(form(among_a_steps_decisions(data)), find)
        assert not verdict.ok and verdict.mismatch_seq == 4


def test_verify_names_a_bid_whose_seat_was_written_as_true():
    """JSON's true is not the seat 1 the re-simulation writes: that event differs."""
    original = bids_match(seed=8)
    events = edited(original, 4, seat=True)
    verdict = verify(events, find)
    assert not verdict.ok and verdict.mismatch_seq == 4
    assert '"seat":1' in verdict.expected and '"seat":true' in verdict.found


def test_a_log_that_goes_on_after_its_match_ended_differs_where_the_re_simulation_stopped():
    match = bids_match()
    end = match.log.events[-1]
    events = renumbered([*match.log.events, end])
    verdict = verify(events, find)
    last = len(events) - 1
    recorded = [encode(e) for e in events]
    assert verdict.ok is False and verdict.mismatch_seq == last
    assert verdict.expected == "(nothing: re-simulation stopped here)"
    assert verdict.found == recorded[last].decode()
    assert verdict.describe() == (
        f"event {last} differs\n  recorded:    {verdict.found}\n"
        f"  re-simulated: (nothing: re-simulation stopped here)"
    )
    assert verdict.digest == match.log.digest
    assert verdict.recorded_digest == digest_of(recorded)
    assert verdict.rules_version == BIDS.rules_version


def test_a_verdict_gives_the_recorded_event_that_differs_and_the_rules_version():
    match = bids_match()
    seq = next(e.seq for e in match.log.events if e.type == "DiceRolled")
    events = edited(match, seq, die=match.log.events[seq].data["die"] % 6 + 1)
    verdict = verify(events, find)
    assert verdict.ok is False and verdict.found == encode(events[seq]).decode()
    assert verdict.rules_version == BIDS.rules_version
    assert verdict.recorded_digest == digest_of(encode(e) for e in events)
    assert verify(match.log.events, find).rules_version == BIDS.rules_version


def test_a_lazily_read_log_is_compared_as_its_bytes():
    """verify_lines' logs must be canonical: a line with the same event spelt
    otherwise differs (docs/engine.md)."""
    match = bids_match()
    lines = list(match.log.lines)
    obj = json.loads(lines[3])
    lines[3] = json.dumps(obj, separators=(", ", ": ")).encode()
    verdict = verify(LazyLog(lines), find)
    assert not verdict.ok and verdict.mismatch_seq == 3


def test_a_header_the_rules_refuse_is_a_log_error_that_names_the_error():
    match = bids_match()
    events = list(match.log.events)
    header = events[0]
    options = {**header.data["options"], "rounds": 999}
    events[0] = type(header)(header.type, {**header.data, "options": options}, header.to, None, 0)
    with pytest.raises(LogError) as refused:
        verify(events, find)
    assert str(refused.value) == (
        "the log cannot be re-simulated: RulesError: option rounds must be at most 50"
    )


def test_verify_asks_the_rules_for_the_unlisted_decisions_only():
    """docs/engine.md: the runner asks ``pending_unlisted`` instead of ``pending``
    when its players answer from a recording (``verify``)."""
    match = bids_match()
    asked = []
    BIDS.pending = lambda state: asked.append("pending") or type(BIDS).pending(BIDS, state)
    BIDS.pending_unlisted = lambda state: (
        asked.append("unlisted") or type(BIDS).pending(BIDS, state)
    )
    try:
        assert verify(match.log.events, find).ok
    finally:
        del BIDS.pending, BIDS.pending_unlisted
    assert asked and set(asked) == {"unlisted"}


def test_a_fork_re_simulates_the_faults_in_its_prefix():
    seats, _ = lineup(BIDS, ["random", "random"])

    class Faulty(BotPlayer):
        def decide(self, request):
            return "not a bid"

    players = [Faulty(BIDS, BIDS.bots["random"]), BotPlayer(BIDS, BIDS.bots["random"])]
    original = run_match(BIDS, players, seats, 8, {"rounds": 3}, max_faults=2)
    assert original.log.events[-2].type == PLAYER_FORFEITED
    fault = next(e.seq for e in original.log.events if e.type == ACTION_REJECTED)
    match = fork(BIDS, original.log.events[: fault + 5], original.log.events[-1].data)
    assert match.faults == [1, 0]
    match.play(players)
    assert match.log.lines == original.log.lines  # the second fault forfeits, as before


def test_a_match_begun_like_a_log_tells_its_listeners():
    from engine.game import Header
    from engine.replay import begin_like, reveal

    match = bids_match()
    heard = []
    header = reveal(Header.from_json(match.log.events[0].data), match.log.events[-1].data)
    begin_like(BIDS, header, [lambda event, line: heard.append(line)])
    assert heard == match.log.lines[: len(heard)] and heard


def test_a_replay_counts_the_events_its_seeks_have_folded():
    """``folded``: the events folded since the replay was made (what seeking cost):
    none yet, then the prefix up to the first seek, then from the cursor on."""
    replay = Replay(BIDS, bids_match(rounds=40).log.events, every=16)
    assert replay.folded == 0
    replay.state_at(5)
    assert replay.folded == 6  # events 0..5
    replay.state_at(9)
    assert replay.folded == 10  # and 6..9, from the cursor


def test_serving_the_last_state_again_folds_nothing():
    replay = Replay(BIDS, bids_match(rounds=40).log.events, every=16)
    state = replay.state_at(20)
    folded = replay.folded
    assert replay.state_at(20) is state and replay.folded == folded


def test_a_replay_refuses_a_log_of_rules_it_cannot_fold_naming_both_versions():
    from engine.game import RulesError

    events = list(bids_match().log.events)
    header = events[0]
    events[0] = type(header)(header.type, {**header.data, "rules_version": 99}, header.to, None, 0)
    with pytest.raises(RulesError) as refused:
        Replay(BIDS, events)
    assert str(refused.value) == (
        f"this log was made by sealed_bids rules v99; this engine folds v{BIDS.rules_version}"
    )
