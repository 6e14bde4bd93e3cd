"""The match runner: recording actions, faults, secrets, forfeits and caps."""

import pytest

from engine.game import Decision, Outcome, Resolved, RulesError, Seat
from engine.games.tic_tac_toe.rules import TicTacToe
from engine.players import BotPlayer, PlayerFault
from engine.runner import Match, run_match
from tests.engine import sealed_bids
from tests.engine.sealed_bids import GAME as BIDS


class Scripted:
    """A bot that answers from a list, then the first legal action."""

    script: list = []

    def __init__(self, game, seat, rng):
        self.answers = list(self.script)

    def decide(self, request):
        answer = self.answers.pop(0) if self.answers else request.legal[0]
        if isinstance(answer, Exception):
            raise answer
        return answer


def scripted(*answers):
    return type("Script", (Scripted,), {"script": list(answers)})


def play(*bot_classes, seed=1, game=BIDS, **kwargs):
    seats = [Seat(c.__name__) for c in bot_classes]
    players = [BotPlayer(game, c) for c in bot_classes]
    return run_match(game, players, seats, seed, **kwargs)


def types(match):
    return [e.type for e in match.log.events]


def test_a_match_starts_and_ends_with_the_header_and_the_outcome():
    match = play(sealed_bids.HighBidder, sealed_bids.HighBidder)
    first, last = match.log.events[0], match.log.events[-1]
    assert first.type == "MatchStarted"
    assert first.data["game"] == "sealed_bids" and first.data["options"] == {"rounds": 3}
    assert last.type == "MatchEnded"
    assert last.data["ranks"] == [1, 1] and last.data["reason"] == "all rounds played"


def test_secret_actions_are_private_with_a_public_twin():
    match = play(sealed_bids.HighBidder, sealed_bids.HighBidder)
    submitted = [e for e in match.log.events if e.type == "ActionSubmitted"]
    assert len(submitted) == 6
    for event in submitted:
        assert event.to == (event.data["seat"],)
        assert event.public == {"seat": event.data["seat"]}


def test_an_illegal_action_is_rejected_with_a_reason_and_the_default_played():
    match = play(scripted(7), sealed_bids.HighBidder)
    rejected = [e for e in match.log.events if e.type == "ActionRejected"]
    assert len(rejected) == 1
    assert rejected[0].data["reason"] == "not one of the legal actions"
    assert rejected[0].data["action"] == 7 and rejected[0].to == (0,)
    following = match.log.events[rejected[0].seq + 1 :]
    first_submission = next(e for e in following if e.type == "ActionSubmitted")
    assert first_submission.data == {"seat": 0, "action": 0}


@pytest.mark.parametrize(
    "answer, kind, reason",
    [
        (
            PlayerFault("PlayerTimedOut", "no answer in 1000 ms"),
            "PlayerTimedOut",
            "no answer in 1000 ms",
        ),
        (ZeroDivisionError("boom"), "PlayerCrashed", "ZeroDivisionError: boom"),
        (1.5, "PlayerCrashed", "floats"),
    ],
)
def test_a_failing_player_is_recorded_and_the_match_goes_on(answer, kind, reason):
    match = play(scripted(answer), sealed_bids.HighBidder)
    fault = next(e for e in match.log.events if e.type == kind)
    assert fault.data["seat"] == 0 and reason in fault.data["reason"]
    assert types(match)[-1] == "MatchEnded"


def test_repeated_faults_forfeit_and_the_forfeiter_ranks_last():
    always_wrong = scripted(*[9] * 10)
    match = play(always_wrong, sealed_bids.HighBidder, max_faults=2, options={"rounds": 10})
    assert "PlayerForfeited" in types(match)
    assert match.outcome.ranks == (2, 1) and match.outcome.reason == "forfeit"


def test_a_forfeiting_seat_ranks_last_even_when_it_was_ahead_on_score():
    """Module contract: ``max_faults`` faults forfeit the match, and the forfeiting
    seat ranks below every other, whatever its score. Seat 0 wins the first two
    rounds' bids (so it leads on points), then faults twice."""
    leader = scripted(2, 2, 9, 9)
    match = play(leader, scripted(*[0] * 10), max_faults=2, options={"rounds": 10})
    assert match.outcome.reason == "forfeit"
    assert match.outcome.scores[0] > match.outcome.scores[1] == 0
    assert match.outcome.ranks == (2, 1)


