// Starter bot for tic_tac_toe in JavaScript: plays a random legal move.
//
// Run it locally against a built-in bot:
//
//     scrimmage play tic_tac_toe engine/games/tic_tac_toe/starter.js greedy
//
// The board is 9 cells, row by row; an action is the index (0-8) of an empty cell.
// request.view is {board: [...9 cells: -1 empty, else the seat that marked it],
// to_move: seat, you: your seat}. Seat 0 plays first.
const { run } = require("scrimmage_bot"); // in the sandbox the SDK is on NODE_PATH

function decide(request) {
  // request.legal lists every legal action: here, the empty cells.
  // Improve me: win if you can, block the opponent's three in a row, take the centre.
  return request.legal[Math.floor(Math.random() * request.legal.length)];
}

run(decide, { name: "tic-tac-toe starter (js)" });
