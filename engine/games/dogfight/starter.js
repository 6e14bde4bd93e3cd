// Starter bot for dogfight in JavaScript: plays a random legal action.
//
// Run it locally against a built-in bot:
//
//     scrimmage play dogfight engine/games/dogfight/starter.js random
//
// Dogfight asks "stats", "place", "team order", "fly", "attack" and
// "reroll" decisions; request.legal always lists every legal action.
// The Python starter (starter.py, next to this file) describes the decisions in full.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function decide(request) {
  // Improve me: read request.view (the game's RULES.md describes it) and choose.
  return request.legal && request.legal.length ? pick(request.legal) : request.default;
}

run(decide, { name: "dogfight starter (js)" });