def test_a_turn_based_seat_forfeits_at_exactly_max_faults():
    """Module contract: ``max_faults`` faults forfeit (the third of 3, not a
    fourth), in a game with one seat to move at a time as in one with several."""
    from engine import registry

    game = registry.get("tic_tac_toe")
    always_wrong = scripted(*[99] * 10)
    match = play(always_wrong, scripted(), game=game, max_faults=3)
    rejected = [e for e in match.log.events if e.type == "ActionRejected"]
    (forfeit,) = [e for e in match.log.events if e.type == "PlayerForfeited"]
    assert len(rejected) == 3 and forfeit.data == {"seat": 0, "faults": 3}
    assert match.outcome.reason == "forfeit" and match.outcome.ranks == (2, 1)


def test_the_step_cap_always_ends_a_match():
    match = play(
        sealed_bids.HighBidder, sealed_bids.HighBidder, max_steps=2, options={"rounds": 10}
    )
    assert match.outcome.reason == "step cap of 2 reached"
    assert sum(1 for e in match.log.events if e.type == "BidsRevealed") == 2


def test_same_seed_same_bytes_other_seed_other_log():
    bots = (BIDS.bots["random"], BIDS.bots["random"])
    a, b, c = play(*bots, seed=5), play(*bots, seed=5), play(*bots, seed=6)
    assert a.log.to_jsonl() == b.log.to_jsonl()
    assert a.log.digest != c.log.digest


@pytest.mark.parametrize(
    "seats, options, message",
    [
        (["a"], {}, "played by 2, 3 seats"),
        (["a", "b"], {"colour": "red"}, "no option 'colour'"),
        (["a", "b"], {"rounds": "many"}, "takes an integer"),
        (["a", "b"], {"rounds": 0}, "at least 1"),
    ],
)
def test_bad_match_requests_are_refused_before_any_event(seats, options, message):
    with pytest.raises(RulesError, match=message):
        Match.begin(BIDS, [Seat(s) for s in seats], 1, options)


def test_the_step_cap_counts_every_turn_of_a_turn_based_game():
    from engine import registry
    from engine.lineup import lineup

    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, ["random", "random"])
    match = run_match(game, players, seats, 1, max_steps=3)
    assert match.outcome.reason == "step cap of 3 reached"
    assert sum(1 for e in match.log.events if e.type == "ActionSubmitted") == 3


def test_json_true_is_not_the_legal_number_one():
    match = play(scripted(True), sealed_bids.HighBidder)
    rejected = next(e for e in match.log.events if e.type == "ActionRejected")
    assert rejected.data["action"] is True


def test_json_true_inside_an_action_is_not_the_legal_number_one():
    from engine.game import Decision

    legal = [{"bot": 1, "steps": 1}, {"bot": True, "steps": 2}]
    decision = Decision(0, legal[0], legal)
    assert decision.reject_reason({"bot": True, "steps": 1}) == "not one of the legal actions"
    assert decision.reject_reason({"bot": 1, "steps": 1}) is None
    assert decision.reject_reason({"bot": True, "steps": 2}) is None


def test_a_checker_that_chokes_on_a_hostile_action_rejects_it():
    from engine.game import Decision

    class Picky(sealed_bids.SealedBids):
        def pending(self, state):
            return [
                Decision(
                    d.seat,
                    0,
                    None,
                    check=lambda a: None if a["bid"] in (0, 1, 2) else "no",
                    secret=True,
                )
                for d in super().pending(state)
            ]

    game = Picky()
    players = [BotPlayer(game, scripted("not a dict")), BotPlayer(game, sealed_bids.HighBidder)]
    match = run_match(game, players, [Seat("a"), Seat("b")], 1)
    rejected = next(e for e in match.log.events if e.type == "ActionRejected")
    assert rejected.data["reason"].startswith("the rules could not read the action (TypeError: ")
    assert match.log.events[-1].type == "MatchEnded"


def test_players_are_closed_when_a_match_aborts():
    closed = []

    class Holder(BotPlayer):
        def close(self):
            closed.append(self)

    class Broken(sealed_bids.SealedBids):
        def resolve(self, state, actions, rng):
            raise RuntimeError("rules bug")

    game = Broken()
    players = [Holder(game, sealed_bids.HighBidder), Holder(game, sealed_bids.HighBidder)]
    with pytest.raises(RuntimeError, match="rules bug"):
        run_match(game, players, [Seat("a"), Seat("b")], 1)
    assert closed == players


class FoldingBids(sealed_bids.SealedBids):
    """Sealed bids whose ``resolve`` folds the first ``known`` of its events and
    hands that state back; its ``evolve`` counts the runner's folds."""

    def __init__(self, known):
        self.known, self.runner_folds = known, 0
        self.bots = BIDS.bots

    def evolve(self, state, event):
        self.runner_folds += 1
        return super().evolve(state, event)

    def resolve(self, state, actions, rng):
        events = super().resolve(state, actions, rng)
        for event in events[: self.known]:
            state = super().evolve(state, event)
        return Resolved(events, state, self.known)


