"""The catalogues (cards.py) against RULES.md's tables: every card's sides as the
table names them, every part's figures, the phase each side resolves in, and
which builds are legal."""

from __future__ import annotations

import re
from dataclasses import fields
from itertools import product
from pathlib import Path

import pytest

from engine.games.aerial_assault import cards as C

RULES = (Path(C.__file__).parent / "RULES.md").read_text()


def table_rows(first_cell: str) -> list[list[str]]:
    """The rows of RULES.md's tables whose first cell starts with ``first_cell``."""
    rows = []
    for line in RULES.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.match(first_cell, cells[0]):
            rows.append(cells)
    return rows


CARD_ROWS = {row[0].split("`")[1]: (row[1], row[2]) for row in table_rows(r"`[BS]\d")}
PART_ROWS = {row[0].split("`")[1]: row[1:] for row in table_rows(r"`[a-z_]+` [A-Z]")}


def test_every_card_has_the_sides_rules_md_lists():
    assert sorted(CARD_ROWS) == sorted(C.CARD_BY_ID)
    for card, (top, bottom) in CARD_ROWS.items():
        shown = C.card_json(card)
        assert shown["label"] == f"{top} / {bottom}"
        assert C.side_label(C.CARD_BY_ID[card].top) == top
        assert C.SIDE_LABELS[card, "top"] == top and C.SIDE_LABELS[card, "bottom"] == bottom
        assert C.SIDE_LABELS[card, "down"] == "face down"
        assert shown["id"] == card
        assert shown["top"] == [list(s) for s in C.CARD_BY_ID[card].top]
        assert shown["bottom"] == [list(s) for s in C.CARD_BY_ID[card].bottom]


@pytest.mark.parametrize(
    "slot, label",
    [
        (("move", 0, False), "Move"),
        (("move2", 0, False), "Move 2"),
        (("shoot", 1, False), "Shoot +1"),
        (("truss", 2, False), "Truss +2"),
        (("catch", 0, True), "Catch (re-roll)"),
        (("pickup", 1, False), "Floor Pick Up +1"),
        (("block", 1, True), "Block +1 (re-roll)"),
    ],
)
def test_a_slot_is_labelled_with_its_action_modifier_and_re_roll(slot, label):
    assert C.slot_label(slot) == label


def test_a_side_resolves_with_the_blocks_then_the_shots_and_trusses_then_the_rest():
    for card in C.CARD_BY_ID.values():
        for side in (card.top, card.bottom):
            label = C.side_label(side)
            want = 1 if "Block" in label else 2 if ("Shoot" in label or "Truss" in label) else 3
            assert C.side_phase(side) == want, label


def _need(text: str) -> int:
    """``3-6`` -> 3; an empty cell -> 0."""
    return int(text.split("-")[0]) if text else 0


def test_every_part_has_the_figures_rules_md_lists():
    assert sorted(PART_ROWS) == sorted(C.PART_BY_ID)
    for part_id, (kind, weeks, drive, shooter, pickup, catching) in PART_ROWS.items():
        shown = C.part_json(part_id)
        assert shown == {f.name: getattr(C.PART_BY_ID[part_id], f.name) for f in fields(C.Part)}
        assert (shown["kind"], shown["weeks"]) == (kind, int(weeks))
        assert shown["name"] == next(row[0].split("` ")[1] for row in table_rows(f"`{part_id}`"))
        if drive:
            zones, block = drive.split(" / ")
            assert shown["move"] == int(zones[0]) and shown["block"] == int(block)
            assert shown["fast_need"] == (
                _need(zones.split("roll of ")[1]) if "roll" in zones else 0
            )
        else:
            assert (shown["move"], shown["block"], shown["fast_need"]) == (0, 0, 0)
        if shooter:
            reach, high, truss = shooter.split(" / ")
            assert (shown["range"], shown["shoot"], shown["truss"]) == (
                int(reach),
                _need(high),
                _need(truss),
            )
        else:
            assert (shown["range"], shown["shoot"], shown["truss"]) == (0, 0, 0)
        assert shown["pickup"] == _need(pickup)
        assert shown["catch"] == (int(catching.split()[0]) if catching else 0)


def test_a_robots_drive_and_shooter_are_found_among_its_parts_and_a_missing_one_is_an_error():
    parts = ["spinning_stick", "catapult", "tank_drive"]
    assert C.fitted(parts, "drive").id == "tank_drive"
    assert C.fitted(parts, "shooter").id == "catapult"
    with pytest.raises(ValueError, match=r"have no drive"):
        C.fitted(["catapult", "spinning_stick"], "drive")


@pytest.mark.parametrize(
    "parts, problem",
    [
        ("tank_drive", "a build is a list of part ids"),
        (["tank_drive", 3], "a build is a list of part ids"),
        (["tank_drive", "catapult", "catapult"], "a part is listed twice"),
        (["tank_drive", "catapult", "laser"], "unknown part 'laser'"),
        (["tank_drive", "kitbot_drive", "catapult"], "a robot needs exactly one drive train"),
        (["catapult", "spinning_stick"], "a robot needs exactly one drive train"),
        (["kitbot_drive", "spinning_stick"], "a robot needs exactly one shooter"),
        (["kitbot_drive", "puncher", "catapult"], "a robot needs exactly one shooter"),
        (
            ["kitbot_drive", "puncher", "spinning_stick", "roller_intake"],
            "at most one floor pick-up and one active catching",
        ),
        (
            ["kitbot_drive", "puncher"],
            "a robot needs a floor pick-up (or a shooter with one built in)",
        ),
        (
            ["tank_drive", "flywheel", "roller_intake"],
            "7 weeks of parts is over the budget of 6",
        ),
    ],
)
def test_each_illegal_build_is_refused_with_its_reason(parts, problem):
    assert C.build_problem(parts, 6) == problem


def test_a_build_may_spend_its_whole_budget_and_need_no_pick_up_with_a_claw_shooter():
    assert C.build_problem(["tank_drive", "flywheel", "spinning_stick"], 6) is None  # 6 weeks
    assert C.build_problem(["kitbot_drive", "claw_shooter", "active_catching"], 5) is None


@pytest.mark.parametrize("budget", [4, 5, 6, 7])
def test_the_legal_builds_are_every_drive_shooter_pick_up_and_catching_within_the_budget(budget):
    C._builds.cache_clear()  # a cached table: built here, under this test
    by_kind = {k: [p for p in C.PARTS if p.kind == k] for k in ("drive", "shooter", "pickup")}
    want = []
    for d, s, pk, catching in product(
        by_kind["drive"], by_kind["shooter"], [None, *by_kind["pickup"]], [False, True]
    ):
        parts = (
            [d, s] + ([pk] if pk else []) + ([C.PART_BY_ID["active_catching"]] if catching else [])
        )
        if (pk or s.pickup) and sum(p.weeks for p in parts) <= budget:
            want.append(sorted((p.id for p in parts), key=[p.id for p in C.PARTS].index))
    builds = C.legal_builds(budget)
    assert sorted(builds) == sorted(want) and len(builds) == len(want)
    assert all(b == sorted(b, key=[p.id for p in C.PARTS].index) for b in builds)


def test_a_slot_has_no_modifier_and_no_re_roll_unless_its_card_says_so():
    # the catalogue's slots are made when cards.py is imported: ask the maker here
    assert C._s("move") == ("move", 0, False)
    assert C._s("shoot", 1) == ("shoot", 1, False)
    assert C._s("block", 0, True) == ("block", 0, True)
