"""A game state copied with some fields changed, fast: ``revise``; and a state
as plain JSON values, for its omniscient view: ``to_plain``.

Folding events is the engine's hot path, and every event copies the state, and
often a part of it (a robot, a plane), with a field or two changed.
``dataclasses.replace`` goes through ``__init__``: a ``getattr`` and an
``object.__setattr__`` per field, 6 to 11 us for a state of 19 fields. ``revise``
copies the instance's ``__dict__`` in one step instead (0.6 us for the same
state; a replacer generated for a slotted class, setting each slot, took 1.9).

So the states it copies are frozen dataclasses *without* ``slots=True`` (a
slotted instance has no ``__dict__``); reading a field costs about the same
either way. Like ``replace`` it refuses a name that is not a field. It does not
run ``__init__``: a class with a ``__post_init__``, or a field left out of
``__init__``, must not be revised (no state of the seed games has either).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

_new = object.__new__
_set = object.__setattr__  # a frozen dataclass refuses its own __setattr__


def revise(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` for a frozen, unslotted dataclass."""
    old = obj.__dict__
    values = {**old, **changes}
    cls = type(obj)
    # the instance's __dict__ holds its fields and nothing else, so a name that is
    # not a field is a key more (cheaper to see than a subset test of the names)
    if len(values) != len(old):
        _refuse(cls, changes)
    new = _new(cls)
    _set(new, "__dict__", values)
    return new


def _refuse(cls: type, changes: Mapping[str, Any]) -> None:
    """Raise for the first name of ``changes`` that is not a field of ``cls``."""
    unknown = sorted(changes.keys() - cls.__dataclass_fields__.keys())  # type: ignore[attr-defined]
    raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")


def member_reviser(cls: type[T], field: str, member: type[Any]) -> Callable[..., T]:
    """``revise_member(obj, index, **changes)``: ``revise(obj, **{field: items})``,
    where ``items`` is the tuple ``obj.<field>`` with its item at ``index`` (a
    ``member``) revised by ``changes``: a state of class ``cls`` with one of its
    robots (planes, pieces) changed.

    Most events of a game with many pieces change one piece, and a ``revise``
    call, with its keyword arguments gathered again, costs about as much as the
    copy it makes: the reviser makes both copies in one call, and sets each
    copy's ``__dict__`` with the class's own descriptor rather than through
    ``object.__setattr__``'s look-up (19,700 -> 14,200 instructions a robot
    changed in a Powerball state, docs/performance.md)."""
    set_state, set_member = _dict_setter(cls), _dict_setter(member)

    def revise_member(obj: T, index: int, /, **changes: Any) -> T:
        items = getattr(obj, field)
        old = items[index].__dict__
        values = {**old, **changes}
        if len(values) != len(old):
            _refuse(type(items[index]), changes)
        revised = _new(type(items[index]))
        set_member(revised, values)
        copied = list(items)
        copied[index] = revised
        new = _new(type(obj))
        set_state(new, {**obj.__dict__, field: tuple(copied)})
        return new

    return revise_member


class Writes(Protocol[T]):
    """What a fold writes with: ``revise(state, **changes)`` and ``change(state,
    index, **changes)`` (one member of the state's tuple field revised), each
    returning the state written. A fold's handlers written against it serve both
    the replay (``Copies``: every write a new state) and a table in play (``Draft``:
    writes into a working copy)."""

    def revise(self, state: T, /, **changes: Any) -> T: ...

    def change(self, state: T, index: int, /, **changes: Any) -> T: ...


class Copies(Generic[T]):
    """``Writes`` by copying: ``revise`` and ``member_reviser(cls, field, member)``.
    The states it returns are new and never change (a replay keeps them)."""

    __slots__ = ("revise", "change")

    def __init__(self, cls: type[T], field: str, member: type[Any]) -> None:
        self.revise: Callable[..., T] = revise
        self.change: Callable[..., T] = member_reviser(cls, field, member)


class Draft(Generic[T]):
    """``Writes`` into a working copy: the first write copies the state it is given
    (and a member the first time one is changed); later writes change those copies
    in place, and ``freeze`` hands the copy over, never to be written again.

    A table in play folds each event as it emits it, and most events change one
    robot of a state of thirty fields: copying both per event was most of a fold
    (docs/performance.md). A draft copies the state once per ``resolve`` and a robot
    once per robot changed. A state it was given is never written: only the copies
    it made, which nobody but the table has seen. The table's rules do read them
    as they change, so rules code must not keep a state or a member across an
    event and expect the old values (read them again, or copy what is needed).

    A change of a member's field named ``moves`` (a robot's square) gives the state
    a new tuple of members, so a cache keyed on that tuple (who stands where) is not
    served for the state before."""

    __slots__ = ("field", "moves", "state", "fields", "mine", "_set_state", "_set_member")

    def __init__(self, cls: type[T], field: str, member: type[Any], moves: str) -> None:
        self.field, self.moves = field, moves
        self._set_state, self._set_member = _dict_setter(cls), _dict_setter(member)
        self.state: T | None = None  # the working copy, once written
        self.fields: dict[str, Any] = {}  # its __dict__
        #: by index, the __dict__ of the member there if this draft copied it, else None
        self.mine: list[dict[str, Any] | None] = []

    def _adopt(self, state: T) -> T:
        copy = _new(type(state))
        self.fields = {**state.__dict__}
        self._set_state(copy, self.fields)
        self.state = copy
        self.mine = [None] * len(self.fields[self.field])
        return copy

    def revise(self, state: T, /, **changes: Any) -> T:
        if state is not self.state:
            state = self._adopt(state)
        fields = self.fields
        count = len(fields)
        fields.update(changes)
        if len(fields) != count:
            _refuse(type(state), changes)
        if self.field in changes:  # members put there whole: not this draft's copies
            self.mine = [None] * len(fields[self.field])
        return state

    def change(self, state: T, index: int, /, **changes: Any) -> T:
        if state is self.state:
            values = self.mine[index]
            if values is not None:  # a member this draft copied: written in place
                count, was = len(values), values[self.moves]
                values.update(changes)
                if len(values) != count:
                    _refuse(type(self.fields[self.field][index]), changes)
                if values[self.moves] != was:
                    fields = self.fields
                    fields[self.field] = (*fields[self.field],)
                return state
        else:
            state = self._adopt(state)
        items = self.fields[self.field]
        member = items[index]
        values = {**member.__dict__, **changes}
        if len(values) != len(member.__dict__):
            _refuse(type(member), changes)
        member = _new(type(member))
        self._set_member(member, values)
        self.mine[index] = values
        copied = list(items)
        copied[index] = member
        self.fields[self.field] = tuple(copied)
        return state

    def freeze(self, state: T) -> T:
        """``state``, the last a write returned, from now on never written: the
        next write copies it."""
        self.state, self.fields, self.mine = None, {}, []
        return state


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """The setter of ``cls``'s instances' ``__dict__``: its descriptor's, found once."""
    for base in cls.__mro__:
        if "__dict__" in base.__dict__:
            return base.__dict__["__dict__"].__set__  # type: ignore[no-any-return]
    raise TypeError(f"{cls.__name__} has no __dict__")


def to_plain(value: Any) -> Any:
    """Dataclasses, tuples and mappings as plain JSON values."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


__all__ = ["Copies", "Draft", "Writes", "member_reviser", "revise", "to_plain"]
