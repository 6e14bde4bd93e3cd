// Hostile JavaScript bot: what it attempts is in mode.txt next to it (its folder);
// the port of the test's server in port.txt. Every attempt is reported on stderr
// in the words the tests read (tests/faults/test_hostile_runtimes.py).
const fs = require("fs");
const net = require("net");
const { spawn } = require("child_process");
const { run } = require("scrimmage_bot");

const mode = fs.readFileSync("mode.txt", "utf8").trim();
const say = (line) => process.stderr.write(line + "\n");

function attemptWrite(path) {
  try {
    fs.writeFileSync(path, "x");
    return "WROTE";
  } catch (err) {
    return `denied (${err.code})`;
  }
}

function probe(path) {
  try {
    fs.readdirSync(path);
    return "READ";
  } catch (err) {
    if (err.code === "ENOTDIR") {
      try { fs.readFileSync(path); return "READ"; } catch (e) { return `denied (${e.code})`; }
    }
    return `denied (${err.code})`;
  }
}

const attacks = {
  forkbomb() {
    for (;;) {
      try { spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]); } catch (err) { /* again */ }
    }
  },
  memory() {
    for (let i = 0; i < 12; i++) {
      const child = spawn(process.execPath, ["-e", "const b = Buffer.alloc(100 << 20, 1); setInterval(() => b[0]++, 1000)"]);
      child.on("error", () => {});
    }
    return new Promise(() => {}); // never starts: the tree's memory limit ends it
  },
  network() {
    const port = Number(fs.readFileSync("port.txt", "utf8"));
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => { say(`connect 127.0.0.1:${port} CONNECTED`); resolve(); });
      socket.on("error", (err) => { say(`connect 127.0.0.1:${port} blocked (${err.code})`); resolve(); });
    });
  },
  write() {
    for (const path of ["/bot/evil.txt", "evil.txt", "/usr/evil.txt", "/evil.txt", "/etc/evil.txt", "/sdk/evil.txt", "/tmp/ok.txt"]) {
      say(`write ${path}: ${attemptWrite(path)}`);
    }
  },
  snoop() {
    for (const [key, value] of Object.entries(process.env)) say(`env ${key}=${value}`);
    for (const path of fs.readFileSync("targets.txt", "utf8").trim().split("\n")) say(`probe ${path}: ${probe(path)}`);
  },
  spin() {
    for (;;) {}
  },
  flood() {
    process.stderr.write("e".repeat(10 << 20));
    process.stdout.write("x".repeat(3 << 20) + "\n"); // queued: node writes it all
  },
};

// memory and network start before the handshake (they wait on other processes);
// the others attack at the first decision
const early = { memory: true, network: true };
const serve = () => run({ name: `hostile ${mode}`, decide: (request) => {
  if (!early[mode] && !attacks.done) {
    attacks.done = true;
    attacks[mode]();
  }
  return request.legal[0];
} });
if (early[mode]) attacks[mode]().then(serve);
else serve();
