"""Starter bot for dogfight: a random legal action at every decision, except that
it never picks a flight plan that flies off the table when a safe one exists.

Run it locally against a built-in bot:

    scrimmage play dogfight engine/games/dogfight/starter.py random

Dogfight asks several kinds of decision; request.prompt says which, and
request.legal always lists every legal action:

- "stats" (secret): hand out 4, 3, 3, 2 as {"attack", "defense", "speed", "health"};
- "place": {"x", "y", "heading"}, a point near an edge and one of 8 headings
  (0 = north, counted clockwise in 45-degree steps);
- "team order" (team games): the order your team's planes act in, e.g. [2, 3];
- "fly": {"plan": ["S", "S", "BL"], "climb": 0}, templates S (cost 1), BL/BR
  (bank, 2), TL/TR (turn, 3) within your Speed, plus climbs (1 Speed each);
- "attack": {"target": seat, "ace": bool}: everyone attacks, so you are asked
  only when an enemy is in range and arc, and you choose which one;
- "reroll": {"reroll": [dice indices]} when you earned re-rolls (choosing one
  more die than your free re-rolls spends a level of altitude).

request.view holds the table: "area" (its side, in 0.1 mm units), "planes" (each
with x, y, heading, stats, health, altitude, alive) and "combat" (the dice of
the attack under way). Every length is an integer; the RULES.md of the game has
the template table, the ruler and the arc test.
"""

import random

from scrimmage_bot import run

# the centre's displacement of each template from heading 0 and heading 1 (see
# RULES.md); other headings are these turned by quarter turns
TABLE = {
    "S": ((0, 600), (424, 424)),
    "BR": ((282, 680), (680, 282)),
    "BL": ((-282, 680), (282, 680)),
    "TR": ((450, 450), (636, 0)),
    "TL": ((-450, 450), (0, 636)),
}
TURN = {"S": 0, "BL": -1, "BR": 1, "TL": -2, "TR": 2}


def fly(x, y, heading, name):
    dx, dy = TABLE[name][heading % 2]
    for _ in range(heading // 2):
        dx, dy = dy, -dx
    return x + dx, y + dy, (heading + TURN[name]) % 8


def stays_on(view, me, plan):
    x, y, heading = me["x"], me["y"], me["heading"]
    for name in plan:
        x, y, heading = fly(x, y, heading, name)
        reach = 213 if heading % 2 else 150
        if not (reach <= x <= view["area"] - reach and reach <= y <= view["area"] - reach):
            return False
    return True


def decide(request):
    legal = request.legal
    if request.prompt == "fly":
        me = request.view["planes"][request.view["you"]]
        safe = [a for a in legal if stays_on(request.view, me, a["plan"])]
        return random.choice(safe or legal)
    # Improve me: turn toward enemies, shoot at the weakest, re-roll your misses.
    return random.choice(legal) if legal else request.default


if __name__ == "__main__":
    run(decide, name="dogfight starter")
