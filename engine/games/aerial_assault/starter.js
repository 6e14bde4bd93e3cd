// Starter bot for aerial_assault in JavaScript: plays a random listed action, the default where none are listed.
//
// Run it locally against a built-in bot:
//
//     scrimmage play aerial_assault engine/games/aerial_assault/starter.js random
//
// The secret decisions (building, programming, card plays) have request.legal
// null: build the action yourself from request.default (always legal) and RULES.md.
// The Python starter (starter.py, next to this file) describes the decisions in full.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function decide(request) {
  // Improve me: read request.view (the game's RULES.md describes it) and choose.
  return request.legal && request.legal.length ? pick(request.legal) : request.default;
}

run(decide, { name: "aerial_assault starter (js)" });
