// Starter bot for cascade_effect in JavaScript: plays a random legal action.
//
// Run it locally against a built-in bot:
//
//     scrimmage play cascade_effect engine/games/cascade_effect/starter.js random
//
// Cascade Effect asks "place", "declare" and "move" decisions; request.legal
// lists every legal action.
// The Python starter (starter.py, next to this file) describes the decisions in full.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function decide(request) {
  // Improve me: read request.view (the game's RULES.md describes it) and choose.
  return request.legal && request.legal.length ? pick(request.legal) : request.default;
}

run(decide, { name: "cascade_effect starter (js)" });
