"""Plain JSON, the only data a log holds: objects under string keys, lists,
strings, integers, booleans and null, nested at most ``MAX_DEPTH`` deep.

No floats (they do not round-trip byte for byte) and no tuples (a stored log gives
them back as lists, and a rule that saw a tuple live and a list on replay could
diverge). ``LogError`` is the error of a log or an event that breaks the log's
contract; it lives here, in the lowest module that raises it.
"""

from __future__ import annotations

from typing import Any

from engine.canonical import ATOMS, plain_tree

#: the deepest nesting of lists and objects in event data (and so in an action):
#: far beyond any game's, and well within what the JSON codecs can recurse through
MAX_DEPTH = 64


class LogError(ValueError):
    """A log, or an event in it, breaks the log contract."""


def check_plain(value: Any, where: str = "value") -> None:
    """Raise ``LogError`` unless ``value`` is plain JSON without floats, nested at
    most ``MAX_DEPTH`` deep.

    Tuples are refused too: they would come back from a stored log as lists, and a
    rule that saw a tuple live and a list on replay could diverge.
    """
    if not plainly(value) and not plain_tree(value, MAX_DEPTH):
        explain_not_plain(value, where)


def plainly(value: Any) -> bool:
    """The fast path of ``check_plain``: ``True`` for a scalar, or an object under
    string keys of scalars and lists of scalars (most event data and most actions).
    ``False`` says only "walk it": the full walk finds and words any error."""
    t = type(value)
    atoms = ATOMS
    if t in atoms:
        return True
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                break
            t = type(v)
            if t in atoms:
                continue
            if t is list:
                for item in v:
                    if type(item) not in atoms:
                        break
                else:
                    continue
            break
        else:
            return True
    return False


def explain_not_plain(value: Any, where: str) -> None:
    # depth first, last pushed first: the first error found is always the same one
    # (scalars are skipped as they are met rather than pushed and popped)
    # (a container pushed with its depth: the value itself is at depth 1)
    atoms = ATOMS
    stack = [(value, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        v, depth = pop()
        t = type(v)
        if t in atoms:
            continue
        if t is list or t is dict:
            if depth > MAX_DEPTH:
                raise LogError(f"{where}: nested more than {MAX_DEPTH} deep")
            depth += 1
        if t is list:
            for item in v:
                if type(item) not in atoms:
                    push((item, depth))
        elif t is dict:
            for k, item in v.items():
                if type(k) is not str:
                    raise LogError(f"{where}: object keys must be strings, got {k!r}")
                if type(item) not in atoms:
                    push((item, depth))
        elif t is float:
            raise LogError(f"{where}: floats are not allowed in a log ({v!r})")
        else:
            raise LogError(f"{where}: {t.__name__} is not plain JSON ({v!r})")
