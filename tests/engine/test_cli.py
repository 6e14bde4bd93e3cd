"""The ``scrimmage`` command line, run as a real process where it matters."""

import json
import subprocess
import sys

import pytest

from engine.cli import main


def scrimmage(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True)


def test_play_prints_the_result_and_the_same_digest_twice(tmp_path):
    first = scrimmage(
        "play", "tic_tac_toe", "greedy", "random", "--seed", "7", "--out", str(tmp_path / "a.jsonl")
    )
    second = scrimmage("play", "tic_tac_toe", "greedy", "random", "--seed", "7")
    assert first.returncode == 0, first.stderr
    assert "seat 0 greedy: rank" in first.stdout
    digest = first.stdout.strip().splitlines()[-1]
    assert digest.startswith("digest ") and digest == second.stdout.strip().splitlines()[-1]
    assert (tmp_path / "a.jsonl").read_bytes().count(b"\n") > 2


def test_verify_passes_an_untouched_log_and_names_the_first_difference(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    assert main(["play", "tic_tac_toe", "random", "random", "--seed", "4", "--out", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 0
    assert capsys.readouterr().out.startswith("ok rules v1 digest ")
    lines = log.read_text().splitlines()
    record = json.loads(lines[2])
    record["data"]["action"] = next(
        c for c in range(9) if c != record["data"]["action"] and f'"action":{c},' not in lines[1]
    )
    lines[2] = json.dumps(record, sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    # the edited move is legal, so re-simulation accepts it and (with this seed)
    # diverges later
    assert main(["verify", str(log)]) == 1
    assert "differs" in capsys.readouterr().err


def test_verify_against_a_known_digest(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    digest = capsys.readouterr().out.strip().splitlines()[-1].split()[-1]
    assert main(["verify", str(log), "--digest", digest]) == 0
    assert main(["verify", str(log), "--digest", "0" * 64]) == 1
    assert "not the expected" in capsys.readouterr().err


def test_replay_prints_the_state_or_a_seats_view(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log), "--at", "2"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert sum(1 for cell in state["board"] if cell >= 0) == 2
    assert main(["replay", str(log), "--at", "2", "--seat", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["you"] == 1


def test_selfplay_json_counts_every_match():
    out = scrimmage(
        "selfplay", "tic_tac_toe", "greedy", "random", "--matches", "20", "--seed", "1", "--json"
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["matches"] == 20 and result["matches_per_second"] > 0
    for tally in result["bots"].values():
        assert sum(tally.values()) == 20
    assert result["bots"]["greedy"]["wins"] > result["bots"]["random"]["wins"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess", "a", "b"], "unknown game 'chess'"),
        (["play", "tic_tac_toe", "greedy", "deep"], "no built-in bot 'deep'"),
        (["play", "tic_tac_toe", "greedy"], "played by 2 seats, not 1"),
        (["play", "tic_tac_toe", "greedy", "random", "--option", "size=4"], "no option 'size'"),
        (["play", "tic_tac_toe", "greedy", "random", "--option", "size"], "key=value"),
        (["play", "tic_tac_toe", "greedy", "random", "--seed", "x"], "invalid int value"),
        (
            [
                "selfplay",
                "tic_tac_toe",
                "random",
                "random",
                "--seed",
                str(2**64 - 1),
                "--matches",
                "2",
            ],
            "past the largest seed",
        ),
        (["verify", "m.jsonl", "--digest", ""], "invalid digest (64 hex digits)"),
        (["verify", "m.jsonl", "--digest", "0" * 63], "invalid digest"),
        (["verify", "/no/such/file.jsonl"], "cannot read /no/such/file.jsonl"),
        (["frobnicate"], "invalid choice"),
        (["selfplay", "tic_tac_toe", "random", "random", "--matches", "0"], "at least 1"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args, message):
    out = scrimmage(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    "content", [b"garbage\n", b"", b'{"seq":0,"type":"X","data":{},"to":"all"}\n']
)
def test_unreadable_or_malformed_logs_are_refused_cleanly(tmp_path, content):
    log = tmp_path / "bad.jsonl"
    log.write_bytes(content)
    for command in (["verify", str(log)], ["replay", str(log), "--at", "0"]):
        out = scrimmage(*command)
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1


def test_replay_refuses_an_event_index_out_of_range(tmp_path):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--out", str(log)])
    out = scrimmage("replay", str(log), "--at", "999")
    assert out.returncode == 2 and "--at must be between 0 and" in out.stderr


def test_an_unwritable_out_file_is_refused_before_playing():
    out = scrimmage("play", "tic_tac_toe", "random", "random", "--out", "/no/such/dir/m.jsonl")
    assert out.returncode == 2 and "cannot write /no/such/dir/m.jsonl" in out.stderr
    assert "seat 0" not in out.stdout


def test_a_log_the_rules_cannot_fold_is_refused_cleanly(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    lines = log.read_text().splitlines()
    lines[1] = lines[1].replace('"action":', '"action":"x","was":')
    lines[1] = json.dumps(json.loads(lines[1]), sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    out = scrimmage("replay", str(log), "--at", "3")
    assert out.returncode == 2 and "event 1 cannot be folded" in out.stderr, out.stderr
    out = scrimmage("verify", str(log))  # re-simulation rejects the action: a mismatch
    assert out.returncode == 1 and "event 1 differs" in out.stderr and "Traceback" not in out.stderr


def test_the_largest_seed_plays():
    out = scrimmage("play", "tic_tac_toe", "random", "random", "--seed", str(2**64 - 1))
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize(
    "source, message",
    [
        ("/dev/zero", "line 1: longer than"),  # endless: refused at the line cap, not read whole
        ("deep", "line 1: nested more than 64 deep"),
        ("deep data", "event 0 data: nested more than 64 deep"),
        ("long", "line 2: longer than"),
    ],
)
def test_huge_or_deeply_nested_logs_are_one_line_and_exit_2(tmp_path, source, message):
    if source != "/dev/zero":
        log = tmp_path / "bad.jsonl"
        head = '{"data":'
        tail = ',"seq":0,"to":"all","type":"MatchStarted"}'
        with log.open("w") as f:
            if source == "deep":
                f.write("[" * 100_000 + "]" * 100_000 + "\n")
            elif source == "deep data":
                f.write(head + '{"x":' + "[" * 65 + "]" * 65 + "}" + tail + "\n")
            else:
                f.write(head + "{}" + tail + "\n" + " " * (9 << 20) + "\n")
        source = str(log)
    for command in (["verify", source], ["replay", source, "--at", "0"]):
        out = scrimmage(*command)
        assert out.returncode == 2, out.stderr
        assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def edited(lines: list[bytes], at: int, how: str) -> bytes:
    """The log ``lines`` with line ``at`` changed in a way that parses to the same
    event but is not its canonical bytes."""
    line = lines[at]
    if how == "a key twice":
        line = line.replace(b'"seq":', b'"seq":%d,"seq":' % at, 1)
    elif how == "spaces":
        line = json.dumps(json.loads(line), sort_keys=True).encode()
    elif how == "keys out of order":
        line = json.dumps(dict(reversed(json.loads(line).items())), separators=(",", ":")).encode()
    elif how == "a CRLF line end":
        line += b"\r"
    elif how == "an empty line after it":
        line += b"\n"
    return b"".join(x + b"\n" for x in lines[:at] + [line] + lines[at + 1 :])


@pytest.mark.parametrize(
    "how",
    ["a key twice", "spaces", "keys out of order", "a CRLF line end", "an empty line after it"],
)
def test_verify_requires_every_line_to_be_its_events_canonical_bytes(tmp_path, capsys, how):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    lines = log.read_bytes().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(edited(lines, 2, how))
    assert json.loads(lines[2]) == json.loads(bad.read_bytes().splitlines()[2])  # same event
    capsys.readouterr()
    assert main(["verify", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    number = 4 if how == "an empty line after it" else 3
    assert err.startswith(f"scrimmage: line {number}: ") and (
        "canonical encoding" in err or "an empty line" in err
    ), err
    assert main(["verify", str(log)]) == 0


def test_an_integer_of_more_than_4300_digits_is_one_line_and_exit_2(tmp_path):
    log = tmp_path / "big.jsonl"
    log.write_text('{"data":{"x":1' + "0" * 5000 + '},"seq":0,"to":"all","type":"A"}\n')
    for command in (["verify", str(log)], ["replay", str(log), "--at", "0"]):
        out = scrimmage(*command)
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        (line,) = out.stderr.strip().splitlines()
        assert line == "scrimmage: line 1: an integer of more than 4300 digits"


def test_a_log_cut_before_its_end_is_incomplete_not_ok(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    lines = log.read_bytes().splitlines(keepends=True)
    # cut at every point: before a decision, inside a step's events, just before the end
    for keep in range(1, len(lines)):
        cut = tmp_path / f"cut{keep}.jsonl"
        cut.write_bytes(b"".join(lines[:keep]))
        capsys.readouterr()
        assert main(["verify", str(cut)]) == 2, keep
        err = capsys.readouterr().err
        assert err.startswith("scrimmage: the log is incomplete") and err.count("\n") == 1
        assert f"stops after event {keep - 1}, before MatchEnded" in err
    assert main(["verify", str(log)]) == 0


@pytest.mark.parametrize("seed", ["-1", str(2**64), str(2**70)])
def test_play_refuses_a_seed_outside_64_bits(seed, capsys):
    assert main(["play", "tic_tac_toe", "random", "random", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the seed must be between 0 and" in err


def test_replay_describe_prints_each_event_in_the_games_words(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "connect_four", "greedy", "random", "--seed", "3", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log), "--describe"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(log.read_text().splitlines())
    assert lines[0].split(None, 1) == ["0", "The match begins: greedy and random."]
    assert lines[1].split(None, 1)[1].startswith("greedy (seat 0) drops a red disc into column")
    assert lines[-1].split(None, 1)[1].startswith("The match ends:")
    assert main(["replay", str(log), "--describe", "--at", "2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_replay_needs_at_or_describe_and_a_describe_in_range(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    main(["play", "tic_tac_toe", "random", "random", "--seed", "3", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log)]) == 2
    assert "--at N" in capsys.readouterr().err
    assert main(["replay", str(log), "--describe", "--at", "99"]) == 2
    assert "--at must be between 0 and" in capsys.readouterr().err
