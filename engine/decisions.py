"""What a seat must answer: a ``Decision`` (the legal actions, or a check of
one, and the default played for a seat that fails to answer)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Action = Any  # plain JSON


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat that must act now.

    Either ``legal`` lists every legal action, or (when there are too many to list)
    ``check`` returns ``None`` for a legal action and the reason otherwise.
    ``accepts`` stands in for ``legal`` where no player reads the list (the
    decisions of ``Game.pending_unlisted``): whether an action is one of those
    ``legal`` would list, found without listing them; a refusal gives the list's
    reason. ``default`` is played when the seat fails to answer or answers
    illegally. ``secret`` keeps the action private to the seat until the rules
    reveal it.
    """

    seat: int
    default: Action
    legal: Sequence[Action] | None = None
    check: Callable[[Action], str | None] | None = None
    secret: bool = False
    prompt: str = "action"
    accepts: Callable[[Action], bool] | None = None

    # the slots filled through their setters, not the frozen dataclass's
    # ``object.__setattr__`` per field: every seat of every step is asked one
    def __init__(
        self,
        seat: int,
        default: Action,
        legal: Sequence[Action] | None = None,
        check: Callable[[Action], str | None] | None = None,
        secret: bool = False,
        prompt: str = "action",
        accepts: Callable[[Action], bool] | None = None,
    ) -> None:
        _set_seat(self, seat)
        _set_default(self, default)
        _set_legal(self, legal)
        _set_check(self, check)
        _set_secret(self, secret)
        _set_prompt(self, prompt)
        _set_accepts(self, accepts)

    def reject_reason(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal, else why not."""
        if self.legal is not None:
            return None if listed(action, self.legal) else NOT_LISTED
        if self.accepts is not None:
            return None if self.accepts(action) else NOT_LISTED
        if self.check is not None:
            return self.check(action)
        return None


_set_seat, _set_default, _set_legal, _set_check, _set_secret, _set_prompt, _set_accepts = (
    Decision.__dict__[name].__set__
    for name in ("seat", "default", "legal", "check", "secret", "prompt", "accepts")
)

#: why an action that ``legal`` does not list is refused (recorded in the log)
NOT_LISTED = "not one of the legal actions"


def listed(action: Action, legal: Sequence[Action]) -> bool:
    """Is ``action`` one of ``legal``, as JSON sees it (``true`` is not ``1``)? An
    ``accepts`` narrows the list to the few entries ``action`` could be and asks this."""
    return action in legal and (not _holds_bool(action) or _exactly_in(action, legal))


def _holds_bool(value: Any) -> bool:
    """Does ``value`` (plain JSON) contain a boolean anywhere? (Loops, not ``any``
    over generators: every listed action is asked, most of them flat.)"""
    t = type(value)
    if t is bool:
        return True
    if t is dict:
        value = value.values()
    elif t is not list:
        return False
    for item in value:
        t = type(item)
        if t is bool or ((t is dict or t is list) and _holds_bool(item)):
            return True
    return False


def _exactly_in(action: Any, legal: Sequence[Any]) -> bool:
    """``action in legal`` where JSON's ``true`` is not the number 1 (Python's
    ``True == 1`` would let a bot's ``true`` pass for a legal ``1``)."""
    return any(_same_types(action, a) for a in legal if a == action)


def _same_types(a: Any, b: Any) -> bool:
    """For ``a == b``: are they of the same types all the way down, so the same
    JSON? (What comparing their encodings answered, without encoding them.)"""
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        return all(_same_types(v, b[k]) for k, v in a.items())
    if t is list:
        return all(map(_same_types, a, b))
    return True


__all__ = ["NOT_LISTED", "Action", "Decision", "listed"]
