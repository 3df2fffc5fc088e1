// Shared helpers for driving The Garden Gate's Adevar engine under Node (project code; no TGG code here).
// The engine is loaded at run time from the bundle the shared harness builds (TGG_BUNDLE_DIR).
const path = require('path');
const HARNESS = process.env.TGG_HARNESS || path.resolve(process.cwd(), '../shared/tools/tgg');
const T = require(path.join(HARNESS, 'tgg_lib.js'));
T.loadBundle('adevar');

const POSSIBLE = 'Possible Move';
const WALL = 'Non-Playable';
const HT_CODES = ['Iris', 'OrientalLily', 'Echeveria', 'WhiteRose', 'WhiteLotus', 'BirdOfParadise', 'BlackOrchid'];

function setOptions(list) { ggOptions = list.slice(); }
function newGame() { return new AdevarGameManager(null, true, true); }
function ptText(p) { return (p.col - 8) + ',' + (8 - p.row); }
function code(player) { return player === HOST ? 'H' : 'G'; }
function other(player) { return player === HOST ? GUEST : HOST; }

// whose turn and the move-number prefix after n turns (host first: 0H 0G 1H 1G ...)
function mover(n) { return n % 2 === 0 ? HOST : GUEST; }
function prefix(n) { return Math.floor(n / 2) + code(mover(n)) + '.'; }

function possiblePoints(board) {
  const out = [];
  board.cells.forEach(row => row.forEach(p => { if (p.types.includes(POSSIBLE)) out.push(p); }));
  return out;
}

// Every legal turn for the side to move after n turns, as the page offers them: a tile on the
// board clicked, then a highlighted point; or a tile of the player's reserve clicked, then a point.
function legalTurns(g, n) {
  const player = mover(n); const pre = prefix(n);
  if (n < 2) return HT_CODES.map(c => pre + 'cHT:' + c);
  const out = [];
  const b = g.board;
  b.cells.forEach(row => row.forEach(p => {
    if (p.types.includes(WALL) || !p.hasTile()) return;
    const t = p.tile;
    if (t.ownerName !== player || t.type === AdevarTileType.hiddenTile) return;
    g.revealPossibleMovePoints(p, true);
    possiblePoints(b).forEach(q => out.push(pre + '(' + ptText(p) + ')-(' + ptText(q) + ')'));
    g.hidePossibleMovePoints(true);
  }));
  const pile = g.tileManager.getTilePile(player);
  const seen = new Set();
  pile.forEach(t => {
    if (seen.has(t.code)) return; seen.add(t.code);
    g.revealDeployPoints(t, true);
    possiblePoints(b).forEach(q => out.push(pre + t.ownerCode + t.code + '(' + ptText(q) + ')'));
    g.hidePossibleMovePoints(true);
  });
  return out;
}

// A deep copy keeping prototypes and shared references (the engine's own getCopy drops the hidden
// tiles, the captured tiles and the Second Face counters).
function clone(obj, memo) {
  memo = memo || new Map();
  if (obj === null || typeof obj !== 'object') return obj;
  if (memo.has(obj)) return memo.get(obj);
  let out;
  if (Array.isArray(obj)) { out = []; memo.set(obj, out); obj.forEach((v, i) => { out[i] = clone(v, memo); }); return out; }
  out = Object.create(Object.getPrototypeOf(obj)); memo.set(obj, out);
  for (const k of Object.keys(obj)) out[k] = clone(obj[k], memo);
  return out;
}

function run(g, text) { g.runNotationMove(new AdevarNotationMove(text)); }

// The state a replay must reproduce.
function snapshot(g) {
  const board = [];
  g.board.cells.forEach(row => row.forEach(p => {
    if (p.hasTile()) board.push('(' + ptText(p) + ') ' + p.tile.ownerCode + p.tile.code);
  }));
  board.sort();
  const pile = pl => g.tileManager.getTilePile(pl).map(t => t.code).sort().join(',');
  const captured = g.capturedTiles.map(t => t.ownerCode + t.code).sort().join(',');
  return { board, piles: { HOST: pile(HOST), GUEST: pile(GUEST) }, captured,
    secondFacesPlayed: { HOST: g.secondFaceTilesPlayed.HOST.map(t => t.code).sort().join(','),
      GUEST: g.secondFaceTilesPlayed.GUEST.map(t => t.code).sort().join(',') },
    winner: g.getWinner() || null, reason: g.getWinReason() || null };
}

module.exports = { T, HT_CODES, setOptions, newGame, legalTurns, clone, run, snapshot, mover, prefix, code, other, ptText };
