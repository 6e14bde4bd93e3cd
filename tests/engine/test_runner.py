"""The match runner: recording actions, faults, secrets, forfeits and caps."""

import pytest

from engine.game import Resolved, RulesError, Seat
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
    assert "could not read the action" in rejected.data["reason"]
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
