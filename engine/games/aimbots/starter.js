// Starter bot for aimbots in JavaScript: plays a random legal action at every decision.
//
// Run it locally against a built-in bot:
//
//     scrimmage play aimbots engine/games/aimbots/starter.js random
//
// Aimbots asks several kinds of decision (request.prompt says which: draft, load
// cores, place, plate, order, turn); request.legal lists them all.
// The Python starter (starter.py, next to this file) describes the decisions in full.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function decide(request) {
  // Improve me: read request.view (the game's RULES.md describes it) and choose.
  return request.legal && request.legal.length ? pick(request.legal) : request.default;
}

run(decide, { name: "aimbots starter (js)" });
