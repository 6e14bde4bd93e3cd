"""The event log contract: encoding, the hash chain, and strict parsing."""

import hashlib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import engine.events
from engine.canonical import ENCODER
from engine.events import MAX_LINE_BYTES, Event, Log, chain, digest_of, encode
from engine.plain import MAX_DEPTH, LogError, check_plain
from engine.reading import parse_jsonl


def test_encoding_is_sorted_compact_utf8():
    event = Event("Said", {"zeta": 1, "alpha": "é"}, seq=3)
    assert (
        encode(event) == '{"data":{"alpha":"é","zeta":1},"seq":3,"to":"all","type":"Said"}'.encode()
    )


def test_private_event_encodes_seats_as_a_list_and_its_twin():
    event = Event("Dealt", {"card": 7}, (1,), {"seat": 1}, seq=0)
    assert (
        encode(event) == b'{"data":{"card":7},"public":{"seat":1},"seq":0,"to":[1],"type":"Dealt"}'
    )


def test_log_assigns_seq_without_gaps_and_chains_sha256():
    log = Log()
    a = log.append(Event("A", {}))
    b = log.append(Event("B", {"x": 1}))
    assert (a.seq, b.seq) == (0, 1)
    h0 = hashlib.sha256(b"" + encode(a)).hexdigest()
    h1 = hashlib.sha256(h0.encode() + encode(b)).hexdigest()
    assert log.digest == h1 == digest_of(log.lines)


@pytest.mark.parametrize("bad", [1.5, {"a": [0.0]}, (1, 2), {1: "key"}, {"s": {1, 2}}])
def test_log_refuses_data_that_is_not_plain_json(bad):
    with pytest.raises(LogError):
        Log().append(Event("Bad", {"v": bad}))


def test_check_plain_accepts_nested_json():
    check_plain({"a": [1, "x", True, None, {"b": []}]})


def _is_plain(value, depth=1):
    """The contract's plain JSON (docs/engine.md), written out: objects under
    string keys, lists, strings, integers, booleans, null; no float, no tuple;
    at most MAX_DEPTH containers deep."""
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is list:
        return depth <= MAX_DEPTH and all(_is_plain(v, depth + 1) for v in value)
    if type(value) is dict:
        return (
            depth <= MAX_DEPTH
            and all(type(k) is str for k in value)
            and all(_is_plain(v, depth + 1) for v in value.values())
        )
    return False


_leaves = st.none() | st.booleans() | st.integers() | st.text(max_size=3)
_odd = st.floats(allow_nan=False) | st.tuples(st.integers()) | st.frozensets(st.integers())
_values = st.recursive(
    _leaves | _odd,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=2) | st.integers(0, 3), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=_values, wrap=st.sampled_from([0, 1, MAX_DEPTH - 3, MAX_DEPTH]))
@example(value=1.5, wrap=0)
@example(value=(1,), wrap=0)
@example(value=[{"a": [0.5]}], wrap=1)
@example(value=[{2: "x"}], wrap=MAX_DEPTH - 3)
@example(value=[], wrap=MAX_DEPTH)
def test_check_plain_and_the_log_refuse_exactly_what_is_not_plain(value, wrap):
    # a value nested inside lists and objects, wrapped near the depth cap too, is
    # accepted by both checks exactly when it is plain
    for i in range(wrap):
        value = [value] if i % 2 else {"k": value}
    plain = _is_plain(value)
    try:
        check_plain(value)
        accepted = True
    except LogError:
        accepted = False
    assert accepted == plain
    try:
        Log().append(Event("A", {"v": value}))
        appended = True
    except LogError:
        appended = False
    assert appended == _is_plain({"v": value})


def test_listeners_see_every_appended_event_and_its_bytes():
    seen = []
    log = Log()
    log.listeners.append(lambda event, line: seen.append((event.seq, line)))
    log.append(Event("A", {}))
    assert seen == [(0, log.lines[0])]


def test_export_parses_back_to_the_same_events():
    log = Log()
    log.append(Event("A", {"n": 1}))
    log.append(Event("B", {"n": 2}, (0,), {"hidden": True}))
    events = parse_jsonl(log.to_jsonl())
    assert [encode(e) for e in events] == log.lines


