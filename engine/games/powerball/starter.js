// Starter bot for powerball in JavaScript: a random program every turn, a random
// listed action everywhere else.
//
// Run it locally against a built-in bot:
//
//     scrimmage play powerball engine/games/powerball/starter.js random
//
// The "program" decision (every turn, secret) has request.legal null: build it
// yourself, {cards: [...], power_down: false, pickup: true}, from your robot's
// "hand" and "program_size" in request.view.robots[your seat]. Every other
// decision lists its legal actions. The Python starter (starter.py, next to this
// file) describes the decisions in full; the rules are in RULES.md.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function shuffled(list) {
  const copy = list.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

let seat = 0;

run({
  name: "powerball starter (js)",
  start(match) {
    seat = match.seat;
  },
  decide(request) {
    if (request.legal) return pick(request.legal);
    const me = request.view.robots[seat];
    // Improve me: play the cards that carry a ball to a pit and face it.
    const cards = shuffled(me.hand).slice(0, me.program_size);
    return { cards: cards, power_down: false, pickup: true };
  },
});