@pytest.mark.parametrize("known", [0, 1, 3])
def test_the_runner_folds_only_the_events_resolve_has_not_folded(known):
    game = FoldingBids(known)
    random = BIDS.bots["random"]
    match = play(random, random, seed=3, options={"rounds": 4}, game=game)
    # MatchStarted, two notes, MatchEnded; each round two actions and 3 - known events
    assert game.runner_folds == 4 + 4 * (2 + 3 - known)
    assert (
        match.log.to_jsonl() == play(random, random, seed=3, options={"rounds": 4}).log.to_jsonl()
    )
    assert match.state.round == 4 and match.outcome is not None


@pytest.mark.parametrize("game_name", ["sealed_bids", "tic_tac_toe"])
def test_a_player_whose_process_exited_forfeits_at_its_first_fault(game_name):
    """A dead bot cannot answer again: one fault that says so forfeits at once (in a
    game of simultaneous decisions as in a turn-based one), not ``max_faults`` of
    default moves later, and the log re-simulates."""
    from engine import registry
    from engine.replay import verify

    game = BIDS if game_name == "sealed_bids" else registry.get(game_name)
    dead = PlayerFault("PlayerCrashed", "the bot exited with status 1", exited=True)
    match = play(scripted(dead), scripted(), game=game, max_faults=5)
    (crash,) = [e for e in match.log.events if e.type == "PlayerCrashed"]
    assert crash.data == {
        "seat": 0,
        "reason": "the bot exited with status 1",
        "faults": 1,
        "exited": True,
    }
    assert types(match)[-2:] == ["PlayerForfeited", "MatchEnded"]
    assert match.outcome.reason == "forfeit" and match.outcome.ranks == (2, 1)
    find = {"sealed_bids": BIDS}.get
    assert verify(match.log.events, lambda name: find(name) or registry.get(name)).ok


def test_a_fault_without_exited_still_plays_the_default_until_max_faults():
    """The events of logs made before the rule never say ``exited``: such faults
    keep the old rule, so those logs re-simulate as they were played."""
    crash = PlayerFault("PlayerCrashed", "the bot exited with status 1")
    match = play(scripted(crash, crash), sealed_bids.HighBidder, max_faults=5)
    crashes = [e for e in match.log.events if e.type == "PlayerCrashed"]
    assert len(crashes) == 2 and all("exited" not in e.data for e in crashes)
    assert match.outcome.reason != "forfeit"


def test_a_rejected_secret_action_is_shown_only_to_its_seat():
    """A secret decision's rejected action is private to its seat; every other seat
    sees the fault's public twin: who, why and how many faults, not the action."""
    match = play(scripted(7), sealed_bids.HighBidder)
    (rejected,) = [e for e in match.log.events if e.type == "ActionRejected"]
    assert rejected.to == (0,) and rejected.data["action"] == 7
    assert rejected.public == {"seat": 0, "reason": "not one of the legal actions", "faults": 1}


def test_a_rejected_public_action_is_recorded_for_everyone():
    """docs/protocol.md: an illegal action is rejected and recorded; in a game whose
    decisions are not secret the fault, action included, is public, and so is the
    default played in its place."""
    from engine import registry

    game = registry.get("tic_tac_toe")
    match = play(scripted(99), scripted(), game=game)
    rejected = next(e for e in match.log.events if e.type == "ActionRejected")
    assert rejected.to == "all" and rejected.public is None
    assert rejected.data == {
        "seat": 0,
        "reason": "not one of the legal actions",
        "faults": 1,
        "action": 99,
    }
    default = match.log.events[rejected.seq + 1]
    assert default.type == "ActionSubmitted" and default.to == "all"
    assert default.data["seat"] == 0 and default.public is None


def test_the_default_played_after_a_secret_fault_stays_secret():
    """The default a faulting seat plays in a secret decision is an action like any
    other: private to its seat, with the public twin that names only the seat."""
    timeout = PlayerFault("PlayerTimedOut", "no answer in 1000 ms")
    match = play(scripted(timeout), sealed_bids.HighBidder)
    fault = next(e for e in match.log.events if e.type == "PlayerTimedOut")
    default = next(
        e
        for e in match.log.events[fault.seq :]
        if e.type == "ActionSubmitted" and e.data["seat"] == 0
    )
    assert default.data == {"seat": 0, "action": 0}
    assert default.to == (0,) and default.public == {"seat": 0}


