"""``revise``: ``dataclasses.replace`` for the games' frozen states, by their __dict__."""

from __future__ import annotations

import dataclasses

import pytest

from engine.states import member_reviser, revise


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


@dataclasses.dataclass(frozen=True)
class Board:
    pieces: tuple[Piece, ...]
    turn: int = 0


move_piece = member_reviser(Board, "pieces", Piece)


def test_a_member_reviser_revises_one_item_of_a_tuple_field():
    board = Board((Piece("rook"), Piece("king", 4), Piece("pawn")), turn=3)
    moved = move_piece(board, 1, square=5, tags=("moved",))
    assert moved == revise(
        board, pieces=(Piece("rook"), Piece("king", 5, ("moved",)), Piece("pawn"))
    )
    assert type(moved.pieces) is tuple and moved.pieces[0] is board.pieces[0]
    assert board == Board((Piece("rook"), Piece("king", 4), Piece("pawn")), turn=3)
    assert move_piece(moved, 2, name="queen").pieces[2] == Piece("queen")
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.pieces[1].square = 1  # type: ignore[misc]


def test_a_member_reviser_refuses_a_name_that_is_not_a_field():
    board = Board((Piece("rook"),))
    with pytest.raises(TypeError, match="Piece has no field 'sqaure'"):
        move_piece(board, 0, sqaure=2)
