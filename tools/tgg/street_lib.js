// Drives The Garden Gate's Street Pai Sho engine (a bundle built by ../shared/tools/tgg/build.sh) under Node.
// Project code: it calls TGG's engine at run time only. Legal turns are the engine's own checks: a move
// (x1,y1)-(x2,y2) wherever board.canMoveTileToPoint accepts it, and a plant L(x,y) on the player's gate when
// the page's revealOpenGates marks it (and a tile is left to plant).
const path = require('path');
const HARNESS = process.env.TGG_HARNESS || '/work/shared/tools/tgg';
const T = require(path.join(HARNESS, 'tgg_lib.js'));
T.loadBundle('street');
let current = null;
globalThis.tggCurrentPlayer = () => current;
const POSSIBLE = 'Possible Move';
function newGame(opts) {
  setGgOptions(opts || []);
  const g = new StreetGameManager(null, true, true);
  const code = (opts || []).includes('OriginalBoardSetup') ? '1' : '2';
  const setup = [`0H.${code}`, `0G.${code}`];
  for (const t of setup) g.runNotationMove(new StreetNotationMove(t));
  current = HOST;
  return { g, setup };
}
const np = (row, col) => `${col - 8},${8 - row}`;
function legalTurns(g, player) {
  const out = [];
  const cells = g.board.cells;
  for (let r = 0; r < 17; r++) for (let c = 0; c < 17; c++) {
    const s = cells[r][c];
    if (!s.hasTile() || s.tile.ownerName !== player) continue;
    for (let r2 = 0; r2 < 17; r2++) for (let c2 = 0; c2 < 17; c2++) {
      if (r2 === r && c2 === c) continue;
      if (g.board.canMoveTileToPoint(player, s, cells[r2][c2], false)) out.push(`(${np(r, c)})-(${np(r2, c2)})`);
    }
  }
  const pile = player === HOST ? g.tileManager.hostTiles : g.tileManager.guestTiles;
  if (pile.length) {
    g.revealOpenGates(player, 0, true);
    for (let r = 0; r < 17; r++) for (let c = 0; c < 17; c++) if (cells[r][c].isType(POSSIBLE)) out.push(`L(${np(r, c)})`);
    g.hidePossibleMovePoints(true);
  }
  return out.sort();
}
function stackOf(t) { let s = ''; while (t) { s += t.ownerCode; t = t.capturedTile; } return s; }
function snapshot(g) {
  const board = [];
  const cells = g.board.cells;
  for (let r = 0; r < 17; r++) for (let c = 0; c < 17; c++) if (cells[r][c].hasTile()) board.push(`${np(r, c)} ${stackOf(cells[r][c].tile)}`);
  board.sort();
  return { board, pile: { H: g.tileManager.hostTiles.length, G: g.tileManager.guestTiles.length } };
}
function play(g, player, moveNum, text) {
  const full = `${moveNum}${player === HOST ? 'H' : 'G'}.${text}`;
  g.runNotationMove(new StreetNotationMove(full));
  current = player === HOST ? GUEST : HOST;   // the app's current player after the turn: the opponent
  return full;
}
module.exports = { T, newGame, legalTurns, snapshot, play, setCurrent: p => { current = p; } };