def test_a_faults_reason_is_cut_to_500_characters():
    """docs/protocol.md: a reason is kept to its first 500 characters (a bot's long
    error stays out of the log; a re-simulated fault must cut it the same way)."""
    long = PlayerFault("PlayerCrashed", "x" * 499 + "yz" + "w" * 100)
    match = play(scripted(long), sealed_bids.HighBidder)
    crash = next(e for e in match.log.events if e.type == "PlayerCrashed")
    assert crash.data["reason"] == "x" * 499 + "y"


def test_a_match_has_no_outcome_until_it_ends():
    match = Match.begin(BIDS, [Seat("a"), Seat("b")], 1)
    assert match.outcome is None
    players = [BotPlayer(BIDS, sealed_bids.HighBidder) for _ in range(2)]
    outcome = match.play(players)
    assert match.outcome == outcome is not None


def test_match_ended_counts_every_seats_faults():
    """docs/engine.md: ``MatchEnded`` carries the fault counts, one per seat."""
    match = play(scripted(7, 8), scripted(9), max_faults=5)
    ended = match.log.events[-1]
    assert ended.type == "MatchEnded" and ended.data["faults"] == [2, 1]


class UnlistedBids(sealed_bids.SealedBids):
    """Sealed bids whose ``pending_unlisted`` lists no legal actions (it checks one
    at a time), as a game does where listing them all costs too much."""

    def pending_unlisted(self, state):
        return [
            Decision(d.seat, d.default, None, check=lambda a: None, secret=True)
            for d in self.pending(state)
        ]


def test_a_live_match_hands_its_players_the_lists_of_legal_actions():
    """``pending_unlisted`` is for a re-simulation, whose players answer from a
    recording: players deciding live read ``pending``'s legal actions."""
    game = UnlistedBids()
    seen = []

    class Reader:
        def __init__(self, game, seat, rng):
            pass

        def decide(self, request):
            seen.append(request.legal)
            return request.legal[-1]

    players = [BotPlayer(game, Reader), BotPlayer(game, Reader)]
    match = run_match(game, players, [Seat("a"), Seat("b")], 1)
    assert seen and all(legal == [0, 1, 2] for legal in seen)
    assert match.log.events[-1].type == "MatchEnded"


def with_a_tuple_default(base):
    """``base``'s game with a rules bug: every default is a tuple, not plain JSON."""

    class TupleDefault(base):
        def pending(self, state):
            return [
                Decision(d.seat, (0,), d.legal, secret=d.secret, prompt=d.prompt)
                for d in super().pending(state)
            ]

    return TupleDefault()


@pytest.mark.parametrize("base", [sealed_bids.SealedBids, TicTacToe])
def test_a_default_that_is_not_plain_json_stops_the_match(base):
    """A default played after a fault goes through the log's checks (with several
    seats to decide as with one): a rules bug that makes it a tuple stops the match
    rather than being logged as a list."""
    from engine.plain import LogError

    game = with_a_tuple_default(base)
    players = [BotPlayer(game, scripted(99)), BotPlayer(game, scripted())]
    with pytest.raises(LogError, match="tuple is not plain JSON"):
        run_match(game, players, [Seat("a"), Seat("b")], 1)


def test_play_refuses_a_player_count_other_than_the_seat_count():
    match = Match.begin(BIDS, [Seat("a"), Seat("b")], 1)
    with pytest.raises(RulesError, match="^2 seats but 1 players$"):
        match.play([BotPlayer(BIDS, sealed_bids.HighBidder)])


class Walkover(sealed_bids.SealedBids):
    """Sealed bids that its set-up already decides: seat 0 wins before any bid."""

    def outcome(self, state):
        return Outcome((1, 2), (1, 0), "walkover")


def test_a_match_decided_by_its_set_up_ends_without_asking_anyone():
    asked = []

    class Asked:
        def __init__(self, game, seat, rng):
            pass

        def decide(self, request):
            asked.append(request)
            return 0

    game = Walkover()
    players = [BotPlayer(game, Asked), BotPlayer(game, Asked)]
    match = run_match(game, players, [Seat("a"), Seat("b")], 1)
    assert asked == [] and match.outcome.reason == "walkover"
    assert types(match) == ["MatchStarted", "NoteDealt", "NoteDealt", "MatchEnded"]


