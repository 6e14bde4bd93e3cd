"""``revise``: ``dataclasses.replace`` for the games' frozen states, by their __dict__."""

from __future__ import annotations

import dataclasses

import pytest

from engine.states import revise


@dataclasses.dataclass(frozen=True)
class Piece:
    name: str
    square: int = 0
    tags: tuple[str, ...] = ()


def test_revise_is_replace():
    piece = Piece("rook", 3, ("a",))
    moved = revise(piece, square=9)
    assert moved == dataclasses.replace(piece, square=9) == Piece("rook", 9, ("a",))
    assert piece == Piece("rook", 3, ("a",))  # the original is untouched
    again = revise(moved, tags=(), name="queen")
    assert again == Piece("queen", 9, ()) and hash(again) == hash(Piece("queen", 9, ()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.square = 1  # type: ignore[misc]


def test_revise_refuses_a_name_that_is_not_a_field():
    piece = Piece("rook")
    with pytest.raises(TypeError, match="Piece has no field 'sqaure'"):
        revise(piece, sqaure=2)
    with pytest.raises(TypeError):
        revise(revise(piece, square=1), colour="white")
