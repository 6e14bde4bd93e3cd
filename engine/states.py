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
from typing import TYPE_CHECKING, Any, TypeVar

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
        unknown = sorted(changes.keys() - cls.__dataclass_fields__.keys())
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    new = _new(cls)
    _set(new, "__dict__", values)
    return new


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
            revise(items[index], **changes)  # (raises, naming the name that is not a field)
        revised = _new(type(items[index]))
        set_member(revised, values)
        copied = list(items)
        copied[index] = revised
        new = _new(type(obj))
        set_state(new, {**obj.__dict__, field: tuple(copied)})
        return new

    return revise_member


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


__all__ = ["member_reviser", "revise", "to_plain"]