@pytest.mark.parametrize(
    "text, message",
    [
        (b"", "empty"),
        (b"not json\n", "line 1: not JSON"),
        (b'{"seq":1,"type":"A","data":{},"to":"all"}\n', "expected seq 0"),
        (b'{"seq":0,"type":"A","data":{},"to":"some"}\n', "'to'"),
        (b'{"seq":0,"type":"A","data":{"f":1.5},"to":"all"}\n', "floats"),
        (b'{"seq":0,"type":"A","data":[],"to":"all"}\n', "'data'"),
        (b'{"seq":0,"type":"A","data":{},"to":"all","extra":1}\n', "unknown event field"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_parse_refuses_malformed_logs_with_a_clear_reason(text, message):
    with pytest.raises(LogError, match=message):
        parse_jsonl(text)


def test_seen_by_gives_the_full_event_the_twin_or_nothing():
    private = Event("Dealt", {"card": 7}, (1,), {"seat": 1}, seq=4)
    secret = Event("Note", {"n": 1}, (0,), None, seq=5)
    assert private.seen_by(1) is private
    assert private.seen_by(0).data == {"seat": 1}
    assert private.seen_by(None).data == {"seat": 1}
    assert secret.seen_by(1) is None


def test_a_private_event_must_name_seats_by_number():
    with pytest.raises(LogError, match="tuple of seats"):
        Log().append(Event("Dealt", {}, ("0",)))


def test_parse_refuses_floats_in_a_public_twin():
    with pytest.raises(LogError, match="floats"):
        parse_jsonl(b'{"seq":0,"type":"A","data":{},"to":[0],"public":{"x":1.5}}\n')


def nested_in(outer: str, depth: int, inner: str):
    """``depth`` containers: ``depth - 1`` of kind ``outer`` around one ``inner``
    (``"list"`` or ``"dict"``) that holds the scalar 1."""
    value = [1] if inner == "list" else {"n": 1}
    for _ in range(depth - 1):
        value = [value] if outer == "list" else {"k": value}
    return value


def test_nesting_is_capped_where_data_enters_a_log():
    def nested(depth):
        return nested_in("list", depth, "list")

    check_plain(nested(MAX_DEPTH))
    Log().append(Event("A", {"x": nested(MAX_DEPTH - 1)}))
    with pytest.raises(LogError, match=f"nested more than {MAX_DEPTH} deep"):
        check_plain(nested(MAX_DEPTH + 1))
    with pytest.raises(LogError, match="nested more than"):
        Log().append(Event("A", {"x": nested(MAX_DEPTH)}))
    line = b'{"seq":0,"type":"A","to":"all","data":{"x":' + b"[" * 10**5 + b"]" * 10**5 + b"}}"
    with pytest.raises(LogError, match="line 1: nested more than"):
        parse_jsonl(line)


@pytest.mark.parametrize("outer, inner", [("list", "dict"), ("dict", "list"), ("dict", "dict")])
def test_objects_count_towards_the_nesting_cap_as_lists_do(outer, inner):
    """docs/engine.md: data nested more than MAX_DEPTH deep is refused; objects
    and lists alike are containers, and it is the innermost one that goes past."""
    check_plain(nested_in(outer, MAX_DEPTH, inner))
    Log().append(Event("A", {"x": nested_in(outer, MAX_DEPTH - 1, inner)}))
    with pytest.raises(LogError, match=f"nested more than {MAX_DEPTH} deep"):
        check_plain(nested_in(outer, MAX_DEPTH + 1, inner))
    with pytest.raises(LogError, match="nested more than"):
        Log().append(Event("A", {"x": nested_in(outer, MAX_DEPTH, inner)}))


def test_within_the_nesting_cap_a_float_is_refused_as_a_float_not_for_its_depth():
    """Data exactly MAX_DEPTH deep is within the cap, so what is wrong in it is
    named: the float at its bottom."""
    value = nested_in("list", MAX_DEPTH, "list")
    inner = value
    for _ in range(MAX_DEPTH - 1):
        inner = inner[0]
    inner[0] = 1.5
    with pytest.raises(LogError, match="floats are not allowed"):
        check_plain(value)
    with pytest.raises(LogError, match="floats are not allowed"):
        Log().append(Event("A", {"x": value[0]}))


def canonical(event: Event) -> bytes:
    """The definition of an event's line: the standard encoder's bytes of to_json()."""
    return ENCODER.encode(event.to_json()).encode("utf-8")


@pytest.mark.parametrize(
    "to, public",
    [("all", None), ("all", {"p": 1}), ((0,), None), ((0, 2), {"p": 1})],
    ids=["public", "public-with-twin", "secret", "private-with-twin"],
)
def test_a_logs_line_is_the_canonical_bytes_of_the_event_whatever_its_audience(to, public):
    """Every field is written, a twin on an event for everyone too, and a private
    event's seats: the line is encode's, by definition the standard encoder's."""
    log = Log()
    log.append(Event("Before", {}))
    sealed = log.append(Event("Said", {"n": 1, "s": "é"}, to, public))
    assert log.lines[1] == canonical(sealed) == encode(sealed)


def test_encode_writes_floats_as_the_standard_encoder_does():
    """encode takes any event, floats too: its bytes are the standard encoder's,
    which writes NaN where orjson would write null."""
    event = Event("A", {"big": 1e16, "nan": float("nan")}, seq=0)
    assert encode(event) == canonical(event)


def test_an_event_of_a_type_never_written_before_gets_its_canonical_line(monkeypatch):
    """The end of a public line is kept per type once made: the first line of each
    type is made afresh (an empty store, as when a process starts) and is the same."""
    monkeypatch.setattr(engine.events, "_TAILS", {})
    log = Log()
    first = log.append(Event("Fresh", {"n": 1}))
    again = log.append(Event("Fresh", {"n": 2}))
    assert log.lines == [canonical(first), canonical(again)]


@pytest.mark.parametrize("known, kept", [(4095, True), (4096, False)])
def test_past_4096_types_a_new_types_line_end_is_not_kept(monkeypatch, known, kept):
    """_tail's promise: odd input with endless types cannot grow the store past
    4,096 line ends; the line itself is right either way."""
    monkeypatch.setattr(engine.events, "_TAILS", {f"T{i}": b"" for i in range(known)})
    log = Log()
    sealed = log.append(Event("Fresh", {"n": 1}))
    assert log.lines == [canonical(sealed)]
    assert ("Fresh" in engine.events._TAILS) is kept


def test_a_line_over_the_cap_is_refused_before_it_is_parsed():
    with pytest.raises(LogError, match="line 1: longer than"):
        parse_jsonl(b"x" * (MAX_LINE_BYTES + 1))


def test_an_integer_past_64_bits_is_logged_as_the_standard_encoder_writes_it():
    """docs/engine.md: an integer orjson refuses takes the standard encoder."""
    big = 2**70 + 1
    log = Log()
    event = log.append(Event("Big", {"n": big, "é": [-big]}))
    assert log.lines[0] == encode(event)
    line = f'{{"data":{{"n":{big},"é":[-{big}]}},"seq":0,"to":"all","type":"Big"}}'
    assert log.lines[0] == line.encode()


def test_encode_refuses_an_event_that_is_not_json():
    with pytest.raises(TypeError):
        encode(Event("Odd", {"s": {1, 2}}, seq=0))


def test_to_json_gives_every_field_and_the_public_twin_only_when_there_is_one():
    private = Event("Dealt", {"card": 7}, (1, 2), {"seat": 1}, seq=4)
    assert private.to_json() == {
        "seq": 4,
        "type": "Dealt",
        "data": {"card": 7},
        "to": [1, 2],
        "public": {"seat": 1},
    }
    public = Event("Said", {"n": 1}, seq=0)
    assert public.to_json() == {"seq": 0, "type": "Said", "data": {"n": 1}, "to": "all"}


def test_a_public_twin_is_the_same_event_for_everyone_with_the_redacted_data():
    """Module contract: every other seat (and a spectator) sees the twin: the same
    type and seq, the public data, addressed to everyone."""
    private = Event("Dealt", {"card": 7}, (1,), {"seat": 1}, seq=4)
    for seat in (0, None):
        twin = private.seen_by(seat)
        assert twin == Event("Dealt", {"seat": 1}, "all", None, 4)


@pytest.mark.parametrize(
    "obj, message",
    [
        ([], "an event must be a JSON object"),
        (
            {"seq": 0, "type": "A", "data": {}, "to": "all", "b": 1, "a": 2},
            "unknown event field(s): a, b",
        ),
        (
            {"seq": True, "type": "A", "data": {}, "to": "all"},
            "event 'seq' must be a non-negative integer",
        ),
        (
            {"seq": -1, "type": "A", "data": {}, "to": "all"},
            "event 'seq' must be a non-negative integer",
        ),
        (
            {"seq": "0", "type": "A", "data": {}, "to": "all"},
            "event 'seq' must be a non-negative integer",
        ),
        (
            {"seq": 3, "type": "", "data": {}, "to": "all"},
            "event 3: 'type' must be a non-empty string",
        ),
        (
            {"seq": 3, "type": 5, "data": {}, "to": "all"},
            "event 3: 'type' must be a non-empty string",
        ),
        (
            {"seq": 3, "type": "A", "data": {}, "to": ""},
            "event 3: 'to' must be \"all\" or a list of seats",
        ),
        (
            {"seq": 3, "type": "A", "data": {}, "to": [-1]},
            "event 3: 'to' must be \"all\" or a list of seats",
        ),
        (
            {"seq": 3, "type": "A", "data": {}, "to": [True]},
            "event 3: 'to' must be \"all\" or a list of seats",
        ),
        (
            {"seq": 3, "type": "A", "data": {}, "to": [0], "public": []},
            "event 3: 'public' must be an object",
        ),
        (
            {"seq": 3, "type": "A", "data": {"x": 1.5}, "to": "all"},
            "event 3 data: floats are not allowed in a log (1.5)",
        ),
        (
            {"seq": 3, "type": "A", "data": {}, "to": [0], "public": {"x": [2.5]}},
            "event 3 public data: floats are not allowed in a log (2.5)",
        ),
    ],
)
def test_from_json_refuses_each_malformed_field_saying_which(obj, message):
    with pytest.raises(LogError) as refused:
        Event.from_json(obj)
    assert str(refused.value) == message


def test_check_plain_names_where_the_bad_value_is():
    with pytest.raises(LogError) as refused:
        check_plain(1.5)
    assert str(refused.value) == "value: floats are not allowed in a log (1.5)"
    with pytest.raises(LogError) as refused:
        check_plain({"a": {1: "x"}}, "the action")
    assert str(refused.value) == "the action: object keys must be strings, got 1"


def test_the_log_refuses_data_or_a_public_twin_that_is_not_plain_naming_which():
    with pytest.raises(LogError) as refused:
        Log().append(Event("Dealt", {"card": [1.5]}))
    assert str(refused.value) == "Dealt data: floats are not allowed in a log (1.5)"
    with pytest.raises(LogError) as refused:
        Log().append(Event("Dealt", {"card": 7}, (1,), {"seat": [1, 2.5]}))
    assert str(refused.value) == "Dealt public data: floats are not allowed in a log (2.5)"


def test_data_under_a_key_that_is_not_a_string_is_refused():
    with pytest.raises(LogError, match="object keys must be strings, got 1"):
        Log().append(Event("A", {1: "x"}))


def test_an_event_comes_back_from_its_json_and_a_log_iterates_its_events():
    log = Log()
    log.append(Event("A", {"n": [1]}))
    log.append(Event("Dealt", {"card": 7}, (1,), {"seat": 1}))
    assert list(log) == log.events and len(log) == 2
    assert [Event.from_json(e.to_json()) for e in log] == log.events


def test_a_chain_link_is_the_sha256_of_the_link_before_and_the_line():
    """DESIGN.md's chain, ``h[i] = sha256(h[i-1] + line[i])`` from an empty start, link
    by link (``chain``: the platform's stored lines) and over a whole log (``digest_of``)."""
    lines = [b'{"data":{},"seq":0,"to":"all","type":"A"}', '{"x":"é"}'.encode()]
    first = hashlib.sha256(lines[0]).hexdigest()
    second = hashlib.sha256(first.encode("ascii") + lines[1]).hexdigest()
    assert chain("", lines[0]) == first
    assert chain(first, lines[1]) == second == digest_of(lines)