def test_on_end_hears_the_outcome_once_the_log_is_ended_and_before_any_player():
    """``play``: ``on_end(outcome)`` is called once ``MatchEnded`` closes the log and
    before any player hears the result."""
    heard = []

    class Listening(BotPlayer):
        def finish(self, outcome):
            heard.append(("player", outcome))

    match = Match.begin(BIDS, [Seat("a"), Seat("b")], 1)
    players = [Listening(BIDS, sealed_bids.HighBidder) for _ in range(2)]

    def on_end(outcome):
        heard.append(("on_end", outcome, match.log.events[-1].type))

    outcome = match.play(players, on_end)
    assert heard == [("on_end", outcome, "MatchEnded"), ("player", outcome), ("player", outcome)]


class Stuck(sealed_bids.SealedBids):
    """A rules bug: after the first round nobody must act, yet there is no outcome."""

    def pending(self, state):
        return super().pending(state) if state.round == 0 else []


def test_rules_that_ask_no_one_and_end_nothing_are_reported_as_a_rules_bug():
    game = Stuck()
    players = [BotPlayer(game, sealed_bids.HighBidder) for _ in range(2)]
    with pytest.raises(RulesError, match="^sealed_bids: no seat must act, yet no outcome$"):
        run_match(game, players, [Seat("a"), Seat("b")], 1)


def test_a_simultaneous_forfeit_names_the_seat_and_its_faults():
    always_wrong = scripted(*[9] * 10)
    match = play(always_wrong, sealed_bids.HighBidder, max_faults=2, options={"rounds": 10})
    (forfeit,) = [e for e in match.log.events if e.type == "PlayerForfeited"]
    assert forfeit.data == {"seat": 0, "faults": 2} and forfeit.to == "all"


def test_each_request_brings_the_events_since_the_seats_last_one_each_once():
    """``Request.new_events``: the events the seat may see since its last request
    (the first request: since the start), so a bot sees every event once."""
    got = {0: [], 1: []}

    class Collecting:
        def __init__(self, game, seat, rng):
            self.seat = seat

        def decide(self, request):
            got[self.seat].extend(request.new_events)
            return 1

    match = play(Collecting, Collecting)
    for seat, events in got.items():
        last_asked = events[-1].seq
        shown = [e.seen_by(seat) for e in match.log.events[: last_asked + 1]]
        assert events == [e for e in shown if e is not None]


def test_an_action_that_is_not_plain_json_is_a_crash_that_says_why():
    match = play(scripted(1.5), sealed_bids.HighBidder)
    crash = next(e for e in match.log.events if e.type == "PlayerCrashed")
    assert crash.data["reason"] == "the bot returned action: floats are not allowed in a log (1.5)"


@pytest.mark.parametrize("log_format, hashed", [(2, True), (1, False)])
def test_each_rules_step_draws_from_the_stream_named_by_the_log_length(log_format, hashed):
    """docs/engine.md: the rules step that starts when the log holds ``n`` events
    draws from stream ``n`` of the seed, keyed by a hash from format 2 on."""
    from engine.rng import Rng

    match = Match.begin(BIDS, [Seat("a"), Seat("b")], 41, log_format=log_format)
    match.play([BotPlayer(BIDS, sealed_bids.HighBidder) for _ in range(2)])
    set_up = Rng(41, 1, hashed=hashed)  # the set-up follows MatchStarted
    notes = [e.data["note"] for e in match.log.events if e.type == "NoteDealt"]
    assert notes == [set_up.die(), set_up.die()]
    for event in match.log.events:
        if event.type == "BidsRevealed":  # the first event of its step
            die = match.log.events[event.seq + 1]
            assert die.data["die"] == Rng(41, event.seq, hashed=hashed).die()


@pytest.mark.parametrize("seed", ["7", True, 7.0])
def test_a_seed_that_is_not_an_integer_is_refused(seed):
    with pytest.raises(RulesError, match="^the seed must be an integer$"):
        Match.begin(BIDS, [Seat("a"), Seat("b")], seed)


def test_teams_a_game_does_not_play_are_refused_before_any_event():
    seats = [Seat("a", team=0), Seat("b", team=0)]
    message = (
        r"^sealed_bids with 2 seats plays no teams \(every seat for itself\), not teams \[2\]$"
    )
    with pytest.raises(RulesError, match=message):
        Match.begin(BIDS, seats, 1)


def test_teams_are_checked_against_the_alliances_of_the_options_asked_for():
    """Dogfight plays teams only with its ``teams`` option: the same seating is a
    match with ``2v2`` and refused without it."""
    from engine import registry

    game = registry.get("dogfight")
    seats = [Seat("a", team=0), Seat("b", team=0), Seat("c", team=1), Seat("d", team=1)]
    match = Match.begin(game, seats, 1, {"teams": "2v2"})
    assert match.log.events[0].data["options"]["teams"] == "2v2"
    with pytest.raises(RulesError, match="not teams"):
        Match.begin(game, seats, 1)
