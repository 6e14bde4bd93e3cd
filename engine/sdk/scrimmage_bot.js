// scrimmage_bot.js: the whole Scrimmage bot SDK for JavaScript (Node.js), in one
// file with no dependencies. It speaks protocol 1 (docs/protocol.md): JSON lines on
// stdin and stdout. You write decide:
//
//     const { run } = require("scrimmage_bot");
//     run((request) => request.legal[Math.floor(Math.random() * request.legal.length)],
//         { name: "my first bot" });
//
// Or an object, to keep state across the match:
//
//     run({ name: "my bot",
//           start(match) { ... },       // once, before the first decision
//           decide(request) { ... },    // return an action
//           end(result) { ... } });     // once, with the result
//
// Inside the sandbox this file is at /sdk/scrimmage_bot.js and on NODE_PATH, so
// require("scrimmage_bot") finds it (from an .mjs file: import ... from
// "/sdk/scrimmage_bot.js"); you may also copy it next to your bot. While run is
// going, console.log writes to stderr (which your bot's owner page shows), so it
// cannot break the protocol. If decide throws, the error goes to stderr, the
// engine records a fault and plays the default action, and your bot goes on.
"use strict";

const PROTOCOL = 1;

// The start message: who you are and what is played.
class Match {
  constructor(message) {
    this.raw = message;
    this.game = message.game; // e.g. "tic_tac_toe"
    this.rulesVersion = message.rules_version;
    this.seat = message.seat; // your seat: 0, 1, ...
    this.seats = message.seats; // [{bot, version, team}, ...]
    this.options = message.options; // the match options
    this.time = message.time; // {decision_ms, overage_ms, ...}
  }
}

// One decide message: a decision you must take now.
class Request {
  constructor(message) {
    this.raw = message;
    this.id = message.id;
    this.seat = message.seat;
    this.view = message.view; // what you may see now (the game's view)
    this.events = message.events; // events you saw since your last decision
    this.legal = message.legal; // every legal action, or null (see prompt)
    this.prompt = message.prompt; // what kind of decision this is
    this.default = message.default; // played if you fail to answer in time
    this.secret = message.secret; // true: other seats do not see your action yet
    this.time = message.time; // {decision_ms, overage_ms, match_ms}
  }
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function handle(bot, message) {
  if (message.type === "start") {
    if (message.protocol !== PROTOCOL) {
      console.error(`scrimmage_bot: the engine speaks protocol ${message.protocol}, this SDK ${PROTOCOL}`);
    }
    if (bot.start) bot.start(new Match(message));
    send({ type: "ready", protocol: PROTOCOL, name: String(bot.name || "bot") });
  } else if (message.type === "decide") {
    const request = new Request(message);
    let action;
    try {
      action = bot.decide(request);
    } catch (err) {
      console.error(err && err.stack ? err.stack : String(err));
      send({ type: "error", id: request.id, message: String(err).slice(0, 200) });
      return false;
    }
    send({ type: "action", id: request.id, action: action === undefined ? null : action });
  } else if (message.type === "end") {
    if (bot.end) bot.end(message);
    return true;
  }
  return false;
}

// Serve the engine until the match ends. bot is a function decide(request) ->
// action, or an object with decide (and, if you like, start, end and name).
function run(bot, options = {}) {
  if (typeof bot === "function") bot = { decide: bot, name: options.name || bot.name || "bot" };
  else if (options.name) bot.name = options.name;
  if (!bot || typeof bot.decide !== "function") {
    throw new TypeError("run() takes a function decide(request) or an object with decide");
  }
  console.log = console.info = console.error; // stdout belongs to the protocol
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    pending += chunk;
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.trim() && handle(bot, JSON.parse(line))) process.exit(0);
    }
  });
}

module.exports = { run, Match, Request, PROTOCOL };
