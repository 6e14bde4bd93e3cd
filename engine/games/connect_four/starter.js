// Starter bot for connect_four in JavaScript: plays a random legal move.
//
// Run it locally against a built-in bot:
//
//     scrimmage play connect_four engine/games/connect_four/starter.js random
//
// An action is the column (0-6) to drop a disc in; request.legal lists the
// columns that are not full.
// The Python starter (starter.py, next to this file) describes the decisions in full.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function decide(request) {
  // Improve me: read request.view (the game's RULES.md describes it) and choose.
  return request.legal && request.legal.length ? pick(request.legal) : request.default;
}

run(decide, { name: "connect_four starter (js)" });
