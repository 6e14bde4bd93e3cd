"""``revise``: ``dataclasses.replace`` for the games' frozen states, by their __dict__."""

from __future__ import annotations

import dataclasses

import pytest

from engine.states import Copies, Draft, member_reviser, revise, to_plain


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
    # (a reviser made here, not at import: a mutation run changes the code it runs
    # only after the test modules are imported)
    with pytest.raises(TypeError, match="Piece has no field 'sqaure'"):
        member_reviser(Board, "pieces", Piece)(board, 0, sqaure=2)


@dataclasses.dataclass(frozen=True, slots=True)
class SlottedBoard:
    pieces: tuple[Piece, ...]


def test_a_member_reviser_refuses_a_slotted_class_it_cannot_copy_by_its_dict():
    with pytest.raises(TypeError, match="SlottedBoard has no __dict__"):
        member_reviser(SlottedBoard, "pieces", Piece)


def test_a_state_as_plain_json_values():
    board = Board((Piece("rook", 3, ("a", "b")),), turn=2)
    assert to_plain(board) == {
        "pieces": [{"name": "rook", "square": 3, "tags": ["a", "b"]}],
        "turn": 2,
    }
    # mappings get string keys (JSON's); lists, tuples and scalars go through
    assert to_plain({1: (Piece("pawn"),), "x": [None, True]}) == {
        "1": [{"name": "pawn", "square": 0, "tags": []}],
        "x": [None, True],
    }
    assert to_plain(Piece) is Piece  # a dataclass itself is not an instance to unpack


def board_draft() -> Draft[Board]:
    return Draft(Board, "pieces", Piece, "square")


def test_a_draft_writes_a_copy_and_never_the_state_it_is_given():
    board = Board((Piece("rook"), Piece("king", 4)), turn=3)
    draft = board_draft()
    written = draft.change(board, 1, square=5)
    assert written is not board and written.pieces[0] is board.pieces[0]
    assert board == Board((Piece("rook"), Piece("king", 4)), turn=3)
    again = draft.revise(draft.change(written, 1, tags=("moved",)), turn=4)
    assert again is written  # later writes change the working copy in place
    assert again == Board((Piece("rook"), Piece("king", 5, ("moved",))), turn=4)
    assert again == move_piece(revise(board, turn=4), 1, square=5, tags=("moved",))


def test_a_draft_copies_a_member_once_and_a_move_gives_a_new_tuple():
    draft = board_draft()
    board = draft.revise(Board((Piece("rook"), Piece("king"))), turn=1)
    first = draft.change(board, 0, tags=("a",)).pieces
    king = first[0]
    draft.change(board, 0, name="queen")  # no square changed: the same tuple
    assert board.pieces is first and king.name == "queen"
    draft.change(board, 0, square=2)
    assert board.pieces is not first and board.pieces[0] is king and king.square == 2


def test_a_frozen_draft_is_not_written_again():
    draft = board_draft()
    board = Board((Piece("rook"),))
    frozen = draft.freeze(draft.change(board, 0, square=1))
    after = draft.change(frozen, 0, square=2)
    assert after is not frozen and frozen == Board((Piece("rook", 1),))
    assert after == Board((Piece("rook", 2),))


def test_members_put_in_whole_are_not_the_drafts_to_write():
    draft = board_draft()
    rook = Piece("rook")
    board = draft.revise(Board((Piece("king"),)), pieces=(rook,))
    draft.change(board, 0, square=3)
    assert rook == Piece("rook") and board.pieces == (Piece("rook", 3),)


def test_a_draft_refuses_a_name_that_is_not_a_field():
    draft = board_draft()
    board = Board((Piece("rook"),))
    with pytest.raises(TypeError, match="Board has no field 'trun'"):
        draft.revise(board, trun=2)
    with pytest.raises(TypeError, match="Piece has no field 'sqaure'"):
        draft.change(board, 0, sqaure=2)
    with pytest.raises(TypeError, match="Piece has no field 'sqaure'"):
        draft.change(draft.change(board, 0, square=1), 0, sqaure=2)


def test_copies_write_as_revise_and_a_member_reviser_do():
    copies = Copies(Board, "pieces", Piece)
    board = Board((Piece("rook"),))
    moved = copies.change(copies.revise(board, turn=2), 0, square=1)
    assert moved == Board((Piece("rook", 1),), turn=2) and board == Board((Piece("rook"),))
